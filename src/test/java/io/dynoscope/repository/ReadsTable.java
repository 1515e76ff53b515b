package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The table the read tests share: an item collection of {@value #PROJECTS} projects, a partition
 * over 1 MB ({@value #BIG_ITEMS} items on an index by status), and a partition of {@value
 * #FILTER_ITEMS} items of which two pass a filter. Loaded once per test JVM: the tests only read
 * it.
 */
final class ReadsTable {

    static final int BIG_ITEMS = 1_500;
    static final int FILTER_ITEMS = 300;
    static final int PROJECTS = 30;
    private static final String PAYLOAD = "x".repeat(1_000);

    private static String table;
    private static int totalItems;

    private ReadsTable() {}

    /** The table's name; the first call creates and loads it. */
    static synchronized String table() {
        if (table == null) {
            load();
        }
        return table;
    }

    /** How many items the table holds. */
    static synchronized int totalItems() {
        table();
        return totalItems;
    }

    private static void load() {
        DynamoRepository repository = TestEngine.repository();
        TableDefinition definition =
                new TableDefinition(
                        "reads",
                        KeySchema.of("pk", "sk"),
                        Map.of("pk", "S", "sk", "S", "status", "S", "seq", "N"),
                        List.of(
                                new SecondaryIndex(
                                        "byStatus",
                                        true,
                                        KeySchema.of("status", "seq"),
                                        "ALL",
                                        List.of())),
                        List.of());
        table = TestEngine.freshTable(definition);
        List<Item> items = new ArrayList<>();
        items.add(item("WS#acme", "META", Map.of("name", s("Acme"))));
        for (int i = 1; i <= PROJECTS; i++) {
            items.add(
                    item(
                            "WS#acme",
                            String.format("PROJ#2026-%04d", i),
                            Map.of("name", s("project " + i))));
        }
        items.add(item("WS#acme", "USER#1", Map.of()));
        for (int i = 0; i < BIG_ITEMS; i++) {
            // Every item is on the index, under one of three statuses, numbered across the table.
            items.add(
                    item(
                            "BIG",
                            String.format("ITEM#%05d", i),
                            Map.of(
                                    "payload",
                                    s(PAYLOAD),
                                    "status",
                                    s("S" + (i % 3)),
                                    "seq",
                                    n(i))));
        }
        for (int i = 0; i < FILTER_ITEMS; i++) {
            items.add(
                    item(
                            "FILTER",
                            String.format("F#%04d", i),
                            Map.of("flag", AttributeValue.bool(i == 137 || i == 251))));
        }
        totalItems = items.size();
        BatchResult loaded = repository.batchWrite(table, items, List.of(), Cancellation.none());
        assertEquals(totalItems, loaded.processed());
    }

    static Item item(String pk, String sk, Map<String, AttributeValue> more) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s(pk));
        attributes.put("sk", s(sk));
        attributes.putAll(more);
        return Item.of(attributes);
    }

    /** Collects pages as a listener. */
    static final class Collector implements PageListener {
        final List<Page> pages = new ArrayList<>();

        @Override
        public boolean onPage(Page page) {
            pages.add(page);
            return true;
        }

        List<Item> items() {
            return pages.stream().flatMap(p -> p.items().stream()).toList();
        }

        List<String> sortKeys() {
            return items().stream().map(i -> i.string("sk").orElseThrow()).toList();
        }
    }

    static List<String> expectedBigSortKeys(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> String.format("ITEM#%05d", i)).toList();
    }
}
