package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.ItemRules.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemRulesTest {

    private static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");
    private static final Map<String, String> TYPES =
            Map.of("EntityRef", "S", "Detail", "S", "gsi1pk", "N");

    @Test
    void aValidItemPasses() {
        Item item = Item.of(Map.of("EntityRef", s("WS#acme"), "Detail", s("META"), "gsi1pk", n(3)));

        assertEquals(List.of(), ItemRules.check(item, KEYS, TYPES));
    }

    @Test
    void missingWrongTypedAndEmptyKeysAreNamed() {
        Item missingSortKey = Item.of(Map.of("EntityRef", n(5)));
        Item emptyKeys = Item.of(Map.of("EntityRef", s(""), "Detail", s("META")));

        assertEquals(
                List.of(
                        new Problem("EntityRef", "the partition key must be of type S, not N"),
                        new Problem("Detail", "the sort key is missing")),
                ItemRules.check(missingSortKey, KEYS, TYPES));
        assertEquals(
                List.of(new Problem("EntityRef", "the partition key cannot be empty")),
                ItemRules.check(emptyKeys, KEYS, TYPES));
    }

    @Test
    void indexKeysArePresentOnlyWithTheirIndexType() {
        Item item = Item.of(Map.of("EntityRef", s("a"), "Detail", s("b"), "gsi1pk", s("3")));

        assertEquals(
                List.of(new Problem("gsi1pk", "the index key must be of type N, not S")),
                ItemRules.check(item, KEYS, TYPES));
    }

    @Test
    void anItemOver400KbIsRefusedNamingItsLargestAttribute() {
        Item item = withBody(ItemSize.MAX_ITEM_BYTES);

        List<Problem> problems = ItemRules.check(item, KEYS, TYPES);

        assertEquals(1, problems.size());
        assertEquals("body", problems.get(0).attribute());
        assertTrue(
                problems.get(0)
                        .message()
                        .startsWith("the item is 409621 bytes, over DynamoDB's limit of 409600"),
                problems.get(0).message());
    }

    @Test
    void anItemOfExactly400KbIsAccepted() {
        Item item = withBody(ItemSize.MAX_ITEM_BYTES - 21);

        assertEquals(ItemSize.MAX_ITEM_BYTES, ItemSize.of(item));
        assertEquals(List.of(), ItemRules.check(item, KEYS, TYPES));
    }

    private static Item withBody(int bytes) {
        return Item.of(Map.of("EntityRef", s("a"), "Detail", s("b"), "body", b(new byte[bytes])));
    }

    @Test
    void aKeyTooLongIsRefused() {
        Item item = Item.of(Map.of("EntityRef", s("a"), "Detail", s("x".repeat(1025))));

        assertEquals(
                List.of(
                        new Problem(
                                "Detail",
                                "the sort key is 1025 bytes, over DynamoDB's limit of 1024 bytes")),
                ItemRules.check(item, KEYS, TYPES));
    }

    @Test
    void anEditMustKeepTheKey() {
        Item seen = Item.of(Map.of("EntityRef", s("a"), "Detail", s("b")));
        Item edited = Item.of(Map.of("EntityRef", s("a"), "Detail", s("c")));

        List<Problem> problems = ItemRules.checkKeyUnchanged(KEYS, seen, edited);

        assertEquals(List.of("Detail"), problems.stream().map(Problem::attribute).toList());
        assertEquals(List.of(), ItemRules.checkKeyUnchanged(KEYS, seen, seen));
    }

    /** A value nested {@code levels} maps deep. */
    private static AttributeValue nested(int levels) {
        AttributeValue value = s("bottom");
        for (int i = 0; i < levels; i++) {
            value = AttributeValue.m(Map.of("a", value));
        }
        return value;
    }

    @Test
    void attributeNamesAreNotEmptyAndAtMost64Kb() {
        String longName = "n".repeat(ItemRules.MAX_ATTRIBUTE_NAME_BYTES + 1);
        Item item =
                Item.of(
                        Map.of(
                                "EntityRef", s("a"),
                                "Detail", s("b"),
                                "", s("empty name"),
                                "m", AttributeValue.m(Map.of(longName, s("x")))));

        List<Problem> problems = ItemRules.check(item, KEYS, TYPES);

        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.contains(new Problem("", "an attribute name cannot be empty")));
        assertTrue(
                problems.contains(
                        new Problem(
                                "m",
                                "the name 'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn... (65536 characters)' is 65536 bytes, "
                                        + "over DynamoDB's limit of 65535 bytes (64 KB)")),
                problems.toString());
        assertEquals(
                List.of(),
                ItemRules.check(
                        Item.of(
                                Map.of(
                                        "EntityRef",
                                        s("a"),
                                        "Detail",
                                        s("b"),
                                        "n".repeat(ItemRules.MAX_ATTRIBUTE_NAME_BYTES),
                                        s("x"))),
                        KEYS,
                        TYPES));
    }

    @Test
    void valuesNestAtMost32LevelsDeep() {
        Item deepest = Item.of(Map.of("EntityRef", s("a"), "Detail", s("b"), "d", nested(32)));
        Item tooDeep = Item.of(Map.of("EntityRef", s("a"), "Detail", s("b"), "d", nested(33)));

        assertEquals(List.of(), ItemRules.check(deepest, KEYS, TYPES));
        assertEquals(
                List.of(
                        new Problem(
                                "d",
                                "values are nested more than 32 levels deep; DynamoDB allows at most 32")),
                ItemRules.check(tooDeep, KEYS, TYPES));
    }

    @Test
    void keyValuesAreHeldToTheKeySizeLimits() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("EntityRef", s("p".repeat(2_049)));
        key.put("Detail", s("s".repeat(1_025)));

        assertEquals(
                List.of(
                        new Problem(
                                "EntityRef",
                                "the partition key is 2049 bytes, over DynamoDB's limit of 2048 bytes"),
                        new Problem(
                                "Detail",
                                "the sort key is 1025 bytes, over DynamoDB's limit of 1024 bytes")),
                ItemRules.checkKeyValues(key, KEYS, TYPES));
        assertEquals(
                List.of(),
                ItemRules.checkKeyValues(
                        Map.of("EntityRef", s("p".repeat(2_048)), "Detail", s("s".repeat(1_024))),
                        KEYS,
                        TYPES));
    }
}
