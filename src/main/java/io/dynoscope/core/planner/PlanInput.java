package io.dynoscope.core.planner;

import java.util.List;
import java.util.Objects;

/**
 * What the planner starts from: the table's name and key attribute names, the entities and the
 * access patterns in the user's words, with their readings.
 */
public record PlanInput(
        String table,
        String partitionKey,
        String sortKey,
        List<EntitySpec> entities,
        List<PatternSpec> patterns) {

    public PlanInput {
        Objects.requireNonNull(table, "table");
        partitionKey = partitionKey == null || partitionKey.isBlank() ? "PK" : partitionKey.strip();
        sortKey = sortKey == null || sortKey.isBlank() ? "SK" : sortKey.strip();
        if (partitionKey.equals(sortKey)) {
            throw new IllegalArgumentException("the partition key and the sort key need two names");
        }
        entities = List.copyOf(entities);
        patterns = List.copyOf(patterns);
    }
}
