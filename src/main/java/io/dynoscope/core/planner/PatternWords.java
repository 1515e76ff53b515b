package io.dynoscope.core.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads an access pattern written the way practitioners write them ("Get all orders for a given
 * productId for a given date range", "Find open games by map", "getFollowerListByUserID", "the
 * latest status of a device") as the entities it returns, the values the caller has, a range, an
 * order, a limit or a count. It never refuses a sentence: words it cannot place are left out, and
 * when it had to choose between readings the reading says which and names the other.
 *
 * <p>The words are matched against the entities' names and their attributes' names split into words
 * ({@code accountRepId} is "account rep id", and also "account rep"). A value is given when its
 * name follows "for", "by", "of", "in", "with", "from" (or a list after them), is a possessive ("a
 * user's friend list"), is set ("status = ACTIVE"), or is a status word before the entity ("open
 * orders"). An entity after "across" or "all" is not given. When the entity named does not hold
 * what is given, the entity that joins them is read instead ("products of an order" are its order
 * items; "users in a game" are the user-game items).
 *
 * <p>This class holds the vocabulary: the words that mark a given value, a range, many or one.
 * {@link Sentence} finds the words and phrases in a sentence and {@link PatternReader} reads it.
 */
public final class PatternWords {

    static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}]+|['\u2019]s|=|,|\\+|&");
    static final Set<String> DETERMINERS =
            Set.of(
                    "a",
                    "an",
                    "the",
                    "given",
                    "specific",
                    "certain",
                    "its",
                    "their",
                    "his",
                    "her",
                    "one",
                    "single",
                    "particular",
                    "this",
                    "that",
                    "some",
                    "each");
    static final Set<String> NOT_GIVEN = Set.of("all", "every", "any", "across");
    static final Set<String> MARKERS =
            Set.of("for", "by", "of", "in", "with", "from", "on", "at", "per", "where", "within");
    static final Set<String> MANY_WORDS =
            Set.of("all", "list", "every", "each", "many", "history", "query", "find", "search");
    static final Set<String> SINGLE_WORDS = Set.of("specific", "one", "single");
    static final Set<String> NOT_A_STATUS =
            Set.of(
                    "past",
                    "recent",
                    "latest",
                    "newest",
                    "oldest",
                    "new",
                    "old",
                    "last",
                    "first",
                    "next",
                    "previous",
                    "current",
                    "all",
                    "every",
                    "top",
                    "other",
                    "same",
                    "whole",
                    "total",
                    "escalated",
                    "following",
                    "more",
                    "most");
    static final Set<String> STOP =
            Set.of("a", "an", "the", "and", "or", "of", "for", "by", "to", "in", "on", "at", "s");
    static final Set<String> GENERIC_LAST =
            Set.of("name", "number", "count", "type", "list", "data", "info", "details");

    /** "ID" on its own: the identity of the entity returned. */
    static final String BARE_ID = "*id";

    static final Pattern TIME_NAME =
            Pattern.compile(
                    ".*(At|Date|Time|Timestamp|On|Start|End)$|date|time|timestamp|day|when");

    private PatternWords() {}

    /** The reading of {@code words} for these entities; never refuses (see the class comment). */
    public static PatternSpec read(String words, List<EntitySpec> entities) {
        if (entities.isEmpty()) {
            throw new IllegalArgumentException("add an entity before reading access patterns");
        }
        Translation.Result sentence = Translation.english(words, entities);
        PatternSpec read = new PatternReader(sentence.english(), entities).read();
        return Translation.asWritten(read, sentence, words);
    }

    /** Words of a name: {@code accountRepId} -> account, rep, id. */
    static List<String> nameWords(String name) {
        List<String> words = new ArrayList<>();
        for (String part :
                name.replaceAll("([\\p{Ll}\\p{N}])(\\p{Lu})", "$1 $2")
                        .replaceAll("(\\p{Lu}+)(\\p{Lu}\\p{Ll})", "$1 $2")
                        .split("[^\\p{L}\\p{N}]+")) {
            if (!part.isEmpty()) {
                words.add(part.toLowerCase(Locale.ROOT));
            }
        }
        // A name of no letters at all ("_") is still one word: every caller takes its last word.
        return words.isEmpty() ? List.of(name.strip().toLowerCase(Locale.ROOT)) : words;
    }

    /** Whether an attribute holds a time or date by its name. */
    static boolean timeLike(String attribute) {
        return TIME_NAME.matcher(attribute).matches()
                || attribute.toLowerCase(Locale.ROOT).contains("date")
                || attribute.toLowerCase(Locale.ROOT).contains("time");
    }

    static boolean isPluralOf(String word, String name) {
        return Lexicon.irregularPlural(word, name)
                || word.equals(name + "s")
                || word.equals(name + "es")
                || (name.endsWith("y")
                        && word.equals(name.substring(0, name.length() - 1) + "ies"));
    }

    static boolean timeWord(String w) {
        return Set.of(
                        "date", "dates", "time", "times", "day", "days", "week", "weeks", "month",
                        "months", "year", "years", "hour", "hours", "minute", "minutes")
                .contains(w);
    }

    static boolean isNumber(String w) {
        return !w.isEmpty() && w.chars().allMatch(Character::isDigit);
    }
}
