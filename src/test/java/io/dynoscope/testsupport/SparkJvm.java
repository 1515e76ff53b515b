package io.dynoscope.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A child JVM that runs a Spark application on this JVM's class path (which holds Spark). */
public final class SparkJvm {

    /** What Spark 3.5 needs opened on Java 17. */
    public static final String OPENS =
            "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED"
                    + " --add-opens=java.base/sun.nio.ch=ALL-UNNAMED"
                    + " --add-opens=java.base/java.util=ALL-UNNAMED"
                    + " --add-opens=java.base/java.lang.invoke=ALL-UNNAMED"
                    + " --add-opens=java.base/sun.util.calendar=ALL-UNNAMED"
                    + " --add-opens=java.base/java.io=ALL-UNNAMED"
                    + " --add-opens=java.base/java.net=ALL-UNNAMED"
                    + " --add-opens=java.base/java.util.concurrent=ALL-UNNAMED"
                    + " --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED"
                    + " --add-opens=java.base/sun.nio.cs=ALL-UNNAMED"
                    + " --add-opens=java.base/sun.security.action=ALL-UNNAMED"
                    + " --add-opens=java.base/java.lang.reflect=ALL-UNNAMED";

    private SparkJvm() {}

    /**
     * A SPARK_HOME in {@code folder} whose bin/spark-submit stands in for Spark's launcher: it
     * takes {@code --class C --master M JAR ARGS...} and runs C on this JVM's class path (which
     * holds Spark) with the master set, as spark-submit does with Spark's own jars.
     */
    public static Path standInSparkHome(Path folder) throws IOException {
        Path bin = Files.createDirectories(folder.resolve("spark/bin"));
        Path script = bin.resolve("spark-submit");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "[ \"$1\" = --class ] && [ \"$3\" = --master ] || exit 64\n"
                        + "main=$2; master=$4; shift 5\n"
                        + "exec '"
                        + java()
                        + "' -XX:TieredStopAtLevel=1 "
                        + OPENS
                        + " -Dspark.master=\"$master\" -Dspark.ui.enabled=false"
                        + " -Dspark.driver.host=127.0.0.1 -cp '"
                        + System.getProperty("java.class.path")
                        + "' \"$main\" \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return folder.resolve("spark");
    }

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The command line running {@code mainClass} with {@code args}, Spark's settings given as
     * system properties (as spark-submit passes them) and its web UI off.
     */
    public static List<String> command(
            String mainClass, Map<String, String> settings, List<String> args) {
        List<String> line = new ArrayList<>(List.of(java(), "-XX:TieredStopAtLevel=1"));
        line.addAll(List.of(OPENS.split(" ")));
        line.add("-Dspark.ui.enabled=false");
        line.add("-Dspark.driver.host=127.0.0.1");
        settings.forEach((name, value) -> line.add("-D" + name + "=" + value));
        line.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        line.addAll(args);
        return line;
    }
}
