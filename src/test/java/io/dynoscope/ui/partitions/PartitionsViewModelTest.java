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
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
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

        assertFalse(viewModel.runningProperty().get());
        assertEquals("", viewModel.messageProperty().get());
        assertEquals(5, viewModel.partitions().size());
        PartitionsViewModel.PartitionRow first = viewModel.partitions().get(0);
        assertEquals("WS#huge", first.key());
        assertEquals(300, first.partition().items());
        assertEquals(
                PartitionsFixture.PARTITIONS,
                viewModel.distribution().stream()
                        .mapToInt(PartitionsViewModel.SizeBar::partitions)
                        .sum());
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
        assertTrue(viewModel.readsProperty().get().contains("scanned=530"));
    }

    @Test
    void theAdvisorShowsTheNewKeyTheMigrationAndTheCodeForTheSelectedPartition()
            throws InterruptedException {
        PartitionsViewModel viewModel = viewModel();
        viewModel.run().await();

        viewModel.selectedProperty().set(viewModel.partitions().get(0));
        assertTrue(
                viewModel.adviceProperty().get().contains("within every per-partition limit"),
                viewModel.adviceProperty().get());
        viewModel.writeUnitsProperty().set(2_500);

        assertTrue(viewModel.adviceProperty().get().startsWith("Shard WS#huge into 4 partitions."));
        assertTrue(
                viewModel
                        .adviceProperty()
                        .get()
                        .contains("New key: WS#huge#{01..04}. Migration: 300 items"),
                viewModel.adviceProperty().get());
        waitFor(() -> viewModel.writeCodeProperty().get().contains("public class PutShardedItem"));
        assertTrue(viewModel.writeCodeProperty().get().contains("calculatedShard"));
        assertTrue(viewModel.readCodeProperty().get().contains("\"WS#huge#\""));

        viewModel.suffixProperty().set(ShardedKeyCode.Suffix.RANDOM);
        viewModel.languageProperty().set(SnippetLanguage.PYTHON);
        assertTrue(viewModel.writeCodeProperty().get().contains("def random_shard():"));
        viewModel.shardsProperty().set(12);
        assertTrue(viewModel.readCodeProperty().get().contains("SHARDS = 12"));
        assertEquals(s("WS#huge"), viewModel.selectedProperty().get().partition().partitionKey());
    }

    @Test
    void aSampleSaysItIsAnEstimate() {
        PartitionsViewModel viewModel = viewModel();
        viewModel.sampleItemsProperty().set(100);

        viewModel.run().await();

        assertTrue(
                viewModel.summaryProperty().get().contains("estimated from"),
                viewModel.summaryProperty().get());
        assertEquals(1.0, viewModel.progressProperty().get());
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
