package io.dynoscope.service.read;

import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import java.util.Objects;

/**
 * The reads of one connection: every Query, Scan, GetItem and fan-out a person asks for, from the
 * read bar, the expression builder, a saved read or the command line, starts here as a {@link
 * ReadRequest} and runs as a {@link ReadSession}.
 */
public final class TableReads {

    private final DynamoRepository repository;

    public TableReads(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /**
     * A read of {@code request}; a Query of a write-sharded key reads its shards as one.
     *
     * @param table the table read, described (its key types type a fan-out's shards)
     * @param model the table's model, whose shard groups name sharded keys, or null
     * @throws IllegalArgumentException when the partition-key value holds a shard range that cannot
     *     be read
     */
    public ReadSession session(ReadRequest request, TableInfo table, TableModel model) {
        String partitionKey =
                request.keyCondition() == null
                        ? table.keySchema().partitionKey()
                        : request.keyCondition().keys().partitionKey();
        return new ReadSession(repository, request, model, table.keyType(partitionKey));
    }
}
