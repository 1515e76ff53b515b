package io.dynoscope.core.sql;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean …?": the name among the known ones that a mistyped word most likely meant, by edit
 * distance (a swap of two neighbouring letters counts as one edit), without regard to case.
 */
public final class Suggestions {

    private Suggestions() {}

    /**
     * The known name closest to {@code word}, if it is close enough to be a typo: one edit for
     * words of up to 4 letters, two for longer ones, and never the word itself.
     */
    public static Optional<String> closest(String word, Collection<String> known) {
        String typed = word.toLowerCase(Locale.ROOT);
        int allowed = typed.length() <= 4 ? 1 : 2;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            String lower = candidate.toLowerCase(Locale.ROOT);
            if (lower.equals(typed)) {
                continue;
            }
            int distance = distance(typed, lower);
            if (distance <= allowed && distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Edits (insert, delete, replace, swap of neighbours) that turn {@code a} into {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] =
                        Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1
                        && j > 1
                        && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
