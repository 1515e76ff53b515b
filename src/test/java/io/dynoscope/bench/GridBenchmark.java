package io.dynoscope.bench;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.grid.GridWarmUp;
import io.dynoscope.ui.grid.ItemGridView;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.shell.ShellView;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javax.management.ObjectName;

/**
 * What the item-collection grid costs a person: (1) the time from the first page of a 100,000-item
 * Scan arriving (from dynalite) to its first rows being laid out in the grid; (2) loading 1,000,000
 * items into the grid — total time, the longest the JavaFX thread was busy at once, heap per loaded
 * item against its DynamoDB size, and collapse/expand all. Runs JavaFX headless (Monocle).
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -Xmx2g -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) io.dynoscope.bench.GridBenchmark [scanItems [loadedItems]]
 * </pre>
 *
 * A count of 0 skips that part. With {@code -Dgrid.histogram=N} part (2) also prints the top N
 * lines of a heap histogram taken with the million items loaded (what the bytes per item are).
 */
public final class GridBenchmark {

    private GridBenchmark() {}

    public static void main(String[] args) throws Exception {
        int scanItems = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int loadedItems = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(
                () -> {
                    Thread.currentThread()
                            .setUncaughtExceptionHandler(
                                    (thread, error) -> error.printStackTrace());
                    started.countDown();
                });
        started.await();
        // the benchmark opens and closes one window at a time; closing one must not end JavaFX
        Platform.setImplicitExit(false);
        BackgroundWork work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());

        if (scanItems > 0) {
            firstRowsOfAScan(scanItems);
        }
        if (loadedItems > 0) {
            loadManyItems(work, loadedItems);
        }

        work.shutdown();
        Platform.exit();
        System.exit(0);
    }

    // ---- (1) first rows after the first page ------------------------------------------------

    private static void firstRowsOfAScan(int itemCount) throws Exception {
        try (LocalEngine engine = LocalEngine.start();
                SdkDynamoRepository engineRepository =
                        SdkDynamoRepository.connect(
                                new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
            long loadStart = System.nanoTime();
            engineRepository.createTable(TableDefinition.simple("bench", "pk", "sk"));
            List<Item> batch = new ArrayList<>();
            for (int i = 0; i < itemCount; i++) {
                batch.add(item(i, 1_000));
                if (batch.size() == 5_000) {
                    engineRepository.batchWrite("bench", batch, List.of(), Cancellation.none());
                    batch.clear();
                }
            }
            engineRepository.batchWrite("bench", batch, List.of(), Cancellation.none());
            System.out.printf(
                    Locale.ROOT,
                    "loaded %,d items into dynalite in %.1f s%n",
                    itemCount,
                    seconds(loadStart));

            // as the app does while it connects (DynoscopeApp)
            long warmUpStart = System.nanoTime();
            CompletableFuture<Integer> warmedUp = new CompletableFuture<>();
            Platform.runLater(
                    () ->
                            GridWarmUp.start(
                                            new ConnectionServices(GridWarmUp.madeUpTable()),
                                            new BackgroundWork(
                                                    Executors.newCachedThreadPool(),
                                                    UiExecutor.fx()),
                                            appStyleSheets())
                                    .thenAccept(warmedUp::complete));
            System.out.printf(
                    Locale.ROOT,
                    "grid warm-up: %d rows rendered off screen in %.0f ms%n",
                    warmedUp.get(60, TimeUnit.SECONDS),
                    (System.nanoTime() - warmUpStart) / 1e6);

            firstRows(
                    engineRepository,
                    "opening the table as a tab does (a first page of 100)",
                    true);
            firstRows(
                    engineRepository,
                    "a Scan of all "
                            + String.format(Locale.ROOT, "%,d", itemCount)
                            + " items (first page ~1 MB)",
                    false);
        }
    }

    /** Five fresh grids, each timed from its first page to its first item row on screen. */
    private static void firstRows(DynamoRepository engineRepository, String read, boolean asOpened)
            throws Exception {
        List<Long> samples = new ArrayList<>();
        List<String> breakdown = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            FirstPageClock clock = new FirstPageClock(engineRepository);
            AtomicLong handedOver = new AtomicLong();
            AtomicLong handled = new AtomicLong();
            UiExecutor fx = UiExecutor.fx();
            // notes when the first page's work started and ended on the JavaFX thread
            BackgroundWork timed =
                    new BackgroundWork(
                            Executors.newCachedThreadPool(),
                            command ->
                                    fx.execute(
                                            () -> {
                                                boolean first =
                                                        clock.firstPage.get() != 0
                                                                && handedOver.compareAndSet(
                                                                        0, System.nanoTime());
                                                command.run();
                                                if (first) {
                                                    handled.set(System.nanoTime());
                                                }
                                            }));
            ItemGridViewModel grid =
                    new ItemGridViewModel("bench", new ConnectionServices(clock), timed);
            TableView<CollectionRow> table = show(grid);
            AtomicLong shown = new AtomicLong();
            CountDownLatch visible = new CountDownLatch(1);
            CountDownLatch finished = new CountDownLatch(1);
            grid.onReadFinished(g -> finished.countDown());
            Platform.runLater(
                    () -> {
                        if (!asOpened) {
                            grid.readBar().modeProperty().set(ReadMode.SCAN);
                            grid.readBar().limitProperty().set(0);
                        }
                        new AnimationTimer() {
                            @Override
                            public void handle(long now) {
                                // a row cell laid out with an item row in it: what a person
                                // sees
                                boolean rowVisible =
                                        table.lookupAll(".table-row-cell").stream()
                                                .anyMatch(
                                                        n ->
                                                                ((TableRow<?>) n).getItem()
                                                                        instanceof
                                                                        CollectionRow.ItemRow);
                                if (rowVisible) {
                                    shown.set(System.nanoTime());
                                    visible.countDown();
                                    stop();
                                }
                            }
                        }.start();
                        if (asOpened) {
                            grid.open(true);
                        } else {
                            grid.run();
                        }
                    });
            visible.await(60, TimeUnit.SECONDS);
            finished.await(120, TimeUnit.SECONDS);
            if (round == 0) {
                printNodeCounts(table);
            }
            samples.add(shown.get() - clock.firstPage.get());
            breakdown.add(
                    String.format(
                            Locale.ROOT,
                            "queued %.0f + grouped %.0f + rendered %.0f ms",
                            (handedOver.get() - clock.firstPage.get()) / 1e6,
                            (handled.get() - handedOver.get()) / 1e6,
                            (shown.get() - handled.get()) / 1e6));
            closeStage(table);
            timed.shutdown();
        }
        samples.sort(null);
        System.out.printf(
                Locale.ROOT,
                "first rows after the first page, %s: median %.1f ms (runs: %s ms)%n",
                read,
                samples.get(samples.size() / 2) / 1e6,
                samples.stream().map(n -> String.format(Locale.ROOT, "%.1f", n / 1e6)).toList());
        breakdown.forEach(line -> System.out.println("  " + line));
    }

    /**
     * What the grid is made of once its first read ended, and what a restyle (a fold, the end of a
     * read) makes anew: each node made is matched against the style sheets when it enters the
     * scene, and each Tooltip is a popup with a scene of its own, so these counts stand for the CSS
     * passes the grid pays.
     */
    private static void printNodeCounts(TableView<CollectionRow> table) throws Exception {
        Map<String, Integer> byType = new TreeMap<>();
        Set<Object> tooltips = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Node> before = Collections.newSetFromMap(new IdentityHashMap<>());
        onFx(
                () ->
                        walk(
                                table,
                                n -> {
                                    before.add(n);
                                    byType.merge(n.getClass().getSimpleName(), 1, Integer::sum);
                                    if (n instanceof Control c && c.getTooltip() != null) {
                                        tooltips.add(c.getTooltip());
                                    }
                                }));
        int[] made = new int[2];
        // the view model's restyle, the call a read's end and a fold make
        onFx(() -> restyleOf(table).run());
        onFx(table::layout);
        onFx(
                () ->
                        walk(
                                table,
                                n -> {
                                    made[1]++;
                                    if (!before.contains(n)) {
                                        made[0]++;
                                    }
                                }));
        System.out.printf(
                Locale.ROOT,
                "nodes under the grid after its first read: %d, %d distinct tooltips; by type: %s%n",
                before.size(),
                tooltips.size(),
                byType);
        System.out.printf(
                Locale.ROOT,
                "a restyle (as a read's end or a fold does) made %d of the grid's %d nodes anew%n",
                made[0],
                made[1]);
    }

    private static Runnable restyleOf(TableView<CollectionRow> table) {
        return (Runnable) table.getProperties().get("bench.restyle");
    }

    private static void walk(Node node, Consumer<Node> each) {
        each.accept(node);
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                walk(child, each);
            }
        }
    }

    /** The real engine's repository, noting when the first page reached the grid's listener. */
    private static final class FirstPageClock extends ForwardingRepository {
        final AtomicLong firstPage = new AtomicLong();

        FirstPageClock(DynamoRepository delegate) {
            super(delegate);
        }

        @Override
        public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
            return delegate.scan(
                    spec,
                    page -> {
                        firstPage.compareAndSet(0, System.nanoTime());
                        return listener.onPage(page);
                    },
                    cancellation);
        }
    }

    // ---- (2) a million loaded items ---------------------------------------------------------

    private static void loadManyItems(BackgroundWork work, int itemCount) throws Exception {
        System.gc();
        long heapBefore = usedHeap();
        SyntheticTable source = new SyntheticTable(itemCount);
        ItemGridViewModel grid =
                new ItemGridViewModel("synthetic", new ConnectionServices(source), work);
        TableView<CollectionRow> table = show(grid);

        AtomicLong longestStall = new AtomicLong();
        AtomicLong lastBeat = new AtomicLong(System.nanoTime());
        List<Stall> stalls = Collections.synchronizedList(new ArrayList<>());
        long loadStart = System.nanoTime();
        AnimationTimer heartbeat =
                new AnimationTimer() {
                    @Override
                    public void handle(long now) {
                        long t = System.nanoTime();
                        long stall = t - lastBeat.getAndSet(t);
                        longestStall.accumulateAndGet(stall, Math::max);
                        if (stall > 100_000_000L) {
                            // when, to set beside -Xlog:gc's pauses
                            stalls.add(new Stall(stall / 1_000_000, (t - loadStart) / 1e9));
                        }
                    }
                };
        CountDownLatch finished = new CountDownLatch(1);
        grid.onReadFinished(g -> finished.countDown());
        long start = System.nanoTime();
        Platform.runLater(
                () -> {
                    grid.readBar().modeProperty().set(ReadMode.SCAN);
                    grid.readBar().limitProperty().set(0);
                    lastBeat.set(System.nanoTime());
                    heartbeat.start();
                    grid.run();
                });
        finished.await(10, TimeUnit.MINUTES);
        double loadSeconds = seconds(start);
        CountDownLatch stopped = new CountDownLatch(1);
        Platform.runLater(
                () -> {
                    heartbeat.stop();
                    stopped.countDown();
                });
        stopped.await();

        long[] rows = new long[1];
        double collapse = onFx(() -> grid.loaded().collapseAll());
        onFx(() -> rows[0] = grid.rows().size());
        double expand = onFx(() -> grid.loaded().expandAll());
        double scroll =
                onFx(
                        () -> {
                            table.scrollTo(grid.rows().size() / 2);
                            table.layout();
                        });
        System.gc();
        System.gc();
        long heapAfter = usedHeap();
        double heapPerItem = (heapAfter - heapBefore) / (double) itemCount;
        double itemBytes = source.totalItemBytes / (double) itemCount;
        System.out.printf(
                Locale.ROOT,
                "loaded %,d items (%,d collections) into the grid in %.1f s; "
                        + "longest JavaFX-thread stall %.0f ms%n",
                grid.loadedItems().size(),
                rows[0],
                loadSeconds,
                longestStall.get() / 1e6);
        System.out.printf(
                Locale.ROOT,
                "JavaFX-thread stalls over 100 ms: %d; the longest: %s%n",
                stalls.size(),
                stalls.stream()
                        .sorted(Comparator.comparingLong(Stall::millis).reversed())
                        .limit(8)
                        .map(Stall::toString)
                        .toList());
        System.out.printf(
                Locale.ROOT,
                "heap for %,d loaded items: %.0f MB, %.0f bytes per item; "
                        + "DynamoDB item size %.0f bytes per item; ratio %.2f%n",
                itemCount,
                (heapAfter - heapBefore) / 1048576.0,
                heapPerItem,
                itemBytes,
                heapPerItem / itemBytes);
        System.out.printf(
                Locale.ROOT,
                "collapse all %.0f ms, expand all %.0f ms, scroll to the middle %.0f ms%n",
                collapse,
                expand,
                scroll);
        int histogramLines = Integer.getInteger("grid.histogram", 0);
        if (histogramLines > 0) {
            printHistogram(histogramLines);
        }
        closeStage(table);
    }

    /** A time the JavaFX thread drew no frame, and when it ended (from the load's start). */
    private record Stall(long millis, double endedAt) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d ms ending at %.2f s", millis, endedAt);
        }
    }

    /** The top lines of a live-object heap histogram, as {@code jcmd GC.class_histogram}. */
    private static void printHistogram(int lines) throws Exception {
        String histogram =
                (String)
                        ManagementFactory.getPlatformMBeanServer()
                                .invoke(
                                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                        "gcClassHistogram",
                                        new Object[] {new String[0]},
                                        new String[] {String[].class.getName()});
        histogram.lines().limit(lines + 2L).forEach(System.out::println);
    }

    private static double onFx(Runnable action) throws InterruptedException {
        long[] took = new long[1];
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(
                () -> {
                    long t = System.nanoTime();
                    action.run();
                    took[0] = System.nanoTime() - t;
                    done.countDown();
                });
        done.await();
        return took[0] / 1e6;
    }

    /**
     * Serves a Scan of synthetic saas-like items in 1 MB-ish pages, as fast as they can be made.
     */
    private static final class SyntheticTable extends ForwardingRepository {
        private final int itemCount;
        long totalItemBytes;

        SyntheticTable(int itemCount) {
            super(null);
            this.itemCount = itemCount;
        }

        @Override
        public TableInfo describeTable(String table) {
            return TableInfo.onDemand(table, KeySchema.of("pk", "sk"), itemCount);
        }

        @Override
        public ReadResult scan(ScanSpec spec, PageListener listener, Cancellation cancellation) {
            long start = System.nanoTime();
            int requests = 0;
            List<Item> page = new ArrayList<>();
            long pageBytes = 0;
            for (int i = 0; i < itemCount && !cancellation.isCancelled(); i++) {
                Item item = item(i, 10_000);
                long size = ItemSize.of(item);
                totalItemBytes += size;
                pageBytes += size;
                page.add(item);
                if (pageBytes >= 1_000_000 || i == itemCount - 1) {
                    requests++;
                    listener.onPage(new Page(page, page.size(), null, 0, 0));
                    page = new ArrayList<>();
                    pageBytes = 0;
                }
            }
            return new ReadResult(
                    new ReadStatistics(
                            requests,
                            0,
                            itemCount,
                            itemCount,
                            Duration.ofNanos(System.nanoTime() - start)),
                    null,
                    cancellation.isCancelled());
        }
    }

    // ---- shared ----------------------------------------------------------------------------

    /** The style sheets of the app's window (light theme). */
    private static List<String> appStyleSheets() {
        Scene scene = new Scene(new Pane());
        ShellView.applyTheme(scene, false);
        return List.copyOf(scene.getStylesheets());
    }

    /** A saas-like item of ~250 bytes: workspace partitions of projects. */
    static Item item(int i, int partitions) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(
                "pk", AttributeValue.s(String.format(Locale.ROOT, "WS#%05d", i % partitions)));
        attributes.put("sk", AttributeValue.s(String.format(Locale.ROOT, "PROJ#%08d", i)));
        attributes.put("name", AttributeValue.s("Project " + i));
        attributes.put("status", AttributeValue.s(i % 3 == 0 ? "ACTIVE" : "ARCHIVED"));
        attributes.put("budget", AttributeValue.n(i + ".25"));
        attributes.put("workspaceName", AttributeValue.s("Workspace " + (i % partitions)));
        attributes.put("createdAt", AttributeValue.s("2026-01-01T00:00:00Z"));
        attributes.put("tags", AttributeValue.ss("alpha", "t" + (i % 10)));
        return Item.of(attributes);
    }

    @SuppressWarnings("unchecked")
    private static TableView<CollectionRow> show(ItemGridViewModel grid) throws Exception {
        Object[] table = new Object[1];
        CountDownLatch shown = new CountDownLatch(1);
        Platform.runLater(
                () -> {
                    try {
                        Parent root =
                                ItemGridView.load(
                                        new ItemGridView(
                                                grid, new ToolWindows(), new Pane(), Map.of()));
                        Stage stage = new Stage();
                        Scene scene = new Scene(root, 1200, 800);
                        // the app's style sheets, as the window gives them
                        ShellView.applyTheme(scene, false);
                        stage.setScene(scene);
                        stage.show();
                        table[0] = root.lookup("#grid");
                        ((TableView<?>) table[0])
                                .getProperties()
                                .put("bench.restyle", (Runnable) () -> grid.loaded().restyle());
                        // as a table tab does when it opens: read the table's description
                        grid.open(false);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    } finally {
                        shown.countDown();
                    }
                });
        shown.await();
        // wait for the description
        long deadline = System.currentTimeMillis() + 30_000;
        while (grid.tableInfoProperty().get() == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        return (TableView<CollectionRow>) table[0];
    }

    private static void closeStage(TableView<?> table) throws InterruptedException {
        onFx(() -> ((Stage) table.getScene().getWindow()).close());
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
