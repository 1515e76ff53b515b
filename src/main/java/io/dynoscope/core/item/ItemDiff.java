package io.dynoscope.core.item;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The top-level attributes that differ between two versions of an item, typically the version a
 * person saw and the version they edited. Values are compared as DynamoDB compares them: a number
 * by value ({@code 6} equals {@code 6.0}), never equal to a string with the same characters, sets
 * regardless of order, maps and lists element by element.
 *
 * @param changes removed and changed attributes in the order of the first version, then added ones
 *     in the order of the second
 */
public record ItemDiff(List<Change> changes) {

    /** What happened to one attribute. */
    public enum Kind {
        ADDED,
        REMOVED,
        CHANGED
    }

    /**
     * One attribute that differs.
     *
     * @param before the value in the first version, null when added
     * @param after the value in the second version, null when removed
     */
    public record Change(String attribute, Kind kind, AttributeValue before, AttributeValue after) {
        public Change {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(kind, "kind");
            if ((kind == Kind.ADDED) != (before == null)
                    || (kind == Kind.REMOVED) != (after == null)) {
                throw new IllegalArgumentException(
                        "an added attribute has no old value, a removed one no new value");
            }
        }
    }

    public ItemDiff {
        changes = List.copyOf(changes);
    }

    /**
     * The differences from {@code before} to {@code after}; a null version counts as an item with
     * no attributes.
     */
    public static ItemDiff between(Item before, Item after) {
        Map<String, AttributeValue> old = before == null ? Map.of() : before.attributes();
        Map<String, AttributeValue> now = after == null ? Map.of() : after.attributes();
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, AttributeValue> attribute : old.entrySet()) {
            AttributeValue newValue = now.get(attribute.getKey());
            if (newValue == null) {
                changes.add(
                        new Change(attribute.getKey(), Kind.REMOVED, attribute.getValue(), null));
            } else if (!newValue.equals(attribute.getValue())) {
                changes.add(
                        new Change(
                                attribute.getKey(), Kind.CHANGED, attribute.getValue(), newValue));
            }
        }
        for (Map.Entry<String, AttributeValue> attribute : now.entrySet()) {
            if (!old.containsKey(attribute.getKey())) {
                changes.add(new Change(attribute.getKey(), Kind.ADDED, null, attribute.getValue()));
            }
        }
        return new ItemDiff(changes);
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }

    /** The changes of one kind, in diff order. */
    public List<Change> ofKind(Kind kind) {
        return changes.stream().filter(c -> c.kind() == kind).toList();
    }

    /** The names of all attributes that differ, in diff order. */
    public List<String> attributes() {
        return changes.stream().map(Change::attribute).toList();
    }

    /** The item that results from making these changes to {@code item} (as an UpdateItem would). */
    public Item applyTo(Item item) {
        Map<String, AttributeValue> result = new LinkedHashMap<>(item.attributes());
        for (Change change : changes) {
            if (change.kind() == Kind.REMOVED) {
                result.remove(change.attribute());
            } else {
                result.put(change.attribute(), change.after());
            }
        }
        return new Item(result);
    }
}
