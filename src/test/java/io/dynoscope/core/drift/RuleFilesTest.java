package io.dynoscope.core.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RuleFilesTest {

    @Test
    void rulesRoundTripThroughTheFileFormat() {
        List<DenormalizationRule> rules =
                List.of(
                        DriftFixtures.authorName(CopyLookup.INDEX),
                        DriftFixtures.embeddedAuthor(),
                        DriftFixtures.workspaceName());

        String text = RuleFiles.write(rules);

        assertEquals(rules, RuleFiles.read(text));
        assertEquals(text, RuleFiles.write(RuleFiles.read(text)));
    }

    @Test
    void theFormatIsStable() {
        String expected =
                """
                {
                  "version" : 1,
                  "rules" : [ {
                    "name" : "workspaceName",
                    "source" : {
                      "partitionKey" : "WS#{id}",
                      "sortKey" : "META",
                      "attribute" : "name"
                    },
                    "copies" : {
                      "lookup" : "COLLECTION",
                      "reference" : {
                        "attribute" : "EntityRef",
                        "patterns" : [ "WS#{id}", "WS#{id}#{01..10}" ]
                      },
                      "sortKeyPrefix" : "PROJ#",
                      "attribute" : "workspaceName"
                    }
                  } ]
                }
                """;
        assertEquals(expected, RuleFiles.write(List.of(DriftFixtures.workspaceName())));
        assertEquals(List.of(DriftFixtures.workspaceName()), RuleFiles.read(expected));
    }

    @Test
    void mistakesAreNamed() {
        assertTrue(message("{\"rules\": []}").contains("\"version\" is missing"));
        assertTrue(
                message("{\"version\": 2, \"rules\": []}").contains("version 2 is not supported"));
        assertTrue(message("{\"version\": 1, \"rulez\": []}").contains("rulez"));
        assertTrue(
                message("{\"version\": 1, \"rules\": [{\"name\": \"x\"}]}")
                        .contains("rule 1 ('x'): \"source\" is missing"));
        String badLookup =
                RuleFiles.write(List.of(DriftFixtures.embeddedAuthor()))
                        .replace("\"SCAN\"", "\"JOIN\"");
        assertTrue(message(badLookup).contains("JOIN"));
        String indexWithoutName =
                RuleFiles.write(List.of(DriftFixtures.embeddedAuthor()))
                        .replace("\"SCAN\"", "\"INDEX\"");
        assertTrue(message(indexWithoutName).contains("need the index name"));
        assertTrue(message("not json").startsWith("not a rule file"));
    }

    @Test
    void aReferenceMustFillTheSourcesPlaceholders() {
        String mismatched =
                RuleFiles.write(List.of(DriftFixtures.embeddedAuthor()))
                        .replace("\"U#{id}\"", "\"U#{user}\"");
        assertTrue(message(mismatched).contains("must use the same placeholders"));
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> RuleFiles.read(text))
                .getMessage();
    }
}
