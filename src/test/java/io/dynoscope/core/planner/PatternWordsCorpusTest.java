package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reader against the corpus of access patterns written by practitioners for their own worked
 * examples (src/test/resources/io/dynoscope/core/planner/access-pattern-corpus.json, each example
 * with its source), scored by part: the tuned part (the reader was improved while looking at it),
 * the held-out part (whole designs set aside before the reader was tried on them, never tuned on)
 * and the translated parts (Spanish, Italian). Each floor is the figure measured, not a target, so
 * a change that reads fewer sentences right fails here. The misread sentences are listed for the
 * tuned and translated parts only: the held-out part gives its figure and nothing to tune on.
 */
class PatternWordsCorpusTest {

    /**
     * Right of total per part, measured 2026-12-08 (docs/model.md): 8 designs added that day, then
     * words found and not used doubted, dotted paths and ancestors' ids read.
     */
    private static final Map<String, int[]> FLOORS =
            Map.of(
                    "tuned", new int[] {261, 302},
                    "held-out", new int[] {129, 164});

    record Score(int right, int total, List<String> wrong) {}

    static Map<String, Score> scores() {
        Map<String, Score> scores = new LinkedHashMap<>();
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            List<EntitySpec> entities = example.entities();
            String part =
                    example.language().equals("en")
                            ? example.part()
                            : example.part() + " (" + example.language() + ")";
            Score score = scores.getOrDefault(part, new Score(0, 0, new ArrayList<>()));
            int right = score.right();
            int total = score.total();
            for (PlanRequests.Sentence sentence : example.sentences()) {
                total++;
                PatternSpec read = PatternWords.read(sentence.words(), entities);
                if (same(sentence.reading(), read)) {
                    right++;
                } else if (!example.heldOut()) {
                    score.wrong()
                            .add(
                                    example.name()
                                            + ": \""
                                            + sentence.words()
                                            + "\"\n    expected "
                                            + describe(sentence.reading())
                                            + "\n    read     "
                                            + describe(read));
                }
            }
            scores.put(part, new Score(right, total, score.wrong()));
        }
        return scores;
    }

    @Test
    void practitionersSentencesReadRight() {
        Map<String, Score> scores = scores();
        StringBuilder report = new StringBuilder();
        scores.forEach(
                (part, s) ->
                        report.append(part)
                                .append(": ")
                                .append(s.right())
                                .append(" of ")
                                .append(s.total())
                                .append(" read right\n"));
        scores.forEach((part, s) -> s.wrong().forEach(w -> report.append(w).append('\n')));
        System.out.println(report);
        FLOORS.forEach(
                (part, floor) -> {
                    Score s = scores.get(part);
                    assertTrue(s != null && s.total() >= floor[1], part + ": too few sentences");
                    assertTrue(s.right() >= floor[0], part + " below its floor\n" + report);
                });
    }

    static boolean same(PatternSpec expected, PatternSpec read) {
        return expected.returns().equals(read.returns())
                && new HashSet<>(expected.given()).equals(new HashSet<>(read.given()))
                && expected.many() == read.many()
                && expected.range().equals(read.range())
                && expected.order().equals(read.order())
                && expected.limit() == read.limit()
                && expected.count() == read.count()
                && expected.kind() == read.kind();
    }

    static String describe(PatternSpec s) {
        return s.returns()
                + (s.kind().write() ? " " + s.kind() : "")
                + " given "
                + s.given()
                + (s.many() ? " many" : " one")
                + s.range().map(r -> " range " + r.attribute() + " " + r.kind()).orElse("")
                + s.order()
                        .map(o -> " order " + o.attribute() + (o.descending() ? " desc" : " asc"))
                        .orElse("")
                + (s.limit() > 0 ? " limit " + s.limit() : "")
                + (s.count() ? " count" : "")
                + s.alternative().map(a -> " (" + a + ")").orElse("")
                + (s.isUnsure() ? " UNSURE " + s.unsure() : "");
    }
}
