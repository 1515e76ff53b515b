package io.dynoscope.core.item;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The checks an item must pass before it is sent, so that a person learns what to fix, at which
 * attribute, without a round trip: the key attributes are present, of the table's key types and not
 * empty; index key attributes, where present, have their index's type; the item fits in 400 KB.
 */
public final class ItemRules {

    /** DynamoDB's documented maximum size of a partition key value, in bytes. */
    public static final int MAX_PARTITION_KEY_BYTES = 2048;

    /** DynamoDB's documented maximum size of a sort key value, in bytes. */
    public static final int MAX_SORT_KEY_BYTES = 1024;

    private ItemRules() {}

    /**
     * One thing wrong with an item.
     *
     * @param attribute the attribute it is about, or {@code ""} for the item as a whole
     */
    public record Problem(String attribute, String message) {
        public Problem {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String toString() {
            return attribute.isEmpty() ? message : attribute + ": " + message;
        }
    }

    /**
     * Checks an item about to be written.
     *
     * @param keyAttributeTypes S, N or B for each key attribute of the table and of its indexes
     * @return the problems, in attribute order; empty when the item may be sent
     */
    public static List<Problem> check(
            Item item, KeySchema keySchema, Map<String, String> keyAttributeTypes) {
        List<Problem> problems = new ArrayList<>();
        checkKey(
                item,
                keySchema.partitionKey(),
                "partition key",
                MAX_PARTITION_KEY_BYTES,
                keyAttributeTypes,
                problems);
        keySchema
                .sortKey()
                .ifPresent(
                        sortKey ->
                                checkKey(
                                        item,
                                        sortKey,
                                        "sort key",
                                        MAX_SORT_KEY_BYTES,
                                        keyAttributeTypes,
                                        problems));
        for (Map.Entry<String, String> indexKey : keyAttributeTypes.entrySet()) {
            String name = indexKey.getKey();
            AttributeValue value = item.attributes().get(name);
            if (value != null && !keySchema.isKeyAttribute(name)) {
                checkKeyValue(
                        name, "index key", value, indexKey.getValue(), Integer.MAX_VALUE, problems);
            }
        }
        long size = ItemSize.of(item);
        if (size > ItemSize.MAX_ITEM_BYTES) {
            Map.Entry<String, AttributeValue> largest =
                    item.attributes().entrySet().stream()
                            .max(
                                    Comparator.comparingLong(
                                            a -> ItemSize.ofAttribute(a.getKey(), a.getValue())))
                            .orElseThrow();
            problems.add(
                    new Problem(
                            largest.getKey(),
                            "the item is "
                                    + size
                                    + " bytes, over DynamoDB's limit of "
                                    + ItemSize.MAX_ITEM_BYTES
                                    + " bytes (400 KB); its largest attribute '"
                                    + largest.getKey()
                                    + "' is "
                                    + ItemSize.ofAttribute(largest.getKey(), largest.getValue())
                                    + " bytes"));
        }
        return problems;
    }

    /**
     * Checks that an edit of {@code seen} into {@code edited} keeps the key: a changed key would be
     * another item.
     */
    public static List<Problem> checkKeyUnchanged(KeySchema keySchema, Item seen, Item edited) {
        List<Problem> problems = new ArrayList<>();
        List<String> keyAttributes = new ArrayList<>();
        keyAttributes.add(keySchema.partitionKey());
        keySchema.sortKey().ifPresent(keyAttributes::add);
        for (String name : keyAttributes) {
            AttributeValue before = seen.attributes().get(name);
            AttributeValue after = edited.attributes().get(name);
            if (after != null && !after.equals(before)) {
                problems.add(
                        new Problem(
                                name,
                                "a key attribute cannot be changed by an edit, as that would be"
                                        + " another item; duplicate the item to give a copy a new key"));
            }
        }
        return problems;
    }

    private static void checkKey(
            Item item,
            String name,
            String role,
            int maxBytes,
            Map<String, String> keyAttributeTypes,
            List<Problem> problems) {
        AttributeValue value = item.attributes().get(name);
        if (value == null) {
            problems.add(new Problem(name, "the " + role + " is missing"));
            return;
        }
        checkKeyValue(name, role, value, keyAttributeTypes.get(name), maxBytes, problems);
    }

    /**
     * @param expectedType S, N or B; null when the table did not say, then any key type is accepted
     */
    private static void checkKeyValue(
            String name,
            String role,
            AttributeValue value,
            String expectedType,
            int maxBytes,
            List<Problem> problems) {
        String actual = value.type().descriptor();
        boolean typeOk =
                expectedType == null
                        ? List.of("S", "N", "B").contains(actual)
                        : actual.equals(expectedType);
        if (!typeOk) {
            problems.add(
                    new Problem(
                            name,
                            "the "
                                    + role
                                    + " must be of type "
                                    + (expectedType == null ? "S, N or B" : expectedType)
                                    + ", not "
                                    + actual));
            return;
        }
        long bytes = -1;
        if (value instanceof AttributeValue.Str s) {
            bytes = s.value().getBytes(StandardCharsets.UTF_8).length;
        } else if (value instanceof AttributeValue.Bin b) {
            bytes = b.length();
        }
        if (bytes == 0) {
            problems.add(new Problem(name, "the " + role + " cannot be empty"));
        } else if (bytes > maxBytes) {
            problems.add(
                    new Problem(
                            name,
                            "the "
                                    + role
                                    + " is "
                                    + bytes
                                    + " bytes, over DynamoDB's limit of "
                                    + maxBytes
                                    + " bytes"));
        }
    }
}
