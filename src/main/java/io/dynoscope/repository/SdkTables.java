package io.dynoscope.repository;

import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.TimeToLive;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RepositoryException.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The tables of one connection: listing and describing them (descriptions cached for key names,
 * forgotten when a table changes through here), and their lifecycle: create, delete, TTL and global
 * indexes, each waited on until DynamoDB has made it.
 */
final class SdkTables {

    private static final Duration TABLE_WAIT_TIMEOUT = Duration.ofMinutes(10);

    private final SdkCalls calls;
    private final Map<String, TableInfo> descriptions = new ConcurrentHashMap<>();

    SdkTables(SdkCalls calls) {
        this.calls = calls;
    }

    /**
     * ListTables with at most {@code namesPerRequest} names a page (null for DynamoDB's 100),
     * following every page.
     */
    List<String> listTables(Integer namesPerRequest) {
        List<String> names = new ArrayList<>();
        String start = null;
        do {
            String from = start;
            ListTablesResponse response =
                    calls.call(
                            "ListTables",
                            null,
                            () ->
                                    calls.client()
                                            .listTables(
                                                    r ->
                                                            r.exclusiveStartTableName(from)
                                                                    .limit(namesPerRequest)));
            names.addAll(response.tableNames());
            start = response.lastEvaluatedTableName();
        } while (start != null);
        return names;
    }

    TableInfo describeTable(String table) {
        return describe("DescribeTable", table);
    }

    /**
     * DescribeTable on behalf of {@code operation}, so a missing table is reported as that
     * operation's failure.
     */
    private TableInfo describe(String operation, String table) {
        TableDescription description =
                calls.call(
                                operation,
                                table,
                                () -> calls.client().describeTable(r -> r.tableName(table)))
                        .table();
        TableInfo info = TableDescriptions.toTableInfo(description, timeToLiveAttribute(table));
        descriptions.put(table, info);
        return info;
    }

    /**
     * The TTL attribute, or empty when TTL is off or the engine does not implement
     * DescribeTimeToLive.
     */
    private Optional<String> timeToLiveAttribute(String table) {
        try {
            var ttl =
                    calls.client()
                            .describeTimeToLive(r -> r.tableName(table))
                            .timeToLiveDescription();
            if (ttl != null && ttl.timeToLiveStatus() == TimeToLiveStatus.ENABLED) {
                return Optional.ofNullable(ttl.attributeName());
            }
            return Optional.empty();
        } catch (DynamoDbException notImplementedOrNotAllowed) {
            return Optional.empty();
        }
    }

    /** The table's description as last read, read now on behalf of {@code operation} if never. */
    TableInfo cachedDescription(String operation, String table) {
        TableInfo info = descriptions.get(table);
        return info != null ? info : describe(operation, table);
    }

    void changeTable(TableChange change) {
        String table = change.table();
        String operation = change.operation();
        SdkPojo request = TableRequests.of(change);
        descriptions.remove(table);
        if (request instanceof CreateTableRequest create) {
            calls.call(operation, table, () -> calls.client().createTable(create));
            awaitTable(operation, table, true);
        } else if (request instanceof DeleteTableRequest delete) {
            calls.call(operation, table, () -> calls.client().deleteTable(delete));
            awaitTable(operation, table, false);
        } else if (request instanceof UpdateTimeToLiveRequest ttl) {
            calls.call(operation, table, () -> calls.client().updateTimeToLive(ttl));
        } else {
            UpdateTableRequest update = (UpdateTableRequest) request;
            TableDescription after =
                    calls.call(operation, table, () -> calls.client().updateTable(update))
                            .tableDescription();
            requireIndexChangeTaken(change, after);
            awaitTable(operation, table, true);
            if (change instanceof TableChange.DeleteGlobalIndex) {
                awaitIndexGone(operation, table, ((TableChange.DeleteGlobalIndex) change).index());
            }
        }
        descriptions.remove(table);
    }

    /**
     * DynamoDB answers an index change with the index CREATING or DELETING; an engine that answers
     * without it (dynalite accepts the request and does nothing) is reported, not waited on.
     */
    private static void requireIndexChangeTaken(TableChange change, TableDescription after) {
        if (after == null) {
            return;
        }
        if (change instanceof TableChange.CreateGlobalIndex add) {
            boolean listed =
                    after.globalSecondaryIndexes().stream()
                            .anyMatch(g -> g.indexName().equals(add.index().name()));
            if (!listed) {
                throw indexChangeIgnored(change, "did not add index '" + add.index().name() + "'");
            }
        } else if (change instanceof TableChange.DeleteGlobalIndex remove) {
            boolean stillActive =
                    after.globalSecondaryIndexes().stream()
                            .anyMatch(
                                    g ->
                                            g.indexName().equals(remove.index())
                                                    && "ACTIVE".equals(g.indexStatusAsString()));
            if (stillActive) {
                throw indexChangeIgnored(change, "did not remove index '" + remove.index() + "'");
            }
        }
    }

    private static RepositoryException indexChangeIgnored(TableChange change, String what) {
        return new RepositoryException(
                Kind.VALIDATION,
                change.operation(),
                change.table(),
                "the engine accepted the request but "
                        + what
                        + ": it does not implement adding or removing indexes (dynalite does not;"
                        + " DynamoDB does)",
                null);
    }

    TimeToLive describeTimeToLive(String table) {
        var description =
                calls.call(
                                "DescribeTimeToLive",
                                table,
                                () -> calls.client().describeTimeToLive(r -> r.tableName(table)))
                        .timeToLiveDescription();
        if (description == null || description.timeToLiveStatus() == null) {
            return new TimeToLive("DISABLED", Optional.empty());
        }
        return new TimeToLive(
                description.timeToLiveStatusAsString(),
                Optional.ofNullable(description.attributeName()));
    }

    /** Polls DescribeTable until the index is no longer listed. */
    private void awaitIndexGone(String operation, String table, String index) {
        poll(
                operation,
                table,
                () ->
                        calls
                                .client()
                                .describeTable(r -> r.tableName(table))
                                .table()
                                .globalSecondaryIndexes()
                                .stream()
                                .noneMatch(g -> g.indexName().equals(index)),
                "index '" + index + "' was not removed");
    }

    /** Polls DescribeTable until the table and its indexes are ACTIVE, or until it is gone. */
    private void awaitTable(String operation, String table, boolean untilActive) {
        poll(
                operation,
                table,
                () -> {
                    try {
                        TableDescription d =
                                calls.client().describeTable(r -> r.tableName(table)).table();
                        return untilActive
                                && "ACTIVE".equals(d.tableStatusAsString())
                                && d.globalSecondaryIndexes().stream()
                                        .allMatch(g -> "ACTIVE".equals(g.indexStatusAsString()));
                    } catch (ResourceNotFoundException gone) {
                        return !untilActive;
                    } catch (SdkException e) {
                        throw calls.errors().translate(operation, table, e);
                    }
                },
                "the table did not become " + (untilActive ? "ACTIVE" : "deleted"));
    }

    /** Asks {@code done} until it holds, waiting longer each time; gives up after the timeout. */
    private static void poll(String operation, String table, BooleanSupplier done, String not) {
        long deadline = System.nanoTime() + TABLE_WAIT_TIMEOUT.toNanos();
        long pause = 20;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new RepositoryException(
                        Kind.OTHER,
                        operation,
                        table,
                        not + " within " + TABLE_WAIT_TIMEOUT.toMinutes() + " minutes",
                        null);
            }
            SdkCalls.sleep(operation, table, pause);
            pause = Math.min(pause * 2, 2_000);
        }
    }
}
