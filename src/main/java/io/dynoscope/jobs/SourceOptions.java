package io.dynoscope.jobs;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import java.io.IOException;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Option;

/** What a reading job reads: the live table (its Scan segments) or a DynamoDB export folder. */
final class SourceOptions {

    @Option(
            names = "--from-export",
            paramLabel = "FOLDER",
            description =
                    "Read a DynamoDB export (DYNAMODB_JSON) in this folder or s3://BUCKET/PREFIX"
                            + " instead of the table: no read capacity, no request to DynamoDB.")
    String export;

    @Option(
            names = "--partition-key",
            paramLabel = "NAME",
            description = "The table's partition key, with --from-export (an export lacks it).")
    String partitionKey;

    @Option(names = "--sort-key", paramLabel = "NAME")
    String sortKey;

    @Option(
            names = "--segments",
            paramLabel = "N",
            description = "Scan segments of the live table (default: 4 per Spark task).")
    int segments;

    /** The chosen source, with the table's keys (null when not known) and LSIs. */
    record Chosen(ItemSource source, KeySchema keys, List<SecondaryIndex> localIndexes) {}

    /** The export (reading nothing but its manifests), else the live table (one DescribeTable). */
    Chosen choose(JobMain main, String table, JavaSparkContext spark) throws IOException {
        if (export != null) {
            return new Chosen(
                    ItemSource.ExportFolder.of(main.files(), export),
                    partitionKey == null ? null : KeySchema.of(partitionKey, sortKey),
                    List.of());
        }
        TableInfo info;
        try (DynamoRepository repository = main.connection().open()) {
            info = repository.describeTable(table);
        }
        return new Chosen(
                new ItemSource.LiveTable(
                        main.connection(),
                        table,
                        segments > 0 ? segments : 4 * spark.defaultParallelism()),
                info.keySchema(),
                info.localSecondaryIndexes());
    }
}
