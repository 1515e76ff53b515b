package io.dynoscope.core.migration;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContentDigestTest {

    private static Item item(Object... attributes) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (int i = 0; i < attributes.length; i += 2) {
            map.put((String) attributes[i], (AttributeValue) attributes[i + 1]);
        }
        return Item.of(map);
    }

    private static ContentDigest of(Item... items) {
        ContentDigest digest = ContentDigest.EMPTY;
        for (Item item : items) {
            digest = digest.plus(item, Set.of("GSI1PK"));
        }
        return digest;
    }

    @Test
    void theSameItemsInAnyOrderGiveTheSameDigest() {
        Item a = item("pk", s("a"), "m", AttributeValue.m(Map.of("x", n(1), "y", s(""))));
        Item b =
                item(
                        "pk",
                        s("b"),
                        "tags",
                        AttributeValue.ss("t2", "t1"),
                        "n",
                        AttributeValue.nul());
        Item bReordered =
                item(
                        "n",
                        AttributeValue.nul(),
                        "tags",
                        AttributeValue.ss("t1", "t2"),
                        "pk",
                        s("b"));

        assertEquals(of(a, b), of(b, a));
        assertEquals(of(a, b), of(a, bReordered), "attributes and set members are sorted first");
        assertEquals(of(a, b), ContentDigest.ofHex(of(a, b).hex()));
        assertEquals(64, of(a).hex().length());
    }

    @Test
    void theExcludedAttributesDoNotCountAndEveryOtherByteDoes() {
        Item plain = item("pk", s("a"), "n", n("1.0"));

        assertEquals(of(plain), of(item("pk", s("a"), "n", n("1.0"), "GSI1PK", s("X"))));
        assertNotEquals(of(plain), of(item("pk", s("a"), "n", n("1"))), "a number's text counts");
        assertNotEquals(of(plain), of(item("pk", s("a"), "n", s("1.0"))), "so does its type");
        assertNotEquals(
                of(item("a", s("bc"))),
                of(item("ab", s("c"))),
                "names and values do not run together");
        assertNotEquals(of(plain, plain), of(plain), "each item counts, twice is not once");
        assertEquals(of(plain).plus(of(plain)), of(plain, plain));
    }
}
