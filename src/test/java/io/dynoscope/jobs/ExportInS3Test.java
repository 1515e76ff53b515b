package io.dynoscope.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.core.item.Item;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.MotoServer;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The reading jobs on a DynamoDB export in S3 (moto's server), in the service's layout under its
 * export prefix: the partitions report and the export's files are the desktop's, written to S3 as
 * well, and not one request goes to DynamoDB (a recording proxy stands in front of the engine).
 */
class ExportInS3Test {

    private static final String BUCKET = "exports-bucket";
    private static final String PREFIX = "exports/AWSDynamoDB/01700000000000-abcdef12/";
    private static final String EXPORT = "s3://" + BUCKET + "/" + PREFIX;

    private static final DynamoRepository ENGINE = TestEngine.repository();
    private static MotoServer moto;
    private static S3Client s3;
    private static String table;

    @TempDir static Path shared;

    @BeforeAll
    static void exportInS3() throws IOException, InterruptedException {
        moto = MotoServer.start("the jobs' s3:// paths are not tested here");
        s3 =
                S3Client.builder()
                        .endpointOverride(moto.endpoint())
                        .forcePathStyle(true)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create("dynoscope", "dynoscope-local")))
                        .build();
        s3.createBucket(r -> r.bucket(BUCKET));
        table = MigrationFixture.table("job-s3");
        MigrationFixture.load(ENGINE, table, MigrationFixture.items(20));
        List<Item> items = new ArrayList<>(TestEngine.items(table));
        Path folder = shared.resolve("export");
        ReadingJobsTest.exportFolder(folder, items);
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String key = PREFIX + folder.relativize(file).toString().replace('\\', '/');
                s3.putObject(r -> r.bucket(BUCKET).key(key), RequestBody.fromFile(file));
            }
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (s3 != null) {
            s3.close();
        }
        if (moto != null) {
            moto.close();
        }
    }

    @Test
    void partitionsOfAnExportInS3AreTheDesktopReportWrittenToS3AndReadNoTable() throws IOException {
        String desktop = cli("partitions", "--table", table, "--json").trim();

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            int exit =
                    job(
                            proxy,
                            "partitions",
                            "--table",
                            table,
                            "--from-export",
                            EXPORT,
                            "--partition-key",
                            "EntityRef",
                            "--sort-key",
                            "Detail",
                            "--report",
                            "s3://" + BUCKET + "/reports/partitions.json");
            assertEquals(0, exit);
            assertEquals(desktop, object("reports/partitions.json").trim());
            assertEquals(List.of(), proxy.requests(), "no request to DynamoDB");
        }
    }

    @Test
    void anExportInS3BecomesJsonLinesPartsInS3WithoutReadingTheTable() throws IOException {
        Set<String> desktop =
                new HashSet<>(cli("export", "--table", table, "--format", "json").lines().toList());

        try (GatedEndpoint proxy = new GatedEndpoint(TestEngine.endpoint())) {
            int exit =
                    job(
                            proxy,
                            "export",
                            "--table",
                            table,
                            "--from-export",
                            EXPORT,
                            "--format",
                            "json",
                            "--out",
                            "s3://" + BUCKET + "/parts");
            assertEquals(0, exit);
            List<S3Object> parts =
                    s3.listObjectsV2(r -> r.bucket(BUCKET).prefix("parts/")).contents();
            assertTrue(!parts.isEmpty(), "no part written");
            Set<String> lines = new HashSet<>();
            for (S3Object part : parts) {
                assertTrue(part.key().matches("parts/part-\\d{5}\\.jsonl?"), part.key());
                lines.addAll(object(part.key()).lines().toList());
            }
            assertEquals(desktop, lines);
            assertEquals(List.of(), proxy.requests(), "no request to DynamoDB");
        }
    }

    @Test
    void aMissingDataFileInS3IsRefusedNamingTheManifestLine() {
        String copy = "broken/";
        for (S3Object object : s3.listObjectsV2(r -> r.bucket(BUCKET).prefix(PREFIX)).contents()) {
            String key = copy + object.key().substring(PREFIX.length());
            if (!key.contains("data/q1")) {
                s3.copyObject(
                        r ->
                                r.sourceBucket(BUCKET)
                                        .sourceKey(object.key())
                                        .destinationBucket(BUCKET)
                                        .destinationKey(key));
            }
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit =
                JobMain.run(
                        SparkForTests.spark(),
                        System.out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        "--endpoint",
                        TestEngine.endpoint().toString(),
                        "--s3-endpoint",
                        moto.endpoint().toString(),
                        "partitions",
                        "--table",
                        table,
                        "--from-export",
                        "s3://" + BUCKET + "/" + copy,
                        "--partition-key",
                        "EntityRef");
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, message);
        assertTrue(
                message.contains("manifest-files.json, line 2")
                        && message.contains("data/q1abcdefghijklmnop.json.gz is missing"),
                message);
    }

    private static String object(String key) {
        return s3.getObjectAsBytes(r -> r.bucket(BUCKET).key(key)).asUtf8String();
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
        List<String> all =
                new ArrayList<>(
                        List.of(
                                "--endpoint",
                                proxy.endpoint().toString(),
                                "--s3-endpoint",
                                moto.endpoint().toString()));
        all.addAll(List.of(args));
        return JobMain.run(
                SparkForTests.spark(), System.out, System.err, all.toArray(String[]::new));
    }
}
