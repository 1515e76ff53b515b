package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.BARE_ID;
import static io.dynoscope.core.planner.PatternWords.DETERMINERS;
import static io.dynoscope.core.planner.PatternWords.MANY_WORDS;
import static io.dynoscope.core.planner.PatternWords.NOT_A_STATUS;
import static io.dynoscope.core.planner.PatternWords.SINGLE_WORDS;
import static io.dynoscope.core.planner.PatternWords.STOP;
import static io.dynoscope.core.planner.PatternWords.isNumber;
import static io.dynoscope.core.planner.PatternWords.nameWords;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One reading of an access pattern's sentence ({@link PatternWords}): the entity it returns (or the
 * one that joins what is given), the values given, its range and order, and whether it asks for
 * many items.
 */
final class PatternReader extends EntitySentence {

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

    /** The attribute a "partial" value is the start of, if any. */
    String partial;

    PatternReader(String words, List<EntitySpec> entities) {
        super(words, entities);
    }

    PatternSpec read() {
        readKeywords();
        findMentions();
        if (count && countAt >= 0 && insideAttribute(countAt)) {
            count = false; // "total view count" names an attribute, it asks no count
        }
        Mention head = head();
        if (head == null) {
            // "Get details of a contest": the only entity named is the one asked for
            head = mentions.stream().filter(Mention::entity).findFirst().orElse(null);
        }
        String returned = head == null ? null : returnedBy(head);
        if (returned == null) {
            returned = holderOfNamedAttribute();
        }
        if (returned == null) {
            returned = entities.get(0).name();
            unsure.add("The words name no entity; read as " + returned + ", the first one.");
        }
        Set<String> given = new LinkedHashSet<>();
        Set<Integer> used = new LinkedHashSet<>();
        givenFromMentions(returned, head, given, used);
        givenFromStatusWords(returned, head, given);
        String role = storyEntity().orElse(null);
        if (role != null && speaksOfRole() && !role.equals(returned)) {
            given.addAll(identityOf(byName.get(role))); // "their bookings": the user's
        }
        partialValue(returned, given);
        boolean identity = asksOne(head);
        String rangeAttribute = rangeAttribute(returned);
        String named = returned;
        returned = joining(returned, given, rangeAttribute);
        identity |= oneOfParent(head, returned);
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
        if (order.isPresent() && !identityOf(entity).contains(order.get().attribute())) {
            given.remove(order.get().attribute()); // "sorted by date published" gives no date
        }
        Optional<Question.Range> range =
                rangeKind == null || rangeAttribute == null
                        ? Optional.empty()
                        : Optional.of(new Question.Range(rangeAttribute, rangeKind));
        boolean many = many(head, entity, given, identity, range.isPresent(), returns);
        unsure.addAll(Doubts.of(this, head, returned, given, range, order));
        unsure.addAll(ShapeDoubts.of(this, head, named, returns, given, many, order));
        unsure.addAll(UnusedWords.of(this, returned, given, range, order));
        PatternSpec.Kind kind = Verbs.kind(unmentionedWords());
        if (kind.write()) {
            // a write names one item: its whole key, nothing ordered or counted
            EntitySpec written = relating() ? membershipOf(entity) : entity;
            kind = writeKind(kind, head, entity, written);
            return new PatternSpec(
                    words,
                    List.of(written.name()),
                    identityOf(written),
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
            if (givenRole(m) || scopeOnly(m) || orders(m)) {
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
                if (m.entityName().equals(byName.get(next.entityName()).parent())) {
                    unsure.add(
                            "'"
                                    + text(m)
                                    + "' is read as describing the "
                                    + next.entityName()
                                    + "; the words may mean one "
                                    + m.entityName()
                                    + "'s, found by its id.");
                }
                continue;
            }
            if (!m.entity() && (next != null && next.start() == m.end() && next.entity())) {
                continue;
            }
            return m;
        }
        return null;
    }

    /**
     * The entity an attribute named first belongs to: the one named with it ("a customer's phone
     * number", "the phone number of a customer"), else the first holding it; when several hold it
     * and none is named, the reading says it guessed.
     */
    /** "sorted by date": the attribute an order names is not what is asked for. */
    boolean orders(Mention m) {
        return !m.entity()
                && word(m.start() - 1).equals("by")
                && ORDER_WORDS.contains(word(m.start() - 2));
    }

    String returnedBy(Mention head) {
        if (head.entity()) {
            return head.entityName();
        }
        Set<String> holders = new LinkedHashSet<>();
        head.phrases().forEach(p -> holders.add(p.entity()));
        for (Mention m : mentions) {
            if (m.entity() && holders.contains(m.entityName())) {
                return m.entityName();
            }
        }
        String first = head.phrases().get(0).entity();
        if (holders.size() > 1) {
            unsure.add(
                    "'"
                            + text(head)
                            + "' is held by "
                            + String.join(", ", holders)
                            + "; read as "
                            + first
                            + "'s.");
        }
        return first;
    }

    /**
     * "Filter by difficulty", "browse the list of properties by destination": no entity named, but
     * an attribute only one entity holds; read as that entity, and said to be a guess.
     */
    String holderOfNamedAttribute() {
        for (Mention m : mentions) {
            Set<String> holders = new LinkedHashSet<>();
            m.phrases().stream()
                    .filter(p -> !p.isEntity() && !BARE_ID.equals(p.attribute()))
                    .forEach(p -> holders.add(p.entity()));
            if (holders.size() == 1) {
                String holder = holders.iterator().next();
                unsure.add(
                        "The words name no entity; read as "
                                + holder
                                + ", the one holding "
                                + text(m)
                                + ".");
                return holder;
            }
        }
        return null;
    }

    /** Whether word {@code k} is part of an attribute's name the sentence mentions. */
    boolean insideAttribute(int k) {
        return mentions.stream().anyMatch(m -> !m.entity() && m.start() <= k && k < m.end());
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
                            || (word(k).equals("with") && m.plural() && k == m.start() - 1)
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

    void givenFromMentions(String returned, Mention head, Set<String> given, Set<Integer> used) {
        for (int k = 0; k < mentions.size(); k++) {
            Mention m = mentions.get(k);
            if (m == head || !givenRole(m) || scopeOnly(m)) {
                if (m != head && !m.entity() && followedByValue(m)) {
                    given.add(attributeOf(m, returned));
                }
                continue;
            }
            if (!m.entity() && m.plural() && word(m.start() - 1).equals("with")) {
                continue; // "accounts with balances": the attribute comes along, no value given
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
                    int before = m.start() - 1;
                    while (before > 0 && DETERMINERS.contains(word(before))) {
                        before--;
                    }
                    boolean owning = word(m.end()).equals("'s") || word(before).equals("by");
                    given.addAll(idsFor(returned, byName.get(name), owning));
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
                && !Verbs.isVerb(w)) {
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
        // "order history", "activity feed": a noun of many after the head
        return head.entity() && Set.of("history", "feed", "log", "list").contains(word(head.end()));
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

    /**
     * "a ranking of an athlete", "a contest of an athlete": one of a parent's items, named by an
     * indefinite article before a singular noun, is that item: its whole key is given.
     */
    boolean oneOfParent(Mention head, String returned) {
        if (head == null || !head.entity() || head.plural() || limit > 0 || descending != null) {
            return false;
        }
        int k = head.start() - 1;
        if (!word(k).equals("a") && !word(k).equals("an")) {
            return false;
        }
        List<String> parents = new ArrayList<>(ancestors(returned));
        parents.addAll(ancestors(head.entityName()));
        return mentions.stream()
                .anyMatch(
                        m ->
                                m != head
                                        && m.entity()
                                        && givenRole(m)
                                        && parents.contains(m.entityName()));
    }

    /**
     * Whether everything given is the entity's own attribute that usually names one item ("by
     * email", a user's {@code username}), and no word asks for several.
     */
    boolean uniqueGiven(EntitySpec entity, Set<String> given) {
        boolean several =
                tokens.stream()
                        .anyMatch(t -> Set.of("all", "every", "each", "list").contains(t.word()));
        List<String> own = nameWords(entity.name());
        return !several
                && !given.isEmpty()
                && given.stream()
                        .allMatch(
                                a -> {
                                    List<String> rest = new ArrayList<>(nameWords(a));
                                    rest.removeAll(own);
                                    return entity.has(a)
                                            && rest.size() == 1
                                            && Lexicon.UNIQUE.contains(rest.get(0));
                                });
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
        if (!plural(head) && uniqueGiven(entity, given)) {
            unsure.add(
                    "Read as one "
                            + entity.name()
                            + ": "
                            + String.join(", ", given)
                            + " usually names one; say 'all' if several share it.");
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
        if (head != null && head.entity() && !plural(head)) {
            return false; // "Get user for API key": the words ask for one
        }
        return !given.isEmpty() && given.stream().noneMatch(identifying::contains);
    }
}
