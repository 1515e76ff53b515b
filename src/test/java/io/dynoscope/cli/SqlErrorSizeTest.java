package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A statement too deep or too long for the SQL engine ends with a message that says what and where
 * in a few lines, never an empty one, never the statement echoed back (issue 33, item 11).
 */
class SqlErrorSizeTest {

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.freshTable("cli-sql-size");
        TestEngine.repository()
                .batchWrite(
                        table,
                        List.of(
                                Item.of(
                                        Map.of(
                                                "pk",
                                                AttributeValue.s("P"),
                                                "sk",
                                                AttributeValue.s("1")))),
                        List.of(),
                        Cancellation.none());
    }

    private static void assertShortError(String statement) {
        CliRun.Result run = CliRun.atTestEngine("sql", statement);
        String err = run.err().strip();
        assertEquals(2, run.exitCode(), err.length() > 400 ? err.substring(0, 400) : err);
        assertTrue(
                err.length() <= 400,
                err.length() + " characters: " + err.substring(0, Math.min(err.length(), 400)));
        assertTrue(err.lines().count() <= 4, err);
        assertTrue(err.replaceFirst("^dynoscope sql:", "").strip().length() > 10, err);
    }

    @Test
    void deepNestingIsRefusedSayingSo() {
        String statement =
                "SELECT * FROM \""
                        + table
                        + "\" WHERE "
                        + "(".repeat(1500)
                        + "pk = 'P'"
                        + ")".repeat(1500);
        assertShortError(statement);
    }

    @Test
    void twentyThousandAndsAreRefusedSayingSo() {
        String statement =
                "SELECT * FROM \""
                        + table
                        + "\" WHERE "
                        + IntStream.range(0, 20_000)
                                .mapToObj(i -> "pk = 'P'")
                                .collect(Collectors.joining(" AND "));
        assertShortError(statement);
    }

    @Test
    void anInListPastTheEnginesMemoryIsRefusedBeforePlanning() {
        String statement =
                "SELECT * FROM \""
                        + table
                        + "\" WHERE pk IN ("
                        + IntStream.range(0, 200_000)
                                .mapToObj(i -> "'v" + i + "'")
                                .collect(Collectors.joining(","))
                        + ")";
        CliRun.Result run = CliRun.atTestEngine("sql", statement);
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("more than 50,000 words and symbols"), run.err());
    }

    @Test
    void aHugeInListGivesAShortMessage() {
        String statement =
                "SELECT * FROM \""
                        + table
                        + "\" WHERE pk IN ("
                        + IntStream.range(0, 20_000)
                                .mapToObj(i -> "'v" + i + "'")
                                .collect(Collectors.joining(","))
                        + ") AND AND pk = 'P'";
        assertShortError(statement);
    }
}
