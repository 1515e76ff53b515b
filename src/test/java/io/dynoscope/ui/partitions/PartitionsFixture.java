package io.dynoscope.ui.partitions;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;

/**
 * A table for the partitions tab: a hot tenant {@code WS#huge} (300 items), a sharded tenant {@code
 * WS#big#01..10} (20 items each) and 30 small tenants.
 */
final class PartitionsFixture {

    static final int PARTITIONS = 1 + 10 + 30;

    private PartitionsFixture() {}

    static String table(String prefix) {
        String table = TestEngine.freshTable(prefix);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            items.add(item("WS#huge", "PROJ#" + i));
        }
        for (int shard = 1; shard <= 10; shard++) {
            for (int i = 0; i < 20; i++) {
                items.add(item(String.format("WS#big#%02d", shard), "PROJ#" + i));
            }
        }
        for (int t = 0; t < 30; t++) {
            items.add(item("WS#t" + t, "META"));
        }
        TestEngine.repository().batchWrite(table, items, List.of(), Cancellation.none());
        return table;
    }

    private static Item item(String pk, String sk) {
        return Key.of("pk", s(pk), "sk", s(sk)).asItem().with("name", s("item " + sk));
    }
}
