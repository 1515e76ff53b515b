package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reader against the corpus of access patterns written by practitioners for their own worked
 * examples (src/test/resources/io/dynoscope/core/planner/access-pattern-corpus.json, each example
 * with its source): at least 80 sentences, at least 95% read exactly right.
 */
class PatternWordsCorpusTest {

    @Test
    void practitionersSentencesReadRight() {
        int total = 0;
        int right = 0;
        int verbatim = 0;
        List<String> wrong = new ArrayList<>();
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            List<EntitySpec> entities = example.entities();
            for (PlanRequests.Sentence sentence : example.sentences()) {
                total++;
                verbatim += sentence.paraphrased() ? 0 : 1;
                PatternSpec read = PatternWords.read(sentence.words(), entities);
                if (same(sentence.reading(), read)) {
                    right++;
                } else {
                    wrong.add(
                            example.name()
                                    + ": \""
                                    + sentence.words()
                                    + "\"\n    expected "
                                    + describe(sentence.reading())
                                    + "\n    read     "
                                    + describe(read));
                }
            }
        }
        String report = right + " of " + total + " read right\n" + String.join("\n", wrong);
        System.out.println(report);
        assertTrue(verbatim >= 80, "the corpus holds " + verbatim + " verbatim sentences");
        assertTrue(right * 100 >= total * 95, report);
    }

    static boolean same(PatternSpec expected, PatternSpec read) {
        return expected.returns().equals(read.returns())
                && new HashSet<>(expected.given()).equals(new HashSet<>(read.given()))
                && expected.many() == read.many()
                && expected.range().equals(read.range())
                && expected.order().equals(read.order())
                && expected.limit() == read.limit()
                && expected.count() == read.count();
    }

    static String describe(PatternSpec s) {
        return s.returns()
                + " given "
                + s.given()
                + (s.many() ? " many" : " one")
                + s.range().map(r -> " range " + r.attribute() + " " + r.kind()).orElse("")
                + s.order()
                        .map(o -> " order " + o.attribute() + (o.descending() ? " desc" : " asc"))
                        .orElse("")
                + (s.limit() > 0 ? " limit " + s.limit() : "")
                + (s.count() ? " count" : "")
                + s.alternative().map(a -> " (" + a + ")").orElse("");
    }
}
