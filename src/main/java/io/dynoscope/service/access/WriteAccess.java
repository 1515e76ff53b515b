package io.dynoscope.service.access;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.util.List;
import java.util.Optional;

/**
 * The one place where a read-only connection is enforced. The repository a front end opens for a
 * connection goes through {@link #guard}; for a read-only connection every write method then throws
 * {@link ReadOnlyException} before anything is sent, whichever command or view asked. Services that
 * read before they write call {@link #require} first, so they refuse before reading.
 */
public final class WriteAccess {

    private WriteAccess() {}

    /** The repository itself when {@code access} allows writing, else a read-only view of it. */
    public static DynamoRepository guard(DynamoRepository repository, Access access) {
        return access.readOnly() ? new ReadOnlyRepository(repository, access.reason()) : repository;
    }

    /**
     * Refuses at once when {@code repository} is read-only.
     *
     * @param action what would be written, e.g. {@code import into table 'T'}
     */
    public static void require(DynamoRepository repository, String action) {
        if (repository instanceof ReadOnlyRepository readOnly) {
            throw new ReadOnlyException(action, readOnly.reason);
        }
    }

    /** Whether writes through {@code repository} are refused. */
    public static boolean readOnly(DynamoRepository repository) {
        return repository instanceof ReadOnlyRepository;
    }

    /** Why writes through {@code repository} are refused, or empty when they are allowed. */
    public static Optional<String> reason(DynamoRepository repository) {
        return repository instanceof ReadOnlyRepository readOnly
                ? Optional.of(readOnly.reason)
                : Optional.empty();
    }

    /** Reads pass through; every write throws before it reaches the repository. */
    private static final class ReadOnlyRepository extends ForwardingRepository {
        private final String reason;

        ReadOnlyRepository(DynamoRepository delegate, String reason) {
            super(delegate);
            this.reason = reason;
        }

        private ReadOnlyException refuse(String operation, String table) {
            return new ReadOnlyException(operation + " on table '" + table + "'", reason);
        }

        @Override
        public void changeTable(TableChange change) {
            throw refuse(change.operation(), change.table());
        }

        @Override
        public WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
            throw refuse("PutItem", table);
        }

        @Override
        public WriteOutcome updateItem(UpdateSpec update) {
            throw refuse("UpdateItem", update.table());
        }

        @Override
        public WriteOutcome deleteItem(String table, Key key, CompiledExpression condition) {
            throw refuse("DeleteItem", table);
        }

        /** A PartiQL SELECT reads; any other statement may write and is refused. */
        @Override
        public ReadResult executeStatement(
                String statement, PageListener listener, Cancellation cancellation) {
            if (!statement.stripLeading().regionMatches(true, 0, "SELECT", 0, 6)) {
                throw new ReadOnlyException(
                        "ExecuteStatement '" + firstWords(statement) + "'", reason);
            }
            return super.executeStatement(statement, listener, cancellation);
        }

        private static String firstWords(String statement) {
            String text = statement.strip();
            return text.length() <= 40 ? text : text.substring(0, 40) + "…";
        }

        @Override
        public BatchResult batchWrite(
                String table, List<Item> puts, List<Key> deletes, Cancellation cancellation) {
            throw refuse("BatchWriteItem", table);
        }
    }
}
