package io.dynoscope.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.SparkJvm;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migrate job killed mid-backfill (its driver's process, SIGKILL) and run again with {@code
 * --resume}: the second run skips the segments the first journalled, writes only the items the
 * first did not, and proves the table.
 */
class MigrateJobResumeTest {

    /** Workspaces of the migration fixture: 50 items each, 4 Scan segments for 2 tasks. */
    private static final int WORKSPACES = 40;

    @TempDir Path folder;

    @AfterEach
    void noHook() {
        JobConnection.taskHook = UnaryOperator.identity();
    }

    @Test
    void aJobKilledMidBackfillResumesFromItsJournalWithoutWritingAnItemTwice() throws Exception {
        List<Item> items = MigrationFixture.items(WORKSPACES);
        String table = MigrationFixture.table("job-killed");
        MigrationFixture.load(TestEngine.repository(), table, items);
        Set<String> needWrite =
                items.stream()
                        .filter(
                                i ->
                                        !MigrationFixture.expectedComputed(i)
                                                .equals(MigrationFixture.computedIn(i)))
                        .map(i -> MigrationFixture.KEYS.keyOf(i).text())
                        .collect(Collectors.toSet());
        MigrationFixture.ModelFiles models = MigrationFixture.writeModels(folder, table);
        Path target = models.target();
        Path current = models.current();
        Path journal = folder.resolve("journal");
        Path report = folder.resolve("report.json");
        List<String> migrate =
                List.of(
                        "migrate",
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--journal",
                        journal.toString(),
                        "--report",
                        report.toString(),
                        "--tasks",
                        "2");

        // one segment per task and wave: 2 waves of 2 segments; the write three quarters in
        // holds its task in the second wave, after the first wave's segments were journalled
        try (GatedEndpoint gate =
                new GatedEndpoint(TestEngine.endpoint(), "UpdateItem", needWrite.size() * 3 / 4)) {
            List<String> args = new ArrayList<>(List.of("--endpoint", gate.endpoint().toString()));
            args.addAll(migrate);
            Process job =
                    new ProcessBuilder(
                                    SparkJvm.command(
                                            JobMain.class.getName(),
                                            Map.of(
                                                    "spark.master",
                                                    "local[2]",
                                                    SparkPasses.SEGMENTS_PER_TASK_AND_WAVE_SETTING,
                                                    "1"),
                                            args))
                            .redirectErrorStream(true)
                            .redirectOutput(folder.resolve("killed.log").toFile())
                            .start();
            try {
                assertTrue(
                        gate.awaitGatedRequest(Duration.ofMinutes(4)),
                        "the job reached the gated write");
                job.destroyForcibly();
                assertTrue(job.waitFor(1, TimeUnit.MINUTES));
            } finally {
                job.destroyForcibly();
                gate.dropGatedRequest();
            }
            assertNotEquals(0, job.exitValue());
        }
        Set<Integer> journalled =
                Files.readAllLines(journal).stream()
                        .filter(l -> l.startsWith("S "))
                        .map(l -> Integer.valueOf(l.split(" ")[1]))
                        .collect(Collectors.toSet());
        assertTrue(
                !journalled.isEmpty() && journalled.size() < 4,
                "segments journalled before the kill: " + journalled);
        assertFalse(Files.exists(report), "the killed job wrote no report");
        Set<String> writtenBefore = new HashSet<>();
        for (Map.Entry<String, Item> item :
                MigrationFixture.byKey(TestEngine.repository(), table).entrySet()) {
            Item now = item.getValue();
            if (needWrite.contains(item.getKey())
                    && MigrationFixture.expectedComputed(now)
                            .equals(MigrationFixture.computedIn(now))) {
                writtenBefore.add(item.getKey());
            }
        }
        assertTrue(
                !writtenBefore.isEmpty() && writtenBefore.size() < needWrite.size(),
                writtenBefore.size() + " of " + needWrite.size() + " written before the kill");

        Map<String, Integer> writes = new ConcurrentHashMap<>();
        Map<Integer, Integer> scans = new ConcurrentHashMap<>();
        JobConnection.taskHook =
                repository ->
                        new ForwardingRepository(repository) {
                            @Override
                            public ReadResult scanSegment(
                                    ScanSpec spec,
                                    int segment,
                                    PageListener listener,
                                    Cancellation cancellation) {
                                scans.merge(segment, 1, Integer::sum);
                                return super.scanSegment(spec, segment, listener, cancellation);
                            }

                            @Override
                            public WriteOutcome updateItem(UpdateSpec update) {
                                WriteOutcome outcome = super.updateItem(update);
                                if (outcome instanceof WriteOutcome.Written) {
                                    writes.merge(update.key().text(), 1, Integer::sum);
                                }
                                return outcome;
                            }
                        };
        List<String> resume =
                new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        resume.addAll(migrate);
        resume.add("--resume");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit =
                JobMain.run(
                        SparkForTests.spark(),
                        System.out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        resume.toArray(String[]::new));

        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals(
                "PROVEN", new ObjectMapper().readTree(report.toFile()).get("outcome").asText());
        // the catch-up and verification passes read every segment, the backfill only the rest
        int everyPass = scans.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int segment = 0; segment < 4; segment++) {
            assertEquals(
                    journalled.contains(segment) ? everyPass - 1 : everyPass,
                    scans.get(segment),
                    "scans of segment " + segment + " " + scans);
        }
        Set<String> writtenAgain = new HashSet<>(writes.keySet());
        writtenAgain.retainAll(writtenBefore);
        assertEquals(Set.of(), writtenAgain, "no item the killed job wrote is written again");
        assertEquals(
                Map.of(),
                writes.entrySet().stream()
                        .filter(e -> e.getValue() > 1)
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
        Set<String> expectedWrites = new HashSet<>(needWrite);
        expectedWrites.removeAll(writtenBefore);
        assertEquals(expectedWrites, writes.keySet(), "the rest is written once each");
        Map<String, Item> after = MigrationFixture.byKey(TestEngine.repository(), table);
        assertEquals(items.size(), after.size());
        for (Item item : after.values()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item), MigrationFixture.computedIn(item));
        }
    }
}
