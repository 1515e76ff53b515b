package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Doubts from words the reading found and then did not use: a reading is sure only when what the
 * words say went somewhere. An attribute named after "by", "for", "with"… (or in a list after them)
 * that the reading neither takes as given nor ranges nor orders on ("by date and email" read as no
 * value at all); words that ask a range the reading has none of ("and time range" where no
 * attribute of the item holds a time); and a key of several parts filled in whole while the words
 * name only some ("by ticket ID" read as the ticket number and the time of the change).
 */
final class UnusedWords {

    private UnusedWords() {}

    /** The reasons to doubt a read reading; writes take their whole key and are left alone. */
    static List<String> of(
            PatternReader reader,
            String returned,
            Set<String> given,
            Optional<Question.Range> range,
            Optional<Question.Order> order) {
        List<String> reasons = new ArrayList<>();
        if (Verbs.kind(reader.unmentionedWords()).write()) {
            return reasons;
        }
        Set<String> used = new LinkedHashSet<>(given);
        range.ifPresent(r -> used.add(r.attribute()));
        order.ifPresent(o -> used.add(o.attribute()));
        unusedValues(reader, used, reasons);
        if (range.isEmpty() && reader.rangeKind != null) {
            reasons.add(
                    "The words ask a range, but "
                            + returned
                            + " items hold no attribute the reading could tell as the time or value"
                            + " it runs on; it reads no range.");
        }
        partOfKey(reader, returned, given, reasons);
        unnamedAncestors(reader, returned, given, reasons);
        String parent = reader.byName.get(returned).parent();
        boolean everyParent =
                reader.tokens.stream().anyMatch(t -> PatternWords.NOT_GIVEN.contains(t.word()));
        if (given.isEmpty()
                && parent != null
                && reader.byName.containsKey(parent)
                && !everyParent) {
            reasons.add(
                    "No "
                            + parent
                            + " is given: the reading asks the "
                            + returned
                            + " items of every "
                            + parent
                            + "; the words may mean one "
                            + parent
                            + "'s.");
        }
        return reasons;
    }

    /**
     * An id of an ancestor above the parent that the reading takes (the parent's key holds it)
     * while the words name neither it nor its entity: the caller may have the parent's id only.
     */
    private static void unnamedAncestors(
            PatternReader reader, String returned, Set<String> given, List<String> reasons) {
        List<String> ancestors = reader.ancestors(returned);
        List<String> unnamed = new ArrayList<>();
        for (String above : ancestors.subList(Math.min(1, ancestors.size()), ancestors.size())) {
            boolean entityNamed =
                    reader.mentions.stream()
                            .anyMatch(m -> m.entity() && above.equals(m.entityName()));
            for (String id : reader.byName.get(above).ids()) {
                if (given.contains(id) && !entityNamed && !namedItself(reader, id)) {
                    unnamed.add(id);
                }
            }
        }
        if (!unnamed.isEmpty()) {
            reasons.add(
                    "The caller must also have "
                            + String.join(", ", unnamed)
                            + ", part of the parent's key, to find "
                            + returned
                            + " items; the words do not name "
                            + (unnamed.size() == 1 ? "it." : "them."));
        }
    }

    /** Attributes named as values ("by email") that the reading does not use. */
    private static void unusedValues(PatternReader reader, Set<String> used, List<String> reasons) {
        Set<String> unused = new LinkedHashSet<>();
        for (Sentence.Mention m : reader.mentions) {
            if (m.entity() || !asValue(reader, m)) {
                continue;
            }
            boolean taken =
                    m.phrases().stream()
                            .map(Sentence.Phrase::attribute)
                            .anyMatch(a -> PatternWords.BARE_ID.equals(a) || used.contains(a));
            if (!taken) {
                unused.add(reader.text(m));
            }
        }
        if (!unused.isEmpty()) {
            reasons.add(
                    "The words "
                            + String.join(", ", unused.stream().map(w -> "'" + w + "'").toList())
                            + " name a value the reading does not use: neither given, nor a range,"
                            + " nor an order.");
        }
    }

    /** Whether a phrase stands where a value goes: after a marker, or in a list after one. */
    private static boolean asValue(PatternReader reader, Sentence.Mention m) {
        int k = m.start() - 1;
        while (k >= 0 && PatternWords.DETERMINERS.contains(reader.word(k))) {
            k--;
        }
        if (k < 0) {
            return false;
        }
        String w = reader.word(k);
        if (w.equals("with")) {
            return false; // "a post with its tags": what comes along, not a value
        }
        if (PatternWords.MARKERS.contains(w)) {
            return true;
        }
        if (!w.equals("and") && !w.equals(",")) {
            return false;
        }
        for (int j = k - 1; j >= 0; j--) {
            if (PatternWords.MARKERS.contains(reader.word(j))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a phrase of the attribute, or a word of its name, is in the sentence ("ID" is not).
     */
    private static boolean namedItself(PatternReader reader, String attribute) {
        boolean phrase =
                reader.mentions.stream()
                        .flatMap(m -> m.phrases().stream())
                        .anyMatch(p -> attribute.equals(p.attribute()));
        return phrase
                || PatternWords.nameWords(attribute).stream()
                        .filter(part -> part.length() >= 4)
                        .anyMatch(
                                part ->
                                        reader.tokens.stream()
                                                .anyMatch(
                                                        t ->
                                                                t.word().equals(part)
                                                                        || PatternWords.isPluralOf(
                                                                                t.word(), part)));
    }

    /**
     * The item's own key of several parts taken whole while the words name only some of them: the
     * caller may have the first part only, and ask for every item under it.
     */
    private static void partOfKey(
            PatternReader reader, String returned, Set<String> given, List<String> reasons) {
        List<String> ids = reader.byName.get(returned).ids();
        if (ids.size() < 2 || !given.containsAll(ids)) {
            return;
        }
        List<String> unnamed = ids.stream().filter(id -> !namedItself(reader, id)).toList();
        if (!unnamed.isEmpty() && unnamed.size() < ids.size()) {
            reasons.add(
                    "The words name only part of "
                            + returned
                            + "'s key; the reading also takes "
                            + String.join(", ", unnamed)
                            + ", which the caller may not have (then every "
                            + returned
                            + " under the rest is asked).");
        }
    }
}
