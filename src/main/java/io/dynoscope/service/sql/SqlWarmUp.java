package io.dynoscope.service.sql;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Warms the SQL engine before the first statement: Calcite's parser, validator, planner and code
 * generator, and the console's own planning, cost thousands of classes loaded and compiled the
 * first time. Running a representative statement (a join of two entity views of one item
 * collection, filtered, ordered and limited) over a small in-memory table does that work off the UI
 * thread while the person is still looking at the window; nothing is sent to DynamoDB.
 */
public final class SqlWarmUp {

    private static final String TABLE = "dynoscope-warm-up";
    private static final KeySchema KEYS = KeySchema.of("pk", "sk");

    private static final String STATEMENT =
            "SELECT w.name AS workspace, p.sk AS project, p.status, COUNT(*) OVER () AS n"
                    + " FROM workspace w JOIN project p ON p.pk = w.pk"
                    + " WHERE w.pk = 'W#1' AND p.status <> 'GONE'"
                    + " ORDER BY p.sk DESC LIMIT 100";

    private static final AtomicBoolean DONE = new AtomicBoolean();

    private SqlWarmUp() {}

    /**
     * Warms the engine on the calling thread the first time a process asks (when a connection
     * opens); later calls return at once.
     */
    public static void once() {
        if (DONE.compareAndSet(false, true)) {
            run();
        }
    }

    /**
     * Starts {@link #once} on a daemon thread, for a process that runs one statement: the engine
     * loads on the second core while the first builds the DynamoDB client and describes the tables.
     * A failure here is not the statement's: the statement reports its own.
     */
    public static void inBackground() {
        DaemonPool.start(
                "sql-warm-up",
                () -> {
                    try {
                        once();
                    } catch (RuntimeException e) {
                        // best effort: the statement plans anyway, only more slowly
                    }
                });
    }

    /**
     * Plans and runs the representative statement on the calling thread.
     *
     * @return the rows it gave (two: the warm-up's own table holds two projects)
     */
    public static long run() {
        SqlConsole console = new SqlConsole(new InMemoryTable(), List.of(model()));
        return console.run(STATEMENT, values -> true, warning -> true, Cancellation.none())
                .rowCount();
    }

    private static TableModel model() {
        return new TableModel(
                TABLE,
                KEYS,
                Map.of("pk", "S", "sk", "S"),
                List.of(),
                List.of(
                        new Entity(
                                "workspace",
                                KeyTemplates.of("W#{workspaceId}", "META"),
                                List.of(new AttributeModel("name", AttributeValue.Type.S)),
                                Map.of()),
                        new Entity(
                                "project",
                                KeyTemplates.of("W#{workspaceId}", "P#{projectId}"),
                                List.of(
                                        new AttributeModel("status", AttributeValue.Type.S),
                                        new AttributeModel("budget", AttributeValue.Type.N)),
                                Map.of())),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    /** One item collection in memory: what the warm-up statement reads. */
    private static final class InMemoryTable extends ForwardingRepository {
        private static final List<Item> ITEMS =
                List.of(
                        item("META", Map.of("name", AttributeValue.s("Warm"))),
                        item("P#1", Map.of("status", AttributeValue.s("ACTIVE"))),
                        item("P#2", Map.of("status", AttributeValue.s("PAUSED"))));

        InMemoryTable() {
            super(null);
        }

        private static Item item(String sortKey, Map<String, AttributeValue> attributes) {
            Map<String, AttributeValue> all = new LinkedHashMap<>(attributes);
            all.put("pk", AttributeValue.s("W#1"));
            all.put("sk", AttributeValue.s(sortKey));
            return new Item(all);
        }

        @Override
        public List<String> listTables() {
            return List.of(TABLE);
        }

        @Override
        public TableInfo describeTable(String table) {
            return new TableInfo(
                    TABLE,
                    "ACTIVE",
                    KEYS,
                    Map.of("pk", "S", "sk", "S"),
                    List.of(),
                    List.of(),
                    "PAY_PER_REQUEST",
                    ITEMS.size(),
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);
        }

        @Override
        public ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
            return read(listener);
        }

        @Override
        public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
            return read(listener);
        }

        private static ReadResult read(PageListener listener) {
            listener.onPage(new Page(ITEMS, ITEMS.size(), null, 0, 0));
            return new ReadResult(
                    new ReadStatistics(1, 0, ITEMS.size(), ITEMS.size(), Duration.ZERO),
                    null,
                    false);
        }
    }
}
