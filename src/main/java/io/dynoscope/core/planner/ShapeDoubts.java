package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Doubts from how the parts of a reading fit together rather than from single words: one item read
 * where the words ask several or order them, one item whose key the values given do not make up, an
 * entity named in the sentence that the reading neither returns nor takes a value from, an entity
 * named as a value of which only part of its key is taken, words after "and" that nothing took.
 * Each was measured on the tuned part of the corpus: it marks misreadings there and few right
 * readings (UnsureReadingsTest).
 */
final class ShapeDoubts {

    private ShapeDoubts() {}

    /** The reasons to doubt a read reading; a write is checked by its verb alone. */
    static List<String> of(
            PatternReader reader,
            Sentence.Mention head,
            String named,
            List<String> returns,
            Set<String> given,
            boolean many,
            Optional<Question.Order> order) {
        List<String> reasons = new ArrayList<>();
        unreadConstructs(reader, reasons);
        if (Verbs.kind(reader.unmentionedWords()).write()) {
            return reasons;
        }
        String returned = returns.get(0);
        if (!many) {
            oneWhereSeveral(reader, head, returned, given, order, reasons);
        }
        entitiesLeftOut(reader, head, named, returns, given, reasons);
        andLeftOut(reader, head, returns, reasons);
        return reasons;
    }

    /** Negations: a reading has no way to leave items out. */
    private static final Set<String> NEGATIONS =
            Set.of("not", "without", "except", "excluding", "unless", "never", "isn", "aren");

    /** A value computed over items: a reading returns the items themselves. */
    private static final Set<String> AGGREGATES =
            Set.of("sum", "average", "avg", "mean", "maximum", "minimum", "total");

    /**
     * What a reading cannot say, whatever it reads: alternatives ("a repository, pull request, or
     * issue" reads one), a negation ("orders not shipped" reads them all) and a value computed over
     * items ("the total of a customer's orders" reads the orders).
     */
    private static void unreadConstructs(PatternReader reader, List<String> reasons) {
        for (int k = 1; k + 1 < reader.tokens.size(); k++) {
            String w = reader.word(k);
            if (reader.mentioned(k)) {
                continue;
            }
            if (w.equals("or") && !reader.word(k - 1).equals("and")) {
                reasons.add(
                        "The words give alternatives ('"
                                + reader.word(k - 1)
                                + " or "
                                + reader.word(k + 1)
                                + "'); the reading takes one of them.");
                return;
            }
            if (NEGATIONS.contains(w)) {
                reasons.add(
                        "The words leave something out ('"
                                + w
                                + "'); the reading returns every item it finds.");
                return;
            }
            if (AGGREGATES.contains(w)) {
                reasons.add(
                        "The words ask a value computed over items ('"
                                + w
                                + "'); the reading returns the items.");
                return;
            }
        }
    }

    /** One item read where the words order it, use a plural, or give less than its key. */
    private static void oneWhereSeveral(
            PatternReader reader,
            Sentence.Mention head,
            String returned,
            Set<String> given,
            Optional<Question.Order> order,
            List<String> reasons) {
        EntitySpec entity = reader.byName.get(returned);
        if (order.isPresent() || reader.limit > 0) {
            reasons.add(
                    "One "
                            + returned
                            + " is read, yet the words order or limit it: they may ask for"
                            + " several.");
        }
        if (head != null && head.plural()) {
            reasons.add(
                    "'"
                            + reader.text(head)
                            + "' asks for several, but the reading returns one "
                            + returned
                            + ".");
        }
        if (!reader.count
                && !given.containsAll(entity.ids())
                && !reader.uniqueGiven(entity, given)) {
            reasons.add(
                    "One "
                            + returned
                            + " is read, but the values given do not make up its key ("
                            + String.join(", ", entity.ids())
                            + "); the words may ask for several, or name a value the reading"
                            + " missed.");
        }
    }

    /**
     * An entity the words name that the reading neither returns nor takes a value from, or takes
     * only part of its key from while the words name no attribute of that part.
     */
    private static void entitiesLeftOut(
            PatternReader reader,
            Sentence.Mention head,
            String named,
            List<String> returns,
            Set<String> given,
            List<String> reasons) {
        String returned = returns.get(0);
        for (Sentence.Mention m : reader.mentions) {
            String name = m.entity() ? m.entityName() : null;
            if (name == null
                    || m == head
                    || reader.scopeOnly(m)
                    || returns.contains(name)
                    || name.equals(named)) {
                continue;
            }
            List<String> identity = reader.identityOf(reader.byName.get(name));
            List<String> taken = identity.stream().filter(given::contains).toList();
            if (taken.isEmpty()) {
                if (!describesOther(reader, m)) {
                    reasons.add(
                            "The words name "
                                    + name
                                    + ", but the reading neither returns it nor takes a value"
                                    + " from it.");
                }
            } else if (reader.givenRole(m)
                    && taken.size() < identity.size()
                    && !reader.ancestors(returned).contains(name)
                    && taken.stream().noneMatch(id -> namedByAttribute(reader, id))) {
                reasons.add(
                        "'"
                                + reader.text(m)
                                + "' is read as "
                                + String.join(", ", taken)
                                + " only, part of its key ("
                                + String.join(", ", identity)
                                + "); the words may mean the "
                                + name
                                + " itself.");
            }
        }
    }

    /**
     * Whether an entity's name describes something else rather than being asked or given: it comes
     * just before another phrase ("device logs"), after "all" or "any" ("for all warehouses"), or
     * is the value of an attribute named before it ("escalated to an agent").
     */
    private static boolean describesOther(PatternReader reader, Sentence.Mention m) {
        if (reader.mentions.stream().anyMatch(n -> n.start() == m.end())
                || PatternWords.NOT_GIVEN.contains(reader.word(m.start() - 1))) {
            return true;
        }
        int k = m.start() - 1;
        while (k >= 0 && PatternWords.DETERMINERS.contains(reader.word(k))) {
            k--;
        }
        int before = k;
        boolean to = reader.word(before).equals("to");
        return reader.mentions.stream()
                .anyMatch(n -> !n.entity() && (n.end() == before + 1 || (to && n.end() == before)));
    }

    /** "tasks and details on an employee": what follows "and" after the head, taken by nothing. */
    private static void andLeftOut(
            PatternReader reader,
            Sentence.Mention head,
            List<String> returns,
            List<String> reasons) {
        if (head == null || !reader.word(head.end()).equals("and")) {
            return;
        }
        int k = head.end() + 1;
        while (k < reader.tokens.size()
                && (reader.skippable(k) || PatternReader.ALONG_SKIP.contains(reader.word(k)))) {
            k++;
        }
        int at = k;
        boolean placed =
                reader.mentions.stream()
                        .filter(m -> m.start() == at)
                        .anyMatch(
                                m ->
                                        !m.entity()
                                                || m.phrases().stream()
                                                        .anyMatch(
                                                                p -> returns.contains(p.entity())));
        if (!placed && at < reader.tokens.size()) {
            reasons.add(
                    "'"
                            + reader.tokens.get(at).original()
                            + "' after 'and' is neither returned nor given; the words may ask"
                            + " for more than the reading returns.");
        }
    }

    private static boolean namedByAttribute(PatternReader reader, String attribute) {
        return reader.mentions.stream()
                .flatMap(m -> m.phrases().stream())
                .anyMatch(p -> attribute.equals(p.attribute()));
    }
}
