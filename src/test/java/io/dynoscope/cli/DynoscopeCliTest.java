package io.dynoscope.cli;

import static io.dynoscope.cli.EngineCli.REQUESTS;
import static io.dynoscope.cli.EngineCli.cli;
import static io.dynoscope.cli.EngineCli.count;
import static io.dynoscope.cli.EngineCli.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.cli.EngineCli.Result;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, run in-process against the test engine. */
class DynoscopeCliTest {

    private static String saasTable;

    @TempDir Path tempDir;

    @BeforeAll
    static void seedSaas() {
        saasTable = TestEngine.uniqueTableName("cli-saas");
        Result seeded = cli("seed", "--dataset", "saas", "--table", saasTable);
        assertEquals(0, seeded.exitCode(), seeded.err());
        assertTrue(
                seeded.err()
                        .contains(
                                "seeded " + SampleData.items(Dataset.SAAS).size() + " saas items"),
                seeded.err());
    }

    @Test
    void queryForAcmeProjectsNewestFirstIsOneRequest() {
        Result result =
                cli(
                        "query",
                        "--table",
                        saasTable,
                        "--pk",
                        "WS#acme",
                        "--sk-begins-with",
                        "PROJ#",
                        "--desc");

        assertEquals(0, result.exitCode(), result.err());
        List<String> details =
                result.items().stream().map(i -> i.string("Detail").orElseThrow()).toList();
        List<String> expected =
                IntStream.iterate(42, n -> n >= 23, n -> n - 1)
                        .mapToObj(SampleData::projectDetail)
                        .toList();
        assertEquals(expected, details);
        assertEquals(1, result.requests());
        assertTrue(result.lastErrLine().endsWith("returned=20"), result.lastErrLine());
    }

    @Test
    void theOversizedTenantNeedsSeveralRequests() {
        Result result = cli("query", "--table", saasTable, "--pk", SampleData.HUGE);

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(1 + SampleData.HUGE_PROJECTS, result.items().size());
        assertTrue(result.requests() > 1, result.lastErrLine());
    }

    @Test
    void globalOptionsAlsoWorkAfterTheVerbAndGetTakesBothKeyFormats() {
        Result plain =
                run(
                        "get",
                        "--endpoint",
                        TestEngine.endpoint().toString(),
                        "--table",
                        saasTable,
                        "--key",
                        "{\"EntityRef\": \"WS#acme\", \"Detail\": \"META\"}");
        Result typed =
                cli(
                        "get",
                        "--table",
                        saasTable,
                        "--output",
                        "dynamodb-json",
                        "--key",
                        "{\"EntityRef\": {\"S\": \"WS#acme\"}, \"Detail\": {\"S\": \"META\"}}");

        assertEquals(0, plain.exitCode(), plain.err());
        assertEquals("Acme", plain.items().get(0).string("name").orElseThrow());
        assertEquals(0, typed.exitCode(), typed.err());
        Item meta = ItemJson.DYNAMODB.readItem(typed.out().strip());
        assertEquals(SampleData.items(Dataset.SAAS).get(0), meta);
        assertTrue(typed.lastErrLine().startsWith("requests=1 "), typed.lastErrLine());
    }

    @Test
    void aMissingFileIsAUsageError() {
        Result result =
                cli(
                        "put",
                        "--table",
                        saasTable,
                        "--file",
                        tempDir.resolve("absent.json").toString());

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("absent.json: no such file"), result.err());
    }

    @Test
    void tablesListsTheSeededTableAndDescribeShowsItsKeys() {
        Result tables = cli("tables");
        Result json = cli("describe", saasTable);
        Result text = cli("describe", saasTable, "--output", "table");

        assertEquals(0, tables.exitCode(), tables.err());
        assertTrue(tables.out().lines().anyMatch(saasTable::equals), tables.out());
        assertEquals(0, json.exitCode(), json.err());
        assertTrue(json.out().contains("\"partitionKey\" : {"), json.out());
        assertTrue(json.out().contains("\"EntityRef\""), json.out());
        assertTrue(
                text.out().contains("keys      EntityRef (S, partition), Detail (S, sort)"),
                text.out());
    }

    @Test
    void aParallelScanReadsEveryItemOnce() {
        Result result = cli("scan", "--table", saasTable, "--segments", "4");

        assertEquals(0, result.exitCode(), result.err());
        List<Item> items = result.items();
        KeySchema keys = KeySchema.of("EntityRef", "Detail");
        assertEquals(SampleData.items(Dataset.SAAS).size(), items.size());
        assertEquals(items.size(), items.stream().map(i -> i.key(keys)).distinct().count());
        assertTrue(result.lastErrLine().endsWith("returned=" + items.size()), result.lastErrLine());
    }

    @Test
    void aFailedConditionOnDeleteExitsWith4AndKeepsTheItem() {
        String table = TestEngine.freshTable("cli-delete");
        assertEquals(
                0,
                cli(
                                "put",
                                "--table",
                                table,
                                "--item",
                                "{\"pk\": \"a\", \"sk\": \"1\", \"status\": \"ACTIVE\"}")
                        .exitCode());

        Result refused =
                cli(
                        "delete",
                        "--table",
                        table,
                        "--key",
                        "{\"pk\": \"a\", \"sk\": \"1\"}",
                        "--condition",
                        "#s = :s",
                        "--names",
                        "{\"#s\": \"status\"}",
                        "--values",
                        "{\":s\": {\"S\": \"ARCHIVED\"}}");

        assertEquals(ExitCodes.CONDITION_FAILED, refused.exitCode());
        assertTrue(
                refused.err().contains("the condition failed; nothing was deleted"), refused.err());
        assertEquals(1, count(table));

        Result deleted =
                cli(
                        "delete",
                        "--table",
                        table,
                        "--key",
                        "{\"pk\": \"a\", \"sk\": \"1\"}",
                        "--condition",
                        "#s = :s",
                        "--names",
                        "{\"#s\": \"status\"}",
                        "--values",
                        "{\":s\": {\"S\": \"ACTIVE\"}}");
        assertEquals(0, deleted.exitCode(), deleted.err());
        assertEquals("ACTIVE", deleted.items().get(0).string("status").orElseThrow());
        assertEquals(0, count(table));
    }

    @Test
    void putIfNotExistsRefusesToReplace() {
        String table = TestEngine.freshTable("cli-put-new");
        String item = "{\"pk\": \"a\", \"sk\": \"1\", \"v\": 1}";
        assertEquals(0, cli("put", "--table", table, "--item", item, "--if-not-exists").exitCode());

        Result again =
                cli(
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": \"a\", \"sk\": \"1\", \"v\": 2}",
                        "--if-not-exists");

        assertEquals(ExitCodes.CONDITION_FAILED, again.exitCode());
        Result get = cli("get", "--table", table, "--key", "{\"pk\": \"a\", \"sk\": \"1\"}");
        assertEquals(AttributeValue.n(1), get.items().get(0).get("v").orElseThrow());
    }

    @Test
    void keyValuesAreTypedByTheTablesKeyTypes() {
        String table =
                TestEngine.freshTable(
                        new TableDefinition(
                                "cli-numeric",
                                KeySchema.of("id", "version"),
                                Map.of("id", "N", "version", "N"),
                                List.of(),
                                List.of()));
        assertEquals(
                0,
                cli("put", "--table", table, "--item", "{\"id\": 7, \"version\": \"1\"}")
                        .exitCode());
        assertEquals(
                0,
                cli("put", "--table", table, "--item", "{\"id\": 7, \"version\": 2}").exitCode());

        Result query = cli("query", "--table", table, "--pk", "7", "--sk-ge", "2");
        Result notANumber = cli("query", "--table", table, "--pk", "seven");

        assertEquals(
                List.of(ItemJson.PLAIN.readItem("{\"id\": 7, \"version\": 2}")), query.items());
        assertEquals(ExitCodes.USAGE, notANumber.exitCode());
        assertTrue(
                notANumber.err().contains("--pk: the partition key 'id' is a number"),
                notANumber.err());
    }

    @Test
    void theBlogAuthorIndexAnswersPostsByAuthor() {
        String table = TestEngine.uniqueTableName("cli-blog");
        assertEquals(0, cli("seed", "--dataset", "blog", "--table", table).exitCode());

        Result posts =
                cli(
                        "query",
                        "--table",
                        table,
                        "--index",
                        SampleData.BLOG_AUTHOR_INDEX,
                        "--pk",
                        "U#12",
                        "--filter",
                        "#n = :n",
                        "--names",
                        "{\"#n\": \"authorName\"}",
                        "--values",
                        "{\":n\": {\"S\": \"Mara Vance\"}}",
                        "--projection",
                        "PK, authorName, createdAt");

        assertEquals(0, posts.exitCode(), posts.err());
        assertEquals(
                List.of("POST#9f3", "POST#a71", "POST#d20", "POST#3d4"),
                posts.items().stream().map(i -> i.string("PK").orElseThrow()).toList());
        // The repository keeps the table and index keys in every projection, so items stay
        // addressable.
        assertEquals(
                List.of("PK", "SK", "authorId", "authorName", "createdAt"),
                posts.items().get(0).attributes().keySet().stream().sorted().toList());
    }

    @Test
    void tableOutputPutsTheKeysFirst() {
        Result result =
                cli(
                        "query",
                        "--table",
                        saasTable,
                        "--pk",
                        SampleData.BETA,
                        "--output",
                        "table",
                        "--projection",
                        "EntityRef, Detail, #n",
                        "--names",
                        "{\"#n\": \"name\"}");

        assertEquals(0, result.exitCode(), result.err());
        List<String> lines = result.out().lines().toList();
        assertEquals(
                List.of("EntityRef", "Detail", "name"), Arrays.asList(lines.get(0).split("\\s+")));
        assertEquals(1 + 1 + SampleData.BETA_PROJECTS, lines.size());
        assertTrue(lines.get(1).startsWith("WS#beta    META"), lines.get(1));
    }

    @Test
    void badArgumentsAreOneLineUsageErrors() {
        Result missingTable = cli("query", "--pk", "x");
        Result unknownDataset = cli("seed", "--dataset", "shop");
        Result twoSortKeyConditions =
                cli("query", "--table", saasTable, "--pk", "x", "--sk-eq", "a", "--sk-gt", "b");
        Result noSuchIndex = cli("query", "--table", saasTable, "--index", "nope", "--pk", "x");
        Result valuesWithoutFilter =
                cli("scan", "--table", saasTable, "--values", "{\":v\": {\"S\": \"x\"}}");

        for (Result result :
                List.of(
                        missingTable,
                        unknownDataset,
                        twoSortKeyConditions,
                        noSuchIndex,
                        valuesWithoutFilter)) {
            assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
            assertEquals(1, result.err().strip().lines().count(), result.err());
            assertTrue(result.out().isEmpty(), result.out());
        }
        assertTrue(
                missingTable
                        .err()
                        .startsWith("dynoscope query: Missing required option: '--table=TABLE'"),
                missingTable.err());
        assertTrue(
                unknownDataset
                        .err()
                        .contains("unknown dataset 'shop' (expected saas, blog or activity)"),
                unknownDataset.err());
        assertTrue(noSuchIndex.err().contains("has no index 'nope'"), noSuchIndex.err());
    }

    @Test
    void seedingATableWithOtherKeysIsRefused() {
        Result result = cli("seed", "--dataset", "blog", "--table", saasTable);

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(
                result.err()
                        .contains(
                                "has the keys (EntityRef, Detail) but the blog sample needs (PK, SK)"),
                result.err());
        assertEquals(SampleData.items(Dataset.SAAS).size(), count(saasTable));
    }

    @Test
    void aMissingTableIsAServiceError() {
        Result result = cli("get", "--table", "no-such-table-here", "--key", "{\"pk\": \"a\"}");

        assertEquals(ExitCodes.SERVICE_ERROR, result.exitCode());
        assertTrue(result.err().startsWith("dynoscope get: "), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
    }

    @Test
    void theStatisticsLineIsLastOnStderr() {
        Result result =
                cli(
                        "get",
                        "--table",
                        saasTable,
                        "--key",
                        "{\"EntityRef\": \"WS#acme\", \"Detail\": \"META\"}");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals(1, result.items().size());
        assertEquals(1, result.requests());
    }

    @Test
    void aMissingKeyIsNotFoundWithExit3() {
        Result result =
                cli(
                        "get",
                        "--table",
                        saasTable,
                        "--key",
                        "{\"EntityRef\": \"WS#nobody\", \"Detail\": \"META\"}");

        assertEquals(ExitCodes.NOT_FOUND, result.exitCode(), result.err());
        assertEquals(3, result.exitCode());
        assertTrue(result.out().isEmpty());
        List<String> lines = result.err().lines().toList();
        assertEquals(2, lines.size(), result.err());
        assertTrue(REQUESTS.matcher(lines.get(0)).matches(), result.err());
        assertEquals(
                "dynoscope get: not found: no item in table '" + saasTable + "' has that key",
                lines.get(1));
    }
}
