package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.SparkJvm;
import io.dynoscope.testsupport.TestEngine;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The line {@code job submit --engine spark-submit} prints, run as a cluster runs it: {@code
 * spark-submit} replaced by Spark's own launcher class ({@code java -cp <Spark's jars>
 * org.apache.spark.deploy.SparkSubmit}, which is what bin/spark-submit runs), with the built
 * target/dynoscope-jobs.jar and nothing of ours on the class path, at {@code --master local[2]}. A
 * migration of a small table on the test engine ends proven, item for item as the desktop's.
 *
 * <p>The jar is built by {@code package}, after the test phase: {@code ./mvnw verify} runs this
 * test in a later execution (pom.xml, spark-submit-jar); alone it is skipped until the jar exists.
 */
class SparkSubmitJarTest {

    private static final Path JAR = Path.of("target", "dynoscope-jobs.jar");

    /**
     * What the jobs jar carries itself, kept off the class path so that it must: our classes, the
     * AWS SDK, picocli.
     */
    private static final List<String> CARRIED =
            List.of(
                    "/target/classes",
                    "/target/test-classes",
                    "/software/amazon/",
                    "/info/picocli/",
                    "/org/reactivestreams/");

    @TempDir Path folder;

    @Test
    void thePrintedLineRunThroughSparkSubmitMigratesTheTable() throws Exception {
        assumeTrue(
                Files.isRegularFile(JAR),
                JAR
                        + " is not built: ./mvnw -Pfast package -DskipTests first (verify runs this"
                        + " test after package)");
        String job = MigrationFixture.table("submit-spark");
        String desktop = MigrationFixture.table("submit-desktop");
        List<Item> items = MigrationFixture.items(2);
        MigrationFixture.load(TestEngine.repository(), job, items);
        MigrationFixture.load(TestEngine.repository(), desktop, items);
        assertEquals(0, migrateArgs(desktop, true).exitCode(), "the desktop's migration");

        CliRun printed = migrateArgs(job, false);
        assertEquals(0, printed.exitCode(), printed.err());
        List<String> line = words(printed.out().trim());
        assertEquals("spark-submit", line.get(0), printed.out());
        assertTrue(line.containsAll(List.of("--master", "local[2]")), printed.out());

        List<String> command = new ArrayList<>(List.of(SparkJvm.java(), "-XX:TieredStopAtLevel=1"));
        command.addAll(List.of(SparkJvm.OPENS.split(" ")));
        command.addAll(
                List.of(
                        "-Dspark.ui.enabled=false",
                        "-Dspark.driver.host=127.0.0.1",
                        "-cp",
                        sparkClassPath(),
                        "org.apache.spark.deploy.SparkSubmit"));
        command.addAll(line.subList(1, line.size()));
        Path log = folder.resolve("spark-submit.log");
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        // the job's own lines, through Spark's launcher
        assertTrue(output.contains("report saved to"), output);

        JsonNode report =
                new ObjectMapper().readTree(folder.resolve(job + ".report.json").toFile());
        assertEquals("PROVEN", report.path("outcome").asText(), report.toString());
        assertEquals(
                MigrationFixture.byKey(TestEngine.repository(), desktop),
                MigrationFixture.byKey(TestEngine.repository(), job));
    }

    /** {@code model migrate --yes} on the desktop, or the job's line printed for spark-submit. */
    private CliRun migrateArgs(String table, boolean desktop) throws IOException {
        Path target = folder.resolve(table + ".json");
        Path current = folder.resolve(table + ".current.json");
        Files.writeString(target, MigrationFixture.forTable(MigrationFixture.TARGET, table));
        Files.writeString(current, MigrationFixture.forTable(MigrationFixture.CURRENT, table));
        List<String> args =
                new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        args.addAll(
                desktop
                        ? List.of("model", "migrate", "--yes")
                        : List.of(
                                "job",
                                "submit",
                                "--engine",
                                "spark-submit",
                                "--master",
                                "local[2]",
                                "--jar",
                                JAR.toString(),
                                "migrate"));
        args.addAll(
                List.of(
                        "--table",
                        table,
                        "--to",
                        target.toString(),
                        "--from",
                        current.toString(),
                        "--report",
                        folder.resolve(table + ".report.json").toString()));
        return CliRun.run(Map.of(), null, args);
    }

    /** This JVM's class path without what the jobs jar carries: Spark and its dependencies. */
    private static String sparkClassPath() {
        List<String> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String path = entry.replace('\\', '/');
            if (CARRIED.stream().noneMatch(path::contains)) {
                kept.add(entry);
            }
        }
        assertTrue(kept.stream().anyMatch(e -> e.contains("spark-core")), kept.toString());
        return String.join(File.pathSeparator, kept);
    }

    /** The words of a line as a POSIX shell reads them (only single quotes are printed). */
    private static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(word.toString());
                    word.setLength(0);
                    any = false;
                }
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(word.toString());
        }
        return words;
    }
}
