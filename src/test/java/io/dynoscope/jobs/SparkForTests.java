package io.dynoscope.jobs;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * One Spark context in local mode for the job tests of a JVM: two worker threads, and up to three
 * attempts per task, so a failed task is retried as on a cluster ({@code local[2,3]}).
 */
final class SparkForTests {

    private static JavaSparkContext spark;

    private SparkForTests() {}

    static synchronized JavaSparkContext spark() {
        if (spark == null) {
            spark =
                    new JavaSparkContext(
                            new SparkConf()
                                    .setMaster("local[2,3]")
                                    .setAppName("dynoscope job tests")
                                    .set("spark.ui.enabled", "false")
                                    .set("spark.driver.host", "127.0.0.1")
                                    .set("spark.driver.bindAddress", "127.0.0.1"));
            Runtime.getRuntime().addShutdownHook(new Thread(spark::stop));
        }
        return spark;
    }
}
