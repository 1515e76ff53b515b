package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.repository.ReadsTable.expectedBigSortKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.repository.ReadsTable.Collector;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Parallel Scan segments on a bounded pool, and a read stopped by its listener or cancelled. */
class ParallelScanAndStopTest {

    private static final DynamoRepository repository = TestEngine.repository();
    private static final String table = ReadsTable.table();
    private static final int totalItems = ReadsTable.totalItems();

    @Test
    void moreSegmentsThanThreadsRunOnABoundedPool() {
        int segmentCount = ScanSpec.MAX_CONCURRENT_SEGMENTS * 3 + 1;
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Set<Integer> segments = new HashSet<>();
        List<Key> keys = new ArrayList<>();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withSegments(segmentCount),
                        page -> {
                            threads.add(
                                    Thread.currentThread().getName()
                                            + "@"
                                            + System.identityHashCode(Thread.currentThread()));
                            segments.add(page.segment());
                            page.items().forEach(i -> keys.add(i.key(KeySchema.of("pk", "sk"))));
                            return true;
                        },
                        Cancellation.none());

        assertEquals(totalItems, new HashSet<>(keys).size());
        assertEquals(totalItems, keys.size());
        assertEquals(segmentCount, segments.size(), "every segment (TotalSegments) was read");
        assertTrue(
                threads.size() <= ScanSpec.MAX_CONCURRENT_SEGMENTS,
                threads.size() + " threads read " + segmentCount + " segments");
        assertTrue(
                result.statistics().requests() >= segmentCount, "a request per segment at least");
        assertTrue(result.complete());
    }

    @Test
    void aScanHasAtMostAMillionSegments() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ScanSpec.table(table).withSegments(ScanSpec.MAX_SEGMENTS + 1));
        assertEquals(
                "a Scan has 1 to 1,000,000 segments (DynamoDB's TotalSegments), not 1000001",
                e.getMessage());
    }

    @Test
    void aParallelScanReturnsEveryItemOnceAndDeliversOnePageAtATime() {
        AtomicInteger inListener = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        Set<Integer> segments = new HashSet<>();
        List<Key> keys = new ArrayList<>();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withSegments(4).withPageSize(100),
                        page -> {
                            if (inListener.incrementAndGet() > 1) {
                                overlaps.incrementAndGet();
                            }
                            segments.add(page.segment());
                            page.items().forEach(i -> keys.add(i.key(KeySchema.of("pk", "sk"))));
                            inListener.decrementAndGet();
                            return true;
                        },
                        Cancellation.none());

        assertEquals(totalItems, keys.size());
        assertEquals(totalItems, new HashSet<>(keys).size());
        assertEquals(Set.of(0, 1, 2, 3), segments);
        assertEquals(0, overlaps.get());
        assertEquals(totalItems, result.statistics().returnedCount());
        assertTrue(result.complete());
    }

    @Test
    void aParallelScanWithALimitReturnsExactlyThatManyAndIsIncomplete() {
        Collector collector = new Collector();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withSegments(4).withPageSize(60).withLimit(500),
                        collector,
                        Cancellation.none());
        assertEquals(500, collector.items().size());
        assertEquals(500, new HashSet<>(collector.items()).size());
        assertEquals(500, result.statistics().returnedCount());
        assertNull(result.resumeKey());
        assertFalse(result.complete());
    }

    @Test
    void aListenerReturningFalseStopsAfterThatPage() {
        Collector collector = new Collector();
        ReadResult result =
                repository.query(
                        QuerySpec.of(
                                        table,
                                        KeyCondition.partition(KeySchema.of("pk", "sk"), s("BIG")))
                                .withPageSize(100),
                        page -> {
                            collector.onPage(page);
                            return false;
                        },
                        Cancellation.none());
        assertEquals(1, collector.pages.size());
        assertEquals(expectedBigSortKeys(0, 100), collector.sortKeys());
        // the next page was requested ahead while this one was delivered: it is counted, not
        // delivered
        assertEquals(2, result.statistics().requests(), "one request read ahead, none after it");
        assertEquals(200, result.statistics().scannedCount());
        assertEquals(100, result.statistics().returnedCount());
        assertTrue(result.cancelled());
        assertEquals(Key.of("pk", s("BIG"), "sk", s("ITEM#00099")), result.resumeKey());

        Collector rest = new Collector();
        repository.query(
                QuerySpec.of(table, KeyCondition.partition(KeySchema.of("pk", "sk"), s("BIG")))
                        .withPageSize(100)
                        .withLimit(1)
                        .startingAfter(result.resumeKey()),
                rest,
                Cancellation.none());
        assertEquals(List.of("ITEM#00100"), rest.sortKeys());
    }

    @Test
    void aParallelScanStopsEverySegmentWhenTheListenerSaysSo() {
        AtomicInteger pages = new AtomicInteger();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withSegments(4).withPageSize(50),
                        page -> pages.incrementAndGet() < 3,
                        Cancellation.none());
        assertEquals(3, pages.get());
        assertTrue(result.cancelled());
        assertTrue(
                result.statistics().requests() < totalItems / 50,
                "the scan stopped long before the end");
    }

    @Test
    void cancellingStopsAfterTheRequestAlreadySentAhead() {
        Cancellation cancellation = new Cancellation();
        Collector collector = new Collector();
        ReadResult result =
                repository.scan(
                        ScanSpec.table(table).withPageSize(100),
                        page -> {
                            collector.onPage(page);
                            if (collector.pages.size() == 2) {
                                cancellation.cancel();
                            }
                            return true;
                        },
                        cancellation);
        assertEquals(2, collector.pages.size());
        assertEquals(200, collector.items().size());
        assertEquals(
                3,
                result.statistics().requests(),
                "the request read ahead, and none after the cancellation");
        assertEquals(
                200, result.statistics().returnedCount(), "what was read ahead is not returned");
        assertTrue(result.cancelled());
        assertNotNull(result.resumeKey());
        assertEquals(
                collector.pages.get(1).lastEvaluatedKey(),
                result.resumeKey(),
                "resuming continues after the last page delivered");
        assertFalse(result.complete());
    }

    @Test
    void aCancelledReadSendsNoRequest() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel();
        ReadResult result = repository.scan(ScanSpec.table(table), new Collector(), cancellation);
        assertEquals(0, result.statistics().requests());
        assertTrue(result.cancelled());
    }
}
