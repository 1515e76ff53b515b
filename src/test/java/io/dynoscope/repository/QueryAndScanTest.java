package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.repository.ReadsTable.BIG_ITEMS;
import static io.dynoscope.repository.ReadsTable.PROJECTS;
import static io.dynoscope.repository.ReadsTable.expectedBigSortKeys;
import static io.dynoscope.repository.ReadsTable.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.repository.ReadsTable.Collector;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Query and Scan against the real engine: key conditions, paging past 1 MB, the item limit with its
 * resume key, filtered reads over empty pages, projections and placeholders.
 */
class QueryAndScanTest {

    private static final DynamoRepository repository = TestEngine.repository();
    private static final String table = ReadsTable.table();
    private static final int totalItems = ReadsTable.totalItems();

    @Test
    void oneItemCollectionNewestFirstWithBeginsWithIsOneRequest() {
        Collector collector = new Collector();
        ReadResult result =
                repository.query(
                        QuerySpec.of(
                                        table,
                                        KeyCondition.partition(
                                                        KeySchema.of("pk", "sk"), s("WS#acme"))
                                                .and(SortKeyCondition.beginsWith("PROJ#")))
                                .descending(),
                        collector,
                        Cancellation.none());

        List<String> expected =
                IntStream.iterate(PROJECTS, i -> i >= 1, i -> i - 1)
                        .mapToObj(i -> String.format("PROJ#2026-%04d", i))
                        .toList();
        assertEquals(expected, collector.sortKeys());
        assertEquals(1, result.statistics().requests());
        assertEquals(PROJECTS, result.statistics().returnedCount());
        assertTrue(
                result.statistics().consumedCapacity() > 0, "the engine reports consumed capacity");
        assertTrue(result.complete());
    }

    @Test
    void sortKeyComparisonsAndBetween() {
        assertEquals(
                List.of("PROJ#2026-0029", "PROJ#2026-0030", "USER#1"),
                querySortKeys(
                        SortKeyCondition.of(SortKeyCondition.Operator.GT, s("PROJ#2026-0028"))));
        assertEquals(
                List.of("PROJ#2026-0002", "PROJ#2026-0003"),
                querySortKeys(SortKeyCondition.between(s("PROJ#2026-0002"), s("PROJ#2026-0003"))));
        assertEquals(
                List.of("META"),
                querySortKeys(SortKeyCondition.of(SortKeyCondition.Operator.EQ, s("META"))));
    }

    private static List<String> querySortKeys(SortKeyCondition condition) {
        Collector collector = new Collector();
        repository.query(
                QuerySpec.of(
                        table,
                        KeyCondition.partition(KeySchema.of("pk", "sk"), s("WS#acme"))
                                .and(condition)),
                collector,
                Cancellation.none());
        return collector.sortKeys();
    }

    @Test
    void aPartitionOverOneMegabyteTakesSeveralPagesChainedByLastEvaluatedKey() {
        Collector collector = new Collector();
        ReadResult result =
                repository.query(
                        QuerySpec.of(
                                table, KeyCondition.partition(KeySchema.of("pk", "sk"), s("BIG"))),
                        collector,
                        Cancellation.none());

        assertTrue(result.statistics().requests() > 1, "1.5 MB cannot come back in one 1 MB page");
        assertEquals(collector.pages.size(), result.statistics().requests());
        assertEquals(BIG_ITEMS, collector.items().size());
        assertEquals(BIG_ITEMS, new HashSet<>(collector.sortKeys()).size());
        assertEquals(expectedBigSortKeys(0, BIG_ITEMS), collector.sortKeys());
        for (int i = 0; i < collector.pages.size() - 1; i++) {
            Page page = collector.pages.get(i);
            Item last = page.items().get(page.items().size() - 1);
            assertEquals(
                    last.key(KeySchema.of("pk", "sk")),
                    page.lastEvaluatedKey(),
                    "page " + i + " ends at its last item");
        }
        assertNull(collector.pages.get(collector.pages.size() - 1).lastEvaluatedKey());
        assertEquals(BIG_ITEMS, result.statistics().scannedCount());
        assertTrue(result.complete());
    }

    @Test
    void loadMoreContinuesExactlyWhereTheLimitStopped() {
        List<String> seen = new ArrayList<>();
        Key resume = null;
        int reads = 0;
        do {
            Collector collector = new Collector();
            ReadResult result =
                    repository.query(
                            QuerySpec.of(
                                            table,
                                            KeyCondition.partition(
                                                    KeySchema.of("pk", "sk"), s("BIG")))
                                    .withLimit(400)
                                    .startingAfter(resume),
                            collector,
                            Cancellation.none());
            reads++;
            assertTrue(collector.items().size() <= 400);
            seen.addAll(collector.sortKeys());
            resume = result.resumeKey();
            if (resume != null) {
                assertEquals(400, collector.items().size());
                assertEquals(Key.of("pk", s("BIG"), "sk", s(seen.get(seen.size() - 1))), resume);
            }
        } while (resume != null);
        assertEquals(expectedBigSortKeys(0, BIG_ITEMS), seen);
        assertEquals(4, reads);
    }

    @Test
    void aLimitThatCutsAFilteredPageShortResumesAfterTheLastReturnedItem() {
        // The filter keeps every item, so full pages come back and the limit must cut one short.
        CompiledExpression keepAll =
                new CompiledExpression("attribute_exists(#p)", Map.of("#p", "payload"), Map.of());
        List<String> seen = new ArrayList<>();
        Key resume = null;
        do {
            Collector collector = new Collector();
            ReadResult result =
                    repository.query(
                            QuerySpec.of(
                                            table,
                                            KeyCondition.partition(
                                                            KeySchema.of("pk", "sk"), s("BIG"))
                                                    .compile(keepAll))
                                    .withFilter(keepAll)
                                    .withPageSize(100)
                                    .withLimit(250)
                                    .startingAfter(resume),
                            collector,
                            Cancellation.none());
            seen.addAll(collector.sortKeys());
            resume = result.resumeKey();
            if (resume != null) {
                assertEquals(
                        List.of(100, 100, 50),
                        collector.pages.stream().map(p -> p.items().size()).toList());
                assertEquals(resume, collector.pages.get(2).lastEvaluatedKey());
            }
        } while (resume != null);
        assertEquals(expectedBigSortKeys(0, BIG_ITEMS), seen);
    }

    @Test
    void aLimitedReadOfAnIndexResumesWithTheIndexKeysToo() {
        CompiledExpression keepAll =
                new CompiledExpression("attribute_exists(#p)", Map.of("#p", "payload"), Map.of());
        List<AttributeValue> seen = new ArrayList<>();
        Key resume = null;
        int reads = 0;
        do {
            Collector collector = new Collector();
            ReadResult result =
                    repository.query(
                            QuerySpec.of(
                                            table,
                                            KeyCondition.partition(
                                                            KeySchema.of("status", "seq"), s("S1"))
                                                    .compile(keepAll))
                                    .onIndex("byStatus")
                                    .withFilter(keepAll)
                                    .withPageSize(70)
                                    .withLimit(120)
                                    .startingAfter(resume),
                            collector,
                            Cancellation.none());
            reads++;
            collector.items().forEach(i -> seen.add(i.get("seq").orElseThrow()));
            resume = result.resumeKey();
            if (resume != null) {
                assertEquals(Set.of("pk", "sk", "status", "seq"), resume.attributes().keySet());
            }
        } while (resume != null);
        List<AttributeValue> expected =
                IntStream.range(0, BIG_ITEMS)
                        .filter(i -> i % 3 == 1)
                        .mapToObj(i -> (AttributeValue) n(i))
                        .toList();
        assertEquals(expected, seen);
        assertEquals(5, reads);
    }

    @Test
    void aFilteredReadKeepsPagingPastEmptyPagesUntilItHasTheLimit() {
        CompiledExpression flagged =
                new CompiledExpression(
                        "#f = :yes",
                        Map.of("#f", "flag"),
                        Map.of(":yes", AttributeValue.bool(true)));
        Collector collector = new Collector();
        ReadResult result =
                repository.query(
                        QuerySpec.of(
                                        table,
                                        KeyCondition.partition(
                                                KeySchema.of("pk", "sk"), s("FILTER")))
                                .withFilter(flagged)
                                .withPageSize(10)
                                .withLimit(2),
                        collector,
                        Cancellation.none());

        assertEquals(List.of("F#0137", "F#0251"), collector.sortKeys());
        assertEquals(
                26,
                result.statistics().requests(),
                "pages of 10 up to and including the one holding F#0251");
        assertTrue(
                collector.pages.stream().filter(p -> p.items().isEmpty()).count() >= 24,
                "empty pages were read past");
        assertEquals(260, result.statistics().scannedCount());
        assertEquals(2, result.statistics().returnedCount());
    }

    @Test
    void aFilteredReadWithoutLimitReadsToTheEnd() {
        CompiledExpression flagged =
                new CompiledExpression(
                        "#f = :yes",
                        Map.of("#f", "flag"),
                        Map.of(":yes", AttributeValue.bool(true)));
        Collector collector = new Collector();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withFilter(flagged), collector, Cancellation.none());
        assertEquals(List.of("F#0137", "F#0251"), collector.sortKeys());
        assertEquals(totalItems, result.statistics().scannedCount());
        assertTrue(result.complete());
    }

    @Test
    void aProjectionStillReturnsTheKeys() {
        Collector collector = new Collector();
        repository.query(
                QuerySpec.of(
                                table,
                                KeyCondition.partition(KeySchema.of("pk", "sk"), s("WS#acme"))
                                        .and(SortKeyCondition.beginsWith("META")))
                        .withProjection(
                                new CompiledExpression("#n", Map.of("#n", "name"), Map.of())),
                collector,
                Cancellation.none());
        assertEquals(
                List.of(item("WS#acme", "META", Map.of("name", s("Acme")))), collector.items());
    }

    @Test
    void aReadyKeyConditionSharesPlaceholdersWithTheFilter() {
        CompiledExpression keyCondition =
                new CompiledExpression(
                        "#pk = :pk AND begins_with(#sk, :prefix)",
                        Map.of("#pk", "pk", "#sk", "sk"),
                        Map.of(":pk", s("WS#acme"), ":prefix", s("PROJ#")));
        CompiledExpression filter =
                new CompiledExpression(
                        "#n <> :pk AND contains(#n, :digit)",
                        Map.of("#n", "name"),
                        Map.of(":pk", s("WS#acme"), ":digit", s("9")));
        Collector collector = new Collector();
        repository.query(
                QuerySpec.of(table, keyCondition).withFilter(filter),
                collector,
                Cancellation.none());
        assertEquals(
                List.of("PROJ#2026-0009", "PROJ#2026-0019", "PROJ#2026-0029"),
                collector.sortKeys());
    }

    @Test
    void aPlaceholderUsedForTwoDifferentNamesIsRejectedBeforeSending() {
        CompiledExpression filter =
                new CompiledExpression("#p = :p", Map.of("#p", "name"), Map.of(":p", s("Acme")));
        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () ->
                                repository.query(
                                        QuerySpec.of(
                                                        table,
                                                        KeyCondition.partition(
                                                                KeySchema.of("pk", "sk"),
                                                                s("WS#acme")))
                                                .withFilter(filter),
                                        new Collector(),
                                        Cancellation.none()));
        assertEquals(RepositoryException.Kind.VALIDATION, e.kind());
        assertTrue(e.getMessage().contains("#p "), e.getMessage());
    }
}
