package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.STOP;
import static io.dynoscope.core.planner.PatternWords.isNumber;
import static io.dynoscope.core.planner.PatternWords.isPluralOf;
import static io.dynoscope.core.planner.PatternWords.nameWords;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AttributeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A sentence read against its entities: how they relate (parents, the ids that name one item, the
 * entity that joins two others, an entity's time attribute), what the pattern reader asks while it
 * decides which entity answers and what is given. The reading itself is {@link PatternReader}'s.
 */
abstract class EntitySentence extends Sentence {

    final List<EntitySpec> entities;
    final Map<String, EntitySpec> byName = new LinkedHashMap<>();
    final List<String> notes = new ArrayList<>();

    /** Why the reading rests on a guess, one sentence each (the reading's {@code unsure}). */
    final List<String> unsure = new ArrayList<>();

    EntitySentence(String words, List<EntitySpec> entities) {
        super(words, entities);
        this.entities = entities;
        entities.forEach(e -> byName.put(e.name(), e));
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

    /**
     * The values of {@code other} the returned entity is found by: its ids, as it holds them; when
     * the words speak of ownership ("a user's posts", "posts by a user") and the returned entity
     * holds no such id, the one attribute by which it refers to a person by role ({@code ownerId}).
     */
    List<String> idsFor(String returned, EntitySpec other, boolean owning) {
        if (ancestors(returned).contains(other.name())) {
            // "ad groups of a campaign": the campaign's own key, its ancestors' ids first
            return identityOf(other);
        }
        EntitySpec entity = byName.get(returned);
        List<String> held = other.ids().stream().filter(entity::has).toList();
        if (owning && held.isEmpty() && other.ids().size() == 1) {
            Optional<String> role = roleReference(entity);
            if (role.isPresent()) {
                unsure.add(
                        other.name()
                                + " is read as "
                                + role.get()
                                + ", the "
                                + returned
                                + "'s reference to a person by role; "
                                + returned
                                + " items hold no "
                                + other.ids().get(0)
                                + ".");
                return List.of(role.get());
            }
        }
        return held.isEmpty() ? other.ids() : held;
    }

    /** The one attribute by which an item refers to a person by role ({@code ownerId}), if any. */
    Optional<String> roleReference(EntitySpec entity) {
        List<String> roles =
                entity.attributes().stream()
                        .map(AttributeModel::name)
                        .filter(
                                a -> {
                                    List<String> w = nameWords(a);
                                    return Lexicon.PERSON_ROLES.contains(w.get(0))
                                            && (w.size() == 1
                                                    || (w.size() == 2 && w.get(1).equals("id")));
                                })
                        .toList();
        return roles.size() == 1 ? Optional.of(roles.get(0)) : Optional.empty();
    }

    /** Whether the sentence's verb relates a person to a thing ("join a room"). */
    boolean relating() {
        return unmentionedWords().stream()
                .filter(Verbs::isVerb)
                .findFirst()
                .map(Lexicon.RELATING::contains)
                .orElse(false);
    }

    /**
     * "join a chat room" writes the item that joins the room and its member: an entity keyed by the
     * room's ids and another entity's, or a child of the room keyed by another entity's id.
     */
    EntitySpec membershipOf(EntitySpec joined) {
        List<String> joinedIds = identityOf(joined);
        for (EntitySpec candidate : entities) {
            List<String> ids = identityOf(candidate);
            if (candidate != joined
                    && ids.containsAll(joinedIds)
                    && ids.stream().anyMatch(id -> !joinedIds.contains(id) && namesEntity(id))) {
                return candidate;
            }
        }
        return joined;
    }

    /** Whether an id is the one id of some entity ({@code userId} of user). */
    boolean namesEntity(String id) {
        return entities.stream().anyMatch(e -> e.ids().equals(List.of(id)));
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
                .filter(a -> a.type() == AttributeValue.Type.S || a.type() == AttributeValue.Type.N)
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

    /**
     * "the top N images based on total view count", "top players by score": the attribute named
     * after "by" or "on" (a word or two of its own before it) is what the top is by.
     */
    Optional<String> rankedBy(EntitySpec entity) {
        for (Mention m : mentions) {
            int k = m.start() - 1;
            while (k > orderAt && k >= m.start() - 3 && unknownWord(k)) {
                k--;
            }
            if (!m.entity()
                    && m.start() > orderAt
                    && (word(k).equals("by") || word(k).equals("on"))) {
                for (Phrase p : m.phrases()) {
                    if (entity.has(p.attribute())) {
                        return Optional.of(p.attribute());
                    }
                }
            }
        }
        return Optional.empty();
    }

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
            Optional<String> by = rankedBy(entity);
            if (by.isPresent()) {
                return by;
            }
            boolean counted = isNumber(word(orderAt + 1)) || consumed[orderAt + 1];
            String noun = counted ? word(orderAt + 2) : word(orderAt + 1);
            return entity.attributes().stream()
                    .filter(a -> a.type() == AttributeValue.Type.N)
                    .map(AttributeModel::name)
                    .filter(
                            n ->
                                    nameWords(n).stream()
                                            .anyMatch(w -> isPluralOf(noun, w) || noun.equals(w)))
                    .findFirst();
        }
        return Optional.empty();
    }

    /**
     * A write's kind by what it writes: creating an attribute ("create an API key for a user") sets
     * it on its item, an update; "leave" deletes a membership, but "leave a review" writes one.
     */
    PatternSpec.Kind writeKind(
            PatternSpec.Kind kind, Mention head, EntitySpec entity, EntitySpec written) {
        if (kind == PatternSpec.Kind.CREATE && head != null && !head.entity()) {
            return PatternSpec.Kind.UPDATE;
        }
        if (kind == PatternSpec.Kind.DELETE
                && written == entity
                && unmentionedWords().stream()
                        .filter(Verbs::isVerb)
                        .findFirst()
                        .orElse("")
                        .equals("leave")) {
            return PatternSpec.Kind.CREATE;
        }
        return kind;
    }
}
