package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynoscope job report}: a migration report (as the migrate job and model migrate write it)
 * read back into model migrate's lines and exit code; other reports printed as they are.
 */
class JobReportCliTest {

    @TempDir Path folder;

    @Test
    void aMigrationReportReadsAsModelMigratePrintedIt() throws IOException {
        String table = MigrationFixture.table("job-report");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(2));
        MigrationFixture.ModelFiles models = MigrationFixture.writeModels(folder, table);
        Path target = models.target();
        Path current = models.current();
        Path report = folder.resolve("report.json");
        CliRun migrated =
                CliRun.cli(
                        "model",
                        "migrate",
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--report",
                        report.toString(),
                        "--yes");
        assertEquals(0, migrated.exitCode(), migrated.err());

        CliRun read = CliRun.cli("job", "report", report.toString());

        assertEquals(0, read.exitCode(), read.err());
        List<String> printed = migrated.out().lines().toList();
        List<String> lines = read.out().lines().toList();
        assertTrue(lines.get(0).startsWith("Migration of table '" + table + "' to "), lines.get(0));
        assertTrue(lines.get(0).contains(": applied and proven in "), lines.get(0));
        for (String prefix : List.of("  backfill: ", "  catch-up pass 1: ", "Proof: ")) {
            assertEquals(line(printed, prefix), line(lines, prefix), prefix);
        }

        Files.writeString(
                report, Files.readString(report).replace("\"PROVEN\"", "\"PROOF_FAILED\""));
        assertEquals(
                ExitCodes.CHECK_FAILED, CliRun.cli("job", "report", report.toString()).exitCode());
    }

    @Test
    void anyOtherReportIsPrintedAsItIs() throws IOException {
        Path report = Files.writeString(folder.resolve("drift.txt"), "updated=0 failed=0\n");

        CliRun read = CliRun.cli("job", "report", report.toString());

        assertEquals(0, read.exitCode(), read.err());
        assertEquals("updated=0 failed=0\n", read.out());
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream()
                .filter(l -> l.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in " + lines));
    }
}
