package io.dynoscope.core.collection;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Measures {@link ItemCollections} on 1,000,000 items against a plain sort of the same keys with
 * the same comparator, in the same run. Not a test: run it by hand with a few GB of heap, e.g.
 * {@code java -Xmx3g -cp target/classes:target/test-classes:$(cat cp.txt)
 * io.dynoscope.core.collection.GroupingBenchmark}.
 */
public final class GroupingBenchmark {

    private static final int ITEMS = 1_000_000;
    private static final int PAGE_ITEMS = 2_500;
    private static final int ROUNDS = 3;
    private static final KeySchema SCHEMA = KeySchema.of("EntityRef", "Detail");
    private static final GroupingOptions OPTIONS =
            GroupingOptions.of(SCHEMA).withParentMarker("META");

    private GroupingBenchmark() {}

    public static void main(String[] args) {
        System.out.printf(
                "%d items, pages of %d, best of %d rounds after a warm-up round%n",
                ITEMS, PAGE_ITEMS, ROUNDS);
        System.out.println(
                "sort: Arrays.sort of the keys already taken out of the items;"
                        + " take+sort: taking them out (as grouping must) plus that sort");
        System.out.printf(
                "%-28s %9s %8s %6s %10s %6s %12s%n",
                "arrival", "group ms", "sort ms", "ratio", "take+sort", "ratio", "heap B/item");
        run("10,000 x 100, Scan order", items(10_000, false), ReadDirection.ASCENDING);
        run("10,000 x 100, shuffled", items(10_000, true), ReadDirection.ASCENDING);
        run("1 x 1,000,000, Query order", items(1, false), ReadDirection.ASCENDING);
        List<Item> newestFirst = items(1, false);
        Collections.reverse(newestFirst.subList(1, newestFirst.size()));
        run("1 x 1,000,000, newest first", newestFirst, ReadDirection.DESCENDING);
        run("1 x 1,000,000, shuffled", items(1, true), ReadDirection.ASCENDING);
    }

    /**
     * {@code partitions} collections of META plus projects; Scan order visits partitions in a
     * hash-like order and each in sort-key order, shuffled mixes everything.
     */
    private static List<Item> items(int partitions, boolean shuffled) {
        Random random = new Random(2026);
        int perPartition = ITEMS / partitions;
        List<Integer> partitionOrder = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            partitionOrder.add(p);
        }
        Collections.shuffle(partitionOrder, random);
        List<Item> items = new ArrayList<>(ITEMS);
        for (int p : partitionOrder) {
            for (int i = 0; i < perPartition; i++) {
                Map<String, AttributeValue> attributes = new LinkedHashMap<>();
                // Fresh strings per item, as a decoded response would have.
                attributes.put("EntityRef", s(String.format("WS#%05d", p)));
                attributes.put("Detail", s(i == 0 ? "META" : String.format("PROJ#2026-%07d", i)));
                attributes.put("name", s("project " + i));
                items.add(Item.of(attributes));
            }
        }
        if (shuffled) {
            Collections.shuffle(items, random);
        }
        return items;
    }

    private static void run(String label, List<Item> items, ReadDirection direction) {
        int sortKeySign = direction == ReadDirection.DESCENDING ? -1 : 1;
        Comparator<AttributeValue[]> keyOrder =
                (a, b) -> {
                    int byPartition = KeyOrder.compare(a[0], b[0]);
                    return byPartition != 0
                            ? byPartition
                            : sortKeySign * KeyOrder.compare(a[1], b[1]);
                };
        long bestGroup = Long.MAX_VALUE;
        long bestSort = Long.MAX_VALUE;
        long bestTakeAndSort = Long.MAX_VALUE;
        long heapPerItem = 0;
        for (int round = 0; round <= ROUNDS; round++) {
            long start = System.nanoTime();
            AttributeValue[][] keys = new AttributeValue[items.size()][];
            for (int i = 0; i < keys.length; i++) {
                Map<String, AttributeValue> attributes = items.get(i).attributes();
                keys[i] =
                        new AttributeValue[] {
                            attributes.get("EntityRef"), attributes.get("Detail")
                        };
            }
            long sortStart = System.nanoTime();
            Arrays.sort(keys, keyOrder);
            long end = System.nanoTime();
            long sort = end - sortStart;
            long takeAndSort = end - start;
            keys = null;

            long before = usedHeap();
            start = System.nanoTime();
            ItemCollections grid = group(items, OPTIONS.withDirection(direction));
            long group = System.nanoTime() - start;
            long after = usedHeap();
            if (grid.itemCount() != items.size()) {
                throw new AssertionError("lost items: " + grid.itemCount());
            }
            if (round > 0) {
                bestGroup = Math.min(bestGroup, group);
                bestSort = Math.min(bestSort, sort);
                bestTakeAndSort = Math.min(bestTakeAndSort, takeAndSort);
                heapPerItem = (after - before) / items.size();
            }
        }
        System.out.printf(
                "%-28s %9.0f %8.0f %6.2f %10.0f %6.2f %12d%n",
                label,
                bestGroup / 1e6,
                bestSort / 1e6,
                (double) bestGroup / bestSort,
                bestTakeAndSort / 1e6,
                (double) bestGroup / bestTakeAndSort,
                heapPerItem);
    }

    /**
     * Adds the pages and, like the grid refreshing between pages, reads the row count and last row.
     */
    private static ItemCollections group(List<Item> items, GroupingOptions options) {
        ItemCollections grid = new ItemCollections(options, item -> 100);
        for (int from = 0; from < items.size(); from += PAGE_ITEMS) {
            grid.addPage(items.subList(from, Math.min(items.size(), from + PAGE_ITEMS)));
            grid.row(grid.rowCount() - 1);
        }
        return grid;
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
