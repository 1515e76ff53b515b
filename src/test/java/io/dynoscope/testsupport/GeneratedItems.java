package io.dynoscope.testsupport;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.TransferFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Items for import, export and clone tests and benchmarks, each with exact values that are easy to
 * lose: 38-digit numbers (a key among them), string, number and binary sets, binary with zero
 * bytes, maps and lists nested three deep, empty strings, BOOL and NULL. The same {@code i} always
 * gives the same item; every item has its own key.
 */
public final class GeneratedItems {

    /** The table they go into: partition key {@code pk} (S), sort key {@code sk} (N). */
    public static final KeySchema KEYS = KeySchema.of("pk", "sk");

    private GeneratedItems() {}

    public static TableDefinition table(String name) {
        return new TableDefinition(name, KEYS, Map.of("pk", "S", "sk", "N"), List.of(), List.of());
    }

    public static List<Item> items(int count) {
        List<Item> items = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            items.add(item(i));
        }
        return items;
    }

    public static Item item(int i) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", AttributeValue.s("P#" + (i % 500)));
        // 38 significant digits, the last ten the item's number
        attributes.put(
                "sk", AttributeValue.n("9876543210987654321098765432" + String.format("%010d", i)));
        attributes.put("name", AttributeValue.s("item " + i + ", \"quoted\" and ünïcödé"));
        attributes.put("empty", AttributeValue.s(""));
        attributes.put(
                "n38",
                AttributeValue.n(
                        (i % 2 == 0 ? "-" : "")
                                + "1234567890123456789012345678901234567."
                                + (i % 10)));
        attributes.put("tags", AttributeValue.ss("all", "t" + (i % 7), "=formula" + (i % 3)));
        attributes.put("scores", AttributeValue.ns("1", "2.5", "-3E+10", Integer.toString(i + 10)));
        attributes.put("blob", AttributeValue.b(new byte[] {0, (byte) i, (byte) (i >> 8), -1}));
        attributes.put(
                "blobs",
                AttributeValue.bs(new byte[] {0}, new byte[] {1, (byte) i, (byte) (i >> 8)}));
        attributes.put(
                "doc",
                AttributeValue.m(
                        Map.of(
                                "level", AttributeValue.n(i),
                                "empty", AttributeValue.s(""),
                                "list",
                                        AttributeValue.l(
                                                AttributeValue.s(""),
                                                AttributeValue.nul(),
                                                AttributeValue.bool(i % 2 == 0),
                                                AttributeValue.m(
                                                        Map.of(
                                                                "deep",
                                                                AttributeValue.n(
                                                                        "0.00000000000000000000000000000000000001")))))));
        attributes.put("flag", AttributeValue.bool(i % 3 == 0));
        attributes.put("nothing", AttributeValue.nul());
        return Item.of(attributes);
    }

    /**
     * The mapping that gives these items back their types from an input in {@code format}: plain
     * JSON has no sets or binary; DynamoDB JSON and an exported CSV (whose headings say each
     * column's type) need none.
     */
    public static ColumnMapping mapping(TransferFormat format) {
        return switch (format) {
            case DYNAMODB_JSON, CSV -> ColumnMapping.none();
            case JSON -> ColumnMapping.parse(List.of("tags:SS", "scores:NS", "blob:B", "blobs:BS"));
        };
    }
}
