package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** BatchWrite in chunks of 25 and BatchGet in chunks of 100 against the real engine. */
class BatchTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static DynamoRepository repository;
    private static String table;

    @BeforeAll
    static void createTable() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("batch");
    }

    private static Item item(int i) {
        return Item.of(
                Map.of("pk", s("P#" + (i % 10)), "sk", s(String.format("I#%04d", i)), "n", n(i)));
    }

    @Test
    void writesAThousandItemsInChunksOfTwentyFiveAndReadsThemBackInChunksOfAHundred() {
        List<Item> items = IntStream.range(0, 1_000).mapToObj(BatchTest::item).toList();
        BatchResult written = repository.batchWrite(table, items, List.of(), Cancellation.none());
        assertEquals(1_000, written.processed());
        assertEquals(40, written.requests());
        assertTrue(written.items().isEmpty());

        List<Key> keys =
                new ArrayList<>(
                        IntStream.range(0, 250).mapToObj(i -> item(i * 4).key(KEYS)).toList());
        BatchResult read = repository.batchGet(table, keys, Cancellation.none());
        assertEquals(250, read.processed());
        assertEquals(3, read.requests());
        assertEquals(
                new HashSet<>(IntStream.range(0, 250).mapToObj(i -> item(i * 4)).toList()),
                new HashSet<>(read.items()));
        assertTrue(read.consumedCapacity() > 0);

        List<Key> deletes = IntStream.range(0, 30).mapToObj(i -> item(i).key(KEYS)).toList();
        BatchResult deleted = repository.batchWrite(table, List.of(), deletes, Cancellation.none());
        assertEquals(30, deleted.processed());
        assertEquals(0, repository.batchGet(table, deletes, Cancellation.none()).items().size());
    }

    @Test
    void aKeyAskedForTwiceIsReadOnceAndMissingKeysAreSimplyAbsent() {
        repository.batchWrite(table, List.of(item(5_000)), List.of(), Cancellation.none());
        Key present = item(5_000).key(KEYS);
        Key absent = item(5_001).key(KEYS);
        BatchResult read =
                repository.batchGet(table, List.of(present, present, absent), Cancellation.none());
        assertEquals(List.of(item(5_000)), read.items());
        assertEquals(2, read.processed());
    }

    @Test
    void aCancelledBatchStopsBetweenRequests() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel();
        BatchResult result =
                repository.batchWrite(table, List.of(item(7_000)), List.of(), cancellation);
        assertEquals(0, result.requests());
        assertTrue(repository.getItem(table, item(7_000).key(KEYS), true).item().isEmpty());
    }
}
