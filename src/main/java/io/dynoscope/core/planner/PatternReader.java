package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.BARE_ID;
import static io.dynoscope.core.planner.PatternWords.DETERMINERS;
import static io.dynoscope.core.planner.PatternWords.MANY_WORDS;
import static io.dynoscope.core.planner.PatternWords.NOT_A_STATUS;
import static io.dynoscope.core.planner.PatternWords.SINGLE_WORDS;
import static io.dynoscope.core.planner.PatternWords.STOP;
import static io.dynoscope.core.planner.PatternWords.isNumber;
import static io.dynoscope.core.planner.PatternWords.isPluralOf;
import static io.dynoscope.core.planner.PatternWords.nameWords;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One reading of an access pattern's sentence ({@link PatternWords}): the entity it returns (or the
 * one that joins what is given), the values given, its range and order, and whether it asks for
 * many items.
 */
final class PatternReader extends Sentence {

    static final Set<String> ALONG_SKIP =
            Set.of(
                    "its",
                    "their",
                    "every",
                    "all",
                    "each",
                    "associated",
                    "related",
                    "the",
                    "his",
                    "her");

    final List<EntitySpec> entities;
    final Map<String, EntitySpec> byName = new LinkedHashMap<>();
    final List<String> notes = new ArrayList<>();

    /** Why the reading rests on a guess, one sentence each (the reading's {@code unsure}). */
    final List<String> unsure = new ArrayList<>();

    /** The attribute a "partial" value is the start of, if any. */
    String partial;

    PatternReader(String words, List<EntitySpec> entities) {
        super(words, entities);
        this.entities = entities;
        entities.forEach(e -> byName.put(e.name(), e));
    }

    PatternSpec read() {
        readKeywords();
        findMentions();
        Mention head = head();
        String returned = head == null ? null : returnedBy(head);
        if (returned == null) {
            returned = entities.get(0).name();
            unsure.add("The words name no entity; read as " + returned + ", the first one.");
        }
        Set<String> given = new LinkedHashSet<>();
        Set<Integer> used = new LinkedHashSet<>();
        givenFromMentions(returned, head, given, used);
        givenFromStatusWords(returned, head, given);
        partialValue(returned, given);
        boolean identity = asksOne(head);
        String rangeAttribute = rangeAttribute(returned);
        returned = joining(returned, given, rangeAttribute);
        if (rangeAttribute == null && rangeKind != null) {
            rangeAttribute = rangeAttribute(returned);
        }
        if (rangeAttribute != null) {
            given.remove(rangeAttribute);
        }
        EntitySpec entity = byName.get(returned);
        boolean manyWord = manyBefore(head);
        if (identity
                || (given.isEmpty() && rangeKind == null && !count && !plural(head) && !manyWord)) {
            Set<String> all = new LinkedHashSet<>(identityOf(entity));
            all.addAll(given);
            given = all;
        }
        List<String> returns = new ArrayList<>(List.of(returned));
        returns.addAll(along(returned));
        Optional<Question.Order> order = order(entity, returns);
        Optional<Question.Range> range =
                rangeKind == null || rangeAttribute == null
                        ? Optional.empty()
                        : Optional.of(new Question.Range(rangeAttribute, rangeKind));
        boolean many = many(head, entity, given, identity, range.isPresent(), returns);
        unsure.addAll(Doubts.of(this, head, returned, given, range, order));
        PatternSpec.Kind kind = Verbs.kind(unmentionedWords());
        if (kind.write()) {
            // a write names one item: its whole key, nothing ordered or counted
            return new PatternSpec(
                    words,
                    List.of(returned),
                    identityOf(entity),
                    false,
                    Optional.empty(),
                    Optional.empty(),
                    0,
                    false,
                    Optional.empty(),
                    null,
                    kind,
                    unsure,
                    false);
        }
        return new PatternSpec(
                words,
                returns,
                List.copyOf(given),
                many,
                range,
                order,
                limit,
                count,
                notes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", notes)),
                null,
                PatternSpec.Kind.READ,
                unsure,
                false);
    }

    /** The first mention that is not a given value, a modifier of the next noun or "across". */
    Mention head() {
        for (int k = 0; k < mentions.size(); k++) {
            Mention m = mentions.get(k);
            if (givenRole(m) || scopeOnly(m)) {
                continue;
            }
            Mention next = k + 1 < mentions.size() ? mentions.get(k + 1) : null;
            if (m.entity()
                    && next != null
                    && next.start() == m.end()
                    && next.entity()
                    && !givenRole(next)) {
                notes.add(
                        "'"
                                + text(m)
                                + "' read as describing the "
                                + next.entityName()
                                + ", not as a value given");
                continue;
            }
            if (!m.entity() && (next != null && next.start() == m.end() && next.entity())) {
                continue;
            }
            return m;
        }
        return null;
    }

    String returnedBy(Mention head) {
        if (head.entity()) {
            return head.entityName();
        }
        return head.phrases().get(0).entity();
    }

    boolean plural(Mention m) {
        return m != null && m.plural();
    }

    /**
     * What comes along with the entity returned: an entity related to it after "and", "with" or a
     * list's comma ("a workspace and its projects", "pull request and associated comments", "author
     * details, books, and genres"), unless it is a value given ("and a date").
     */
    List<String> along(String returned) {
        List<String> more = new ArrayList<>();
        for (Mention m : mentions) {
            if (!m.entity() || m.entityName().equals(returned) || givenRole(m)) {
                continue;
            }
            int k = m.start() - 1;
            int unknown = 0;
            while (k >= 0 && (ALONG_SKIP.contains(word(k)) || (unknown < 2 && unknownWord(k)))) {
                unknown += ALONG_SKIP.contains(word(k)) ? 0 : 1;
                k--;
            }
            boolean joined =
                    along(k)
                            || ((word(k).equals("and") || word(k).equals(","))
                                    && (m.plural() || k < m.start() - 1));
            if (!joined) {
                continue;
            }
            m.phrases().stream()
                    .filter(p -> p.isEntity() && related(returned, p.entity()))
                    .map(Phrase::entity)
                    .filter(e -> !more.contains(e) && !e.equals(returned))
                    .findFirst()
                    .ifPresent(more::add);
        }
        return more;
    }

    /**
     * Whether one entity is the other's parent: only those can come along in one request (a
     * reference, "a member and their checked-out books", takes a second one).
     */
    boolean related(String a, String b) {
        EntitySpec x = byName.get(a);
        EntitySpec y = byName.get(b);
        return b.equals(x.parent()) || a.equals(y.parent());
    }

    void givenFromMentions(String returned, Mention head, Set<String> given, Set<Integer> used) {
        for (int k = 0; k < mentions.size(); k++) {
            Mention m = mentions.get(k);
            if (m == head || !givenRole(m) || scopeOnly(m)) {
                if (m != head && !m.entity() && followedByValue(m)) {
                    given.add(attributeOf(m, returned));
                }
                continue;
            }
            Mention next = k + 1 < mentions.size() ? mentions.get(k + 1) : null;
            boolean qualifies = next != null && next.start() == m.end() && !next.entity();
            if (m.entity()) {
                String name = m.entityName();
                boolean ancestor = ancestors(returned).contains(name);
                if (qualifies && (name.equals(returned) || !ancestor || withBefore(m))) {
                    continue;
                }
                if (name.equals(returned)) {
                    given.addAll(identityOf(byName.get(returned)));
                } else {
                    given.addAll(idsFor(returned, byName.get(name)));
                }
            } else if (bareId(m)) {
                given.addAll(identityOf(byName.get(returned)));
            } else {
                given.add(attributeOf(m, returned));
            }
            used.add(k);
        }
    }

    boolean withBefore(Mention m) {
        int k = m.start() - 1;
        while (k >= 0 && skippable(k)) {
            k--;
        }
        return word(k).equals("with");
    }

    /** "escalated to an agent", "status = ACTIVE": an attribute followed by its value. */
    boolean followedByValue(Mention m) {
        String after = word(m.end());
        if (after.equals("=")) {
            return true;
        }
        Set<String> value = Set.of("a", "an", "the", "given", "specific");
        return (after.equals("to") && value.contains(word(m.end() + 1)))
                || (word(m.end() - 1).equals("to") && value.contains(after));
    }

    /** "ID" alone: the identity of the entity returned. */
    boolean bareId(Mention m) {
        return BARE_ID.equals(m.phrases().get(0).attribute());
    }

    String attributeOf(Mention m, String returned) {
        List<String> order = new ArrayList<>(List.of(returned));
        order.addAll(ancestors(returned));
        for (String name : order) {
            for (Phrase p : m.phrases()) {
                if (name.equals(p.entity()) && p.attribute() != null) {
                    return p.attribute();
                }
            }
        }
        for (Phrase p : m.phrases()) {
            if (p.attribute() != null && byName.get(returned).has(p.attribute())) {
                return p.attribute();
            }
        }
        return m.phrases().get(0).attribute() != null
                ? m.phrases().get(0).attribute()
                : byName.get(m.entityName()).ids().get(0);
    }

    /** The values of {@code other} the returned entity is found by: its ids, as it holds them. */
    List<String> idsFor(String returned, EntitySpec other) {
        if (ancestors(returned).contains(other.name())) {
            return other.ids();
        }
        EntitySpec entity = byName.get(returned);
        List<String> held = other.ids().stream().filter(entity::has).toList();
        return held.isEmpty() ? other.ids() : held;
    }

    /** "a partial first name": the start of a value, a prefix range on it rather than a value. */
    void partialValue(String returned, Set<String> given) {
        for (Mention m : mentions) {
            int k = m.start() - 1;
            if (!m.entity() && rangeKind == null && word(k).equals("partial")) {
                String attribute = attributeOf(m, returned);
                given.remove(attribute);
                rangeKind = Question.Range.Kind.PREFIX;
                partial = attribute;
            }
        }
    }

    /** "open orders", "active projects": a status word before the entity returned. */
    void givenFromStatusWords(String returned, Mention head, Set<String> given) {
        if (head == null) {
            return;
        }
        EntitySpec entity = byName.get(returned);
        Optional<String> status =
                entity.attributes().stream()
                        .map(AttributeModel::name)
                        .filter(n -> n.equals("status") || n.endsWith("Status"))
                        .findFirst();
        int k = head.start() - 1;
        if (status.isEmpty() || k < 0 || mentioned(k) || consumed[k]) {
            return;
        }
        String w = word(k);
        if (!STOP.contains(w)
                && !DETERMINERS.contains(w)
                && !NOT_A_STATUS.contains(w)
                && !MANY_WORDS.contains(w)
                && !isNumber(w)
                && w.length() > 2
                && !Set.of("get", "find", "list", "view", "show", "see", "load", "query")
                        .contains(w)) {
            given.add(status.get());
        }
    }

    /** "every workspace", "list all workspaces": many asked of the entity returned. */
    boolean manyBefore(Mention head) {
        if (head == null) {
            return false;
        }
        for (int k = head.start() - 1; k >= 0 && k >= head.start() - 3; k--) {
            if (MANY_WORDS.contains(word(k))) {
                return true;
            }
        }
        return false;
    }

    /** "a specific item", "one project", "by its id", "with a given ID": one item asked. */
    boolean asksOne(Mention head) {
        if (head != null) {
            int k = head.start() - 1;
            while (k >= 0 && Set.of("a", "an", "the").contains(word(k))) {
                k--;
            }
            if (SINGLE_WORDS.contains(word(k))) {
                return true;
            }
        }
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if ((word(i).equals("its") || word(i).equals("by"))
                    && word(i + 1).equals("id")
                    && !mentioned(i + 1)) {
                return true;
            }
        }
        return false;
    }

    /** The ids that name one item of an entity: its ancestors' and its own. */
    List<String> identityOf(EntitySpec entity) {
        List<String> ids = new ArrayList<>();
        List<String> ancestors = ancestors(entity.name());
        for (int i = ancestors.size() - 1; i >= 0; i--) {
            byName.get(ancestors.get(i)).ids().stream()
                    .filter(id -> !ids.contains(id))
                    .forEach(ids::add);
        }
        entity.ids().stream().filter(id -> !ids.contains(id)).forEach(ids::add);
        return ids;
    }

    List<String> ancestors(String name) {
        List<String> chain = new ArrayList<>();
        EntitySpec at = byName.get(byName.get(name).parent());
        while (at != null && !chain.contains(at.name()) && !at.name().equals(name)) {
            chain.add(at.name());
            at = byName.get(at.parent());
        }
        return chain;
    }

    /** Whether an entity holds an attribute, itself or through an ancestor's ids. */
    boolean holds(String entity, String attribute) {
        if (byName.get(entity).has(attribute)) {
            return true;
        }
        return ancestors(entity).stream().anyMatch(a -> byName.get(a).ids().contains(attribute));
    }

    /**
     * The entity that answers: the one named, or when it does not hold what is given (or the range
     * asked), the entity that joins them: it holds the named entity's ids and every value given
     * ("products of an order" are order items), or is a child of it that holds them.
     */
    String joining(String returned, Set<String> given, String rangeAttribute) {
        Set<String> needed = new LinkedHashSet<>(given);
        boolean rangeMissing = rangeKind != null && rangeAttribute == null;
        if (needed.stream().allMatch(a -> holds(returned, a)) && !rangeMissing) {
            return returned;
        }
        EntitySpec named = byName.get(returned);
        for (EntitySpec candidate : entities) {
            if (candidate.name().equals(returned)) {
                continue;
            }
            boolean joins =
                    (named.ids().stream().allMatch(id -> holds(candidate.name(), id))
                                    || returned.equals(candidate.parent()))
                            && !needed.contains(EntitySpec.defaultId(candidate.name()));
            boolean holdsAll = needed.stream().allMatch(a -> holds(candidate.name(), a));
            boolean hasRange = !rangeMissing || timeAttribute(candidate, hints()).isPresent();
            if (joins && holdsAll && hasRange) {
                notes.add(
                        "read '"
                                + returned
                                + "' as "
                                + candidate.name()
                                + " items, which hold "
                                + (needed.isEmpty() ? "the time asked" : String.join(", ", needed))
                                + " (the alternative: "
                                + returned
                                + " itself, read through a second request)");
                return candidate.name();
            }
        }
        return returned;
    }

    /** The attribute a range is on: named just before it, else the entity's time attribute. */
    String rangeAttribute(String returned) {
        if (rangeKind == null) {
            return null;
        }
        if (partial != null) {
            return partial;
        }
        return timeAttribute(byName.get(returned), hints()).orElse(null);
    }

    /** The words just before the range, which may name its attribute ("hired recently"). */
    List<String> hints() {
        List<String> hints = new ArrayList<>();
        for (int k = Math.max(0, rangeAt - 3); k < rangeAt; k++) {
            if (!STOP.contains(word(k))) {
                hints.add(word(k));
            }
        }
        return hints;
    }

    Optional<String> timeAttribute(EntitySpec entity, List<String> hints) {
        List<String> candidates = new ArrayList<>();
        entity.ids().stream().filter(PatternWords::timeLike).forEach(candidates::add);
        entity.attributes().stream()
                .filter(a -> a.type().descriptor().equals("S") || a.type().descriptor().equals("N"))
                .map(AttributeModel::name)
                .filter(PatternWords::timeLike)
                .forEach(candidates::add);
        for (String hint : hints) {
            for (String c : candidates) {
                for (String part : nameWords(c)) {
                    if (part.length() >= 4
                            && (hint.startsWith(part) || part.startsWith(hint))
                            && hint.length() >= 4) {
                        return Optional.of(c);
                    }
                }
            }
        }
        for (String preferred : List.of("createdAt", "created", "date", "timestamp")) {
            if (candidates.contains(preferred)) {
                return Optional.of(preferred);
            }
        }
        return candidates.stream()
                .filter(c -> !c.startsWith("next") && !c.startsWith("last"))
                .findFirst()
                .or(() -> candidates.stream().findFirst());
    }

    Optional<Question.Order> order(EntitySpec entity, List<String> returns) {
        if (descending == null) {
            return Optional.empty();
        }
        Optional<String> named = orderedBy(entity);
        if (named.isPresent()) {
            return named.map(a -> new Question.Order(a, descending));
        }
        EntitySpec child = returns.size() > 1 ? byName.get(returns.get(1)) : null;
        EntitySpec ordered = child != null && entity.name().equals(child.parent()) ? child : entity;
        return timeAttribute(ordered, List.of())
                .or(() -> Optional.of(ordered.ids().get(ordered.ids().size() - 1)))
                .map(a -> new Question.Order(a, descending));
    }

    /** "sorted by X", "top score": an attribute the order names. */
    Optional<String> orderedBy(EntitySpec entity) {
        for (Mention m : mentions) {
            if (m.entity()) {
                continue;
            }
            boolean near = m.start() >= orderAt - 1 && m.start() <= orderAt + 2;
            if (!near) {
                continue;
            }
            for (Phrase p : m.phrases()) {
                if (entity.has(p.attribute())) {
                    return Optional.of(p.attribute());
                }
            }
        }
        if (orderAt >= 0 && Set.of("top", "highest", "best").contains(word(orderAt))) {
            String noun = isNumber(word(orderAt + 1)) ? word(orderAt + 2) : word(orderAt + 1);
            return entity.attributes().stream()
                    .filter(a -> a.type().descriptor().equals("N"))
                    .map(AttributeModel::name)
                    .filter(
                            n ->
                                    nameWords(n).stream()
                                            .anyMatch(w -> isPluralOf(noun, w) || noun.equals(w)))
                    .findFirst();
        }
        return Optional.empty();
    }

    boolean many(
            Mention head,
            EntitySpec entity,
            Set<String> given,
            boolean one,
            boolean ranged,
            List<String> returns) {
        if (limit > 0 || count || ranged || returns.size() > 1) {
            return true;
        }
        if (one) {
            return false;
        }
        if (!given.isEmpty() && given.containsAll(identityOf(entity))) {
            return false;
        }
        if (plural(head) && head.entity()) {
            return true;
        }
        boolean manyWord = tokens.stream().anyMatch(t -> MANY_WORDS.contains(t.word()));
        if (manyWord && !(head != null && !head.entity())) {
            return true;
        }
        List<String> identifying = new ArrayList<>(identityOf(entity));
        return !given.isEmpty() && given.stream().noneMatch(identifying::contains);
    }
}
