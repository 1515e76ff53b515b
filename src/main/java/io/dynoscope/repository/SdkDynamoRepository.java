package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.TimeToLive;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.GetResult;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.RequestTimeouts;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The {@link DynamoRepository} over the AWS SDK v2 {@link DynamoDbClient}: the one place that turns
 * Dynoscope's requests into DynamoDB calls and the answers back into Dynoscope's types.
 *
 * <p>Thread-safe; one instance per connection. Table descriptions are cached (for key names) and
 * forgotten when the table is created or deleted through this repository.
 *
 * <p>It hands each request to the class of its job: {@link SdkTables} (list, describe, and a
 * table's lifecycle), {@link SdkReads}, {@link SdkWrites} and {@link SdkBatches}.
 */
public final class SdkDynamoRepository implements DynamoRepository {

    private final DynamoDbClient client;
    private final boolean ownsClient;
    private final ConnectionSpec connection;
    private final SdkTables tables;
    private final SdkReads reads;
    private final SdkWrites writes;
    private final SdkBatches batches;
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
        SdkErrors errors =
                new SdkErrors(connection, endpointName(client, connection), timeouts(client));
        SdkCalls calls = new SdkCalls(client, errors);
        this.tables = new SdkTables(calls);
        this.reads = new SdkReads(calls, tables, connection);
        this.writes = new SdkWrites(calls);
        this.batches = new SdkBatches(calls);
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
        return tables.listTables(null);
    }

    /** ListTables with at most {@code namesPerRequest} names a page, following every page. */
    List<String> listTables(Integer namesPerRequest) {
        return tables.listTables(namesPerRequest);
    }

    @Override
    public TableInfo describeTable(String table) {
        return tables.describeTable(table);
    }

    @Override
    public String requestText(TableChange change) {
        return TableRequests.text(change);
    }

    @Override
    public void changeTable(TableChange change) {
        tables.changeTable(change);
    }

    @Override
    public TimeToLive describeTimeToLive(String table) {
        return tables.describeTimeToLive(table);
    }

    // ---- reads -----------------------------------------------------------------------------

    @Override
    public ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
        return reads.query(spec, listener, cancellation);
    }

    @Override
    public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        return reads.scan(spec, listener, cancellation);
    }

    @Override
    public ReadResult scanSegment(
            ScanSpec spec, int segment, PageListener listener, Cancellation cancellation) {
        return reads.scanSegment(spec, segment, listener, cancellation);
    }

    @Override
    public GetResult getItem(String table, Key key, boolean consistentRead) {
        return reads.getItem(table, key, consistentRead);
    }

    @Override
    public ReadResult executeStatement(
            String statement, PageListener listener, Cancellation cancellation) {
        return reads.executeStatement(statement, listener, cancellation);
    }

    @Override
    public BatchResult batchGet(String table, List<Key> keys, Cancellation cancellation) {
        return batches.batchGet(table, keys, cancellation);
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

    // ---- writes ----------------------------------------------------------------------------

    @Override
    public WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
        return writes.putItem(table, item, condition);
    }

    @Override
    public WriteOutcome updateItem(UpdateSpec update) {
        return writes.updateItem(update);
    }

    @Override
    public WriteOutcome deleteItem(String table, Key key, CompiledExpression condition) {
        return writes.deleteItem(table, key, condition);
    }

    @Override
    public BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation cancellation) {
        return batches.batchWrite(table, puts, deletes, cancellation);
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
}
