package io.dynoscope.core.item;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * DynamoDB's limits on items and keys, checked before anything is sent, so that a person learns
 * what to fix, at which attribute, without a round trip: attribute names are not empty and at most
 * 64 KB; values are nested at most 32 levels deep; the key attributes are present, of the table's
 * key types, not empty, and at most 2,048 bytes (partition key) or 1,024 bytes (sort key); index
 * key attributes, where present, have their index's type; the item fits in 400 KB. (Numbers are
 * held to 38 digits when they are read, by {@link AttributeValue#n(String)}.)
 */
public final class ItemRules {

    /** DynamoDB's documented maximum size of a partition key value, in bytes. */
    public static final int MAX_PARTITION_KEY_BYTES = 2048;

    /** DynamoDB's documented maximum size of a sort key value, in bytes. */
    public static final int MAX_SORT_KEY_BYTES = 1024;

    /** DynamoDB's documented maximum depth of nested maps and lists. */
    public static final int MAX_NESTING_DEPTH = 32;

    /** DynamoDB's documented maximum length of an attribute name (64 KB), in bytes of UTF-8. */
    public static final int MAX_ATTRIBUTE_NAME_BYTES = 65_535;

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
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            String name = attribute.getKey();
            if (name.isEmpty()) {
                problems.add(new Problem("", "an attribute name cannot be empty"));
            }
            checkName(name, name, problems);
            checkNested(name, attribute.getValue(), 1, problems);
        }
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
     * Checks the key attribute values given (a key for GetItem or DeleteItem, or a key condition's
     * partition key): of the declared type, not empty, within the key size limits. Attributes of
     * {@code values} that are not keys of {@code keySchema} are not checked.
     */
    public static List<Problem> checkKeyValues(
            Map<String, AttributeValue> values,
            KeySchema keySchema,
            Map<String, String> keyAttributeTypes) {
        List<Problem> problems = new ArrayList<>();
        values.forEach(
                (name, value) -> {
                    boolean partition = name.equals(keySchema.partitionKey());
                    if (partition || keySchema.isKeyAttribute(name)) {
                        checkKeyValue(
                                name,
                                partition ? "partition key" : "sort key",
                                value,
                                keyAttributeTypes.get(name),
                                partition ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES,
                                problems);
                    }
                });
        return problems;
    }

    private static void checkName(String attribute, String name, List<Problem> problems) {
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_ATTRIBUTE_NAME_BYTES) {
            problems.add(
                    new Problem(
                            JsonSupport.abbreviate(attribute),
                            "the name '"
                                    + JsonSupport.abbreviate(name)
                                    + "' is "
                                    + bytes
                                    + " bytes, over DynamoDB's limit of "
                                    + MAX_ATTRIBUTE_NAME_BYTES
                                    + " bytes (64 KB)"));
        }
    }

    /** Walks maps and lists: nesting depth and the names of map members. */
    private static void checkNested(
            String attribute, AttributeValue value, int depth, List<Problem> problems) {
        List<AttributeValue> children;
        if (value instanceof AttributeValue.MapValue map) {
            map.entries().keySet().forEach(name -> checkName(attribute, name, problems));
            children = List.copyOf(map.entries().values());
        } else if (value instanceof AttributeValue.ListValue list) {
            children = list.elements();
        } else {
            return;
        }
        if (depth > MAX_NESTING_DEPTH) {
            problems.add(
                    new Problem(
                            JsonSupport.abbreviate(attribute),
                            "values are nested more than "
                                    + MAX_NESTING_DEPTH
                                    + " levels deep; DynamoDB allows at most "
                                    + MAX_NESTING_DEPTH));
            return;
        }
        for (AttributeValue child : children) {
            checkNested(attribute, child, depth + 1, problems);
        }
    }

    /**
     * Checks that an edit of {@code seen} into {@code edited} keeps the key: a changed key would be
     * another item.
     */
    public static List<Problem> checkKeyUnchanged(KeySchema keySchema, Item seen, Item edited) {
        List<Problem> problems = new ArrayList<>();
        for (String name : keySchema.attributes()) {
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
                        ? Set.of(
                                        AttributeValue.Type.S,
                                        AttributeValue.Type.N,
                                        AttributeValue.Type.B)
                                .contains(value.type())
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
