package io.dynoscope.ui.grid;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ToolWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;

/**
 * Opens a grid once, off screen, on a page of made-up items while the app connects, so that the
 * first table a person opens does not pay for cold code and the grid's first styling (its first
 * rows came 479 ms after the first page without this; see docs/benchmarks.md).
 */
public final class GridWarmUp {

    private static final int ITEMS = 60;

    private GridWarmUp() {}

    /**
     * Starts the warm-up; call on the JavaFX thread. It reads nothing from DynamoDB and leaves
     * nothing behind.
     *
     * @param madeUpTable the services over {@link #madeUpTable()} (the composition root builds
     *     services)
     * @param stylesheets the window's style sheets, so that the same rules are applied
     * @return the number of grid rows it rendered, once it has
     */
    public static CompletableFuture<Integer> start(
            ConnectionServices madeUpTable, BackgroundWork work, List<String> stylesheets) {
        return start(madeUpTable, work, stylesheets, () -> true);
    }

    /**
     * As {@link #start(ConnectionServices, BackgroundWork, List)}, rendering only if {@code wanted}
     * still says so once the made-up page is read: a table opened meanwhile warms the code itself,
     * and the warm-up's styling and layout (seconds on a slow machine) would only hold its first
     * rows back. Then it completes with 0 rows.
     */
    public static CompletableFuture<Integer> start(
            ConnectionServices madeUpTable,
            BackgroundWork work,
            List<String> stylesheets,
            BooleanSupplier wanted) {
        ItemGridViewModel grid = new ItemGridViewModel("warm-up", madeUpTable, work);
        Parent root =
                ItemGridView.load(new ItemGridView(grid, new ToolWindows(), new Pane(), Map.of()));
        Scene scene = new Scene(root, 1200, 800);
        scene.getStylesheets().setAll(stylesheets);
        CompletableFuture<Integer> rendered = new CompletableFuture<>();
        grid.onReadFinished(
                g -> {
                    if (!wanted.getAsBoolean()) {
                        rendered.complete(0);
                        return;
                    }
                    root.applyCss();
                    root.layout();
                    scene.snapshot(null);
                    rendered.complete(g.rows().size());
                });
        grid.open(true);
        return rendered;
    }

    /** The connection the warm-up reads: one table of saas-like items, only in memory. */
    public static DynamoRepository madeUpTable() {
        return new MadeUpTable();
    }

    /** A table of saas-like items that exists only in memory. */
    private static final class MadeUpTable extends ForwardingRepository {

        MadeUpTable() {
            super(null);
        }

        @Override
        public TableInfo describeTable(String table) {
            return TableInfo.onDemand(table, KeySchema.of("pk", "sk"), ITEMS);
        }

        @Override
        public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < ITEMS; i++) {
                Map<String, AttributeValue> attributes = new LinkedHashMap<>();
                attributes.put("pk", AttributeValue.s("WS#" + i % 6));
                attributes.put(
                        "sk",
                        i < 6
                                ? AttributeValue.s("META")
                                : AttributeValue.s(String.format(Locale.ROOT, "PROJ#%03d", i)));
                attributes.put("name", AttributeValue.s("Project " + i));
                attributes.put("budget", AttributeValue.n(i + ".25"));
                attributes.put("tags", AttributeValue.ss("alpha", "t" + i % 10));
                attributes.put("owner", AttributeValue.m(Map.of("id", AttributeValue.s("u" + i))));
                items.add(Item.of(attributes));
            }
            listener.onPage(new Page(items, items.size(), null, 0, 0));
            return new ReadResult(
                    new ReadStatistics(1, 0, ITEMS, ITEMS, Duration.ZERO), null, false);
        }
    }
}
