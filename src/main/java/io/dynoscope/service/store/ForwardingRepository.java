package io.dynoscope.service.store;

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
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A repository that passes every call to another: the base of decorators (the read-only guard of
 * the service layer) and of test repositories that watch or break some calls.
 */
public class ForwardingRepository implements DynamoRepository {
    protected final DynamoRepository delegate;

    public ForwardingRepository(DynamoRepository delegate) {
        this.delegate = delegate;
    }

    @Override
    public Optional<ConnectionSpec> connection() {
        return delegate == null ? Optional.empty() : delegate.connection();
    }

    @Override
    public List<String> listTables() {
        return delegate.listTables();
    }

    @Override
    public TableInfo describeTable(String table) {
        return delegate.describeTable(table);
    }

    @Override
    public String requestText(TableChange change) {
        return delegate.requestText(change);
    }

    @Override
    public void changeTable(TableChange change) {
        delegate.changeTable(change);
    }

    @Override
    public TimeToLive describeTimeToLive(String table) {
        return delegate.describeTimeToLive(table);
    }

    @Override
    public ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
        return delegate.query(spec, listener, cancellation);
    }

    @Override
    public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
        return delegate.scan(spec, listener, cancellation);
    }

    @Override
    public ReadResult scanSegment(
            ScanSpec spec, int segment, PageListener listener, Cancellation cancellation) {
        return delegate.scanSegment(spec, segment, listener, cancellation);
    }

    @Override
    public ContributorInsights contributorInsights(String table, Duration window) {
        return delegate.contributorInsights(table, window);
    }

    @Override
    public ReadResult executeStatement(
            String statement, PageListener listener, Cancellation cancellation) {
        return delegate.executeStatement(statement, listener, cancellation);
    }

    @Override
    public GetResult getItem(String table, Key key, boolean consistentRead) {
        return delegate.getItem(table, key, consistentRead);
    }

    @Override
    public WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
        return delegate.putItem(table, item, condition);
    }

    @Override
    public WriteOutcome updateItem(UpdateSpec update) {
        return delegate.updateItem(update);
    }

    @Override
    public WriteOutcome deleteItem(String table, Key key, CompiledExpression condition) {
        return delegate.deleteItem(table, key, condition);
    }

    @Override
    public BatchResult batchGet(String table, List<Key> keys, Cancellation cancellation) {
        return delegate.batchGet(table, keys, cancellation);
    }

    @Override
    public BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation cancellation) {
        return delegate.batchWrite(table, puts, deletes, cancellation);
    }

    @Override
    public void close() {
        // The delegate belongs to the caller.
    }
}
