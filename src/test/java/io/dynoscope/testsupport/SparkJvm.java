package io.dynoscope.testsupport;

import java.nio.file.Path;
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
