package io.dynoscope.jobs;

import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.store.DynamoRepository;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A {@link Migration} whose passes run on Spark as the migrate job runs them, for benchmarks
 * outside this package.
 */
public final class SparkMigrations {

    private SparkMigrations() {}

    /**
     * The migrate job's migration: its passes as Spark tasks reaching the table at the endpoint.
     */
    public static Migration of(
            DynamoRepository repository, JavaSparkContext spark, String endpoint) {
        return new Migration(
                repository,
                SparkPasses.runners(
                        spark, new JobConnection(endpoint, null, null, null, null, null)));
    }
}
