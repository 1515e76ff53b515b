package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A string holding a lone surrogate (not a character, but a Java and a DynamoDB string can hold it)
 * leaves every output as it was stored where the format can say it (JSON's {@code \\uD800}), and is
 * refused with the item's key where it cannot (CSV is UTF-8 text): never a silent {@code ?}.
 */
class LoneSurrogateTest {

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.freshTable("cli-surrogate");
        TestEngine.repository()
                .batchWrite(
                        table,
                        List.of(
                                Item.of(
                                        Map.of(
                                                "pk", AttributeValue.s("P"),
                                                "sk", AttributeValue.s("1"),
                                                "note", AttributeValue.s("a\uD800b")))),
                        List.of(),
                        Cancellation.none());
    }

    @Test
    void jsonOutputsKeepTheSurrogateAsAnEscape() {
        for (List<String> command :
                List.of(
                        List.of("export", "--table", table, "--format", "json"),
                        List.of("export", "--table", table, "--format", "dynamodb-json"),
                        List.of("scan", "--table", table, "-o", "dynamodb-json"),
                        List.of("scan", "--table", table, "-o", "json"))) {
            CliRun.Result run = CliRun.atTestEngine(command.toArray(String[]::new));
            assertEquals(0, run.exitCode(), command + ": " + run.err());
            assertTrue(
                    run.out().contains("a\\ud800b") || run.out().contains("a\\uD800b"),
                    command + ": " + run.out());
            assertTrue(!run.out().contains("a?b"), command + ": " + run.out());
        }
    }

    @Test
    void aRefusedCsvFileIsNotLeftBehind(@TempDir Path folder) {
        Path csv = folder.resolve("out.csv");
        CliRun.Result run =
                CliRun.atTestEngine(
                        "export", "--table", table, "--format", "csv", "--out", csv.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertFalse(Files.exists(csv), run.err());
    }

    @Test
    void csvRefusesTheItemByItsKey() {
        for (List<String> command :
                List.of(
                        List.of("export", "--table", table, "--format", "csv"),
                        List.of("scan", "--table", table, "-o", "csv"))) {
            CliRun.Result run = CliRun.atTestEngine(command.toArray(String[]::new));
            assertEquals(2, run.exitCode(), command + ": " + run.out() + run.err());
            assertTrue(
                    run.err().contains("item P / 1 holds a lone surrogate"),
                    command + ": " + run.err());
            assertTrue(!run.out().contains("a?b"), command + ": " + run.out());
        }
    }
}
