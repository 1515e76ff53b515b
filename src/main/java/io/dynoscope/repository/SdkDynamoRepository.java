package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.RepositoryException.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The {@link DynamoRepository} over the AWS SDK v2 {@link DynamoDbClient}: the one place that turns
 * Dynoscope's requests into DynamoDB calls and the answers back into Dynoscope's types.
 *
 * <p>Thread-safe; one instance per connection. Table descriptions are cached (for key names) and
 * forgotten when the table is created or deleted through this repository.
 *
 * <p>A projection always includes the key attributes, so every item read can be identified and a
 * limited read can resume after it.
 */
public final class SdkDynamoRepository implements DynamoRepository {

    static final int BATCH_GET_MAX_KEYS = 100;
    static final int BATCH_WRITE_MAX_ITEMS = 25;
    private static final int BATCH_ROUNDS_WITHOUT_PROGRESS = 10;
    private static final long BACKOFF_BASE_MILLIS = 50;
    private static final long BACKOFF_CAP_MILLIS = 5_000;
    private static final Duration TABLE_WAIT_TIMEOUT = Duration.ofMinutes(10);
    // Placeholders the repository adds itself; the #dynoscope prefix keeps them apart from the
    // user's.
    private static final String KEY_PROJECTION_PLACEHOLDER = "#dynoscopeKey";

    private final DynamoDbClient client;
    private final boolean ownsClient;
    private final SdkErrors errors;
    private final Map<String, TableInfo> descriptions = new ConcurrentHashMap<>();
    private final ConnectionSpec connection;
    private final ContributorInsightsReader contributorInsights;
    private CloudWatchClient cloudWatch;

    /** A repository over a client the caller owns and closes. */
    public SdkDynamoRepository(DynamoDbClient client, ConnectionSpec connection) {
        this(client, connection, false);
    }

    private SdkDynamoRepository(
            DynamoDbClient client, ConnectionSpec connection, boolean ownsClient) {
        this.client = Objects.requireNonNull(client, "client");
        this.ownsClient = ownsClient;
        this.connection = connection;
        this.errors = new SdkErrors(connection, endpointName(client, connection), timeouts(client));
        this.contributorInsights = new ContributorInsightsReader(client, this::cloudWatch, errors);
    }

    @Override
    public Optional<ConnectionSpec> connection() {
        return Optional.ofNullable(connection);
    }

    /** A repository with its own client for {@code connection}, closed with the repository. */
    public static SdkDynamoRepository connect(ConnectionSpec connection) {
        return connect(connection, RequestTimeouts.DEFAULT, MfaCodePrompt.NONE);
    }

    /**
     * A repository with its own client for {@code connection}, giving up on a request after these
     * timeouts; a profile that assumes a role with MFA asks {@code mfaPrompt} for the code.
     */
    public static SdkDynamoRepository connect(
            ConnectionSpec connection, RequestTimeouts timeouts, MfaCodePrompt mfaPrompt) {
        return new SdkDynamoRepository(
                DynamoClients.create(connection, timeouts, mfaPrompt), connection, true);
    }

    private static String endpointName(DynamoDbClient client, ConnectionSpec connection) {
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            return endpoint.displayName();
        }
        var configuration = client.serviceClientConfiguration();
        return configuration
                .endpointOverride()
                .map(uri -> ConnectionSpec.masked(uri.toString()))
                .orElseGet(() -> "DynamoDB in " + configuration.region());
    }

    /** The timeouts the client was built with, for messages; the defaults where it has none. */
    private static RequestTimeouts timeouts(DynamoDbClient client) {
        ClientOverrideConfiguration overrides;
        try {
            overrides = client.serviceClientConfiguration().overrideConfiguration();
        } catch (UnsupportedOperationException noConfiguration) {
            return RequestTimeouts.DEFAULT; // a client built by hand (tests) may not say
        }
        Duration call = overrides.apiCallTimeout().orElse(null);
        if (call == null) {
            return RequestTimeouts.DEFAULT;
        }
        return new RequestTimeouts(call, overrides.apiCallAttemptTimeout().orElse(call));
    }

    // ---- tables ----------------------------------------------------------------------------

    @Override
    public List<String> listTables() {
        return listTables(null);
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
                    call(
                            "ListTables",
                            null,
                            () ->
                                    client.listTables(
                                            r ->
                                                    r.exclusiveStartTableName(from)
                                                            .limit(namesPerRequest)));
            names.addAll(response.tableNames());
            start = response.lastEvaluatedTableName();
        } while (start != null);
        return names;
    }

    @Override
    public TableInfo describeTable(String table) {
        return describe("DescribeTable", table);
    }

    /**
     * DescribeTable on behalf of {@code operation}, so a missing table is reported as that
     * operation's failure.
     */
    private TableInfo describe(String operation, String table) {
        TableDescription description =
                call(operation, table, () -> client.describeTable(r -> r.tableName(table))).table();
        TableInfo info = toTableInfo(description, timeToLiveAttribute(table));
        descriptions.put(table, info);
        return info;
    }

    /**
     * The TTL attribute, or empty when TTL is off or the engine does not implement
     * DescribeTimeToLive.
     */
    private Optional<String> timeToLiveAttribute(String table) {
        try {
            var ttl = client.describeTimeToLive(r -> r.tableName(table)).timeToLiveDescription();
            if (ttl != null && ttl.timeToLiveStatus() == TimeToLiveStatus.ENABLED) {
                return Optional.ofNullable(ttl.attributeName());
            }
            return Optional.empty();
        } catch (DynamoDbException notImplementedOrNotAllowed) {
            return Optional.empty();
        }
    }

    private TableInfo cachedDescription(String operation, String table) {
        TableInfo info = descriptions.get(table);
        return info != null ? info : describe(operation, table);
    }

    private static TableInfo toTableInfo(TableDescription d, Optional<String> ttlAttribute) {
        Map<String, String> types = new LinkedHashMap<>();
        d.attributeDefinitions()
                .forEach(a -> types.put(a.attributeName(), a.attributeTypeAsString()));
        List<TableInfo.IndexInfo> globals = new ArrayList<>();
        for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
            globals.add(
                    new TableInfo.IndexInfo(
                            g.indexName(),
                            true,
                            keySchema(g.keySchema()),
                            g.projection().projectionTypeAsString(),
                            g.projection().nonKeyAttributes(),
                            g.indexStatusAsString(),
                            orZero(g.itemCount())));
        }
        List<TableInfo.IndexInfo> locals = new ArrayList<>();
        for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
            locals.add(
                    new TableInfo.IndexInfo(
                            l.indexName(),
                            false,
                            keySchema(l.keySchema()),
                            l.projection().projectionTypeAsString(),
                            l.projection().nonKeyAttributes(),
                            d.tableStatusAsString(),
                            orZero(l.itemCount())));
        }
        String billing =
                d.billingModeSummary() == null || d.billingModeSummary().billingMode() == null
                        ? BillingMode.PROVISIONED.toString()
                        : d.billingModeSummary().billingModeAsString();
        Optional<String> stream =
                d.streamSpecification() != null
                                && Boolean.TRUE.equals(d.streamSpecification().streamEnabled())
                        ? Optional.ofNullable(d.streamSpecification().streamViewTypeAsString())
                        : Optional.empty();
        return new TableInfo(
                d.tableName(),
                d.tableStatusAsString(),
                keySchema(d.keySchema()),
                types,
                globals,
                locals,
                billing,
                orZero(d.itemCount()),
                orZero(d.tableSizeBytes()),
                ttlAttribute,
                stream,
                provisioned(billing, d));
    }

    /** The capacity of a provisioned table; null on demand or when the engine does not say. */
    private static TableDefinition.Billing provisioned(String billing, TableDescription d) {
        if (!BillingMode.PROVISIONED.toString().equals(billing)
                || d.provisionedThroughput() == null) {
            return null;
        }
        long read = orZero(d.provisionedThroughput().readCapacityUnits());
        long write = orZero(d.provisionedThroughput().writeCapacityUnits());
        return read > 0 && write > 0 ? TableDefinition.Billing.provisioned(read, write) : null;
    }

    private static long orZero(Long value) {
        return value == null ? 0 : value;
    }

    private static KeySchema keySchema(List<KeySchemaElement> elements) {
        String partition = null;
        String sort = null;
        for (KeySchemaElement e : elements) {
            if (e.keyType() == KeyType.HASH) {
                partition = e.attributeName();
            } else if (e.keyType() == KeyType.RANGE) {
                sort = e.attributeName();
            }
        }
        return KeySchema.of(partition, sort);
    }

    @Override
    public void createTable(TableDefinition definition) {
        changeTable(new TableChange.CreateTable(definition));
    }

    @Override
    public void deleteTable(String table) {
        changeTable(new TableChange.DeleteTable(table));
    }

    @Override
    public String requestText(TableChange change) {
        return TableRequests.text(change);
    }

    @Override
    public void changeTable(TableChange change) {
        String table = change.table();
        String operation = change.operation();
        SdkPojo request = TableRequests.of(change);
        descriptions.remove(table);
        if (request instanceof CreateTableRequest create) {
            call(operation, table, () -> client.createTable(create));
            awaitTable(operation, table, true);
        } else if (request instanceof DeleteTableRequest delete) {
            call(operation, table, () -> client.deleteTable(delete));
            awaitTable(operation, table, false);
        } else if (request instanceof UpdateTimeToLiveRequest ttl) {
            call(operation, table, () -> client.updateTimeToLive(ttl));
        } else {
            UpdateTableRequest update = (UpdateTableRequest) request;
            TableDescription after =
                    call(operation, table, () -> client.updateTable(update)).tableDescription();
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

    @Override
    public TimeToLive describeTimeToLive(String table) {
        var description =
                call(
                                "DescribeTimeToLive",
                                table,
                                () -> client.describeTimeToLive(r -> r.tableName(table)))
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
        long deadline = System.nanoTime() + TABLE_WAIT_TIMEOUT.toNanos();
        long pause = 20;
        while (client
                .describeTable(r -> r.tableName(table))
                .table()
                .globalSecondaryIndexes()
                .stream()
                .anyMatch(g -> g.indexName().equals(index))) {
            if (System.nanoTime() > deadline) {
                throw new RepositoryException(
                        Kind.OTHER,
                        operation,
                        table,
                        "index '"
                                + index
                                + "' was not removed within "
                                + TABLE_WAIT_TIMEOUT.toMinutes()
                                + " minutes",
                        null);
            }
            sleep(operation, table, pause);
            pause = Math.min(pause * 2, 2_000);
        }
    }

    /** Polls DescribeTable until the table and its indexes are ACTIVE, or until it is gone. */
    private void awaitTable(String operation, String table, boolean untilActive) {
        long deadline = System.nanoTime() + TABLE_WAIT_TIMEOUT.toNanos();
        long pause = 20;
        while (true) {
            try {
                TableDescription d = client.describeTable(r -> r.tableName(table)).table();
                boolean indexesActive =
                        d.globalSecondaryIndexes().stream()
                                .allMatch(g -> "ACTIVE".equals(g.indexStatusAsString()));
                if (untilActive && "ACTIVE".equals(d.tableStatusAsString()) && indexesActive) {
                    return;
                }
            } catch (ResourceNotFoundException gone) {
                if (!untilActive) {
                    return;
                }
            } catch (SdkException e) {
                throw errors.translate(operation, table, e);
            }
            if (System.nanoTime() > deadline) {
                throw new RepositoryException(
                        Kind.OTHER,
                        operation,
                        table,
                        "the table did not become "
                                + (untilActive ? "ACTIVE" : "deleted")
                                + " within "
                                + TABLE_WAIT_TIMEOUT.toMinutes()
                                + " minutes",
                        null);
            }
            sleep(operation, table, pause);
            pause = Math.min(pause * 2, 2_000);
        }
    }

    // ---- reads -----------------------------------------------------------------------------

    @Override
    public ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
        String table = spec.table();
        Placeholders placeholders = new Placeholders("Query", table);
        placeholders.add(spec.keyCondition());
        placeholders.add(spec.filter());
        String projection =
                projectionWithKeys(spec.projection(), table, spec.index(), placeholders);

        QueryRequest.Builder base =
                QueryRequest.builder()
                        .tableName(table)
                        .indexName(spec.index())
                        .keyConditionExpression(spec.keyCondition().text())
                        .filterExpression(spec.filter() == null ? null : spec.filter().text())
                        .projectionExpression(projection)
                        .scanIndexForward(spec.scanForward())
                        .consistentRead(spec.consistentRead() ? Boolean.TRUE : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        placeholders.applyTo(base::expressionAttributeNames, base::expressionAttributeValues);
        QueryRequest template = base.build();

        PagedRead read =
                new PagedRead(
                        "Query",
                        table,
                        (segment, startKey, requestLimit) -> {
                            QueryResponse response =
                                    client.query(
                                            template.toBuilder()
                                                    .exclusiveStartKey(startKey)
                                                    .limit(requestLimit)
                                                    .build());
                            return new PagedRead.Response(
                                    response.items(),
                                    orZero(response.scannedCount()),
                                    response.lastEvaluatedKey(),
                                    capacity(response.consumedCapacity()));
                        },
                        errors,
                        spec.limit(),
                        spec.pageSize(),
                        spec.filter() != null,
                        () ->
                                PagedRead.resumeKeyAttributes(
                                        cachedDescription("Query", table), spec.index()),
                        listener,
                        cancellation);
        return read.runSingle(spec.exclusiveStartKey());
    }

    @Override
    public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        if (spec.segments() > ScanSpec.MAX_LOCAL_SEGMENTS
                && connection instanceof ConnectionSpec.Endpoint endpoint
                && endpoint.isLocalEngine()) {
            throw new IllegalArgumentException(
                    String.format(
                            Locale.ROOT,
                            "a local engine reads at most %,d parallel Scan segments correctly"
                                    + " (dynalite divides a table into %,d hash ranges; more"
                                    + " segments would return items twice), not %,d; on AWS the"
                                    + " limit is %,d",
                            ScanSpec.MAX_LOCAL_SEGMENTS,
                            ScanSpec.MAX_LOCAL_SEGMENTS,
                            spec.segments(),
                            ScanSpec.MAX_SEGMENTS));
        }
        PagedRead read = scanRead(spec, listener, cancellation);
        return spec.segments() > 1
                ? read.runParallel(spec.segments())
                : read.runSingle(spec.exclusiveStartKey());
    }

    private PagedRead scanRead(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        String table = spec.table();
        Placeholders placeholders = new Placeholders("Scan", table);
        placeholders.add(spec.filter());
        String projection =
                projectionWithKeys(spec.projection(), table, spec.index(), placeholders);
        ScanRequest.Builder base =
                ScanRequest.builder()
                        .tableName(table)
                        .indexName(spec.index())
                        .filterExpression(spec.filter() == null ? null : spec.filter().text())
                        .projectionExpression(projection)
                        .consistentRead(spec.consistentRead() ? Boolean.TRUE : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (spec.segments() > 1) {
            base.totalSegments(spec.segments());
        }
        placeholders.applyTo(base::expressionAttributeNames, base::expressionAttributeValues);
        ScanRequest template = base.build();
        boolean parallel = spec.segments() > 1;

        return new PagedRead(
                "Scan",
                table,
                (segment, startKey, requestLimit) -> {
                    ScanRequest.Builder request =
                            template.toBuilder().exclusiveStartKey(startKey).limit(requestLimit);
                    if (parallel) {
                        request.segment(segment);
                    }
                    ScanResponse response = client.scan(request.build());
                    return new PagedRead.Response(
                            response.items(),
                            orZero(response.scannedCount()),
                            response.lastEvaluatedKey(),
                            capacity(response.consumedCapacity()));
                },
                errors,
                spec.limit(),
                spec.pageSize(),
                spec.filter() != null,
                () -> PagedRead.resumeKeyAttributes(cachedDescription("Scan", table), spec.index()),
                listener,
                cancellation);
    }

    @Override
    public ReadResult scanSegment(
            ScanSpec spec, int segment, PageListener listener, Cancellation cancellation) {
        if (spec.segments() < 2 || segment < 0 || segment >= spec.segments()) {
            throw new IllegalArgumentException(
                    "segment " + segment + " of a Scan in " + spec.segments() + " segments");
        }
        return scanRead(spec, listener, cancellation).runSegment(segment, null);
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    /**
     * The user's projection plus the key attributes it leaves out, so every returned item can be
     * identified and a read cut short by its limit can resume from the last item's key.
     */
    private String projectionWithKeys(
            CompiledExpression projection, String table, String index, Placeholders placeholders) {
        if (projection == null) {
            return null;
        }
        placeholders.add(projection);
        List<String> projected = new ArrayList<>();
        for (String path : projection.text().split(",")) {
            String trimmed = path.strip();
            projected.add(
                    trimmed.startsWith("#")
                            ? projection.names().getOrDefault(trimmed, trimmed)
                            : trimmed);
        }
        StringBuilder expression = new StringBuilder(projection.text());
        int added = 0;
        for (String keyName :
                PagedRead.resumeKeyAttributes(
                        cachedDescription(placeholders.operation, table), index)) {
            if (!projected.contains(keyName)) {
                String placeholder = KEY_PROJECTION_PLACEHOLDER + added++;
                placeholders.name(placeholder, keyName);
                expression.append(", ").append(placeholder);
            }
        }
        return expression.toString();
    }

    private static double capacity(ConsumedCapacity consumed) {
        return consumed == null || consumed.capacityUnits() == null ? 0 : consumed.capacityUnits();
    }

    private static double capacity(List<ConsumedCapacity> consumed) {
        return consumed == null
                ? 0
                : consumed.stream().mapToDouble(SdkDynamoRepository::capacity).sum();
    }

    @Override
    public GetResult getItem(String table, Key key, boolean consistentRead) {
        long started = System.nanoTime();
        GetItemResponse response =
                call(
                        "GetItem",
                        table,
                        () ->
                                client.getItem(
                                        r ->
                                                r.tableName(table)
                                                        .key(SdkConversions.toSdk(key))
                                                        .consistentRead(consistentRead)
                                                        .returnConsumedCapacity(
                                                                ReturnConsumedCapacity.TOTAL)));
        Optional<Item> item =
                response.hasItem() && !response.item().isEmpty()
                        ? Optional.of(SdkConversions.item(response.item()))
                        : Optional.empty();
        int count = item.isPresent() ? 1 : 0;
        return new GetResult(
                item,
                new ReadStatistics(
                        1,
                        capacity(response.consumedCapacity()),
                        count,
                        count,
                        Duration.ofNanos(System.nanoTime() - started)));
    }

    @Override
    public ReadResult executeStatement(
            String statement, PageListener listener, Cancellation cancellation) {
        long started = System.nanoTime();
        int requests = 0;
        double consumed = 0;
        long returned = 0;
        String nextToken = null;
        boolean stopped = false;
        do {
            if (cancellation.isCancelled()) {
                stopped = true;
                break;
            }
            String token = nextToken;
            ExecuteStatementResponse response =
                    call(
                            "ExecuteStatement",
                            null,
                            () ->
                                    client.executeStatement(
                                            r ->
                                                    r.statement(statement)
                                                            .nextToken(token)
                                                            .returnConsumedCapacity(
                                                                    ReturnConsumedCapacity.TOTAL)));
            requests++;
            List<Item> items = new ArrayList<>(response.items().size());
            response.items().forEach(i -> items.add(SdkConversions.item(i)));
            double capacity = capacity(response.consumedCapacity());
            consumed += capacity;
            returned += items.size();
            nextToken = response.nextToken();
            if (!listener.onPage(new Page(items, items.size(), null, capacity, 0))) {
                stopped = nextToken != null;
                break;
            }
        } while (nextToken != null);
        return new ReadResult(
                new ReadStatistics(
                        requests,
                        consumed,
                        returned,
                        returned,
                        Duration.ofNanos(System.nanoTime() - started)),
                null,
                stopped);
    }

    // ---- contributor insights --------------------------------------------------------------

    @Override
    public ContributorInsights contributorInsights(String table, Duration window) {
        if (connection instanceof ConnectionSpec.Endpoint) {
            return ContributorInsights.unavailable(
                    ContributorInsights.UNAVAILABLE,
                    "Contributor Insights is a CloudWatch feature of DynamoDB on AWS; a local engine has none");
        }
        return contributorInsights.read(table, window);
    }

    /** CloudWatch in the DynamoDB client's region with its credentials, made on first use. */
    private synchronized CloudWatchClient cloudWatch() {
        if (cloudWatch == null) {
            var configuration = client.serviceClientConfiguration();
            cloudWatch =
                    CloudWatchClient.builder()
                            .region(configuration.region())
                            .credentialsProvider(configuration.credentialsProvider())
                            .httpClientBuilder(ApacheHttpClient.builder())
                            .build();
        }
        return cloudWatch;
    }

    // ---- single writes ---------------------------------------------------------------------

    @Override
    public WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
        return conditionalWrite(
                "PutItem",
                table,
                PutItemRequest.builder().item(SdkConversions.toSdk(item)),
                request -> client.putItem(request.build()),
                condition);
    }

    @Override
    public WriteOutcome updateItem(UpdateSpec update) {
        var request =
                UpdateItemRequest.builder()
                        .key(SdkConversions.toSdk(update.key()))
                        .updateExpression(update.update().text());
        return conditionalWrite(
                "UpdateItem",
                update.table(),
                request,
                built -> client.updateItem(built.build()),
                update.condition(),
                update.update());
    }

    @Override
    public WriteOutcome deleteItem(String table, Key key, CompiledExpression condition) {
        return conditionalWrite(
                "DeleteItem",
                table,
                DeleteItemRequest.builder().key(SdkConversions.toSdk(key)),
                request -> client.deleteItem(request.build()),
                condition);
    }

    /** DynamoDB's size estimate of the written item's collection, when it gave one. */
    static Optional<WriteOutcome.ItemCollectionSize> itemCollection(ItemCollectionMetrics metrics) {
        if (metrics == null
                || !metrics.hasItemCollectionKey()
                || !metrics.hasSizeEstimateRangeGB()
                || metrics.sizeEstimateRangeGB().size() < 2) {
            return Optional.empty();
        }
        var key = metrics.itemCollectionKey().values().iterator().next();
        return Optional.of(
                new WriteOutcome.ItemCollectionSize(
                        SdkConversions.fromSdk(key),
                        metrics.sizeEstimateRangeGB().get(0),
                        metrics.sizeEstimateRangeGB().get(1)));
    }

    /** What every single write asks back, by the SDK's member names. */
    private static final Map<String, String> ASKED_BACK =
            Map.of(
                    "ReturnValues", ReturnValue.ALL_OLD.toString(),
                    "ReturnValuesOnConditionCheckFailure",
                            ReturnValuesOnConditionCheckFailure.ALL_OLD.toString(),
                    "ReturnConsumedCapacity", ReturnConsumedCapacity.TOTAL.toString(),
                    "ReturnItemCollectionMetrics", ReturnItemCollectionMetrics.SIZE.toString());

    /**
     * The one template of PutItem, UpdateItem and DeleteItem. Their request builders and responses
     * share no SDK type naming their common members, so the template sets and reads those through
     * the SDK's own field descriptions: the table, the condition, the placeholders of every
     * expression, and what every single write asks back (the old item, also when the condition
     * refuses the write; the capacity used; the item collection's size). A refused condition
     * becomes the item that refused it.
     */
    private <B extends SdkPojo> WriteOutcome conditionalWrite(
            String operation,
            String table,
            B request,
            Function<B, ? extends SdkPojo> send,
            CompiledExpression condition,
            CompiledExpression... others) {
        Placeholders placeholders = new Placeholders(operation, table);
        for (CompiledExpression expression : others) {
            placeholders.add(expression);
        }
        placeholders.add(condition);
        Map<String, Object> members = new HashMap<>(ASKED_BACK);
        members.put("TableName", table);
        members.put("ConditionExpression", condition == null ? null : condition.text());
        members.put("ExpressionAttributeNames", placeholders.namesOrNull());
        members.put("ExpressionAttributeValues", placeholders.valuesOrNull());
        request.sdkFields().stream()
                .filter(field -> members.containsKey(field.memberName()))
                .forEach(field -> field.set(request, members.get(field.memberName())));
        try {
            SdkPojo response = send.apply(request);
            Map<String, Object> answer = new HashMap<>();
            response.sdkFields()
                    .forEach(
                            field ->
                                    answer.put(
                                            field.memberName(), field.getValueOrDefault(response)));
            @SuppressWarnings("unchecked")
            var old = (Map<String, AttributeValue>) answer.get("Attributes");
            return new WriteOutcome.Written(
                    old == null || old.isEmpty() ? null : SdkConversions.item(old),
                    capacity((ConsumedCapacity) answer.get("ConsumedCapacity")),
                    itemCollection((ItemCollectionMetrics) answer.get("ItemCollectionMetrics")));
        } catch (ConditionalCheckFailedException failed) {
            Item current =
                    failed.hasItem() && !failed.item().isEmpty()
                            ? SdkConversions.item(failed.item())
                            : null;
            String message =
                    failed.awsErrorDetails() == null
                            ? failed.getMessage()
                            : failed.awsErrorDetails().errorMessage();
            return new WriteOutcome.ConditionFailed(current, message, 0);
        } catch (SdkException e) {
            throw errors.translate(operation, table, e);
        }
    }

    // ---- batches ---------------------------------------------------------------------------

    @Override
    public BatchResult batchGet(String table, List<Key> keys, Cancellation cancellation) {
        List<Key> distinct = List.copyOf(new LinkedHashSet<>(keys));
        List<Item> items = new ArrayList<>();
        int processed = 0;
        int requests = 0;
        double consumed = 0;
        for (int from = 0;
                from < distinct.size() && !cancellation.isCancelled();
                from += BATCH_GET_MAX_KEYS) {
            List<Map<String, AttributeValue>> pending =
                    distinct
                            .subList(from, Math.min(from + BATCH_GET_MAX_KEYS, distinct.size()))
                            .stream()
                            .map(SdkConversions::toSdk)
                            .toList();
            int roundsWithoutProgress = 0;
            while (!pending.isEmpty() && !cancellation.isCancelled()) {
                List<Map<String, AttributeValue>> asked = pending;
                BatchGetItemResponse response =
                        call(
                                "BatchGetItem",
                                table,
                                () ->
                                        client.batchGetItem(
                                                r ->
                                                        r.requestItems(
                                                                        Map.of(
                                                                                table,
                                                                                KeysAndAttributes
                                                                                        .builder()
                                                                                        .keys(asked)
                                                                                        .build()))
                                                                .returnConsumedCapacity(
                                                                        ReturnConsumedCapacity
                                                                                .TOTAL)));
                requests++;
                consumed += capacity(response.consumedCapacity());
                response.responses()
                        .getOrDefault(table, List.of())
                        .forEach(i -> items.add(SdkConversions.item(i)));
                KeysAndAttributes unprocessed = response.unprocessedKeys().get(table);
                pending = unprocessed == null ? List.of() : unprocessed.keys();
                processed += asked.size() - pending.size();
                roundsWithoutProgress =
                        pending.size() < asked.size() ? 0 : roundsWithoutProgress + 1;
                if (!pending.isEmpty()) {
                    backOff("BatchGetItem", table, roundsWithoutProgress);
                }
            }
        }
        return new BatchResult(items, processed, requests, consumed);
    }

    @Override
    public BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation cancellation) {
        List<WriteRequest> writes = new ArrayList<>(puts.size() + deletes.size());
        puts.forEach(
                item ->
                        writes.add(
                                WriteRequest.builder()
                                        .putRequest(
                                                PutRequest.builder()
                                                        .item(SdkConversions.toSdk(item))
                                                        .build())
                                        .build()));
        deletes.forEach(
                key ->
                        writes.add(
                                WriteRequest.builder()
                                        .deleteRequest(
                                                DeleteRequest.builder()
                                                        .key(SdkConversions.toSdk(key))
                                                        .build())
                                        .build()));
        int processed = 0;
        int requests = 0;
        double consumed = 0;
        for (int from = 0;
                from < writes.size() && !cancellation.isCancelled();
                from += BATCH_WRITE_MAX_ITEMS) {
            List<WriteRequest> pending =
                    writes.subList(from, Math.min(from + BATCH_WRITE_MAX_ITEMS, writes.size()));
            int roundsWithoutProgress = 0;
            while (!pending.isEmpty() && !cancellation.isCancelled()) {
                List<WriteRequest> sent = pending;
                BatchWriteItemResponse response =
                        call(
                                "BatchWriteItem",
                                table,
                                () ->
                                        client.batchWriteItem(
                                                r ->
                                                        r.requestItems(Map.of(table, sent))
                                                                .returnConsumedCapacity(
                                                                        ReturnConsumedCapacity
                                                                                .TOTAL)));
                requests++;
                consumed += capacity(response.consumedCapacity());
                pending = response.unprocessedItems().getOrDefault(table, List.of());
                processed += sent.size() - pending.size();
                roundsWithoutProgress =
                        pending.size() < sent.size() ? 0 : roundsWithoutProgress + 1;
                if (!pending.isEmpty()) {
                    backOff("BatchWriteItem", table, roundsWithoutProgress);
                }
            }
        }
        return new BatchResult(List.of(), processed, requests, consumed);
    }

    /**
     * Waits before resending unprocessed items: exponential in the rounds without progress, capped,
     * with "equal jitter" so concurrent writers spread out. Gives up when nothing gets through.
     */
    private void backOff(String operation, String table, int roundsWithoutProgress) {
        if (roundsWithoutProgress >= BATCH_ROUNDS_WITHOUT_PROGRESS) {
            throw new RepositoryException(
                    Kind.THROTTLED,
                    operation,
                    table,
                    "DynamoDB left items unprocessed in "
                            + roundsWithoutProgress
                            + " requests in a row; the table is throttled, try again later",
                    null);
        }
        long ceiling =
                Math.min(
                        BACKOFF_CAP_MILLIS,
                        BACKOFF_BASE_MILLIS << Math.min(roundsWithoutProgress, 16));
        long half = ceiling / 2;
        sleep(operation, table, half + ThreadLocalRandom.current().nextLong(half + 1));
    }

    // ---- plumbing --------------------------------------------------------------------------

    private <T> T call(String operation, String table, Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw errors.translate(operation, table, e);
        }
    }

    private static void sleep(String operation, String table, long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RepositoryException(
                    Kind.OTHER, operation, table, "interrupted while waiting", e);
        }
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
        synchronized (this) {
            if (cloudWatch != null) {
                cloudWatch.close();
                cloudWatch = null;
            }
        }
    }

    /**
     * The {@code #name} and {@code :value} maps of one request, merged from its expressions. The
     * same placeholder may appear in several expressions only if it stands for the same thing.
     */
    private static final class Placeholders {
        private final String operation;
        private final String table;
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Map<String, AttributeValue> values = new LinkedHashMap<>();
        private final Map<String, io.dynoscope.core.item.AttributeValue> givenValues =
                new LinkedHashMap<>();

        Placeholders(String operation, String table) {
            this.operation = operation;
            this.table = table;
        }

        void add(CompiledExpression expression) {
            if (expression != null) {
                expression.names().forEach(this::name);
                expression.values().forEach(this::value);
            }
        }

        void name(String placeholder, String attribute) {
            String previous = names.putIfAbsent(placeholder, attribute);
            if (previous != null && !previous.equals(attribute)) {
                throw conflict(placeholder, "'" + previous + "'", "'" + attribute + "'");
            }
        }

        void value(String placeholder, io.dynoscope.core.item.AttributeValue value) {
            var previous = givenValues.putIfAbsent(placeholder, value);
            if (previous == null) {
                values.put(placeholder, SdkConversions.toSdk(value));
            } else if (!previous.equals(value)) {
                throw conflict(placeholder, previous.toString(), value.toString());
            }
        }

        private RepositoryException conflict(String placeholder, String first, String second) {
            return new RepositoryException(
                    Kind.VALIDATION,
                    operation,
                    table,
                    "placeholder "
                            + placeholder
                            + " stands for both "
                            + first
                            + " and "
                            + second
                            + "; give them different placeholders",
                    null);
        }

        /** The names map, or null (left out of the request) when empty. */
        Map<String, String> namesOrNull() {
            return names.isEmpty() ? null : names;
        }

        /** The values map, or null (left out of the request) when empty. */
        Map<String, AttributeValue> valuesOrNull() {
            return values.isEmpty() ? null : values;
        }

        /** Sets the maps on a request, leaving out empty ones (DynamoDB rejects empty maps). */
        void applyTo(
                Consumer<Map<String, String>> setNames,
                Consumer<Map<String, AttributeValue>> setValues) {
            if (!names.isEmpty()) {
                setNames.accept(names);
            }
            if (!values.isEmpty()) {
                setValues.accept(values);
            }
        }
    }
}
