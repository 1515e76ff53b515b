package io.dynoscope.service.store;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The one place that talks to DynamoDB. Returns Dynoscope's own types; every read reports its
 * request count and consumed capacity; every write can carry a condition; a failed condition is an
 * outcome, not an exception. Other failures throw {@link RepositoryException}.
 *
 * <p>Methods block the calling thread: call them off the UI thread. Long reads stream pages to a
 * {@link PageListener} and stop when it returns false or the {@link Cancellation} is set. A
 * single-segment read asks for the next page while it delivers the current one (only when the limit
 * wants it), so a read that is stopped early has made one request more than it delivered; the
 * statistics count it. A read of one page is always exactly one request.
 */
public interface DynamoRepository extends TableMetadata, AutoCloseable {

    /** Creates a table (on demand) and waits until it is ACTIVE. */
    default void createTable(TableDefinition definition) {
        changeTable(new TableChange.CreateTable(definition));
    }

    /** Deletes a table and waits until it is gone. */
    default void deleteTable(String table) {
        changeTable(new TableChange.DeleteTable(table));
    }

    /**
     * The request {@link #changeTable} sends for {@code change}, as the JSON of DynamoDB's API, to
     * show before it is sent. Sends nothing.
     */
    String requestText(TableChange change);

    /**
     * Sends the change and waits until the table (and its indexes) are ACTIVE again, or the table
     * is gone. An engine that accepts an index change without making it is reported as a failure.
     */
    void changeTable(TableChange change);

    ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation);

    ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation);

    /**
     * Reads one segment, {@code segment} of {@code spec.segments()}, of a parallel Scan on the
     * calling thread, so a caller can read a few segments (a sample) or run them on its own pool.
     */
    ReadResult scanSegment(
            ScanSpec spec, int segment, PageListener listener, Cancellation cancellation);

    /**
     * The most accessed and most throttled partition keys over the last {@code window}, from
     * CloudWatch Contributor Insights where the connection is AWS and the table has it enabled.
     */
    default ContributorInsights contributorInsights(String table, Duration window) {
        return ContributorInsights.unavailable(
                ContributorInsights.UNAVAILABLE, "this connection has no Contributor Insights");
    }

    GetResult getItem(String table, Key key, boolean consistentRead);

    /**
     * ExecuteStatement: a PartiQL SELECT as DynamoDB runs it, every page (following NextToken) to
     * the listener. Only AWS (and DynamoDB Local) run PartiQL; dynalite answers with an error. The
     * pages carry no LastEvaluatedKey; scanned counts are the returned counts, as DynamoDB does not
     * report them for a statement.
     */
    default ReadResult executeStatement(
            String statement, PageListener listener, Cancellation cancellation) {
        throw new UnsupportedOperationException("this repository does not run PartiQL statements");
    }

    /**
     * PutItem; {@code condition} may be null. Returns the old item when there was one. Writes ask
     * for ReturnItemCollectionMetrics, which DynamoDB answers for tables with an LSI.
     */
    WriteOutcome putItem(String table, Item item, CompiledExpression condition);

    WriteOutcome updateItem(UpdateSpec update);

    /** DeleteItem; {@code condition} may be null. Returns the deleted item when there was one. */
    WriteOutcome deleteItem(String table, Key key, CompiledExpression condition);

    /** BatchGetItem in chunks of 100 keys, retrying unprocessed keys with backoff. */
    BatchResult batchGet(String table, List<Key> keys, Cancellation cancellation);

    /**
     * BatchWriteItem in chunks of 25 (puts, then deletes), retrying unprocessed items with backoff.
     * Batch writes cannot carry conditions: the app uses them only to seed and import into tables
     * the user chose to load, never to change items the user has seen.
     */
    BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation cancellation);

    @Override
    void close();
}
