package io.dynoscope.service.sandbox;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import java.util.List;

/** Loads the sample data sets the app ships into a table of the user's choosing. */
public final class SampleTables {

    private SampleTables() {}

    /** Creates the table when it is missing and batch-writes every item of the data set. */
    public static BatchResult seed(DynamoRepository repository, Dataset dataset, String tableName) {
        return seed(repository, dataset, tableName, Cancellation.none());
    }

    /**
     * Creates the table when it is missing and batch-writes every item of the data set.
     *
     * @throws IllegalArgumentException when the table exists with other keys than the data set's
     */
    public static BatchResult seed(
            DynamoRepository repository,
            Dataset dataset,
            String tableName,
            Cancellation cancellation) {
        TableDefinition definition = SampleData.definition(dataset, tableName);
        if (repository.listTables().contains(tableName)) {
            TableInfo existing = repository.describeTable(tableName);
            if (!existing.keySchema().equals(definition.keySchema())) {
                throw new IllegalArgumentException(
                        "table '"
                                + tableName
                                + "' has the keys "
                                + describe(existing.keySchema())
                                + " but the "
                                + dataset
                                + " sample needs "
                                + describe(definition.keySchema()));
            }
        } else {
            repository.createTable(definition);
        }
        return repository.batchWrite(tableName, SampleData.items(dataset), List.of(), cancellation);
    }

    /** Batch-writes the second step of the data set into its table (made by {@link #seed}). */
    public static BatchResult seedBulk(
            DynamoRepository repository,
            Dataset dataset,
            String tableName,
            Cancellation cancellation) {
        return repository.batchWrite(
                tableName, SampleData.bulkItems(dataset), List.of(), cancellation);
    }

    private static String describe(KeySchema schema) {
        return "(" + schema.partitionKey() + schema.sortKey().map(sk -> ", " + sk).orElse("") + ")";
    }
}
