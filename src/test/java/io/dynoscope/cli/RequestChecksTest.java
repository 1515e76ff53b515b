package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What DynamoDB would refuse is refused before anything is sent: expressions given to query, scan,
 * put and delete, and the limits on items, keys, numbers, nesting and segments. Each is exit 2 with
 * one short line naming the option and the place, and nothing is written.
 */
class RequestChecksTest {

    private static String saas;
    private static int seeded;

    @TempDir Path tempDir;

    @BeforeAll
    static void seed() {
        saas = TestEngine.freshTable(SampleData.definition(Dataset.SAAS, "checks-saas"));
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, saas);
        seeded = SampleData.items(Dataset.SAAS).size();
    }

    // ---- expressions -----------------------------------------------------------------------

    @Test
    void aQueryFilterOnTheSortKeyIsExit2WithItsColumn() {
        CliRun.Result result =
                CliRun.atTestEngine(
                        "query",
                        "--table",
                        saas,
                        "--pk",
                        "WS#acme",
                        "--filter",
                        "plan = :p OR Detail = :d",
                        "--values",
                        "{\":p\": {\"S\": \"pro\"}, \":d\": {\"S\": \"META\"}}");

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        assertEquals(
                "dynoscope query: --filter: column 1: 'plan' is a reserved word in DynamoDB; use a #name "
                        + "placeholder, e.g. #plan; --filter: column 14: a Query's filter cannot use Detail, "
                        + "a key of the table it reads; put the condition in the key condition\n",
                result.err());
        assertEquals("", result.out());
    }

    @Test
    void aScanProjectionAndFilterAreCheckedWithTheirMaps() {
        CliRun.Result unused =
                CliRun.atTestEngine(
                        "scan",
                        "--table",
                        saas,
                        "--projection",
                        "Detail, #n",
                        "--names",
                        "{\"#n\": \"name\", \"#x\": \"extra\"}");
        CliRun.Result emptyValues =
                CliRun.atTestEngine(
                        "scan", "--table", saas, "--filter", "seats > :n", "--values", "{}");

        assertEquals(ExitCodes.USAGE, unused.exitCode(), unused.err());
        assertEquals(
                "dynoscope scan: ExpressionAttributeNames has #x, which no expression uses; "
                        + "DynamoDB rejects unused entries\n",
                unused.err());
        assertEquals(ExitCodes.USAGE, emptyValues.exitCode(), emptyValues.err());
        assertEquals(
                "dynoscope scan: ExpressionAttributeValues is empty; DynamoDB refuses an empty map: "
                        + "leave it out; --filter: column 9: :n is not defined in ExpressionAttributeValues\n",
                emptyValues.err());
    }

    @Test
    void aPutOrDeleteConditionIsCheckedBeforeAnythingIsWritten() {
        CliRun.Result put =
                CliRun.atTestEngine(
                        "put",
                        "--table",
                        saas,
                        "--item",
                        "{\"EntityRef\": \"WS#new\", \"Detail\": \"META\"}",
                        "--condition",
                        "attribute_not_exists(EntityRef) AND size(seats) = :n");
        CliRun.Result delete =
                CliRun.atTestEngine(
                        "delete",
                        "--table",
                        saas,
                        "--key",
                        "{\"EntityRef\": \"WS#acme\", \"Detail\": \"META\"}",
                        "--condition",
                        "begins_with(plan, :n)",
                        "--values",
                        "{\":n\": {\"N\": \"1\"}}");

        assertEquals(ExitCodes.USAGE, put.exitCode(), put.err());
        assertEquals(
                "dynoscope put: --condition: column 51: :n is not defined in ExpressionAttributeValues\n",
                put.err());
        assertEquals(ExitCodes.USAGE, delete.exitCode(), delete.err());
        assertTrue(
                delete.err()
                        .startsWith(
                                "dynoscope delete: --condition: column 13: 'plan' is a reserved word"),
                delete.err());
        assertTrue(
                delete.err().contains("column 19: begins_with compares with a string or binary"),
                delete.err());
        assertEquals(seeded, count());
    }

    // ---- limits ----------------------------------------------------------------------------

    @Test
    void keysOverTheirSizeLimitAreRefusedForPutGetAndQuery() {
        String longKey = "P".repeat(3_000);
        CliRun.Result put =
                CliRun.atTestEngine(
                        "put",
                        "--table",
                        saas,
                        "--item",
                        "{\"EntityRef\": \"" + longKey + "\", \"Detail\": \"META\"}");
        CliRun.Result get =
                CliRun.atTestEngine(
                        "get",
                        "--table",
                        saas,
                        "--key",
                        "{\"EntityRef\": \"WS#acme\", \"Detail\": \"" + "S".repeat(1_025) + "\"}");
        CliRun.Result query = CliRun.atTestEngine("query", "--table", saas, "--pk", longKey);

        assertEquals(ExitCodes.USAGE, put.exitCode(), put.err());
        assertEquals(
                "dynoscope put: --item: EntityRef: the partition key is 3000 bytes, "
                        + "over DynamoDB's limit of 2048 bytes\n",
                put.err());
        assertEquals(ExitCodes.USAGE, get.exitCode(), get.err());
        assertEquals(
                "dynoscope get: --key: Detail: the sort key is 1025 bytes, "
                        + "over DynamoDB's limit of 1024 bytes\n",
                get.err());
        assertEquals(ExitCodes.USAGE, query.exitCode(), query.err());
        assertEquals(
                "dynoscope query: --pk: EntityRef: the partition key is 3000 bytes, "
                        + "over DynamoDB's limit of 2048 bytes\n",
                query.err());
        assertEquals(seeded, count());
    }

    @Test
    void namesNestingAndNumbersAreCheckedBeforeSending() throws Exception {
        Path deep = tempDir.resolve("deep.json");
        Files.writeString(
                deep,
                "{\"EntityRef\": \"WS#deep\", \"Detail\": \"META\", \"d\": "
                        + "{\"a\": ".repeat(1_000)
                        + "1"
                        + "}".repeat(1_000)
                        + "}");
        Path bigNumber = tempDir.resolve("number.json");
        Files.writeString(
                bigNumber,
                "{\"EntityRef\": {\"S\": \"WS#n\"}, \"Detail\": {\"S\": \"META\"}, \"n\": {\"N\": \""
                        + "9".repeat(400_000)
                        + "\"}}");

        CliRun.Result emptyName =
                CliRun.atTestEngine(
                        "put",
                        "--table",
                        saas,
                        "--item",
                        "{\"EntityRef\": \"WS#e\", \"Detail\": \"META\", \"\": 1}");
        CliRun.Result longName =
                CliRun.atTestEngine(
                        "put",
                        "--table",
                        saas,
                        "--item",
                        "{\"EntityRef\": \"WS#e\", \"Detail\": \"META\", \""
                                + "n".repeat(70_000)
                                + "\": 1}");
        CliRun.Result tooDeep =
                CliRun.atTestEngine("put", "--table", saas, "--file", deep.toString());
        long started = System.nanoTime();
        CliRun.Result tooLong =
                CliRun.atTestEngine("put", "--table", saas, "--file", bigNumber.toString());
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertEquals(ExitCodes.USAGE, emptyName.exitCode(), emptyName.err());
        assertEquals("dynoscope put: --item: an attribute name cannot be empty\n", emptyName.err());
        assertEquals(ExitCodes.USAGE, longName.exitCode());
        assertTrue(longName.err().contains("over DynamoDB's limit of 65535 bytes (64 KB)"));
        assertTrue(longName.err().length() < 300, longName.err().length() + " characters");
        assertEquals(ExitCodes.USAGE, tooDeep.exitCode(), tooDeep.err());
        assertTrue(
                tooDeep.err()
                        .endsWith(
                                "values are nested more than 32 levels deep; DynamoDB allows at most 32\n"),
                tooDeep.err());
        assertTrue(tooDeep.err().length() < 300, tooDeep.err());
        assertEquals(ExitCodes.USAGE, tooLong.exitCode(), tooLong.err());
        assertTrue(tooLong.err().contains("is too long for a number"), tooLong.err());
        assertTrue(tooLong.err().length() < 300, tooLong.err().length() + " characters");
        assertTrue(millis < 10_000, millis + " ms");
        assertEquals(seeded, count());
    }

    @Test
    void moreThanAMillionSegmentsIsAUsageError() {
        long started = System.nanoTime();
        CliRun.Result result =
                CliRun.atTestEngine("scan", "--table", saas, "--segments", "1000001");

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        assertEquals(
                "dynoscope scan: --segments must be between 1 and 1,000,000 "
                        + "(DynamoDB's TotalSegments limit)\n",
                result.err());
        assertTrue((System.nanoTime() - started) / 1_000_000 < 5_000);
    }

    private static long count() {
        List<Item> items = new ArrayList<>();
        TestEngine.repository()
                .scan(
                        ScanSpec.table(saas),
                        page -> items.addAll(page.items()),
                        Cancellation.none());
        return items.size();
    }
}
