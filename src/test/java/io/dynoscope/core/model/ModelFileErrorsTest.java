package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model file's errors in the file's words, with the field's path and its line (issue 33, item
 * 15): never Jackson's class names, never "at ?".
 */
class ModelFileErrorsTest {

    private static final String HEAD =
            "{\"format\":\"dynoscope-model\",\"version\":1,\"tables\":[{\"table\":\"abc\","
                    + "\"partitionKey\":{\"name\":\"PK\",\"type\":\"S\"},";

    @Test
    void wrongValuesAreNamedByPathInPlainWords() {
        Map<String, String> expected =
                Map.of(
                        HEAD + "\"entities\":\"x\"}]}",
                        "not a Dynoscope model: expected a list, found text, in tables[0].entities"
                                + " at line 1, column 117",
                        HEAD + "\"billing\":{\"mode\":7}}]}",
                        "not a Dynoscope model: expected one of \"PAY_PER_REQUEST\","
                                + " \"PROVISIONED\", found 7, in tables[0].billing.mode at line 1,"
                                + " column 124",
                        HEAD + "\"accessPatterns\":[{\"name\":\"x\",\"limit\":\"ten\"}]}]}",
                        "not a Dynoscope model: expected a whole number, found \"ten\", in"
                                + " tables[0].accessPatterns[0].limit at line 1, column 144");
        expected.forEach(
                (text, message) ->
                        assertEquals(
                                message,
                                assertThrows(
                                                IllegalArgumentException.class,
                                                () -> ModelJson.read(text))
                                        .getMessage()));
    }

    @Test
    void deepNestingSaysHowDeepWithoutAQuestionMark() {
        String text =
                HEAD
                        + "\"items\":[{\"PK\":{\"S\":\"a\"},\"d\":"
                        + "{\"L\":[".repeat(3000)
                        + "{\"S\":\"x\"}"
                        + "]}".repeat(3000)
                        + "}]}]}";
        String message =
                assertThrows(IllegalArgumentException.class, () -> ModelFiles.read(text))
                        .getMessage();
        assertEquals("not JSON: nested more than 1000 levels deep", message);
        assertFalse(message.contains("?"), message);
    }
}
