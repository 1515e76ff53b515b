package io.dynoscope.ui.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemOrder;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The table tab's reading aids in the grid's view model, against the real engine: GetItem and
 * consistent reads, find in the loaded rows, ordering items inside collections, the Query-not-Scan
 * hint, fan-out reads of sharded keys, and entity labels.
 */
class ItemGridReadsTest {

    private static final String TABLE = TestEngine.uniqueTableName("grid-reads");
    private static BackgroundWork work;

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, TABLE);
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
    }

    @AfterAll
    static void stop() {
        work.shutdown();
    }

    private static ItemGridViewModel open() {
        ItemGridViewModel grid =
                new ItemGridViewModel(TABLE, new ConnectionServices(TestEngine.repository()), work);
        grid.open(false).await();
        return grid;
    }

    private static void awaitRead(ItemGridViewModel grid, Runnable start) {
        ItemGridViewModelTest.awaitRead(grid, start);
    }

    private static List<Item> itemsShown(ItemGridViewModel grid) {
        List<Item> items = new ArrayList<>();
        for (CollectionRow row : grid.rows()) {
            if (row instanceof CollectionRow.ItemRow item) {
                items.add(item.item());
            }
        }
        return items;
    }

    private static String text(Item item, String attribute) {
        return item.string(attribute).orElse("");
    }

    private static void queryAcme(ItemGridViewModel grid) {
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        awaitRead(grid, grid::run);
    }

    @Test
    void aGetItemReadsTheOneItemInOneRequestAndAConsistentOneCostsTwice() {
        ItemGridViewModel grid = open();
        grid.readBar().modeProperty().set(ReadMode.GET);
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        grid.readBar().sortKeyValueProperty().set(SampleData.WORKSPACE_DETAIL);

        awaitRead(grid, grid::run);
        ReadStatistics eventual = grid.lastStatisticsProperty().get();
        List<Item> shown = itemsShown(grid);
        assertEquals(1, shown.size());
        assertEquals(SampleData.WORKSPACE_DETAIL, text(shown.get(0), SampleData.SAAS_SORT_KEY));
        assertEquals(1, eventual.requests());

        grid.readBar().consistentReadProperty().set(true);
        awaitRead(grid, grid::run);
        ReadStatistics consistent = grid.lastStatisticsProperty().get();
        assertEquals(1, consistent.requests());
        assertEquals(
                2 * eventual.consumedCapacity(),
                consistent.consumedCapacity(),
                1e-9,
                "a strongly consistent read costs twice an eventually consistent one");

        grid.showWrite("Saved WS#acme / META", 1);
        assertEquals("Saved WS#acme / META · 1 WCU", grid.lastReadProperty().get());
    }

    @Test
    void findCountsTheMatchesAndNextAndPreviousWalkThemRound() {
        ItemGridViewModel grid = open();
        queryAcme(grid);
        long requests = grid.lastStatisticsProperty().get().requests();

        // Acme's projects 24, 29, 34 and 39 are ARCHIVED (status cycles every 5)
        grid.loaded().finder().find("archived");
        assertEquals("1 of 4", grid.loaded().finder().statusProperty().get());
        Item first = selectedItem(grid);
        assertEquals(SampleData.projectDetail(24), text(first, SampleData.SAAS_SORT_KEY));
        assertTrue(grid.loaded().finder().isCurrent(first));

        grid.loaded().finder().next();
        assertEquals("2 of 4", grid.loaded().finder().statusProperty().get());
        assertEquals(
                SampleData.projectDetail(29), text(selectedItem(grid), SampleData.SAAS_SORT_KEY));
        grid.loaded().finder().previous();
        grid.loaded().finder().previous();
        assertEquals(
                "4 of 4",
                grid.loaded().finder().statusProperty().get(),
                "before the first is the last");
        assertEquals(
                SampleData.projectDetail(39), text(selectedItem(grid), SampleData.SAAS_SORT_KEY));

        grid.loaded().finder().find("no such value anywhere");
        assertEquals("no match in the loaded rows", grid.loaded().finder().statusProperty().get());
        assertEquals(
                requests,
                grid.lastStatisticsProperty().get().requests(),
                "finding sends no request");
    }

    private static Item selectedItem(ItemGridViewModel grid) {
        CollectionRow row = grid.rows().get(grid.loaded().rowToSelectProperty().get());
        return assertInstanceOf(CollectionRow.ItemRow.class, row).item();
    }

    @Test
    void orderingItemsByAColumnKeepsTheParentFirstAndSendsNoRequest() {
        ItemGridViewModel grid = open();
        queryAcme(grid);
        ReadStatistics before = grid.lastStatisticsProperty().get();
        int rows = grid.rows().size();

        grid.loaded().orderItems(ItemOrder.descending("status"));

        List<Item> shown = itemsShown(grid);
        assertEquals(rows, grid.rows().size(), "no row comes or goes");
        assertEquals(SampleData.WORKSPACE_DETAIL, text(shown.get(0), SampleData.SAAS_SORT_KEY));
        List<String> statuses =
                shown.subList(1, shown.size()).stream().map(i -> text(i, "status")).toList();
        List<String> expected = new ArrayList<>(statuses);
        expected.sort((a, b) -> b.compareTo(a));
        assertEquals(expected, statuses, "projects by status, descending");
        assertEquals("PAUSED", statuses.get(0));
        assertEquals("ACTIVE", statuses.get(statuses.size() - 1));
        assertEquals(before, grid.lastStatisticsProperty().get(), "no new read");

        grid.loaded().orderItems(null);
        List<String> sortKeys =
                itemsShown(grid).stream().map(i -> text(i, SampleData.SAAS_SORT_KEY)).toList();
        List<String> sorted = new ArrayList<>(sortKeys.subList(1, sortKeys.size()));
        sorted.sort(null);
        assertEquals(sorted, sortKeys.subList(1, sortKeys.size()), "back to the sort key's order");
    }

    @Test
    void aScanFilteredOnThePartitionKeyOffersTheQueryAndOneClickRunsIt() {
        ItemGridViewModel grid = open();
        grid.readBar().modeProperty().set(ReadMode.SCAN);
        grid.readBar().filterProperty().set("#er = :er");
        grid.readBar().namesProperty().set("{\"#er\": \"EntityRef\"}");
        grid.readBar().valuesProperty().set("{\":er\": {\"S\": \"WS#acme\"}}");
        awaitRead(grid, grid::run);
        int scanned = itemsShown(grid).size();
        assertTrue(grid.lastStatisticsProperty().get().scannedCount() > scanned);

        assertNotNull(grid.queryHintProperty().get(), "a hint after the Scan");
        assertTrue(
                grid.queryHintProperty()
                        .get()
                        .message()
                        .startsWith("This Scan reads the whole table"),
                grid.queryHintProperty().get().message());

        awaitRead(grid, grid::runHintedQuery);

        assertEquals(ReadMode.QUERY, grid.readBar().modeProperty().get());
        assertEquals(SampleData.ACME, grid.readBar().partitionKeyValueProperty().get());
        assertEquals(scanned, itemsShown(grid).size(), "the same items");
        assertEquals(SampleData.ACME_PROJECTS + 1, scanned);
        assertEquals(1, grid.lastStatisticsProperty().get().requests());
        assertEquals(
                scanned, grid.lastStatisticsProperty().get().scannedCount(), "only the collection");
        assertNull(grid.queryHintProperty().get(), "a Query needs no hint");
    }

    @Test
    void aShardRangeReadsEveryShardAsOneCollectionWithPerShardCounts() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG + "#{01..10}");

        awaitRead(grid, grid::run);

        List<ItemCollection> collections = grid.collections().collections();
        assertEquals(1, collections.size(), "one logical collection");
        ItemCollection big = collections.get(0);
        assertEquals(SampleData.BIG_PROJECTS, big.itemCount());
        assertEquals("WS#big · 10 shards", big.sharded().orElseThrow().label());
        assertEquals(SampleData.BIG_SHARDS, big.shardCounts().size());
        big.shardCounts().forEach(count -> assertEquals(3, count.itemCount()));
        assertEquals(SampleData.BIG_SHARDS, grid.shardProgress().size());
        assertTrue(grid.lastStatisticsProperty().get().requests() >= SampleData.BIG_SHARDS);
        List<String> sortKeys =
                itemsShown(grid).stream().map(i -> text(i, SampleData.SAAS_SORT_KEY)).toList();
        List<String> sorted = new ArrayList<>(sortKeys);
        sorted.sort(null);
        assertEquals(sorted, sortKeys, "the shards merged in sort-key order");
    }

    @Test
    void withTheModelAShardRangeOfATenantReadsItsOwnPartitionTooItsMetaFirst() {
        ItemGridViewModel grid = open();
        grid.setModel(saasModel());
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG + "#{01..10}");

        awaitRead(grid, grid::run);

        // the shards alone left WS#big's META out: the model says WS#big is a sharded tenant
        List<ItemCollection> collections = grid.collections().collections();
        assertEquals(1, collections.size(), "one logical collection");
        assertEquals(SampleData.BIG_PROJECTS + 1, collections.get(0).itemCount());
        Item first = itemsShown(grid).get(0);
        assertEquals(SampleData.WORKSPACE_DETAIL, text(first, SampleData.SAAS_SORT_KEY));
        assertEquals(
                Optional.of(AttributeValue.s(SampleData.BIG)),
                first.get(SampleData.SAAS_PARTITION_KEY));
    }

    @Test
    void aLimitedFanOutLoadsMoreFromTheShardsThatHaveMore() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG + "#{01..10}");
        grid.readBar().limitProperty().set(12);

        awaitRead(grid, grid::run);
        assertEquals(12, itemsShown(grid).size());
        assertTrue(grid.canLoadMoreProperty().get());
        ReadStatistics read = grid.lastStatisticsProperty().get();
        long readAhead = read.returnedCount() - 12;
        assertTrue(readAhead > 0, "every shard's first page came back: " + read);
        assertTrue(
                grid.lastReadProperty()
                        .get()
                        .contains(
                                String.format(
                                        "%d returned (12 loaded + %d for Load more)",
                                        read.returnedCount(), readAhead)),
                "the returned items are the loaded ones and those read ahead: "
                        + grid.lastReadProperty().get());
        assertTrue(grid.totalsProperty().get().startsWith("Loaded: 12 items · tab total: "));

        while (grid.canLoadMoreProperty().get()) {
            awaitRead(grid, grid::loadMore);
        }
        List<String> sortKeys =
                itemsShown(grid).stream().map(i -> text(i, SampleData.SAAS_SORT_KEY)).toList();
        assertEquals(SampleData.BIG_PROJECTS, sortKeys.size());
        assertEquals(SampleData.BIG_PROJECTS, sortKeys.stream().distinct().count(), "no repeats");
        assertEquals(1, grid.collections().collections().size());
        assertEquals(
                "each shard 3 items",
                HeaderText.shardCounts(grid.collections().collections().get(0), true));
    }

    @Test
    void withAModelOneShardQueriedIsOneCollectionAndAScanSaysWhichShardsItMet() {
        ItemGridViewModel grid = open();
        grid.setModel(saasModel());
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG + "#08");
        awaitRead(grid, grid::run);
        ItemCollection shard = grid.collections().collections().get(0);
        assertTrue(shard.sharded().isEmpty(), "one partition read is one plain collection");
        assertEquals(
                SampleData.BIG + "#08   3 items · ",
                HeaderText.headerText(shard, false)
                        .substring(0, (SampleData.BIG + "#08   3 items · ").length()));

        grid.readBar().modeProperty().set(ReadMode.SCAN);
        grid.readBar().limitProperty().set(0);
        awaitRead(grid, grid::run);
        ItemCollection big =
                grid.collections().collections().stream()
                        .filter(c -> c.sharded().isPresent())
                        .findFirst()
                        .orElseThrow();
        assertFalse(grid.readsEveryShard());
        long met = big.shardCounts().stream().filter(c -> c.itemCount() > 0).count();
        assertEquals(
                met + " of " + big.shardCounts().size() + " shards loaded",
                HeaderText.shardCounts(big, grid.readsEveryShard()));
    }

    @Test
    void withAModelAScanPutsTheShardedTenantsMetaFirstInItsShardsBlock() {
        ItemGridViewModel grid = open();
        grid.setModel(saasModel());
        grid.readBar().modeProperty().set(ReadMode.SCAN);
        grid.readBar().limitProperty().set(0);
        awaitRead(grid, grid::run);

        ItemCollection big =
                grid.collections().collections().stream()
                        .filter(c -> c.sharded().isPresent())
                        .findFirst()
                        .orElseThrow();
        Item first = big.items().get(0);
        assertEquals(SampleData.BIG, text(first, SampleData.SAAS_PARTITION_KEY));
        assertEquals(SampleData.WORKSPACE_DETAIL, text(first, SampleData.SAAS_SORT_KEY));
        assertTrue(
                grid.collections().collections().stream()
                        .noneMatch(c -> c.partitionKey().equals(AttributeValue.s(SampleData.BIG))),
                "no block of its own for WS#big's META");
        assertEquals(SampleData.BIG_PROJECTS + 1, big.itemCount());
    }

    private static TableModel saasModel() {
        return SampleModels.designs().stream()
                .filter(d -> d.table().equals("saas"))
                .findFirst()
                .orElseThrow()
                .model();
    }

    @Test
    void withTheTablesModelAWorkspaceReadsItsShardsAndRowsCarryTheirEntity() {
        ItemGridViewModel grid = open();
        TableDesign saas =
                SampleModels.designs().stream()
                        .filter(d -> d.table().equals("saas"))
                        .findFirst()
                        .orElseThrow();
        grid.setModel(saas.model());
        // a plain value is one Query, even with a shard group in the model
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG);
        awaitRead(grid, grid::run);
        assertEquals(1, grid.lastStatisticsProperty().get().requests());
        assertEquals(1, grid.collections().collections().get(0).itemCount());

        // the model's shards asked for by name: the workspace and its ten shards as one
        grid.readBar().partitionKeyValueProperty().set(SampleData.BIG + "#{shard}");
        awaitRead(grid, grid::run);

        List<ItemCollection> collections = grid.collections().collections();
        assertEquals(1, collections.size());
        assertEquals(SampleData.BIG_PROJECTS + 1, collections.get(0).itemCount());
        List<Item> shown = itemsShown(grid);
        Item workspace = shown.get(0);
        assertEquals(SampleData.WORKSPACE_DETAIL, text(workspace, SampleData.SAAS_SORT_KEY));
        assertEquals(
                Optional.of(AttributeValue.s(SampleData.BIG)),
                workspace.get(SampleData.SAAS_PARTITION_KEY));
        var workspaceLabel = grid.loaded().entityOf(workspace).orElseThrow();
        var projectLabel = grid.loaded().entityOf(shown.get(1)).orElseThrow();
        assertEquals("workspace", workspaceLabel.entity());
        assertEquals("shardedProject", projectLabel.entity());
        assertNotEquals(workspaceLabel.place(), projectLabel.place());
    }
}
