package io.dynoscope.core.collection;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.Test;

class ItemCollectionsTest {

    private static final KeySchema SAAS = KeySchema.of("EntityRef", "Detail");
    static final GroupingOptions SAAS_OPTIONS = GroupingOptions.of(SAAS).withParentMarker("META");

    /** A stand-in for the real item size: 100 bytes per attribute, so sums are easy to check. */
    static final ToLongFunction<Item> HUNDRED_PER_ATTRIBUTE =
            item -> 100L * item.attributes().size();

    static Item saas(String entityRef, String detail) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s(entityRef));
        attributes.put("Detail", s(detail));
        return Item.of(attributes);
    }

    static Item keyed(String pkName, AttributeValue pk, String skName, AttributeValue sk) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(pkName, pk);
        if (skName != null) {
            attributes.put(skName, sk);
        }
        return Item.of(attributes);
    }

    /** The grid as text: a header is "# pk (count)", an item "pk/sk", a parent "pk/sk *". */
    static List<String> render(ItemCollections grid, String pkName, String skName) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < grid.rowCount(); i++) {
            CollectionRow row = grid.row(i);
            if (row instanceof CollectionRow.Header header) {
                rows.add(
                        "# "
                                + text(header.collection().partitionKey())
                                + " ("
                                + header.collection().itemCount()
                                + ")");
            } else if (row instanceof CollectionRow.ItemRow itemRow) {
                String sk =
                        skName == null ? "" : "/" + text(itemRow.item().attributes().get(skName));
                rows.add(
                        text(itemRow.item().attributes().get(pkName))
                                + sk
                                + (itemRow.parent() ? " *" : ""));
            }
        }
        return rows;
    }

    static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str str) {
            return str.value();
        }
        if (value instanceof AttributeValue.Num num) {
            return num.text();
        }
        return HexFormat.of().formatHex(((AttributeValue.Bin) value).bytes());
    }

    private static List<Item> seedPagesInterleaved(ItemCollections grid) {
        List<Item> page1 =
                List.of(saas("WS#acme", "PROJ#2026-0042"), saas("WS#beta", "PROJ#2026-0007"));
        List<Item> page2 =
                List.of(
                        saas("WS#beta", "META"),
                        saas("WS#acme", "PROJ#2026-0041"),
                        saas("WS#acme", "META"));
        List<Item> page3 = List.of(saas("WS#beta", "PROJ#2026-0003"));
        grid.addPage(page1);
        grid.addPage(page2);
        grid.addPage(page3);
        List<Item> all = new ArrayList<>(page1);
        all.addAll(page2);
        all.addAll(page3);
        return all;
    }

    @Test
    void seedExampleInterleavedAcrossPagesBecomesContiguousBlocksParentFirst() {
        ItemCollections grid = new ItemCollections(SAAS_OPTIONS, HUNDRED_PER_ATTRIBUTE);
        seedPagesInterleaved(grid);

        assertEquals(
                List.of(
                        "# WS#acme (3)",
                        "WS#acme/META *",
                        "WS#acme/PROJ#2026-0041",
                        "WS#acme/PROJ#2026-0042",
                        "# WS#beta (3)",
                        "WS#beta/META *",
                        "WS#beta/PROJ#2026-0003",
                        "WS#beta/PROJ#2026-0007"),
                render(grid, "EntityRef", "Detail"));
        assertEquals(2, grid.collectionCount());
        assertEquals(6, grid.itemCount());
    }

    @Test
    void descendingPutsNewestProjectFirstButKeepsParentFirst() {
        ItemCollections grid =
                new ItemCollections(
                        SAAS_OPTIONS.withDirection(ReadDirection.DESCENDING),
                        HUNDRED_PER_ATTRIBUTE);
        seedPagesInterleaved(grid);

        assertEquals(
                List.of(
                        "# WS#acme (3)",
                        "WS#acme/META *",
                        "WS#acme/PROJ#2026-0042",
                        "WS#acme/PROJ#2026-0041",
                        "# WS#beta (3)",
                        "WS#beta/META *",
                        "WS#beta/PROJ#2026-0007",
                        "WS#beta/PROJ#2026-0003"),
                render(grid, "EntityRef", "Detail"));
    }

    @Test
    void withoutParentMarkerMetaSortsAmongTheOthers() {
        ItemCollections grid = new ItemCollections(GroupingOptions.of(SAAS), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(List.of(saas("WS#acme", "PROJ#2026-0041"), saas("WS#acme", "META")));

        assertEquals(
                List.of("# WS#acme (2)", "WS#acme/META", "WS#acme/PROJ#2026-0041"),
                render(grid, "EntityRef", "Detail"));
        assertTrue(grid.collections().get(0).parent().isEmpty());
    }

    @Test
    void headersCarryCountSizeParentAndWarnings() {
        ItemCollections grid =
                new ItemCollections(
                        SAAS_OPTIONS.withLargeCollectionThreshold(500, 1_000),
                        item -> item.attributes().get("Detail").equals(s("META")) ? 400 : 150);
        seedPagesInterleaved(grid);
        grid.addPage(List.of(saas("WS#solo", "PROJ#2026-0001")));

        ItemCollection acme = grid.collection(s("WS#acme")).orElseThrow();
        assertEquals(3, acme.itemCount());
        assertEquals(400 + 150 + 150, acme.sizeBytes());
        assertTrue(acme.isLarge());
        assertEquals(saas("WS#acme", "META"), acme.parent().orElseThrow());

        ItemCollection solo = grid.collection(s("WS#solo")).orElseThrow();
        assertEquals(150, solo.sizeBytes());
        assertFalse(solo.isLarge());
        assertTrue(solo.parent().isEmpty());

        ItemCollections byCount =
                new ItemCollections(
                        SAAS_OPTIONS.withLargeCollectionThreshold(Long.MAX_VALUE, 3),
                        HUNDRED_PER_ATTRIBUTE);
        seedPagesInterleaved(byCount);
        byCount.addPage(List.of(saas("WS#solo", "PROJ#2026-0001")));
        assertTrue(byCount.collection(s("WS#beta")).orElseThrow().isLarge());
        assertFalse(byCount.collection(s("WS#solo")).orElseThrow().isLarge());
    }

    @Test
    void collapsedCollectionsShowOnlyTheirHeader() {
        ItemCollections grid = new ItemCollections(SAAS_OPTIONS, HUNDRED_PER_ATTRIBUTE);
        seedPagesInterleaved(grid);
        ItemCollection acme = grid.collection(s("WS#acme")).orElseThrow();
        ItemCollection beta = grid.collection(s("WS#beta")).orElseThrow();

        assertTrue(grid.toggleCollapsed(acme));
        assertEquals(
                List.of(
                        "# WS#acme (3)",
                        "# WS#beta (3)",
                        "WS#beta/META *",
                        "WS#beta/PROJ#2026-0003",
                        "WS#beta/PROJ#2026-0007"),
                render(grid, "EntityRef", "Detail"));
        assertEquals(1, grid.headerRow(beta));

        grid.addPage(List.of(saas("WS#acme", "PROJ#2026-0043")));
        assertEquals(5, grid.rowCount(), "items added to a collapsed collection stay hidden");
        assertEquals(4, acme.itemCount());

        grid.collapseAll();
        grid.addPage(List.of(saas("WS#gamma", "META")));
        assertEquals(
                List.of("# WS#acme (4)", "# WS#beta (3)", "# WS#gamma (1)"),
                render(grid, "EntityRef", "Detail"));

        grid.expandAll();
        assertEquals(11, grid.rowCount());
        assertEquals(5, grid.headerRow(beta));
        CollectionRow lastAcmeItem = grid.row(4);
        assertInstanceOf(CollectionRow.ItemRow.class, lastAcmeItem);
        assertEquals(
                saas("WS#acme", "PROJ#2026-0043"), ((CollectionRow.ItemRow) lastAcmeItem).item());
        assertEquals(3, ((CollectionRow.ItemRow) lastAcmeItem).indexInCollection());

        grid.setCollapsed(beta, true);
        assertEquals(8, grid.rowCount());
        assertEquals(new CollectionRow.Header(beta), grid.row(5));
        assertEquals(
                new CollectionRow.Header(grid.collection(s("WS#gamma")).orElseThrow()),
                grid.row(6));
        assertThrows(IndexOutOfBoundsException.class, () -> grid.row(8));
    }

    @Test
    void numericSortKeysOrderByValue() {
        KeySchema schema = KeySchema.of("pk", "version");
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(schema).withParentMarker(n("0")), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(
                List.of(
                        keyed("pk", s("doc"), "version", n("10")),
                        keyed("pk", s("doc"), "version", n("9")),
                        keyed("pk", s("doc"), "version", n("-1.5")),
                        keyed("pk", s("doc"), "version", n("1E+2")),
                        keyed("pk", s("doc"), "version", n("0.0")),
                        keyed("pk", s("doc"), "version", n("0.25"))));

        assertEquals(
                List.of(
                        "# doc (6)",
                        "doc/0.0 *",
                        "doc/-1.5",
                        "doc/0.25",
                        "doc/9",
                        "doc/10",
                        "doc/1E+2"),
                render(grid, "pk", "version"));
    }

    @Test
    void numericPartitionKeysAreOneCollectionPerValue() {
        KeySchema schema = KeySchema.of("tenant", "sk");
        ItemCollections grid =
                new ItemCollections(GroupingOptions.of(schema), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(
                List.of(
                        keyed("tenant", n("7"), "sk", s("a")),
                        keyed("tenant", s("7"), "sk", s("b")),
                        keyed("tenant", n("7.0"), "sk", s("c"))));

        assertEquals(
                List.of("# 7 (2)", "7/a", "7.0/c", "# 7 (1)", "7/b"), render(grid, "tenant", "sk"));
    }

    @Test
    void binarySortKeysOrderByUnsignedBytes() {
        KeySchema schema = KeySchema.of("pk", "bin");
        ItemCollections grid =
                new ItemCollections(GroupingOptions.of(schema), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(
                List.of(
                        keyed("pk", s("x"), "bin", b(new byte[] {(byte) 0x80})),
                        keyed("pk", s("x"), "bin", b(new byte[] {(byte) 0xFF})),
                        keyed("pk", s("x"), "bin", b(new byte[] {0x7F})),
                        keyed("pk", s("x"), "bin", b(new byte[] {0x00, 0x01})),
                        keyed("pk", s("x"), "bin", b(new byte[] {0x00}))));

        assertEquals(
                List.of("# x (5)", "x/00", "x/0001", "x/7f", "x/80", "x/ff"),
                render(grid, "pk", "bin"));
    }

    @Test
    void stringSortKeysFollowUtf8NotUtf16Order() {
        ItemCollections grid = new ItemCollections(GroupingOptions.of(SAAS), HUNDRED_PER_ATTRIBUTE);
        String emoji = "NOTE#\uD83D\uDE00";
        String privateUse = "NOTE#\uE000";
        grid.addPage(
                List.of(
                        saas("WS#acme", emoji),
                        saas("WS#acme", privateUse),
                        saas("WS#acme", "NOTE#z")));

        assertEquals(
                List.of(
                        "# WS#acme (3)",
                        "WS#acme/NOTE#z",
                        "WS#acme/" + privateUse,
                        "WS#acme/" + emoji),
                render(grid, "EntityRef", "Detail"));
    }

    @Test
    void tableWithoutSortKeyHasOneItemPerCollectionInArrivalOrder() {
        KeySchema schema = new KeySchema("id", Optional.empty());
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(schema).withParentMarker("META"), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(List.of(keyed("id", s("u3"), null, null), keyed("id", s("u1"), null, null)));
        grid.addPage(List.of(keyed("id", s("u2"), null, null)));

        assertEquals(
                List.of("# u3 (1)", "u3", "# u1 (1)", "u1", "# u2 (1)", "u2"),
                render(grid, "id", null));
        assertEquals(100, grid.collection(s("u1")).orElseThrow().sizeBytes());
    }

    @Test
    void indexViewGroupsByTheIndexKeysAndKeepsTiesInArrivalOrder() {
        KeySchema byStatus = KeySchema.of("status", "createdAt");
        ItemCollections grid =
                new ItemCollections(GroupingOptions.of(byStatus), HUNDRED_PER_ATTRIBUTE);
        grid.addPage(
                List.of(
                        project("WS#acme", "PROJ#1", "ACTIVE", "2026-03"),
                        project("WS#beta", "PROJ#2", "ARCHIVED", "2026-01"),
                        project("WS#acme", "PROJ#3", "ACTIVE", "2026-01"),
                        project("WS#beta", "PROJ#4", "ACTIVE", "2026-03")));

        List<String> rows = new ArrayList<>();
        for (int i = 0; i < grid.rowCount(); i++) {
            CollectionRow row = grid.row(i);
            rows.add(
                    row instanceof CollectionRow.ItemRow item
                            ? item.item().string("Detail").orElseThrow()
                            : "# " + text(row.collection().partitionKey()));
        }
        assertEquals(
                List.of("# ACTIVE", "PROJ#3", "PROJ#1", "PROJ#4", "# ARCHIVED", "PROJ#2"), rows);
    }

    private static Item project(String entityRef, String detail, String status, String createdAt) {
        return saas(entityRef, detail).with("status", s(status)).with("createdAt", s(createdAt));
    }

    @Test
    void collectionsCanBeOrderedByPartitionKeyAndBack() {
        ItemCollections grid =
                new ItemCollections(
                        SAAS_OPTIONS.withCollectionOrder(CollectionOrder.PARTITION_KEY),
                        HUNDRED_PER_ATTRIBUTE);
        grid.addPage(List.of(saas("WS#m", "META"), saas("WS#z", "META")));
        grid.addPage(List.of(saas("WS#a", "META"), saas("WS#m", "PROJ#1")));

        assertEquals(
                List.of(
                        "# WS#a (1)",
                        "WS#a/META *",
                        "# WS#m (2)",
                        "WS#m/META *",
                        "WS#m/PROJ#1",
                        "# WS#z (1)",
                        "WS#z/META *"),
                render(grid, "EntityRef", "Detail"));

        grid.setCollectionOrder(CollectionOrder.ARRIVAL);
        assertEquals(
                List.of(s("WS#m"), s("WS#z"), s("WS#a")),
                grid.collections().stream().map(ItemCollection::partitionKey).toList());
        assertEquals(5, grid.headerRow(grid.collection(s("WS#a")).orElseThrow()));
    }

    @Test
    void pageWithAnItemMissingItsSortKeyIsRejectedWhole() {
        ItemCollections grid = new ItemCollections(SAAS_OPTIONS, HUNDRED_PER_ATTRIBUTE);
        Item noSortKey = Item.of(Map.of("EntityRef", s("WS#acme")));

        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> grid.addPage(List.of(saas("WS#acme", "META"), noSortKey)));
        assertTrue(e.getMessage().contains("'Detail'"), e.getMessage());
        assertEquals(0, grid.rowCount());
        assertEquals(0, grid.itemCount());

        Item boolKey = Item.of(Map.of("EntityRef", AttributeValue.bool(true), "Detail", s("META")));
        assertThrows(IllegalArgumentException.class, () -> grid.addPage(List.of(boolKey)));
    }

    @Test
    void anItemTakenOutLeavesItsCollectionInOrderWithItsCountAndSizeReduced() {
        KeySchema schema = KeySchema.of("EntityRef", "Detail");
        ItemCollections grouping =
                new ItemCollections(
                        GroupingOptions.of(schema).withParentMarker("META"), item -> 10);
        List<Item> page = new ArrayList<>();
        page.add(
                Item.of(
                        Map.of(
                                "EntityRef",
                                AttributeValue.s("WS#acme"),
                                "Detail",
                                AttributeValue.s("META"))));
        for (int i = 0; i < 1200; i++) { // more than two sorted blocks
            page.add(
                    Item.of(
                            Map.of(
                                    "EntityRef",
                                    AttributeValue.s("WS#acme"),
                                    "Detail",
                                    AttributeValue.s(String.format("PROJ#%04d", i)))));
        }
        page.add(
                Item.of(
                        Map.of(
                                "EntityRef",
                                AttributeValue.s("WS#beta"),
                                "Detail",
                                AttributeValue.s("META"))));
        grouping.addPage(page);

        assertTrue(
                grouping.remove(
                        AttributeValue.s("WS#beta"),
                        item -> item.string("Detail").orElse("").equals("PROJ#0600")),
                "found outside the likely collection");
        assertTrue(
                grouping.remove(
                        AttributeValue.s("WS#acme"),
                        item -> item.string("Detail").orElse("").equals("META")));
        assertFalse(
                grouping.remove(
                        AttributeValue.s("WS#acme"),
                        item -> item.string("Detail").orElse("").equals("PROJ#9999")));

        var acme = grouping.collection(AttributeValue.s("WS#acme")).orElseThrow();
        assertEquals(1199, acme.itemCount());
        assertEquals(11990, acme.sizeBytes());
        assertEquals(1200, grouping.itemCount(), "1,202 loaded, 2 taken out");
        assertFalse(acme.parent().isPresent());
        List<String> details = new ArrayList<>();
        for (int row = 1; row <= acme.itemCount(); row++) {
            details.add(
                    ((CollectionRow.ItemRow) grouping.row(row))
                            .item()
                            .string("Detail")
                            .orElseThrow());
        }
        assertEquals("PROJ#0599", details.get(599));
        assertEquals("PROJ#0601", details.get(600));
        assertEquals("PROJ#1199", details.get(1198));
        assertEquals(2 + 1199 + 1, grouping.rowCount(), "two headers and every remaining item");
    }
}
