package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.isNumber;

import java.util.Set;

/**
 * The words of a sentence that ask an order or a limit ("newest first", "the top 10 scores", "the
 * latest status", "sorted by", "in chronological order"), read into the {@link Sentence}.
 */
final class OrderWords {

    private OrderWords() {}

    /** Reads the word at {@code i} as an order or a limit, if it asks one. */
    static void read(Sentence s, int i, String w) {
        if (w.equals("newest") || w.equals("latest") || (w.equals("recent"))) {
            s.descending = true;
            s.orderAt = i;
            limitAfter(s, i, w.equals("recent") && s.word(i - 1).equals("most") ? i - 2 : i - 1);
        } else if (w.equals("oldest") || (w.equals("earliest"))) {
            s.descending = false;
            s.orderAt = i;
            limitAfter(s, i, i - 1);
        } else if (w.equals("top") && s.word(i + 1).equals("level")) {
            s.consumed[i] = true; // "the top-level invoice details": the item itself, no ranking
            s.consumed[i + 1] = true;
        } else if (w.equals("top") || w.equals("highest") || w.equals("best")) {
            s.descending = true;
            s.orderAt = i;
            if (Set.of("n", "k", "x").contains(s.word(i + 1))) {
                s.consumed[i + 1] = true; // "the top N": as many as the caller asks, no fixed limit
            } else {
                limitAfter(s, i, i - 1);
            }
        } else if (w.equals("last") && s.startsPhrase(i)) {
            return; // "last name": an attribute's words, not an order
        } else if (w.equals("last") && !s.consumed[i] && !s.word(i + 1).equals("login")) {
            s.descending = true;
            s.orderAt = i;
            limitAfter(s, i, i - 1);
        } else if (w.equals("last") && !s.consumed[i]) {
            s.descending = true;
            s.orderAt = i;
            s.limit = 1;
        } else if (w.equals("chronological") || w.equals("chronologically")) {
            // "in chronological order" oldest first; "reverse chronological" newest first
            s.descending = s.word(i - 1).equals("reverse");
            s.orderAt = i;
        } else if ((w.equals("sorted") || w.equals("ranked")) && s.word(i + 1).equals("by")) {
            s.descending = s.descending != null && s.descending;
            s.orderAt = i + 2;
        }
    }

    /** "the latest 5", "the 5 most recent", "the latest status" (one), "the top score". */
    static void limitAfter(Sentence s, int at, int before) {
        if (s.consumed[at]) {
            return;
        }
        if (isNumber(s.word(at + 1))) {
            s.limit = Integer.parseInt(s.word(at + 1));
            s.consumed[at + 1] = true;
        } else if (isNumber(s.word(before))) {
            s.limit = Integer.parseInt(s.word(before));
            s.consumed[before] = true;
        } else if (s.word(before).equals("the") && !s.word(at + 1).equals("first")) {
            s.limit = s.plural(at + 1) ? 0 : 1;
        }
    }
}
