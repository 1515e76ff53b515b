package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynoscope model infer | export | load | check} against the test engine. */
class ModelCliTest {

    @TempDir Path tempDir;

    private static String resource(String path) throws IOException {
        try (InputStream in = ModelCliTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String seeded(Dataset dataset) {
        String table = TestEngine.uniqueTableName("model-cli-" + dataset.id());
        SampleTables.seed(TestEngine.repository(), dataset, table);
        return table;
    }

    @Test
    void inferPrintsTheModelAndItsEvidence() {
        String table = seeded(Dataset.BLOG);
        Result result = cli("model", "infer", "--table", table);
        assertEquals(ExitCodes.OK, result.exitCode(), result.err());
        ModelDocument document = ModelJson.read(result.out());
        TableDesign design = document.table(table).orElseThrow();
        assertEquals(
                List.of("post", "user"),
                design.model().entities().stream().map(Entity::name).toList());
        assertTrue(result.err().contains("entity user: 4 of 16 sampled items"), result.err());
        assertTrue(result.lastErrLine().startsWith("requests=1 "), result.lastErrLine());
    }

    @Test
    void exportWritesNoSqlWorkbenchsFormatWithTheTablesItems() {
        String table = seeded(Dataset.SAAS);
        Result result =
                cli("model", "export", "--table", table, "--format", "workbench", "--items", "40");
        assertEquals(ExitCodes.OK, result.exitCode(), result.err());
        TableDesign design =
                NoSqlWorkbenchFormat.read(result.out()).document().table(table).orElseThrow();
        assertEquals(40, design.items().size());
        assertEquals(
                List.of("ws", "proj", "projSharded"),
                design.model().entities().stream().map(Entity::name).toList());
        assertTrue(
                result.err()
                        .contains("not in NoSQL Workbench's format: " + table + ": 1 shard groups"),
                result.err());
        assertEquals(
                ExitCodes.USAGE,
                cli("model", "export", "--table", table, "--format", "yaml").exitCode());
    }

    @Test
    void loadCreatesEveryTableOfAWorkbenchFileAndRefusesToLoadOverThem() throws IOException {
        String shop = TestEngine.uniqueTableName("cli-shop");
        String events = TestEngine.uniqueTableName("cli-events");
        String text =
                resource("/io/dynoscope/core/model/workbench-shop.json")
                        .replace("\"TableName\": \"shop\"", "\"TableName\": \"" + shop + "\"")
                        .replace(
                                "\"TableName\": \"shop-events\"",
                                "\"TableName\": \"" + events + "\"");
        Path file = tempDir.resolve("shop.json");
        Files.writeString(file, text);

        Result dryRun = cli("model", "load", file.toString(), "--dry-run");
        assertEquals(ExitCodes.OK, dryRun.exitCode(), dryRun.err());
        assertTrue(dryRun.out().contains("\"TableName\" : \"" + events + "\""), dryRun.out());
        assertFalse(TestEngine.repository().listTables().contains(shop));

        Result loaded = cli("model", "load", file.toString(), "--with-data");
        assertEquals(ExitCodes.OK, loaded.exitCode(), loaded.err());
        assertTrue(loaded.err().contains("created " + shop + "; wrote 8 of 8 items"), loaded.err());
        assertTrue(
                loaded.err().contains("created " + events + "; wrote 3 of 3 items"), loaded.err());
        assertEquals(8, count(shop));

        Result again = cli("model", "load", file.toString(), "--with-data");
        assertEquals(ExitCodes.CONDITION_FAILED, again.exitCode());
        assertTrue(again.err().contains("table '" + shop + "' already exists"), again.err());
        assertEquals(8, count(shop));
    }

    @Test
    void loadChecksTheWholeFileBeforeTheFirstRequest() throws IOException {
        TableDesign saas =
                ModelFiles.read(resource("/io/dynoscope/service/model/saas-model.json"))
                        .document()
                        .tables()
                        .get(0);
        String first = TestEngine.uniqueTableName("cli-load-first");
        TableDesign good = saas.withModel(saas.model().with(b -> b.table(first)));
        TableDesign badName = saas.withModel(saas.model().with(b -> b.table("bad name!")));
        List<Item> twice = new ArrayList<>(good.items());
        twice.add(good.items().get(0).with("extra", AttributeValue.s("second copy")));
        String alone = TestEngine.uniqueTableName("cli-load-twice");
        TableDesign duplicateKeys =
                good.withModel(good.model().with(b -> b.table(alone))).withItems(twice);
        Path twoTables = tempDir.resolve("two-tables.json");
        Files.writeString(
                twoTables,
                ModelJson.write(new ModelDocument("two", "", "", List.of(good, badName))));
        Path duplicates = tempDir.resolve("duplicates.json");
        Files.writeString(duplicates, ModelJson.write(ModelDocument.of(duplicateKeys)));

        Result named = cli("model", "load", twoTables.toString(), "--with-data");
        Result keyed = cli("model", "load", duplicates.toString(), "--with-data");

        assertEquals(ExitCodes.USAGE, named.exitCode(), named.err());
        assertEquals(
                "dynoscope model load: "
                        + twoTables
                        + ": table 'bad name!': table name 'bad name!' must be 3 to 255 letters,"
                        + " digits, '_', '-' or '.'",
                named.err().strip());
        assertEquals(ExitCodes.USAGE, keyed.exitCode(), keyed.err());
        assertTrue(
                keyed.err()
                        .contains(
                                ": item "
                                        + twice.size()
                                        + " of table '"
                                        + alone
                                        + "' has the same key as item 1"),
                keyed.err());
        List<String> tables = TestEngine.repository().listTables();
        assertFalse(tables.contains(first), "the good first table was not created");
        assertFalse(tables.contains(alone), "nothing was created");
    }

    /**
     * Issue 33, item 6: the engine refuses the second table's CreateTable (another writer created a
     * table of that name after the check): the message says the first table was left with all its
     * items and the second not created, and how to finish; {@code --resume} then finishes without
     * writing the first table's items again, and refuses a table holding an item the model has not.
     */
    @Test
    void aSecondTableTheServiceRefusesIsReportedWithWhatWasLeftAndResumeFinishesTheLoad()
            throws IOException {
        TableDesign saas =
                ModelFiles.read(resource("/io/dynoscope/service/model/saas-model.json"))
                        .document()
                        .tables()
                        .get(0);
        String first = TestEngine.uniqueTableName("cli-left-first");
        String second = TestEngine.uniqueTableName("cli-left-second");
        TableDesign one = saas.withModel(saas.model().with(b -> b.table(first)));
        TableDesign two = saas.withModel(saas.model().with(b -> b.table(second)));
        Path file = tempDir.resolve("left.json");
        Files.writeString(
                file, ModelJson.write(new ModelDocument("two", "", "", List.of(one, two))));
        Function<ConnectionSpec, DynamoRepository> otherWriterFirst =
                spec ->
                        new ForwardingRepository(SdkDynamoRepository.connect(spec)) {
                            @Override
                            public void createTable(TableDefinition definition) {
                                if (definition.name().equals(second)) {
                                    TestEngine.repository()
                                            .createTable(
                                                    TableDefinition.simple(second, "id", null));
                                }
                                super.createTable(definition);
                            }
                        };
        List<String> load =
                List.of(
                        "--endpoint",
                        TestEngine.endpoint().toString(),
                        "model",
                        "load",
                        file.toString(),
                        "--with-data");
        List<String> resume = new ArrayList<>(load);
        resume.add("--resume");

        CliRun refused = CliRun.run(Map.of(), otherWriterFirst, load);
        CliRun notThisModels = CliRun.run(Map.of(), null, resume);
        TestEngine.repository().deleteTable(second);
        CliRun finished = CliRun.run(Map.of(), null, resume);
        TestEngine.repository()
                .putItem(
                        first,
                        Item.of(
                                Map.of(
                                        "EntityRef", AttributeValue.s("WS#other"),
                                        "Detail", AttributeValue.s("META"))),
                        null);
        CliRun foreign = CliRun.run(Map.of(), null, resume);

        int items = one.items().size();
        assertEquals(ExitCodes.SERVICE_ERROR, refused.exitCode(), refused.err());
        assertTrue(
                refused.lastErrLine()
                        .endsWith(
                                "; left: table '"
                                        + first
                                        + "' holds "
                                        + items
                                        + " of its "
                                        + items
                                        + " items, table '"
                                        + second
                                        + "' was not created; run the same command with --resume"
                                        + " to finish the load (nothing is written twice), or"
                                        + " delete '"
                                        + first
                                        + "' (dynoscope table delete --table "
                                        + first
                                        + ") to start again"),
                refused.lastErrLine());
        assertTrue(
                refused.lastErrLine()
                        .startsWith(
                                "dynoscope model load: CreateTable on table '"
                                        + second
                                        + "' failed: "),
                refused.lastErrLine());
        assertEquals(ExitCodes.CONDITION_FAILED, notThisModels.exitCode(), notThisModels.err());
        assertTrue(
                notThisModels
                        .err()
                        .contains(
                                "table '"
                                        + second
                                        + "' already exists: it is not a table this model's load"
                                        + " left half-done (its keys are [id], the model's"
                                        + " [EntityRef, Detail])"),
                notThisModels.err());
        assertEquals(ExitCodes.OK, finished.exitCode(), finished.err());
        assertTrue(
                finished.err()
                        .contains(
                                "finished "
                                        + first
                                        + "; wrote 0 of "
                                        + items
                                        + " items in 0 conditional PutItem requests; "
                                        + items
                                        + " were already there"),
                finished.err());
        assertTrue(finished.err().contains("created " + second + "; wrote " + items + " of "));
        assertEquals(items, count(second));
        assertEquals(ExitCodes.CONDITION_FAILED, foreign.exitCode(), foreign.err());
        assertTrue(
                foreign.err().contains("(it holds item WS#other / META, which the model has not)"),
                foreign.err());
        assertEquals(items + 1, count(first));
    }

    @Test
    void checkExitsZeroWhenEveryPatternIsOneRequestAndThreeWhenOneIsNot() throws IOException {
        String table = seeded(Dataset.SAAS);
        Path model = tempDir.resolve("saas.json");
        String text = resource("/io/dynoscope/service/model/saas-model.json");
        Files.writeString(model, text);
        Result ok = cli("model", "check", model.toString(), "--table", table);
        assertEquals(ExitCodes.OK, ok.exitCode(), ok.out() + ok.err());
        assertTrue(ok.out().startsWith("ok   workspace settings: requests=1 "), ok.out());
        assertEquals("4 of 4 access patterns served as designed", ok.lastErrLine());
        assertTrue(
                !ok.err().contains("WARNING"), "the sample's entities share no key: " + ok.err());

        Result json = cli("model", "check", model.toString(), "--table", table, "--json");
        JsonNode report = new ObjectMapper().readTree(json.out());
        assertTrue(report.get("allAsDesigned").asBoolean());
        assertEquals(20, report.get("patterns").get(1).get("returned").asInt());
        assertEquals(1, report.get("patterns").get(1).get("requests").asInt());
        assertEquals(
                "acme",
                report.get("patterns")
                        .get(1)
                        .get("parameters")
                        .get("workspaceId")
                        .get("S")
                        .asText());

        TableDesign saas = ModelFiles.read(text).document().tables().get(0);
        List<AccessPattern> patterns = new ArrayList<>(saas.model().accessPatterns());
        patterns.add(
                new AccessPattern(
                        "every project",
                        AccessPattern.Operation.SCAN,
                        List.of("project"),
                        null,
                        null,
                        Optional.empty(),
                        false,
                        null));
        Path withScan = tempDir.resolve("scan.json");
        Files.writeString(
                withScan,
                ModelJson.write(
                        ModelDocument.of(
                                saas.withModel(
                                        saas.model().with(b -> b.accessPatterns(patterns))))));
        Result failed =
                cli(
                        "model",
                        "check",
                        withScan.toString(),
                        "--table",
                        table,
                        "--param",
                        "workspaceId=beta");
        assertEquals(ExitCodes.CHECK_FAILED, failed.exitCode(), failed.out() + failed.err());
        assertTrue(failed.out().contains("FAIL every project: requests="), failed.out());
        assertTrue(
                failed.out().contains("- a Scan: it read 757 items of the whole table"),
                failed.out());
        assertTrue(
                failed.out()
                        .contains(
                                "ok   a workspace and its projects: requests=1 consumed=0.5 scanned=4 returned=4"),
                failed.out());

        Path overlapping = tempDir.resolve("overlap.json");
        Files.writeString(
                overlapping,
                ModelJson.write(
                        ModelDocument.of(
                                saas.withModel(
                                        saas.model().with(b -> b.entities(withAnyItem(saas)))))));
        Result overlap = cli("model", "check", overlapping.toString(), "--table", table);
        assertTrue(
                overlap.err()
                        .startsWith("WARNING workspace, any item: one item key can match both"),
                overlap.err());
    }

    static final String LIBRARY =
            """
            {
              "table": "Library",
              "entities": [
                { "name": "member", "id": "memberId", "attributes": { "name": "S", "email": "S" } },
                { "name": "book", "id": "isbn", "attributes": { "title": "S", "authorId": "S" } },
                { "name": "loan", "id": "loanId", "belongsTo": "member",
                  "attributes": { "isbn": "S", "status": "S", "loanedAt": "S", "renewals": "L" } }
              ],
              "accessPatterns": [
                "Look up a member by memberId",
                { "words": "List the loans of a given isbn loaned between two dates", "readsPerSecond": 40 }
              ]
            }
            """;

    @Test
    void planPrintsAModelThatLoadsAndPassesItsCheck() throws IOException {
        String table = TestEngine.uniqueTableName("Library");
        Path request = tempDir.resolve("library-plan.json");
        Files.writeString(request, LIBRARY.replace("\"Library\"", "\"" + table + "\""));
        Result planned = cli("model", "plan", request.toString());
        assertEquals(ExitCodes.OK, planned.exitCode(), planned.err());
        assertTrue(
                planned.err()
                        .contains(
                                "read: List the loans of a given isbn loaned between two dates\n"
                                        + "      returns loan (many) · given isbn · range loanedAt"
                                        + " BETWEEN · order none · limit none · along with"
                                        + " nothing"),
                planned.err());
        assertTrue(planned.err().contains("a month on demand"), planned.err());
        assertEquals(
                "2 of 2 access patterns served by one request in the proposal",
                planned.lastErrLine());
        Path model = tempDir.resolve("library-model.json");
        Files.writeString(model, planned.out());
        Result loaded = cli("model", "load", model.toString(), "--with-data");
        assertEquals(ExitCodes.OK, loaded.exitCode(), loaded.err());
        Result checked = cli("model", "check", model.toString(), "--table", table, "--json");
        assertEquals(ExitCodes.OK, checked.exitCode(), checked.out() + checked.err());
        JsonNode between = new ObjectMapper().readTree(checked.out()).get("patterns").get(1);
        assertTrue(between.get("asDesigned").asBoolean());
        assertTrue(between.get("expectedKeys").size() > 0, between.toString());
        assertEquals(between.get("expectedKeys"), between.get("returnedKeys"));
        assertEquals("one request", between.get("reason").asText());
    }

    @Test
    void planRefusesUnknownFieldsWithTheirLineAndColumn() throws IOException {
        Path request = tempDir.resolve("typo.json");
        Files.writeString(request, LIBRARY.replace("\"belongsTo\"", "\"belongTo\""));
        Result refused = cli("model", "plan", request.toString());
        assertEquals(ExitCodes.USAGE, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("\"belongTo\""), refused.err());
        assertTrue(refused.err().contains("line 7, column"), refused.err());
        assertEquals("", refused.out());
    }

    @Test
    void aParameterThatCannotFillAKeySegmentExitsTwoSayingWhy() throws IOException {
        String table = seeded(Dataset.SAAS);
        Path model = tempDir.resolve("saas.json");
        Files.writeString(model, resource("/io/dynoscope/service/model/saas-model.json"));
        Result empty =
                cli(
                        "model",
                        "check",
                        model.toString(),
                        "--table",
                        table,
                        "--param",
                        "workspaceId=");
        assertEquals(ExitCodes.USAGE, empty.exitCode(), empty.err());
        assertTrue(empty.err().contains("parameter workspaceId is empty"), empty.err());
        Result hash =
                cli(
                        "model",
                        "check",
                        model.toString(),
                        "--table",
                        table,
                        "--param",
                        "workspaceId=a#b");
        assertEquals(ExitCodes.USAGE, hash.exitCode(), hash.err());
        assertTrue(hash.err().contains("cannot hold '#'"), hash.err());
        assertFalse(hash.err().contains("NoSuchElementException"), hash.err());
    }

    private static long count(String table) {
        long[] n = {0};
        TestEngine.repository()
                .scan(
                        ScanSpec.table(table),
                        page -> {
                            n[0] += page.items().size();
                            return true;
                        },
                        Cancellation.none());
        return n[0];
    }

    private static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] withEndpoint =
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new);
        int code =
                DynoscopeCli.run(
                        withEndpoint,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String out, String err) {
        String lastErrLine() {
            List<String> lines = err.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    /** The model's entities and one whose templates take any item of a workspace. */
    private static List<Entity> withAnyItem(TableDesign design) {
        List<Entity> entities = new ArrayList<>(design.model().entities());
        entities.add(
                new Entity(
                        "any item",
                        KeyTemplates.of("WS#{workspaceId}", "{detail}"),
                        List.of(),
                        Map.of()));
        return entities;
    }
}
