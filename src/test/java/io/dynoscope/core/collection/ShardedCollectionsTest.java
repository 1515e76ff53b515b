package io.dynoscope.core.collection;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

class ShardedCollectionsTest {

    private static final KeySchema SAAS = KeySchema.of("EntityRef", "Detail");
    private static final ToLongFunction<Item> TEN_BYTES = item -> 10;
    private static final ShardedCollection ACME =
            new ShardedCollection(
                    s("WS#acme#{01..03}"),
                    "WS#acme",
                    List.of(s("WS#acme#01"), s("WS#acme#02"), s("WS#acme#03")));

    private static Item saas(String entityRef, String detail) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s(entityRef));
        attributes.put("Detail", s(detail));
        return Item.of(attributes);
    }

    private static List<String> details(ItemCollection collection) {
        List<String> details = new ArrayList<>();
        for (Item item : collection.items()) {
            details.add(
                    item.string("EntityRef").orElseThrow()
                            + "/"
                            + item.string("Detail").orElseThrow());
        }
        return details;
    }

    @Test
    void everyShardIsOneCollectionWithItsItemsInSortKeyOrderAndCountsPerShard() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(SAAS).withShardedCollection(ACME), TEN_BYTES);
        // Scan order: the shards' items interleaved, and an ordinary partition in between.
        grid.addPage(
                List.of(
                        saas("WS#acme#02", "PROJ#0004"),
                        saas("WS#acme#01", "PROJ#0005"),
                        saas("WS#acme", "META")));
        grid.addPage(
                List.of(
                        saas("WS#acme#01", "PROJ#0001"),
                        saas("WS#acme#02", "PROJ#0002"),
                        saas("WS#acme#02", "PROJ#0003")));

        assertEquals(2, grid.collectionCount());
        ItemCollection acme = grid.collection(s("WS#acme#02")).orElseThrow();
        assertSame(acme, grid.collection(s("WS#acme#{01..03}")).orElseThrow());
        assertEquals("WS#acme · 3 shards", acme.sharded().orElseThrow().label());
        assertEquals(s("WS#acme#{01..03}"), acme.partitionKey());
        assertEquals(
                List.of(
                        "WS#acme#01/PROJ#0001",
                        "WS#acme#02/PROJ#0002",
                        "WS#acme#02/PROJ#0003",
                        "WS#acme#02/PROJ#0004",
                        "WS#acme#01/PROJ#0005"),
                details(acme));
        assertEquals(
                List.of(
                        new ItemCollection.ShardCount(s("WS#acme#01"), 2, 20),
                        new ItemCollection.ShardCount(s("WS#acme#02"), 3, 30),
                        new ItemCollection.ShardCount(s("WS#acme#03"), 0, 0)),
                acme.shardCounts());
        assertEquals(50, acme.sizeBytes());
        ItemCollection plain = grid.collection(s("WS#acme")).orElseThrow();
        assertTrue(plain.sharded().isEmpty());
        assertEquals(List.of(), plain.shardCounts());
        assertEquals(8, grid.rowCount(), "two headers, five shard items and the plain META");
    }

    @Test
    void newestFirstMergesTheShardsDescending() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(SAAS)
                                .withDirection(ReadDirection.DESCENDING)
                                .withShardedCollection(ACME),
                        TEN_BYTES);
        grid.addPage(
                List.of(
                        saas("WS#acme#03", "PROJ#0006"),
                        saas("WS#acme#01", "PROJ#0005"),
                        saas("WS#acme#03", "PROJ#0002")));
        grid.addPage(List.of(saas("WS#acme#02", "PROJ#0004"), saas("WS#acme#02", "PROJ#0001")));

        assertEquals(
                List.of(
                        "WS#acme#03/PROJ#0006",
                        "WS#acme#01/PROJ#0005",
                        "WS#acme#02/PROJ#0004",
                        "WS#acme#03/PROJ#0002",
                        "WS#acme#02/PROJ#0001"),
                details(grid.collections().get(0)));
    }

    @Test
    void removingAnItemTakesItOffItsShardsCount() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(SAAS).withShardedCollection(ACME), TEN_BYTES);
        grid.addPage(List.of(saas("WS#acme#01", "PROJ#0001"), saas("WS#acme#03", "PROJ#0002")));

        assertTrue(
                grid.remove(
                        s("WS#acme#03"),
                        item -> item.string("Detail").orElseThrow().equals("PROJ#0002")));

        ItemCollection acme = grid.collections().get(0);
        assertEquals(1, acme.itemCount());
        assertEquals(10, acme.sizeBytes());
        assertEquals(0, acme.shardCounts().get(2).itemCount());
        assertEquals(1, acme.shardCounts().get(0).itemCount());
    }

    @Test
    void aValueCannotBeAShardOfTwoCollections() {
        ShardedCollection other =
                new ShardedCollection(
                        s("WS#acme#{01..02}"),
                        "WS#acme",
                        List.of(s("WS#acme#01"), s("WS#acme#02")));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardResolver.of(List.of(ACME, other)));
        assertTrue(e.getMessage().contains("WS#acme#01"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new ShardedCollection(s("X"), "X", List.of(s("X#1"), s("X#1"))));
    }
}
