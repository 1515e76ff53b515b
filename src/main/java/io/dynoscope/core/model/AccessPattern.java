package io.dynoscope.core.model;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.key.KeyTemplate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A read the table is designed for, in the user's words and parameters: "load a workspace and its
 * projects, newest first" is a Query of {@code EntityRef = WS#{workspaceId} AND begins_with(Detail,
 * "PROJ#")}, descending.
 *
 * @param entities the entities it returns
 * @param index the index it reads, or null for the table
 * @param partitionKey the partition-key value as a template (for a Scan: null)
 * @param sortKey the sort-key condition, if any (for a GetItem: EQ with the full sort key)
 * @param newestFirst ScanIndexForward=false
 * @param filter a filter expression text, or null
 * @param limit the Limit sent ("the latest 10"), or 0 for none
 * @param count whether it asks only how many (Select COUNT)
 * @param question what it asks in attribute terms, which the check answers independently; empty for
 *     a model that does not say (the check then reads the question off the request)
 * @param workload the reads per second expected, for findings and cost
 * @param unsure why the reading of the words rests on a guess, one sentence each; empty when the
 *     planner was sure or a person corrected it (the check then calls the pattern "unconfirmed")
 */
public record AccessPattern(
        String name,
        Operation operation,
        List<String> entities,
        String index,
        KeyTemplate partitionKey,
        Optional<SortKeyPattern> sortKey,
        boolean newestFirst,
        String filter,
        int limit,
        boolean count,
        Optional<Question> question,
        Workload workload,
        List<String> unsure) {

    /** The request the pattern is served by. */
    public enum Operation {
        GET_ITEM,
        QUERY,
        SCAN
    }

    /** A sort-key condition whose values are templates; {@code upper} only for BETWEEN. */
    public record SortKeyPattern(
            SortKeyCondition.Operator operator, KeyTemplate value, KeyTemplate upper) {
        public SortKeyPattern {
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(value, "value");
            if ((operator == SortKeyCondition.Operator.BETWEEN) != (upper != null)) {
                throw new IllegalArgumentException(
                        "BETWEEN takes two values; the other operators take one");
            }
        }

        /** A condition of one value, the template {@code value} parsed. */
        public static SortKeyPattern of(SortKeyCondition.Operator operator, String value) {
            return new SortKeyPattern(operator, KeyTemplate.parse(value), null);
        }
    }

    public AccessPattern {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operation, "operation");
        entities = List.copyOf(entities);
        Objects.requireNonNull(sortKey, "sortKey");
        if (operation != Operation.SCAN && partitionKey == null) {
            throw new IllegalArgumentException(
                    "access pattern '" + name + "': a " + operation + " needs a partition key");
        }
        if (limit < 0) {
            throw new IllegalArgumentException(
                    "access pattern '" + name + "': a limit cannot be negative");
        }
        Objects.requireNonNull(question, "question");
        workload = workload == null ? Workload.NONE : workload;
        unsure = unsure == null ? List.of() : List.copyOf(unsure);
    }

    /** A pattern whose reading nobody doubts. */
    public AccessPattern(
            String name,
            Operation operation,
            List<String> entities,
            String index,
            KeyTemplate partitionKey,
            Optional<SortKeyPattern> sortKey,
            boolean newestFirst,
            String filter,
            int limit,
            boolean count,
            Optional<Question> question,
            Workload workload) {
        this(
                name,
                operation,
                entities,
                index,
                partitionKey,
                sortKey,
                newestFirst,
                filter,
                limit,
                count,
                question,
                workload,
                List.of());
    }

    /** A pattern that states only its request: no limit, no count, no question, no workload. */
    public AccessPattern(
            String name,
            Operation operation,
            List<String> entities,
            String index,
            KeyTemplate partitionKey,
            Optional<SortKeyPattern> sortKey,
            boolean newestFirst,
            String filter) {
        this(
                name,
                operation,
                entities,
                index,
                partitionKey,
                sortKey,
                newestFirst,
                filter,
                0,
                false,
                Optional.empty(),
                Workload.NONE);
    }

    /** The same pattern served by another request (the question, limit and workload kept). */
    public AccessPattern servedBy(
            Operation newOperation,
            String newIndex,
            KeyTemplate newPartitionKey,
            Optional<SortKeyPattern> newSortKey,
            boolean newNewestFirst,
            String newFilter) {
        return new AccessPattern(
                name,
                newOperation,
                entities,
                newIndex,
                newPartitionKey,
                newSortKey,
                newNewestFirst,
                newFilter,
                limit,
                count,
                question,
                workload,
                unsure);
    }

    /** The parameters a caller supplies: {@code workspaceId} of {@code WS#{workspaceId}}. */
    public Set<String> parameters() {
        Set<String> names = new LinkedHashSet<>();
        if (partitionKey != null) {
            names.addAll(partitionKey.variables());
        }
        sortKey.ifPresent(
                sk -> {
                    names.addAll(sk.value().variables());
                    if (sk.upper() != null) {
                        names.addAll(sk.upper().variables());
                    }
                });
        return names;
    }
}
