package io.dynoscope.ui.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionOrder;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Background work that ends after the person changed something keeps their change: the tab's
 * description and first page, and a read's first page, are held (a {@link HeldExecutor}) while the
 * test acts as the person, then let finish. These are the interleavings a loaded machine makes by
 * chance (issue 19: <i>newest first</i> saved as false after the person ticked it).
 */
class ItemGridInterleavingTest {

    private static final String TABLE = TestEngine.uniqueTableName("grid-interleaving");

    private final HeldExecutor held = new HeldExecutor();
    private final ItemGridViewModel grid =
            new ItemGridViewModel(
                    TABLE,
                    new ConnectionServices(TestEngine.repository()),
                    new BackgroundWork(held, UiExecutor.inline()));

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, TABLE);
    }

    @Test
    void newestFirstTickedWhileTheTableOpensIsKeptWhenItsFirstPageArrives() {
        grid.open(true);
        assertEquals(1, held.held(), "the description is being read");

        grid.readBar().newestFirstProperty().set(true);
        held.runAll();

        assertEquals(ReadMode.SCAN, grid.readBar().modeProperty().get(), "the first page ran");
        assertFalse(grid.rows().isEmpty());
        assertTrue(grid.readBar().newestFirstProperty().get(), "the person's choice stays");
    }

    @Test
    void newestFirstRestoredBeforeTheTableOpensSurvivesItsFirstPage() {
        grid.readBar().newestFirstProperty().set(true); // as the settings restore it
        grid.open(true);
        held.runAll();

        assertFalse(grid.rows().isEmpty());
        assertTrue(grid.readBar().newestFirstProperty().get());
    }

    @Test
    void aReadTypedWhileTheTableIsDescribedIsNotReplacedByTheFirstPage() {
        grid.open(true);
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        held.runAll();

        assertEquals(ReadMode.QUERY, grid.readBar().modeProperty().get());
        assertEquals(SampleData.ACME, grid.readBar().partitionKeyValueProperty().get());
        assertTrue(grid.rows().isEmpty(), "no Scan read behind the person's back");

        grid.run();
        held.runAll();
        assertEquals(
                List.of(SampleData.ACME),
                grid.collections().collections().stream()
                        .map(c -> KeyValues.text(c.partitionKey()))
                        .toList());
    }

    @Test
    void collectionsOrderedWhileAReadIsUnderWayShowInThatOrder() {
        grid.open(false);
        held.runAll();
        grid.readBar().modeProperty().set(ReadMode.SCAN);
        grid.run();

        grid.loaded().orderCollections(CollectionOrder.PARTITION_KEY);
        held.runAll();

        assertEquals(CollectionOrder.PARTITION_KEY, grid.collections().collectionOrder());
        List<AttributeValue> shown =
                grid.collections().collections().stream()
                        .map(ItemCollection::partitionKey)
                        .toList();
        assertTrue(shown.size() > 2, shown.toString());
        List<String> texts = shown.stream().map(KeyValues::text).toList();
        assertEquals(texts.stream().sorted().toList(), texts, "by partition key, as chosen");
    }
}
