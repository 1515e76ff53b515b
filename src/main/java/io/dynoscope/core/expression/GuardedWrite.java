package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Plans writes conditioned on the version of the item a person saw, so that a change someone else
 * made in the meantime makes the write fail instead of being overwritten (optimistic concurrency).
 *
 * <p>Plans are plain data: expression texts and their {@code #name} / {@code :value} maps, ready to
 * be handed to the repository. Every attribute seen is required to still hold its seen value. Maps
 * and lists are compared path by path ({@code size(#m) = :m_size AND #m.#k = :m_k}) rather than
 * whole: the meaning is the same on DynamoDB, and engines that cannot compare whole documents
 * (dynalite) evaluate it too. When that form would exceed DynamoDB's documented expression limits,
 * whole-value comparisons ({@code #m = :m}) are used instead.
 */
public final class GuardedWrite {

    /** DynamoDB's documented maximum length of one expression, in bytes. */
    public static final int MAX_EXPRESSION_BYTES = 4096;

    /** DynamoDB's documented maximum number of operators and functions in one expression. */
    public static final int MAX_EXPRESSION_OPERATORS = 300;

    private GuardedWrite() {}

    /** One planned write. */
    public sealed interface Plan permits Put, Update, Delete {
        /** The condition the write carries, with its placeholders. */
        CompiledExpression condition();
    }

    /** A PutItem of a new item, refused when an item with its key already exists. */
    public record Put(Item item, CompiledExpression condition) implements Plan {
        public Put {
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(condition, "condition");
        }
    }

    /**
     * An UpdateItem that sets the changed and added attributes and removes the removed ones,
     * refused unless the item still exists with every value seen.
     */
    public record Update(Key key, GuardedUpdate guarded, ItemDiff diff) implements Plan {
        public Update {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(guarded, "guarded");
        }

        @Override
        public CompiledExpression condition() {
            return guarded.condition();
        }

        public CompiledExpression update() {
            return guarded.update();
        }
    }

    /** A DeleteItem, refused unless the item still exists with every value seen. */
    public record Delete(Key key, CompiledExpression condition) implements Plan {
        public Delete {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(condition, "condition");
        }
    }

    /**
     * Plans saving an edit of {@code seen} as {@code edited}.
     *
     * @throws IllegalArgumentException when nothing changed, when a key attribute changed (that
     *     would be another item), or when the item is too wide to guard
     */
    public static Update edit(KeySchema keySchema, Item seen, Item edited) {
        ItemDiff diff = ItemDiff.between(seen, edited);
        for (ItemDiff.Change change : diff.changes()) {
            if (keySchema.isKeyAttribute(change.attribute())) {
                throw new IllegalArgumentException(
                        "the key attribute '"
                                + change.attribute()
                                + "' cannot be changed by an edit, as that would be another item; duplicate the item instead");
            }
        }
        if (diff.isEmpty()) {
            throw new IllegalArgumentException("nothing changed, so there is nothing to save");
        }
        Key key = keySchema.keyOf(seen);
        IllegalArgumentException tooLong = null;
        for (boolean byPath : new boolean[] {true, false}) {
            Placeholders placeholders = new Placeholders();
            Condition condition = existenceAndSeenValues(keySchema, seen, placeholders, byPath);
            for (ItemDiff.Change added : diff.ofKind(ItemDiff.Kind.ADDED)) {
                condition.add(
                        "attribute_not_exists(" + placeholders.name(added.attribute()) + ")", 1);
            }
            List<String> sets = new ArrayList<>();
            List<String> removes = new ArrayList<>();
            for (ItemDiff.Change change : diff.changes()) {
                String name = placeholders.name(change.attribute());
                if (change.kind() == ItemDiff.Kind.REMOVED) {
                    removes.add(name);
                } else {
                    sets.add(
                            name
                                    + " = "
                                    + placeholders.value(
                                            name.substring(1) + "_new", change.after()));
                }
            }
            String update =
                    (sets.isEmpty() ? "" : "SET " + String.join(", ", sets))
                            + (sets.isEmpty() || removes.isEmpty() ? "" : " ")
                            + (removes.isEmpty() ? "" : "REMOVE " + String.join(", ", removes));
            try {
                requireWithinLimits("update expression", update, 0);
                condition.requireWithinLimits();
                return new Update(
                        key,
                        new GuardedUpdate(
                                placeholders.expression(update),
                                placeholders.expression(condition.text())),
                        diff);
            } catch (IllegalArgumentException e) {
                tooLong = e;
            }
        }
        throw tooLong;
    }

    /** Plans creating {@code item} (a new item or a duplicate), refused when its key is taken. */
    public static Put create(KeySchema keySchema, Item item) {
        keySchema.keyOf(item);
        Placeholders placeholders = new Placeholders();
        String condition =
                "attribute_not_exists(" + placeholders.name(keySchema.partitionKey()) + ")";
        return new Put(item, placeholders.expression(condition));
    }

    /** Plans deleting the item that was seen as {@code seen}. */
    public static Delete delete(KeySchema keySchema, Item seen) {
        Key key = keySchema.keyOf(seen);
        IllegalArgumentException tooLong = null;
        for (boolean byPath : new boolean[] {true, false}) {
            Placeholders placeholders = new Placeholders();
            Condition condition = existenceAndSeenValues(keySchema, seen, placeholders, byPath);
            try {
                condition.requireWithinLimits();
                return new Delete(key, placeholders.expression(condition.text()));
            } catch (IllegalArgumentException e) {
                tooLong = e;
            }
        }
        throw tooLong;
    }

    private static Condition existenceAndSeenValues(
            KeySchema keySchema, Item seen, Placeholders placeholders, boolean byPath) {
        Condition condition = new Condition();
        condition.add("attribute_exists(" + placeholders.name(keySchema.partitionKey()) + ")", 1);
        for (Map.Entry<String, AttributeValue> attribute : seen.attributes().entrySet()) {
            if (!keySchema.isKeyAttribute(attribute.getKey())) {
                condition.requireValue(
                        placeholders.name(attribute.getKey()),
                        placeholders.name(attribute.getKey()).substring(1),
                        attribute.getValue(),
                        placeholders,
                        byPath);
            }
        }
        return condition;
    }

    private static void requireWithinLimits(String what, String expression, int operators) {
        int bytes = expression.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_EXPRESSION_BYTES) {
            throw new IllegalArgumentException(
                    "the item has too many attributes to guard the write: its "
                            + what
                            + " would be "
                            + bytes
                            + " bytes, over DynamoDB's limit of "
                            + MAX_EXPRESSION_BYTES);
        }
        if (operators > MAX_EXPRESSION_OPERATORS) {
            throw new IllegalArgumentException(
                    "the item has too many attributes to guard the write: its "
                            + what
                            + " would have "
                            + operators
                            + " operators, over DynamoDB's limit of "
                            + MAX_EXPRESSION_OPERATORS);
        }
    }

    /** A condition being built: clauses joined by AND, and how many operators they use. */
    private static final class Condition {
        private final List<String> clauses = new ArrayList<>();
        private int operators;

        void add(String clause, int clauseOperators) {
            clauses.add(clause);
            operators += clauseOperators;
        }

        /**
         * Requires the value at {@code path} to equal {@code value}; {@code base} names its
         * placeholders.
         */
        void requireValue(
                String path,
                String base,
                AttributeValue value,
                Placeholders placeholders,
                boolean byPath) {
            if (byPath && value instanceof AttributeValue.MapValue map) {
                requireShape(path, base, value, map.entries().size(), placeholders);
                for (Map.Entry<String, AttributeValue> entry : map.entries().entrySet()) {
                    requireValue(
                            path + "." + placeholders.name(entry.getKey()),
                            base + "_" + placeholders.name(entry.getKey()).substring(1),
                            entry.getValue(),
                            placeholders,
                            true);
                }
            } else if (byPath && value instanceof AttributeValue.ListValue list) {
                requireShape(path, base, value, list.elements().size(), placeholders);
                for (int i = 0; i < list.elements().size(); i++) {
                    requireValue(
                            path + "[" + i + "]",
                            base + "_" + i,
                            list.elements().get(i),
                            placeholders,
                            true);
                }
            } else {
                add(path + " = " + placeholders.value(base, value), 1);
            }
        }

        /**
         * A size check keeps entries added to a map or list from going unnoticed; an empty one also
         * needs its type checked, since an empty string has size 0 too.
         */
        private void requireShape(
                String path,
                String base,
                AttributeValue value,
                int size,
                Placeholders placeholders) {
            if (size == 0) {
                add(
                        "attribute_type("
                                + path
                                + ", "
                                + placeholders.value(
                                        base + "_type", AttributeValue.s(value.type().descriptor()))
                                + ")",
                        1);
            }
            add(
                    "size("
                            + path
                            + ") = "
                            + placeholders.value(base + "_size", AttributeValue.n(size)),
                    2);
        }

        String text() {
            return String.join(" AND ", clauses);
        }

        void requireWithinLimits() {
            GuardedWrite.requireWithinLimits("condition", text(), operators + clauses.size() - 1);
        }
    }
}
