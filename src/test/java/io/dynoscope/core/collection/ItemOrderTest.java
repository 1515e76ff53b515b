package io.dynoscope.core.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemOrderTest {

    private static Item item(String id, AttributeValue budget) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("id", AttributeValue.s(id));
        if (budget != null) {
            attributes.put("budget", budget);
        }
        return Item.of(attributes);
    }

    private static List<String> ids(List<Item> items, ItemOrder order) {
        List<Item> sorted = new ArrayList<>(items);
        sorted.sort(order.comparator());
        return sorted.stream().map(i -> i.string("id").orElseThrow()).toList();
    }

    @Test
    void numbersCompareByValueStringsByBytesAndMissingValuesComeLast() {
        List<Item> items =
                List.of(
                        item("none", null),
                        item("ten", AttributeValue.n("10")),
                        item("nine", AttributeValue.n("9.99999999999999999999999999999999999")),
                        item("text", AttributeValue.s("abc")),
                        item("big", AttributeValue.n("12345678901234567890.12345678901234567")),
                        item("tie", AttributeValue.n("10")));

        assertEquals(
                List.of("nine", "ten", "tie", "big", "text", "none"),
                ids(items, ItemOrder.ascending("budget")));
        assertEquals(
                List.of("text", "big", "ten", "tie", "nine", "none"),
                ids(items, ItemOrder.descending("budget")),
                "ties keep the read's order, missing values stay last");
    }
}
