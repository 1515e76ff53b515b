package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code model plan} is honest about its guesses: each reading is one structured line, the unsure
 * ones come last with why, and the command exits 3 until a correction beside the sentence in the
 * plan file confirms them. No engine: planning sends nothing.
 */
class ModelPlanCliTest {

    private static final String REQUEST =
            """
            {
              "table": "Shop",
              "entities": [
                { "name": "customer", "attributes": { "email": "S" } },
                { "name": "order", "belongsTo": "customer",
                  "attributes": { "status": "S", "placedAt": "S" } }
              ],
              "accessPatterns": [
                "List the orders of a customer, newest first",
                %s,
                "Get one customer"
              ]
            }
            """;

    @TempDir Path folder;

    private CliRun plan(String pattern) throws IOException {
        Path request = folder.resolve("plan.json");
        Files.writeString(request, REQUEST.formatted(pattern));
        return CliRun.run(Map.of(), null, List.of("model", "plan", request.toString()));
    }

    @Test
    void anUnsureReadingIsListedLastWithWhyAndExitsThree() throws IOException {
        CliRun run = plan("\"Frobnicate the quux\"");
        assertEquals(ExitCodes.CHECK_FAILED, run.exitCode(), run.err());
        String err = run.err();
        assertTrue(
                err.contains(
                        "read: List the orders of a customer, newest first\n"
                                + "      returns order (many) · given customerId · range none ·"
                                + " order placedAt descending · limit none · along with nothing"),
                err);
        int unsure = err.indexOf("unsure: Frobnicate the quux");
        assertTrue(unsure > err.lastIndexOf("read: "), "unsure readings come last\n" + err);
        assertTrue(
                err.contains(
                        "      why: The words name no entity; read as customer, the first one."),
                err);
        assertTrue(err.contains("1 of 3 readings unsure"), err);
        assertTrue(run.out().contains("\"unsure\" : [ \"The words name no entity"), run.out());
    }

    @Test
    void aCorrectionBesideTheSentenceConfirmsIt() throws IOException {
        CliRun run =
                plan(
                        "{ \"words\": \"Frobnicate the quux\", \"entity\": \"order\","
                                + " \"given\": [\"status\"], \"many\": true }");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(
                run.err()
                        .contains(
                                "read: Frobnicate the quux\n      returns order (many) · given"
                                        + " status"),
                run.err());
        assertFalse(run.err().contains("unsure"), run.err());
        assertFalse(run.out().contains("\"unsure\""), run.out());
    }
}
