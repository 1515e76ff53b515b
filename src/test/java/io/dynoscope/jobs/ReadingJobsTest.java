package io.dynoscope.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partitions and export jobs in Spark's local mode: from the live table they give what {@code
 * dynoscope partitions --json} and {@code dynoscope export} give; from a DynamoDB export folder in
 * the service's own layout they give the same and send no request to DynamoDB at all.
 */
class ReadingJobsTest {

    private static final DynamoRepository ENGINE = TestEngine.repository();
    private static String table;
    private static List<Item> items;

    @TempDir static Path shared;
    @TempDir Path folder;

    @BeforeAll
    static void table() throws IOException {
        items = MigrationFixture.items(20);
        table = MigrationFixture.table("job-reading");
        MigrationFixture.load(ENGINE, table, items);
        // as DynamoDB holds them (numbers normalized), which is what an export of it holds
        items = new ArrayList<>(TestEngine.items(table));
        exportFolder(shared.resolve("export"), items);
    }

    @Test
    void partitionsOfTheLiveTableAreTheDesktopReport() throws IOException {
        String desktop = cli("partitions", "--table", table, "--json").trim();

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            Path report = folder.resolve("partitions.json");
            assertEquals(
                    0, job(proxy, "partitions", "--table", table, "--report", report.toString()));
            assertEquals(desktop, Files.readString(report).trim());
            assertTrue(
                    proxy.requests().stream().anyMatch(r -> r.startsWith("Scan")),
                    proxy.requests()::toString);
        }
    }

    @Test
    void partitionsOfAnExportAreTheSameAndReadNoTable() throws IOException {
        String desktop = cli("partitions", "--table", table, "--json").trim();

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            Path report = folder.resolve("partitions.json");
            int exit =
                    job(
                            proxy,
                            "partitions",
                            "--table",
                            table,
                            "--from-export",
                            shared.resolve("export").toString(),
                            "--partition-key",
                            "EntityRef",
                            "--sort-key",
                            "Detail",
                            "--report",
                            report.toString());
            assertEquals(0, exit);
            assertEquals(desktop, Files.readString(report).trim());
            assertEquals(List.of(), proxy.requests(), "no request to DynamoDB");
        }
    }

    @Test
    void anExportOfTheLiveTableHoldsTheLinesOfTheDesktopExport() throws IOException {
        Set<String> desktop =
                new HashSet<>(
                        cli("export", "--table", table, "--format", "dynamodb-json")
                                .lines()
                                .toList());

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            Path out = folder.resolve("parts");
            assertEquals(0, job(proxy, "export", "--table", table, "--out", out.toString()));
            assertEquals(desktop, lines(out));
        }
        assertEquals(items.size(), desktop.size());
    }

    @Test
    void anExportFolderBecomesJsonLinesWithoutReadingTheTable() throws IOException {
        Set<String> desktop =
                new HashSet<>(cli("export", "--table", table, "--format", "json").lines().toList());

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            Path out = folder.resolve("parts");
            int exit =
                    job(
                            proxy,
                            "export",
                            "--table",
                            table,
                            "--from-export",
                            shared.resolve("export").toString(),
                            "--format",
                            "json",
                            "--out",
                            out.toString(),
                            "--progress",
                            folder.resolve("progress.json").toString());
            assertEquals(0, exit);
            assertEquals(desktop, lines(out));
            assertEquals(List.of(), proxy.requests(), "no request to DynamoDB");
            // its counts: every data file read, every item, no read capacity
            JobProgress counts =
                    JobProgress.read(Files.readString(folder.resolve("progress.json")));
            assertEquals(new JobProgress("export", "files", 2, 2, items.size(), 0, 0, 0), counts);
        }
    }

    @Test
    void anExportWithAMissingDataFileIsRefusedNamingTheManifestLine() throws IOException {
        Path broken = folder.resolve("broken");
        exportFolder(broken, items.subList(0, 10));
        try (Stream<Path> files = Files.list(broken.resolve("data"))) {
            Files.delete(files.sorted().findFirst().orElseThrow());
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit =
                JobMain.run(
                        SparkForTests.spark(),
                        System.out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        "partitions",
                        "--table",
                        table,
                        "--from-export",
                        broken.toString(),
                        "--partition-key",
                        "EntityRef");
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, message);
        assertTrue(
                message.contains("manifest-files.json, line 1") && message.contains("missing"),
                message);
    }

    /**
     * {@code items} as ExportTableToPointInTime writes them (DYNAMODB_JSON): two gzipped data files
     * under data/, manifest-files.json with one line per file naming its dataFileS3Key, and
     * manifest-summary.json.
     */
    static void exportFolder(Path export, List<Item> items) throws IOException {
        Files.createDirectories(export.resolve("data"));
        String prefix = "exports/AWSDynamoDB/01700000000000-abcdef12/";
        StringBuilder manifest = new StringBuilder();
        int half = items.size() / 2;
        List<List<Item>> files = List.of(items.subList(0, half), items.subList(half, items.size()));
        for (int f = 0; f < files.size(); f++) {
            String name = "data/q" + f + "abcdefghijklmnop.json.gz";
            try (OutputStream out =
                            new GZIPOutputStream(Files.newOutputStream(export.resolve(name)));
                    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
                for (Item item : files.get(f)) {
                    writer.write(DynamoJsonLines.line(item));
                    writer.write('\n');
                }
            }
            manifest.append(
                    "{\"itemCount\":"
                            + files.get(f).size()
                            + ",\"md5Checksum\":\"x\",\"etag\":\"y\",\"dataFileS3Key\":\""
                            + prefix
                            + name
                            + "\"}\n");
        }
        Files.writeString(export.resolve("manifest-files.json"), manifest);
        Files.writeString(
                export.resolve("manifest-summary.json"),
                "{\"version\":\"2020-06-30\",\"exportArn\":\"arn:aws:dynamodb:us-east-1:1:table/t/export/x\","
                        + "\"startTime\":\"2026-12-07T00:00:00Z\",\"s3Bucket\":\"b\",\"s3Prefix\":\"exports\","
                        + "\"manifestFilesS3Key\":\""
                        + prefix
                        + "manifest-files.json\",\"billedSizeBytes\":0,\"itemCount\":"
                        + items.size()
                        + ",\"outputFormat\":\"DYNAMODB_JSON\",\"exportType\":\"FULL_EXPORT\"}");
    }

    private static Set<String> lines(Path folder) throws IOException {
        Set<String> lines = new HashSet<>();
        try (Stream<Path> parts = Files.list(folder)) {
            for (Path part : parts.toList()) {
                lines.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    private static String cli(String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        all.addAll(List.of(args));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit =
                DynoscopeCli.run(
                        all.toArray(String[]::new),
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        new SdkRepositories());
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int job(GatedEndpoint proxy, String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", proxy.endpoint().toString()));
        all.addAll(List.of(args));
        return JobMain.run(
                SparkForTests.spark(), System.out, System.err, all.toArray(String[]::new));
    }
}
