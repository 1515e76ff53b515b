package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line, run in-process against the test engine. */
class DynoscopeCliTest {

    private static final String PRECISE = "12345678901234567890.123456789012345678";
    private static final Pattern REQUESTS =
            Pattern.compile("^requests=(\\d+) consumed=\\S+ scanned=(\\d+) returned=(\\d+)$");

    private static String saasTable;
    private static DynamoRepository repository;

    @TempDir Path tempDir;

    @BeforeAll
    static void seedSaas() {
        repository = TestEngine.repository();
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
    void a38DigitNumberAndABinarySetComeBackByteIdenticalThroughGetAndExportImport()
            throws IOException {
        String table = TestEngine.freshTable("cli-exact");
        byte[] first = {0, 1, 2, (byte) 0xFF};
        byte[] second = {(byte) 0x80, 0x7F};
        String item =
                "{\"pk\": {\"S\": \"exact\"}, \"sk\": {\"S\": \"1\"}, \"amount\": {\"N\": \""
                        + PRECISE
                        + "\"},"
                        + " \"keys\": {\"BS\": [\"AAEC/w==\", \"gH8=\"]}, \"empty\": {\"S\": \"\"}, \"none\": {\"NULL\": true}}";

        Result put = cli("put", "--table", table, "--item", item);
        assertEquals(0, put.exitCode(), put.err());

        Result get =
                cli(
                        "get",
                        "--table",
                        table,
                        "--output",
                        "dynamodb-json",
                        "--key",
                        "{\"pk\": \"exact\", \"sk\": \"1\"}");
        assertEquals(0, get.exitCode(), get.err());
        Item read = ItemJson.DYNAMODB.readItem(get.out().strip());
        assertExact(read, first, second);

        Path export = tempDir.resolve("exact.jsonl");
        Result exported =
                cli(
                        "export",
                        "--table",
                        table,
                        "--format",
                        "dynamodb-json",
                        "--out",
                        export.toString());
        assertEquals(0, exported.exitCode(), exported.err());

        String copy = TestEngine.freshTable("cli-exact-copy");
        Result imported =
                cli(
                        "import",
                        "--table",
                        copy,
                        "--format",
                        "dynamodb-json",
                        "--in",
                        export.toString());
        assertEquals(0, imported.exitCode(), imported.err());

        Result copied =
                cli(
                        "get",
                        "--table",
                        copy,
                        "--output",
                        "dynamodb-json",
                        "--key",
                        "{\"pk\": \"exact\", \"sk\": \"1\"}");
        assertExact(ItemJson.DYNAMODB.readItem(copied.out().strip()), first, second);
        Path reexport = tempDir.resolve("copy.jsonl");
        assertEquals(0, cli("export", "--table", copy, "--out", reexport.toString()).exitCode());
        assertArrayEquals(Files.readAllBytes(export), Files.readAllBytes(reexport));
    }

    private static void assertExact(Item item, byte[] first, byte[] second) {
        assertEquals(PRECISE, ((AttributeValue.Num) item.get("amount").orElseThrow()).text());
        List<AttributeValue.Bin> members =
                ((AttributeValue.BinSet) item.get("keys").orElseThrow()).members();
        assertEquals(2, members.size());
        assertTrue(
                members.stream().anyMatch(b -> Arrays.equals(first, b.bytes())),
                members.toString());
        assertTrue(
                members.stream().anyMatch(b -> Arrays.equals(second, b.bytes())),
                members.toString());
        assertEquals(AttributeValue.s(""), item.get("empty").orElseThrow());
        assertEquals(AttributeValue.nul(), item.get("none").orElseThrow());
    }

    @Test
    void badJsonToPutIsAUsageErrorWithItsPositionAndWritesNothing() {
        String table = TestEngine.freshTable("cli-bad-put");

        Result result =
                cli(
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": {\"S\": \"a\"}, \"sk\": {\"S\": \"b\"}, \"n\": {\"N\": 12}");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("--item: line 1, column"), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertEquals(0, count(table));
    }

    @Test
    void badImportNamesTheLineAndWritesNothing() throws IOException {
        String table = TestEngine.freshTable("cli-bad-import");
        Path input = tempDir.resolve("bad.jsonl");
        Files.writeString(
                input,
                String.join(
                        "\n",
                        "{\"Item\": {\"pk\": {\"S\": \"a\"}, \"sk\": {\"S\": \"1\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"b\"}, \"sk\": {\"S\": \"2\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"c\"}, \"sk\": {\"S\": \"3\"}, \"n\": {\"N\": \"twelve\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"d\"}, \"sk\": {\"S\": \"4\"}}}"));

        Result result = cli("import", "--table", table, "--in", input.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("line 3"), result.err());
        assertTrue(result.err().contains("nothing was imported"), result.err());
        assertEquals(0, count(table));
    }

    @Test
    void importRefusesAMissingKeyAndADuplicateKeyBeforeWriting() throws IOException {
        String table = TestEngine.freshTable("cli-import-keys");
        Path missingKey = tempDir.resolve("missing.jsonl");
        Files.writeString(missingKey, "{\"pk\": \"a\", \"sk\": \"1\"}\n\n{\"pk\": \"b\"}\n");
        Path duplicate = tempDir.resolve("duplicate.jsonl");
        Files.writeString(
                duplicate,
                "{\"pk\": \"a\", \"sk\": \"1\"}\n{\"pk\": \"a\", \"sk\": \"1\", \"x\": 2}\n");

        Result missing =
                cli("import", "--table", table, "--format", "json", "--in", missingKey.toString());
        Result twice =
                cli("import", "--table", table, "--format", "json", "--in", duplicate.toString());

        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(missing.err().contains("line 3: sk: the sort key is missing"), missing.err());
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertTrue(twice.err().contains("line 2: the same key as line 1"), twice.err());
        assertEquals(0, count(table));
    }

    @Test
    void plainJsonImportLoadsEveryLine() throws IOException {
        String table = TestEngine.freshTable("cli-import-plain");
        Path input = tempDir.resolve("plain.jsonl");
        Files.writeString(
                input,
                "{\"pk\": \"a\", \"sk\": \"1\", \"n\": 1.50}\n{\"pk\": \"a\", \"sk\": \"2\", \"tags\": [\"x\"]}\n");

        Result result =
                cli("import", "--table", table, "--format", "json", "--in", input.toString());

        assertEquals(0, result.exitCode(), result.err());
        Result query = cli("query", "--table", table, "--pk", "a");
        assertEquals(
                List.of(
                        ItemJson.PLAIN.readItem("{\"pk\": \"a\", \"sk\": \"1\", \"n\": 1.5}"),
                        ItemJson.PLAIN.readItem(
                                "{\"pk\": \"a\", \"sk\": \"2\", \"tags\": [\"x\"]}")),
                query.items());
    }

    @Test
    void putFromAFileThenExportAsPlainJsonAndCsv() throws IOException {
        String table = TestEngine.freshTable("cli-file");
        Path file = tempDir.resolve("item.json");
        Files.writeString(
                file,
                "{\n  \"pk\": {\"S\": \"p\"},\n  \"sk\": {\"S\": \"s\"},\n"
                        + "  \"tags\": {\"SS\": [\"a\"]},\n  \"author\": {\"M\": {\"name\": {\"S\": \"Mara, \\\"M\\\" Vance\"}}}\n}\n");

        assertEquals(0, cli("put", "--table", table, "--file", file.toString()).exitCode());
        Result json = cli("export", "--table", table, "--format", "json");
        Result csv = cli("export", "--table", table, "--format", "csv");

        assertEquals(
                List.of(
                        ItemJson.PLAIN.readItem(
                                "{\"pk\": \"p\", \"sk\": \"s\", \"tags\": [\"a\"],"
                                        + " \"author\": {\"name\": \"Mara, \\\"M\\\" Vance\"}}")),
                json.items());
        assertTrue(json.err().startsWith("exported 1 items from table"), json.err());
        assertTrue(csv.out().startsWith("pk (S),sk (S),"), csv.out());
        assertEquals(2, csv.out().lines().count(), csv.out());
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

    private static long count(String table) {
        List<Item> items = new ArrayList<>();
        repository.scan(
                ScanSpec.table(table), page -> items.addAll(page.items()), Cancellation.none());
        return items.size();
    }

    /**
     * Runs the CLI against the test engine, the endpoint given as a global option before the verb.
     */
    private static Result cli(String... args) {
        return run(
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new));
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String out, String err) {
        List<Item> items() {
            return out.lines().map(ItemJson.PLAIN::readItem).toList();
        }

        String lastErrLine() {
            List<String> lines = err.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }

        int requests() {
            Matcher matcher = REQUESTS.matcher(lastErrLine());
            assertTrue(matcher.matches(), "the last stderr line is the read statistics: " + err);
            return Integer.parseInt(matcher.group(1));
        }
    }
}
