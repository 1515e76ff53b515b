package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spanish and Italian against the corpus: sentences of the corpus translated by hand
 * (src/test/resources/io/dynoscope/core/planner/access-pattern-corpus-translated.json), each read
 * with its example's entities and scored against the English sentence's correct reading. Two parts:
 * "tuned" (sentences of the corpus's tuned part; the translation may be improved looking at them)
 * and "held-out" (never tuned on: only its figures are printed, not its misread sentences). The
 * floors are the figures measured (docs/model.md), so a change that reads fewer right fails.
 */
class TranslatedCorpusTest {

    /**
     * Right of total per part and language, measured 2026-12-08 (docs/model.md): the tuned slice
     * grew by 6 sentences of that day's tuned designs.
     */
    private static final Map<String, int[]> FLOORS =
            Map.of(
                    "held-out es", new int[] {13, 24},
                    "held-out it", new int[] {13, 24},
                    "tuned es", new int[] {18, 19},
                    "tuned it", new int[] {18, 19});

    @Test
    void translatedSentencesReadAsTheirEnglish() throws IOException {
        JsonNode root;
        try (InputStream in =
                getClass()
                        .getResourceAsStream(
                                "/io/dynoscope/core/planner/access-pattern-corpus-translated.json")) {
            root = new ObjectMapper().readTree(in);
        }
        Map<String, int[]> scores = new LinkedHashMap<>();
        StringBuilder report = new StringBuilder();
        StringBuilder figures = new StringBuilder();
        for (String part : new String[] {"held-out", "tuned"}) {
            int englishRight = 0;
            int misreadSure = 0;
            int total = 0;
            for (JsonNode s : root.get(part.equals("tuned") ? "tuned" : "sentences")) {
                PlanRequests.Example example = PlanRequests.example(s.get("example").asText());
                String english = s.get("english").asText();
                PatternSpec expected =
                        example.sentences().stream()
                                .filter(x -> x.words().equals(english))
                                .findFirst()
                                .orElseThrow(() -> new AssertionError("not in corpus: " + english))
                                .reading();
                total++;
                PatternSpec englishRead = PatternWords.read(english, example.entities());
                englishRight += PatternWordsCorpusTest.same(expected, englishRead) ? 1 : 0;
                for (String language : new String[] {"es", "it"}) {
                    String words = s.get(language).asText();
                    PatternSpec read = PatternWords.read(words, example.entities());
                    int[] score = scores.computeIfAbsent(part + " " + language, l -> new int[2]);
                    score[1]++;
                    if (PatternWordsCorpusTest.same(expected, read)) {
                        score[0]++;
                        continue;
                    }
                    misreadSure += read.isUnsure() ? 0 : 1;
                    if (part.equals("tuned")) {
                        report.append(language)
                                .append(": \"")
                                .append(words)
                                .append("\"\n    as      ")
                                .append(Translation.english(words, example.entities()).english())
                                .append("\n    expected ")
                                .append(PatternWordsCorpusTest.describe(expected))
                                .append("\n    read     ")
                                .append(PatternWordsCorpusTest.describe(read))
                                .append('\n');
                    }
                }
            }
            figures.append(
                    String.format(
                            "%s: English originals %d of %d; es %d of %d; it %d of %d;"
                                    + " misread without an unsure mark %d%n",
                            part,
                            englishRight,
                            total,
                            scores.get(part + " es")[0],
                            scores.get(part + " es")[1],
                            scores.get(part + " it")[0],
                            scores.get(part + " it")[1],
                            misreadSure));
        }
        System.out.println(figures + "tuned, misread:\n" + report);
        FLOORS.forEach(
                (key, floor) ->
                        assertTrue(
                                scores.get(key)[0] >= floor[0] && scores.get(key)[1] >= floor[1],
                                key + " below its floor\n" + figures + report));
    }
}
