package io.dynoscope.ui.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.AttributeValue.Str;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.service.write.ItemWrites;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The grid's view model against the real engine, with the UI executor inline (no display). */
class ItemGridViewModelTest {

    private static final String TABLE = TestEngine.uniqueTableName("grid-saas");
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
        DynamoRepository repository = TestEngine.repository();
        ItemGridViewModel grid =
                new ItemGridViewModel(TABLE, new ConnectionServices(repository), work);
        grid.open(false).await();
        return grid;
    }

    private static void runAndWait(ItemGridViewModel grid) {
        awaitRead(grid, grid::run);
    }

    /** Starts a read and waits until it finished or reported a problem. */
    static void awaitRead(ItemGridViewModel grid, Runnable start) {
        CountDownLatch done = new CountDownLatch(1);
        grid.onReadFinished(g -> done.countDown());
        grid.messageProperty()
                .addListener(
                        (obs, old, text) -> {
                            if (!text.isEmpty()) {
                                done.countDown();
                            }
                        });
        start.run();
        try {
            assertTrue(done.await(30, TimeUnit.SECONDS), "the read did not finish");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertEquals("", grid.messageProperty().get(), "the read reported a problem");
    }

    private static List<String> sortKeysOf(ItemGridViewModel grid) {
        List<String> keys = new ArrayList<>();
        for (CollectionRow row : grid.rows()) {
            if (row instanceof CollectionRow.ItemRow item) {
                keys.add(item.item().string(SampleData.SAAS_SORT_KEY).orElseThrow());
            }
        }
        return keys;
    }

    @Test
    void aQueryForOneWorkspaceShowsOneBlockParentFirstThenProjectsInOrderInOneRequest() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);

        runAndWait(grid);

        CollectionRow first = grid.rows().get(0);
        CollectionRow.Header header = assertInstanceOf(CollectionRow.Header.class, first);
        assertEquals(SampleData.ACME, ((Str) header.collection().partitionKey()).value());
        List<String> sortKeys = sortKeysOf(grid);
        assertEquals(
                grid.rows().size() - 1,
                sortKeys.size(),
                "one header, then only this collection's items");
        assertEquals(
                header.collection().itemCount(),
                sortKeys.size(),
                "the header count matches the rows");
        assertEquals(SampleData.WORKSPACE_DETAIL, sortKeys.get(0));
        List<String> projects = sortKeys.subList(1, sortKeys.size());
        List<String> sorted = new ArrayList<>(projects);
        sorted.sort(null);
        assertEquals(sorted, projects, "projects ascending by sort key");
        assertEquals(1, grid.lastStatisticsProperty().get().requests());
        assertTrue(
                grid.lastReadProperty().get().startsWith("Last read: 1 request · "),
                grid.lastReadProperty().get());
    }

    @Test
    void newestFirstKeepsTheParentFirstAndReversesTheProjects() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        grid.readBar().sortKeyOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);
        grid.readBar().sortKeyValueProperty().set(SampleData.PROJECT_PREFIX);
        grid.readBar().newestFirstProperty().set(true);

        runAndWait(grid);

        List<String> sortKeys = sortKeysOf(grid);
        assertEquals(
                SampleData.ACME_PROJECTS, sortKeys.size(), "begins_with PROJ# reads only projects");
        List<String> descending = new ArrayList<>(sortKeys);
        descending.sort(Comparator.reverseOrder());
        assertEquals(descending, sortKeys);
    }

    @Test
    void newestFirstWithAPartialLoadKeepsTheParentPinnedFirstAndReadsItOnce() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.HUGE);
        grid.readBar().newestFirstProperty().set(true);
        grid.readBar().limitProperty().set(50);

        runAndWait(grid);

        List<String> sortKeys = sortKeysOf(grid);
        assertEquals(51, sortKeys.size(), "the parent and the 50 newest projects");
        assertEquals(SampleData.WORKSPACE_DETAIL, sortKeys.get(0), "the parent stays first");
        List<String> projects = sortKeys.subList(1, sortKeys.size());
        List<String> descending = new ArrayList<>(projects);
        descending.sort(Comparator.reverseOrder());
        assertEquals(descending, projects, "then the projects, newest first");
        assertTrue(grid.canLoadMoreProperty().get());
        assertEquals(
                2,
                grid.lastStatisticsProperty().get().requests(),
                "the Query's part, and one request for the parent it had not reached");

        while (grid.canLoadMoreProperty().get()) {
            awaitRead(grid, grid::loadMore);
        }
        List<String> all = sortKeysOf(grid);
        assertEquals(SampleData.HUGE_PROJECTS + 1, all.size(), "every item once");
        assertEquals(SampleData.WORKSPACE_DETAIL, all.get(0));
        assertEquals(1, all.stream().filter(SampleData.WORKSPACE_DETAIL::equals).count());
    }

    @Test
    void theUsersColumnOrderComesFirstAndColumnsNotReadKeepTheirPlace() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        runAndWait(grid);
        List<String> asRead = List.copyOf(grid.columns());
        assertEquals(
                List.of(SampleData.SAAS_PARTITION_KEY, SampleData.SAAS_SORT_KEY),
                asRead.subList(0, 2),
                "key attributes first");

        grid.columnOrder().setAll("plan", SampleData.SAAS_PARTITION_KEY, "gone");
        List<String> arranged = grid.arrangedColumns();
        assertEquals(List.of("plan", SampleData.SAAS_PARTITION_KEY), arranged.subList(0, 2));
        assertEquals(asRead.size(), arranged.size(), "every column read, none that was not");

        List<String> dragged = new ArrayList<>(arranged);
        dragged.add(0, dragged.remove(dragged.indexOf(SampleData.SAAS_SORT_KEY)));
        grid.columnsMoved(dragged);
        List<String> kept = new ArrayList<>(dragged);
        kept.add("gone");
        assertEquals(kept, grid.columnOrder(), "a column this read did not bring keeps its place");
    }

    @Test
    void aLimitStopsTheReadAndLoadMoreContinuesWithoutGapsOrRepeats() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        grid.readBar().limitProperty().set(7);

        runAndWait(grid);
        assertEquals(7, sortKeysOf(grid).size());
        assertTrue(grid.canLoadMoreProperty().get());

        int loads = 0;
        while (grid.canLoadMoreProperty().get()) {
            awaitRead(grid, grid::loadMore);
            loads++;
        }
        assertEquals(3, loads, "20 more items in loads of 7");
        List<String> all = sortKeysOf(grid);
        assertEquals(SampleData.ACME_PROJECTS + 1, all.size());
        assertEquals(all.size(), all.stream().distinct().count(), "no item twice");
    }

    @Test
    void aScanGroupsEveryPartitionIntoContiguousBlocks() {
        ItemGridViewModel grid = open();
        grid.readBar().modeProperty().set(ReadMode.SCAN);
        grid.readBar().segmentsProperty().set(3);
        grid.readBar().limitProperty().set(0);

        runAndWait(grid);

        List<String> seen = new ArrayList<>();
        String current = null;
        int items = 0;
        for (CollectionRow row : grid.rows()) {
            String pk = ((Str) row.collection().partitionKey()).value();
            if (row instanceof CollectionRow.Header) {
                assertFalse(seen.contains(pk), pk + " appears as two blocks");
                seen.add(pk);
                current = pk;
            } else {
                assertEquals(current, pk, "an item outside its collection's block");
                items++;
            }
        }
        assertEquals(SampleData.items(SampleData.Dataset.SAAS).size(), items);
        assertTrue(seen.contains(SampleData.ACME));
        ItemCollection huge =
                grid.collections().collection(AttributeValue.s(SampleData.HUGE)).orElseThrow();
        assertTrue(huge.sizeBytes() > 1024 * 1024, "the oversized tenant is over 1 MB");
    }

    @Test
    void collapsingAWorkspaceLeavesOnlyItsHeader() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        runAndWait(grid);
        ItemCollection acme = grid.rows().get(0).collection();

        grid.loaded().toggleCollapsed(acme);
        assertEquals(1, grid.rows().size());
        grid.loaded().expandAll();
        assertEquals(acme.itemCount() + 1, grid.rows().size());
    }

    @Test
    void badInputIsReportedAndNothingIsRead() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set("");
        grid.run();
        assertTrue(
                grid.messageProperty().get().contains(SampleData.SAAS_PARTITION_KEY),
                grid.messageProperty().get());
        assertFalse(grid.runningProperty().get());

        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        grid.readBar().filterProperty().set("#s = :s");
        grid.readBar().namesProperty().set("{\"#s\": \"status\"");
        grid.run();
        assertTrue(
                grid.messageProperty().get().startsWith("Names: line 1, column 16: not JSON"),
                grid.messageProperty().get());
    }

    @Test
    void theFirstPageATabReadsWhenItOpensIsInTheHistory() {
        ItemGridViewModel grid =
                new ItemGridViewModel(TABLE, new ConnectionServices(TestEngine.repository()), work);
        List<FinishedRead> logged = new ArrayList<>();
        grid.onReadLogged(logged::add);

        awaitRead(grid, () -> grid.open(true));

        assertEquals(1, logged.size());
        assertEquals(ReadMode.SCAN, logged.get(0).request().mode());
        assertEquals(ReadBarViewModel.DEFAULT_LIMIT, logged.get(0).request().limit());
        assertEquals(grid.collections().itemCount(), logged.get(0).items());
        // the bar shows that read: nothing the person changed, so "More" counts nothing
        assertEquals(0, grid.readBar().moreInUseProperty().get());
    }

    @Test
    void exportWritesEveryLoadedItemLosslessly(@TempDir Path dir) throws Exception {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        runAndWait(grid);
        Path file = dir.resolve("acme.jsonl");

        grid.export(grid.loadedItems(), TransferFormat.DYNAMODB_JSON, file).await();

        List<Item> back =
                Files.readAllLines(file).stream()
                        .map(line -> DynamoJsonLines.parseLine(line, 1))
                        .toList();
        assertEquals(grid.loadedItems(), back);
    }

    @Test
    void aSavedItemReplacesItsRowAndADeletedOneLeavesTheGrid() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        runAndWait(grid);
        Item meta = ((CollectionRow.ItemRow) grid.rows().get(1)).item();
        Item renamed = meta.with("name", AttributeValue.s("Acme Renamed"));

        grid.itemChanged(new ItemChange.Saved(grid.tableName(), renamed));

        assertEquals(
                renamed,
                ((CollectionRow.ItemRow) grid.rows().get(1)).item(),
                "the parent row shows the saved item");
        assertEquals(1, grid.loaded().rowToSelectProperty().get());
        assertEquals(SampleData.ACME_PROJECTS + 2, grid.rows().size(), "no row added");

        Item lastProject = ((CollectionRow.ItemRow) grid.rows().get(grid.rows().size() - 1)).item();
        grid.itemChanged(
                new ItemChange.Deleted(
                        grid.tableName(),
                        SampleData.saasKey(
                                SampleData.ACME,
                                lastProject.string(SampleData.SAAS_SORT_KEY).orElseThrow())));
        assertEquals(SampleData.ACME_PROJECTS + 1, grid.rows().size());
        assertFalse(grid.loadedItems().contains(lastProject));
    }

    @Test
    void aQueryBuiltInTheExpressionBuilderRunsIntoTheGridAndShowsInTheReadBar() {
        ItemGridViewModel grid = open();
        SnippetRequest built =
                SnippetRequest.query(TABLE, "#er = :er AND begins_with(#d, :p)")
                        .withNames(
                                Map.of(
                                        "#er",
                                        SampleData.SAAS_PARTITION_KEY,
                                        "#d",
                                        SampleData.SAAS_SORT_KEY))
                        .withValues(
                                Map.of(
                                        ":er",
                                        AttributeValue.s(SampleData.ACME),
                                        ":p",
                                        AttributeValue.s(SampleData.PROJECT_PREFIX)))
                        .descending();

        awaitRead(
                grid, () -> grid.run(ReadRequest.of(built, grid.tableInfoProperty().get(), 1000)));

        List<String> sortKeys = sortKeysOf(grid);
        assertEquals(SampleData.ACME_PROJECTS, sortKeys.size());
        assertEquals(
                SampleData.projectDetail(
                        SampleData.ACME_FIRST_PROJECT + SampleData.ACME_PROJECTS - 1),
                sortKeys.get(0),
                "newest first");
        ReadBarViewModel bar = grid.readBar();
        assertEquals(ReadMode.QUERY, bar.modeProperty().get());
        assertEquals(SampleData.ACME, bar.partitionKeyValueProperty().get());
        assertEquals(SortKeyCondition.Operator.BEGINS_WITH, bar.sortKeyOperatorProperty().get());
        assertEquals(SampleData.PROJECT_PREFIX, bar.sortKeyValueProperty().get());
        assertTrue(bar.newestFirstProperty().get(), "the read bar shows the read that ran");
    }

    @Test
    void aGuardedUpdateShowsItsResultAndARefusedOneChangesNothing() {
        ItemGridViewModel grid = open();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        awaitRead(grid, grid::run);
        String detail = sortKeysOf(grid).get(1);
        var key = SampleData.saasKey(SampleData.ACME, detail);
        ItemWrites writes = new ItemWrites(TestEngine.repository(), TABLE, SampleData.SAAS_KEYS);

        ItemWrites.BuiltWrite refused =
                writes.update(
                        new UpdateSpec(
                                TABLE,
                                key,
                                new CompiledExpression(
                                        "SET #st = :new",
                                        Map.of("#st", "status"),
                                        Map.of(
                                                ":new",
                                                AttributeValue.s("PAUSED"),
                                                ":old",
                                                AttributeValue.s("no such status"))),
                                CompiledExpression.of("#st = :old")));
        assertInstanceOf(WriteOutcome.ConditionFailed.class, refused.outcome());
        assertNull(refused.change());

        Item before =
                grid.loadedItems().stream()
                        .filter(i -> i.string(SampleData.SAAS_SORT_KEY).orElse("").equals(detail))
                        .findFirst()
                        .orElseThrow();
        ItemWrites.BuiltWrite written =
                writes.update(
                        new UpdateSpec(
                                TABLE,
                                key,
                                new CompiledExpression(
                                        "SET #st = :new",
                                        Map.of("#st", "status"),
                                        Map.of(
                                                ":new",
                                                AttributeValue.s("PAUSED"),
                                                ":old",
                                                before.attributes().get("status"))),
                                CompiledExpression.of("#st = :old")));
        grid.itemChanged(written.change());
        Item after =
                grid.loadedItems().stream()
                        .filter(i -> i.string(SampleData.SAAS_SORT_KEY).orElse("").equals(detail))
                        .findFirst()
                        .orElseThrow();
        assertEquals(AttributeValue.s("PAUSED"), after.attributes().get("status"));
        assertEquals(SampleData.ACME_PROJECTS + 1, sortKeysOf(grid).size());
    }
}
