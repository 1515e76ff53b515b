package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.DETERMINERS;
import static io.dynoscope.core.planner.PatternWords.MANY_WORDS;
import static io.dynoscope.core.planner.PatternWords.MARKERS;
import static io.dynoscope.core.planner.PatternWords.NOT_A_STATUS;
import static io.dynoscope.core.planner.PatternWords.NOT_GIVEN;
import static io.dynoscope.core.planner.PatternWords.SINGLE_WORDS;
import static io.dynoscope.core.planner.PatternWords.STOP;
import static io.dynoscope.core.planner.PatternWords.isNumber;
import static io.dynoscope.core.planner.PatternWords.timeWord;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where a reading rests on a guess, said in a sentence each (the reading's {@code unsure}): a value
 * the caller must have that the words do not name (a parent's id), a range or order on an attribute
 * chosen among several the words do not name, an attribute of an entity the one returned does not
 * hold, an entity read in place of the one named, and content words the reading left out.
 */
final class Doubts {

    /**
     * Words that carry no value, entity or attribute of their own: leaving them out is no guess.
     */
    static final Set<String> FUNCTION_WORDS =
            Set.copyOf(
                    List.of(
                            "i",
                            "we",
                            "me",
                            "my",
                            "our",
                            "you",
                            "your",
                            "it",
                            "them",
                            "they",
                            "he",
                            "she",
                            "all",
                            "any",
                            "or",
                            "and",
                            "not",
                            "only",
                            "also",
                            "just",
                            "as",
                            "so",
                            "be",
                            "is",
                            "are",
                            "was",
                            "were",
                            "been",
                            "being",
                            "has",
                            "have",
                            "had",
                            "do",
                            "does",
                            "can",
                            "could",
                            "should",
                            "would",
                            "will",
                            "must",
                            "may",
                            "might",
                            "need",
                            "needs",
                            "want",
                            "wants",
                            "able",
                            "which",
                            "that",
                            "who",
                            "whom",
                            "whose",
                            "what",
                            "when",
                            "where",
                            "how",
                            "why",
                            "than",
                            "then",
                            "there",
                            "here",
                            "into",
                            "onto",
                            "up",
                            "out",
                            "about",
                            "under",
                            "over",
                            "via",
                            "using",
                            "based",
                            "into",
                            "including",
                            "include",
                            "includes",
                            "associated",
                            "related",
                            "along",
                            "together",
                            "same",
                            "other",
                            "others",
                            "existing",
                            "new",
                            "details",
                            "detail",
                            "information",
                            "info",
                            "data",
                            "record",
                            "records",
                            "entry",
                            "entries",
                            "first",
                            "newest",
                            "latest",
                            "oldest",
                            "earliest",
                            "recent",
                            "recently",
                            "most",
                            "top",
                            "highest",
                            "best",
                            "last",
                            "count",
                            "many",
                            "number",
                            "between",
                            "range",
                            "since",
                            "after",
                            "before",
                            "until",
                            "partial",
                            "less",
                            "greater",
                            "more",
                            "equal",
                            "sorted",
                            "ordered",
                            "ranked",
                            "sort",
                            "order",
                            "descending",
                            "ascending",
                            "chronological",
                            "chronologically",
                            "reverse",
                            "time",
                            "order",
                            "whole",
                            "entire",
                            "full",
                            "current",
                            "available",
                            "possible",
                            "multiple",
                            "several",
                            "both",
                            "either",
                            "up",
                            "to",
                            "every",
                            "within",
                            "across",
                            "per",
                            "without",
                            "them",
                            "those",
                            "these",
                            "such",
                            "own",
                            "way",
                            "ways",
                            "s",
                            "'s",
                            "=",
                            ",",
                            "id",
                            "ids",
                            "item",
                            "items",
                            // the item itself, as people call it
                            "profile",
                            "metadata",
                            "settings",
                            "configuration",
                            "summary",
                            "overview",
                            "lookup",
                            "management",
                            // how a list is delivered, not what is in it
                            "paginated",
                            "paged",
                            "pagination",
                            "name",
                            "full"));

    private Doubts() {}

    /** The reasons to doubt a reading, in the order a person would check them. */
    static List<String> of(
            PatternReader reader,
            Sentence.Mention head,
            String returned,
            Set<String> given,
            Optional<Question.Range> range,
            Optional<Question.Order> order) {
        List<String> reasons = new ArrayList<>();
        unnamedValues(reader, returned, given, reasons);
        range.ifPresent(
                r -> {
                    if (!named(reader, returned, r.attribute())) {
                        guessed(reader, r.attribute(), "range", reasons);
                    }
                });
        order.ifPresent(
                o -> {
                    if (!named(reader, returned, o.attribute())) {
                        guessed(reader, o.attribute(), "order", reasons);
                    }
                });
        foreignAttributes(reader, returned, given, reasons);
        ignoredWords(reader, head, given, reasons);
        return reasons;
    }

    /**
     * When the words say which id the caller has ("by its id", "using the invoice ID") and the
     * reading asks more: an ancestor's id the words do not name, which the caller may not have.
     */
    private static void unnamedValues(
            PatternReader reader, String returned, Set<String> given, List<String> reasons) {
        boolean idNamed =
                reader.byName.get(returned).ids().stream()
                        .anyMatch(id -> namedAsAttribute(reader, returned, id));
        if (!idNamed) {
            return;
        }
        List<String> unnamed = new ArrayList<>();
        List<String> ancestorIds = new ArrayList<>();
        reader.ancestors(returned).forEach(a -> ancestorIds.addAll(reader.byName.get(a).ids()));
        EntitySpec entity = reader.byName.get(returned);
        for (String attribute : given) {
            if (!named(reader, returned, attribute)
                    && ancestorIds.contains(attribute)
                    && !entity.ids().contains(attribute)) {
                unnamed.add(attribute);
            }
        }
        if (!unnamed.isEmpty()) {
            reasons.add(
                    "The caller must also have "
                            + String.join(", ", unnamed)
                            + " to find "
                            + returned
                            + " items; the words do not name "
                            + (unnamed.size() == 1 ? "it." : "them."));
        }
    }

    /** Whether a phrase of the attribute, or "id" for the entity returned, names it. */
    private static boolean namedAsAttribute(
            PatternReader reader, String returned, String attribute) {
        return reader.mentions.stream()
                .flatMap(m -> m.phrases().stream())
                .anyMatch(
                        p ->
                                attribute.equals(p.attribute())
                                        || (PatternWords.BARE_ID.equals(p.attribute())
                                                && reader.byName
                                                        .get(returned)
                                                        .ids()
                                                        .contains(attribute)));
    }

    /**
     * Whether a word of the sentence names the attribute: a phrase of it, an entity whose id it is,
     * "id" for the entity returned, or a word of its name ("scores" for {@code topScore}).
     */
    static boolean named(PatternReader reader, String returned, String attribute) {
        for (Sentence.Mention m : reader.mentions) {
            for (Sentence.Phrase p : m.phrases()) {
                if (attribute.equals(p.attribute())
                        || (p.isEntity() && reader.byName.get(p.entity()).ids().contains(attribute))
                        || (PatternWords.BARE_ID.equals(p.attribute())
                                && reader.byName.get(returned).ids().contains(attribute))) {
                    return true;
                }
            }
        }
        for (String part : PatternWords.nameWords(attribute)) {
            for (Sentence.Token t : reader.tokens) {
                if (part.length() >= 4
                        && (t.word().equals(part) || PatternWords.isPluralOf(t.word(), part))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A range or an order on one attribute the words did not name, among several that fit. */
    private static void guessed(
            PatternReader reader, String attribute, String what, List<String> reasons) {
        EntitySpec entity =
                reader.entities.stream()
                        .filter(e -> e.has(attribute) || e.ids().contains(attribute))
                        .findFirst()
                        .orElse(reader.entities.get(0));
        List<String> times = new ArrayList<>();
        entity.ids().stream().filter(PatternWords::timeLike).forEach(times::add);
        entity.attributes().stream()
                .map(AttributeModel::name)
                .filter(PatternWords::timeLike)
                .forEach(times::add);
        if (!times.contains(attribute)) {
            reasons.add(
                    "The "
                            + what
                            + " is read on "
                            + attribute
                            + ", which is no time; the words do not name the attribute.");
        } else if (times.size() > 1) {
            reasons.add(
                    "The "
                            + what
                            + " is read on "
                            + attribute
                            + ", one of "
                            + String.join(", ", times)
                            + "; the words do not say which.");
        }
    }

    /** A value named that the entity returned (or its ancestors) does not hold. */
    private static void foreignAttributes(
            PatternReader reader, String returned, Set<String> given, List<String> reasons) {
        for (String attribute : given) {
            if (!reader.holds(returned, attribute)) {
                reasons.add(
                        attribute
                                + " is given, but "
                                + returned
                                + " items do not hold it; the reading may name the wrong entity.");
            }
        }
    }

    /** Content words no entity, attribute or keyword took: the reading went on without them. */
    private static void ignoredWords(
            PatternReader reader, Sentence.Mention head, Set<String> given, List<String> reasons) {
        Set<String> left = new LinkedHashSet<>();
        for (int k = 0; k < reader.tokens.size(); k++) {
            String w = reader.word(k);
            Sentence.Token token = reader.tokens.get(k);
            boolean value =
                    token.original().length() > 1
                            && token.original().equals(token.original().toUpperCase(Locale.ROOT));
            boolean status = head != null && k == head.start() - 1 && !given.isEmpty();
            // "credit card number", "comparable salaries": a word describing the next noun
            int next = k + 1;
            boolean modifier = reader.mentions.stream().anyMatch(m -> m.start() == next);
            if (reader.mentioned(k)
                    || reader.consumed[k]
                    || value
                    || status
                    || modifier
                    || isNumber(w)
                    || w.length() < 2
                    || known(w)) {
                continue;
            }
            left.add(token.original());
        }
        if (!left.isEmpty()) {
            reasons.add(
                    "The words "
                            + String.join(", ", left.stream().map(w -> "'" + w + "'").toList())
                            + " name no entity or attribute; the reading went on without them.");
        }
    }

    private static boolean known(String w) {
        return FUNCTION_WORDS.contains(w)
                || STOP.contains(w)
                || DETERMINERS.contains(w)
                || MARKERS.contains(w)
                || MANY_WORDS.contains(w)
                || NOT_GIVEN.contains(w)
                || NOT_A_STATUS.contains(w)
                || SINGLE_WORDS.contains(w)
                || PatternReader.ALONG_SKIP.contains(w)
                || Verbs.isVerb(w)
                || timeWord(w);
    }
}
