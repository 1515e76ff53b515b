package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.ItemDiff.Change;
import io.dynoscope.core.item.ItemDiff.Kind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemDiffTest {

    private static Item item(Object... nameValuePairs) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            attributes.put((String) nameValuePairs[i], (AttributeValue) nameValuePairs[i + 1]);
        }
        return Item.of(attributes);
    }

    @Test
    void reportsRemovedAndChangedInSeenOrderThenAdded() {
        Item seen = item("pk", s("WS#acme"), "name", s("Acme"), "plan", s("pro"), "seats", n(12));
        Item edited =
                item("region", s("eu"), "pk", s("WS#acme"), "name", s("Acme Corp"), "seats", n(12));

        ItemDiff diff = ItemDiff.between(seen, edited);

        assertEquals(
                List.of(
                        new Change("name", Kind.CHANGED, s("Acme"), s("Acme Corp")),
                        new Change("plan", Kind.REMOVED, s("pro"), null),
                        new Change("region", Kind.ADDED, null, s("eu"))),
                diff.changes());
        assertEquals(
                List.of("region"),
                diff.ofKind(Kind.ADDED).stream().map(Change::attribute).toList());
    }

    @Test
    void numberAndStringWithTheSameTextDiffer() {
        ItemDiff diff = ItemDiff.between(item("v", n(6)), item("v", s("6")));

        assertEquals(List.of(new Change("v", Kind.CHANGED, n(6), s("6"))), diff.changes());
    }

    @Test
    void numbersCompareByValueSetsIgnoreOrderDocumentsCompareDeeply() {
        Item seen = item("price", n("6"), "ids", ns("1", "2"), "doc", m(Map.of("a", l(n("1.50")))));
        Item same =
                item("price", n("6.0"), "ids", ns("2", "1.0"), "doc", m(Map.of("a", l(n("1.5")))));
        Item deeper =
                item("price", n("6"), "ids", ns("1", "2"), "doc", m(Map.of("a", l(s("1.5")))));

        assertTrue(ItemDiff.between(seen, same).isEmpty());
        assertEquals(List.of("doc"), ItemDiff.between(seen, deeper).attributes());
    }

    @Test
    void applyingTheDiffToTheFirstVersionGivesTheSecond() {
        Item seen = item("pk", s("a"), "x", n(1), "y", s("gone"));
        Item edited = item("pk", s("a"), "x", n(2), "z", AttributeValue.nul());

        assertEquals(edited, ItemDiff.between(seen, edited).applyTo(seen));
    }
}
