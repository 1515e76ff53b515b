package io.dynoscope.ui.partitions;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.snippet.ShardedKeyCode;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The partitions tab's state, without a display: the UI executor runs inline. */
class PartitionsViewModelTest {

    private static String table;
    private static BackgroundWork work;

    @BeforeAll
    static void load() {
        table = PartitionsFixture.table("partitions-vm");
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
    }

    @AfterAll
    static void stop() {
        work.shutdown();
    }

    private static PartitionsViewModel viewModel() {
        return new PartitionsViewModel(
                table, new PartitionReporter(TestEngine.repository()), SnippetOptions.aws(), work);
    }

    @Test
    void aReadFillsTheTopPartitionsTheDistributionAndTheShardGroups() {
        PartitionsViewModel viewModel = viewModel();
        viewModel.topProperty().set(5);

        viewModel.run().await();

        assertFalse(viewModel.task().runningProperty().get());
        assertEquals("", viewModel.messageProperty().get());
        assertEquals(5, viewModel.partitions().size());
        PartitionsViewModel.PartitionRow first = viewModel.partitions().get(0);
        assertEquals("WS#huge", first.key());
        assertEquals(300, first.partition().items());
        // the Pareto chart: the five largest, largest first, with their running share
        List<PartitionsViewModel.ParetoBar> pareto = viewModel.pareto();
        assertEquals(5, pareto.size());
        assertEquals("WS#huge", pareto.get(0).key());
        double running = 0;
        for (int i = 0; i < pareto.size(); i++) {
            PartitionsViewModel.PartitionRow row = viewModel.partitions().get(i);
            assertEquals(row.key(), pareto.get(i).key());
            assertEquals(row.partition().bytes(), pareto.get(i).bytes());
            if (i > 0) {
                assertTrue(pareto.get(i).bytes() <= pareto.get(i - 1).bytes(), "largest first");
            }
            running += row.partition().share();
            assertEquals(running, pareto.get(i).cumulativeShare(), 1e-9);
        }
        assertEquals("WS#big · 10 shards", viewModel.shardGroups().get(0).label());
        assertEquals("1.00", viewModel.shardGroups().get(0).balanceText());
        assertTrue(
                viewModel.summaryProperty().get().startsWith(table + ": 530 items"),
                viewModel.summaryProperty().get());
        assertTrue(viewModel.skewProperty().get().contains("top 1% (1)"));
        assertFalse(viewModel.hasLocalSecondaryIndexProperty().get());
        assertTrue(viewModel.collections().isEmpty());
        assertTrue(
                viewModel.insightsStatusProperty().get().contains("local engine"),
                viewModel.insightsStatusProperty().get());
        assertTrue(
                viewModel.readsProperty().get().startsWith("Read 530 items in "),
                viewModel.readsProperty().get());
        assertTrue(viewModel.readFiguresProperty().get().contains("530 scanned · 530 returned"));
    }

    /**
     * The advisor reads an example item in the background while the test changes the traffic: the
     * view model is confined to one UI thread, as in the app, so its handlers and the test's
     * changes take turns.
     */
    @Test
    void theAdvisorShowsTheNewKeyTheMigrationAndTheCodeForTheSelectedPartition()
            throws InterruptedException {
        ExecutorService uiThread = Executors.newSingleThreadExecutor();
        BackgroundWork serial =
                new BackgroundWork(Executors.newCachedThreadPool(), uiThread::execute);
        PartitionsViewModel viewModel =
                new PartitionsViewModel(
                        table,
                        new PartitionReporter(TestEngine.repository()),
                        SnippetOptions.aws(),
                        serial);
        onUi(uiThread, viewModel::run).await();

        onUi(uiThread, () -> viewModel.selectedProperty().set(viewModel.partitions().get(0)));
        String advice = onUi(uiThread, () -> viewModel.adviceProperty().get());
        assertTrue(advice.contains("within every per-partition limit"), advice);
        onUi(uiThread, () -> viewModel.writeUnitsProperty().set(2_500));

        advice = onUi(uiThread, () -> viewModel.adviceProperty().get());
        assertTrue(advice.startsWith("Shard WS#huge into 4 partitions."), advice);
        assertTrue(advice.contains("New key: WS#huge#{01..04}. Migration: 300 items"), advice);
        waitFor(
                () ->
                        onUi(uiThread, () -> viewModel.writeCodeProperty().get())
                                .contains("public class PutShardedItem"));
        assertTrue(
                onUi(uiThread, () -> viewModel.writeCodeProperty().get())
                        .contains("calculatedShard"));
        assertTrue(
                onUi(uiThread, () -> viewModel.readCodeProperty().get()).contains("\"WS#huge#\""));

        onUi(uiThread, () -> viewModel.suffixProperty().set(ShardedKeyCode.Suffix.RANDOM));
        onUi(uiThread, () -> viewModel.languageProperty().set(SnippetLanguage.PYTHON));
        assertTrue(
                onUi(uiThread, () -> viewModel.writeCodeProperty().get())
                        .contains("def random_shard():"));
        onUi(uiThread, () -> viewModel.shardsProperty().set(12));
        assertTrue(
                onUi(uiThread, () -> viewModel.readCodeProperty().get()).contains("SHARDS = 12"));
        assertEquals(
                s("WS#huge"),
                onUi(
                        uiThread,
                        () -> viewModel.selectedProperty().get().partition().partitionKey()));
        serial.shutdown();
        uiThread.shutdown();
    }

    private static <T> T onUi(ExecutorService uiThread, Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, uiThread).join();
    }

    private static void onUi(ExecutorService uiThread, Runnable work) {
        CompletableFuture.runAsync(work, uiThread).join();
    }

    @Test
    void aSampleSaysItIsAnEstimate() {
        PartitionsViewModel viewModel = viewModel();
        viewModel.sampleItemsProperty().set(100);

        viewModel.run().await();

        assertTrue(
                viewModel.summaryProperty().get().contains("estimated from"),
                viewModel.summaryProperty().get());
        assertEquals(1.0, viewModel.task().progressProperty().get());
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out");
            }
            Thread.sleep(20);
        }
    }
}
