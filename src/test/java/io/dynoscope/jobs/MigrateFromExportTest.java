package io.dynoscope.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.OtherApplication;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migrate job's backfill read from a DynamoDB export, then its catch-up passes from the live
 * table: what was changed, added or deleted after the export is right at the end, the proof passes,
 * and the table is the one {@code dynoscope model migrate} leaves on an identical copy.
 */
class MigrateFromExportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DynamoRepository engine = TestEngine.repository();

    @TempDir Path folder;

    @Test
    void changesAfterTheExportAreCaughtUpAndTheTableIsTheDesktops() throws IOException {
        List<Item> items = MigrationFixture.items(8);
        String desktop = MigrationFixture.table("export-desktop");
        String job = MigrationFixture.table("export-spark");
        MigrationFixture.load(engine, desktop, items);
        MigrationFixture.load(engine, job, items);
        List<Item> exported = new ArrayList<>(TestEngine.items(job));
        ReadingJobsTest.exportFolder(folder.resolve("export"), exported);

        // after the export, the same changes to both copies: statuses changed (their computed
        // keys with them), items deleted, a workspace of items added
        List<Key> keys = items.stream().map(MigrationFixture.KEYS::keyOf).toList();
        List<Item> added = MigrationFixture.items(9).subList(items.size(), items.size() + 50);
        for (String table : List.of(desktop, job)) {
            OtherApplication application =
                    new OtherApplication(engine, table, MigrationFixture.byKey(engine, table));
            for (int i = 0; i < keys.size(); i++) {
                if (i % 13 == 5) {
                    application.delete(keys.get(i));
                } else if (i % 7 == 3) {
                    application.changeStatus(keys.get(i));
                }
            }
            MigrationFixture.load(engine, table, added);
        }

        assertEquals(0, desktop(desktop), "the desktop's migration");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = job(job, err, "--from-export", folder.resolve("export").toString());
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));

        Map<String, Item> jobItems = MigrationFixture.byKey(engine, job);
        assertEquals(MigrationFixture.byKey(engine, desktop), jobItems);
        for (Map.Entry<String, Item> item : jobItems.entrySet()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item.getValue()),
                    MigrationFixture.computedIn(item.getValue()),
                    item.getKey());
        }
        JsonNode report = report(job);
        assertEquals("PROVEN", report.path("outcome").asText());
        // the backfill read the export (deleted items included, added ones not), not the table
        assertEquals(exported.size(), report.path("backfill").path("read").asLong());
        assertEquals(
                jobItems.size(), report.path("proof").path("verification").path("read").asLong());
    }

    /**
     * Changes after the export that no write of the migration meets (a workspace renamed, items
     * added already holding their new attributes) make the items' other attributes before (the
     * export's) and after differ with no other writer seen: the comparison says it cannot tell, and
     * the proof passes, as it does on the desktop, which read the table as it was.
     */
    @Test
    void changesTheBackfillNeverMeetsDoNotFailTheProof() throws IOException {
        List<Item> items = MigrationFixture.items(2);
        String job = MigrationFixture.table("export-unseen");
        MigrationFixture.load(engine, job, items);
        ReadingJobsTest.exportFolder(
                folder.resolve("export"), new ArrayList<>(TestEngine.items(job)));

        Item workspace = items.get(0);
        Map<String, AttributeValue> renamed = new LinkedHashMap<>(workspace.attributes());
        renamed.put("name", AttributeValue.s("Renamed after the export"));
        List<Item> later = new ArrayList<>(List.of(Item.of(renamed)));
        for (Item item : MigrationFixture.items(3).subList(items.size(), items.size() + 50)) {
            Map<String, AttributeValue> withKeys = new LinkedHashMap<>(item.attributes());
            withKeys.putAll(MigrationFixture.expectedComputed(item));
            later.add(Item.of(withKeys));
        }
        MigrationFixture.load(engine, job, later);

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = job(job, err, "--from-export", folder.resolve("export").toString());

        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        JsonNode proof = report(job).path("proof");
        assertEquals("NOT_COMPARABLE", proof.path("otherAttributes").asText(), proof.toString());
    }

    private int desktop(String table) throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args =
                new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        args.addAll(List.of("model", "migrate"));
        args.addAll(migrateArgs(table));
        args.addAll(List.of("--yes", "--concurrency", "2"));
        int exit =
                DynoscopeCli.run(
                        args.toArray(String[]::new),
                        new ByteArrayOutputStream(),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        new SdkRepositories());
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        return exit;
    }

    private int job(String table, ByteArrayOutputStream err, String... more) throws IOException {
        List<String> args =
                new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        args.add("migrate");
        args.addAll(migrateArgs(table));
        args.addAll(List.of("--tasks", "2"));
        args.addAll(List.of(more));
        return JobMain.run(
                SparkForTests.spark(),
                System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args.toArray(String[]::new));
    }

    private List<String> migrateArgs(String table) throws IOException {
        Path target = folder.resolve(table + ".json");
        Path current = folder.resolve(table + ".current.json");
        Files.writeString(target, MigrationFixture.forTable(MigrationFixture.TARGET, table));
        Files.writeString(current, MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        return List.of(
                "--table",
                table,
                "--to",
                target.toString(),
                "--from",
                current.toString(),
                "--report",
                folder.resolve(table + ".report.json").toString());
    }

    private JsonNode report(String table) throws IOException {
        return JSON.readTree(folder.resolve(table + ".report.json").toFile());
    }
}
