package io.dynoscope.core.collection;

import static io.dynoscope.core.collection.ItemCollectionsTest.HUNDRED_PER_ATTRIBUTE;
import static io.dynoscope.core.collection.ItemCollectionsTest.SAAS_OPTIONS;
import static io.dynoscope.core.collection.ItemCollectionsTest.keyed;
import static io.dynoscope.core.collection.ItemCollectionsTest.render;
import static io.dynoscope.core.collection.ItemCollectionsTest.saas;
import static io.dynoscope.core.collection.ItemCollectionsTest.text;
import static io.dynoscope.core.item.AttributeValue.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Item collections against a plain model on many random items: sorts, pages, edits. */
class ItemCollectionsPropertyTest {

    /**
     * Many items per collection, shuffled and spread over pages, with the grid read between pages:
     * every row must match a plain sort, in both directions, across block splits.
     */
    @Test
    void shuffledLargeCollectionsMatchAPlainSort() {
        for (ReadDirection direction : ReadDirection.values()) {
            Random random = new Random(7);
            List<Item> items = new ArrayList<>();
            String[] tenants = {"WS#c", "WS#a", "WS#b"};
            for (String tenant : tenants) {
                items.add(saas(tenant, "META"));
                for (int i = 0; i < 3_000; i++) {
                    items.add(saas(tenant, "PROJ#" + random.nextInt(2_000)));
                }
            }
            Collections.shuffle(items, random);
            ItemCollections grid =
                    new ItemCollections(
                            SAAS_OPTIONS.withDirection(direction), HUNDRED_PER_ATTRIBUTE);
            for (int from = 0; from < items.size(); from += 250) {
                grid.addPage(items.subList(from, Math.min(items.size(), from + 250)));
                grid.row(grid.rowCount() - 1);
            }

            List<String> arrival = new ArrayList<>();
            for (Item item : items) {
                String tenant = item.string("EntityRef").orElseThrow();
                if (!arrival.contains(tenant)) {
                    arrival.add(tenant);
                }
            }
            Comparator<Item> sortKeyOrder =
                    Comparator.comparing(
                            item -> item.attributes().get("Detail"), KeyOrder.comparator());
            if (direction == ReadDirection.DESCENDING) {
                sortKeyOrder = sortKeyOrder.reversed();
            }
            List<Item> expected = new ArrayList<>();
            for (String tenant : arrival) {
                expected.addAll(
                        items.stream().filter(item -> item.equals(saas(tenant, "META"))).toList());
                // A stable sort keeps equal sort keys in arrival order, as the grouping must.
                expected.addAll(
                        items.stream()
                                .filter(
                                        item ->
                                                item.string("EntityRef")
                                                        .orElseThrow()
                                                        .equals(tenant))
                                .filter(item -> !item.string("Detail").orElseThrow().equals("META"))
                                .sorted(sortKeyOrder)
                                .toList());
            }

            List<Item> actual = new ArrayList<>();
            for (int i = 0; i < grid.rowCount(); i++) {
                if (grid.row(i) instanceof CollectionRow.ItemRow row) {
                    actual.add(row.item());
                }
            }
            assertEquals(expected.size(), actual.size());
            for (int i = 0; i < expected.size(); i++) {
                assertTrue(
                        expected.get(i) == actual.get(i),
                        direction
                                + ": row "
                                + i
                                + " expected "
                                + expected.get(i)
                                + " but was "
                                + actual.get(i));
            }
            assertEquals(3 + items.size(), grid.rowCount());
        }
    }

    /**
     * Random pages, collapses and order switches over many small collections, each step checked row
     * by row against a model rebuilt from scratch: guards the lazily updated row positions.
     */
    @Test
    void randomEditsMatchAModelRebuiltFromScratch() {
        Random random = new Random(11);
        KeySchema schema = KeySchema.of("tenant", "seq");
        ItemCollections grid =
                new ItemCollections(GroupingOptions.of(schema), HUNDRED_PER_ATTRIBUTE);
        // each tenant's sort keys as made: read back from packed items, a number is parsed again
        // on every comparison of the model's sorts
        Map<AttributeValue, List<AttributeValue>> model = new LinkedHashMap<>();
        Map<AttributeValue, Boolean> modelCollapsed = new LinkedHashMap<>();
        boolean newCollapsed = false;
        for (int step = 0; step < 400; step++) {
            int action = random.nextInt(10);
            if (action < 6) {
                List<Item> page = new ArrayList<>();
                for (int i = random.nextInt(30); i > 0; i--) {
                    AttributeValue tenant = n(Integer.toString(random.nextInt(150) - 75));
                    AttributeValue seq = n(Integer.toString(random.nextInt(1_000)));
                    page.add(keyed("tenant", tenant, "seq", seq));
                    modelCollapsed.putIfAbsent(tenant, newCollapsed);
                    model.computeIfAbsent(tenant, k -> new ArrayList<>()).add(seq);
                }
                grid.addPage(page);
            } else if (action < 8 && grid.collectionCount() > 0) {
                ItemCollection collection =
                        grid.collections().get(random.nextInt(grid.collectionCount()));
                modelCollapsed.put(collection.partitionKey(), grid.toggleCollapsed(collection));
            } else if (action == 8) {
                newCollapsed = random.nextBoolean();
                if (newCollapsed) {
                    grid.collapseAll();
                } else {
                    grid.expandAll();
                }
                boolean all = newCollapsed;
                modelCollapsed.replaceAll((k, v) -> all);
            } else {
                grid.setCollectionOrder(
                        random.nextBoolean()
                                ? CollectionOrder.ARRIVAL
                                : CollectionOrder.PARTITION_KEY);
            }

            List<AttributeValue> order = new ArrayList<>(model.keySet());
            if (grid.collectionOrder() == CollectionOrder.PARTITION_KEY) {
                order.sort(KeyOrder.comparator());
            }
            List<String> expected = new ArrayList<>();
            for (AttributeValue tenant : order) {
                List<AttributeValue> seqs = model.get(tenant);
                expected.add("# " + text(tenant) + " (" + seqs.size() + ")");
                if (!modelCollapsed.get(tenant)) {
                    seqs.stream()
                            .sorted(KeyOrder.comparator())
                            .forEach(seq -> expected.add(text(tenant) + "/" + text(seq)));
                }
            }
            assertEquals(expected, render(grid, "tenant", "seq"), "after step " + step);
        }
    }
}
