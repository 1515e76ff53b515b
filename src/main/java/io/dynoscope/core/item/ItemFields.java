package io.dynoscope.core.item;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An item seen as a form: one field per scalar value, nested ones included ({@code author.name},
 * {@code regions[1]}), and the way back from an edited field to the item.
 */
public final class ItemFields {
    private ItemFields() {}

    /**
     * One scalar value of an item.
     *
     * @param path the document path as DynamoDB writes it, e.g. {@code author.name} or {@code
     *     tags[0]}
     * @param steps the path as map names (String) and list indexes (Integer)
     * @param editable false for sets, which the form shows but JSON edits
     */
    public record Field(
            String path,
            List<Object> steps,
            AttributeValue.Type type,
            String text,
            boolean editable) {
        public Field {
            steps = List.copyOf(steps);
        }
    }

    /** Every scalar of the item in attribute order, depth first. */
    public static List<Field> of(Item item) {
        List<Field> fields = new ArrayList<>();
        item.attributes().forEach((name, value) -> collect(List.of(name), name, value, fields));
        return fields;
    }

    private static void collect(
            List<Object> steps, String path, AttributeValue value, List<Field> out) {
        if (value instanceof AttributeValue.MapValue map) {
            map.entries()
                    .forEach(
                            (name, member) ->
                                    collect(append(steps, name), path + "." + name, member, out));
        } else if (value instanceof AttributeValue.ListValue list) {
            for (int i = 0; i < list.elements().size(); i++) {
                collect(append(steps, i), path + "[" + i + "]", list.elements().get(i), out);
            }
        } else {
            boolean set =
                    value.type() == AttributeValue.Type.SS
                            || value.type() == AttributeValue.Type.NS
                            || value.type() == AttributeValue.Type.BS;
            out.add(new Field(path, steps, value.type(), text(value), !set));
        }
    }

    private static List<Object> append(List<Object> steps, Object step) {
        List<Object> longer = new ArrayList<>(steps);
        longer.add(step);
        return longer;
    }

    /** The field's editable text: binary as all its base64, NULL as nothing, the rest as shown. */
    private static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Bin b) {
            return b.base64();
        } else if (value instanceof AttributeValue.Null) {
            return "";
        }
        return ValueText.of(value);
    }

    /**
     * The item with one field set from text, read as the field's type.
     *
     * @throws IllegalArgumentException saying which field and why, e.g. {@code seats: 'x' is not a
     *     number}
     */
    public static Item with(Item item, Field field, String text) {
        if (!field.editable()) {
            throw new IllegalArgumentException(field.path() + ": sets are edited as JSON");
        }
        AttributeValue value = parse(field, text);
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(item.attributes());
        String name = (String) field.steps().get(0);
        AttributeValue top = attributes.get(name);
        if (top == null) {
            throw new IllegalArgumentException(field.path() + ": the item has no such attribute");
        }
        attributes.put(name, replace(top, field.steps(), 1, value, field.path()));
        return new Item(attributes);
    }

    private static AttributeValue replace(
            AttributeValue current,
            List<Object> steps,
            int depth,
            AttributeValue value,
            String path) {
        if (depth == steps.size()) {
            return value;
        }
        Object step = steps.get(depth);
        if (current instanceof AttributeValue.MapValue map
                && step instanceof String name
                && map.entries().containsKey(name)) {
            Map<String, AttributeValue> entries = new LinkedHashMap<>(map.entries());
            entries.put(name, replace(entries.get(name), steps, depth + 1, value, path));
            return new AttributeValue.MapValue(entries);
        }
        if (current instanceof AttributeValue.ListValue list
                && step instanceof Integer index
                && index < list.elements().size()) {
            List<AttributeValue> elements = new ArrayList<>(list.elements());
            elements.set(index, replace(elements.get(index), steps, depth + 1, value, path));
            return new AttributeValue.ListValue(elements);
        }
        throw new IllegalArgumentException(path + ": the item no longer has this value");
    }

    private static AttributeValue parse(Field field, String text) {
        switch (field.type()) {
            case S:
                return AttributeValue.s(text);
            case N:
                try {
                    return AttributeValue.n(text.strip());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(field.path() + ": " + e.getMessage());
                }
            case BOOL:
                if (!"true".equals(text.strip()) && !"false".equals(text.strip())) {
                    throw new IllegalArgumentException(
                            field.path() + ": a boolean is true or false, not '" + text + "'");
                }
                return AttributeValue.bool(Boolean.parseBoolean(text.strip()));
            case B:
                try {
                    return AttributeValue.b(Base64.getDecoder().decode(text.strip()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            field.path()
                                    + ": binary is written as base64 ("
                                    + e.getMessage()
                                    + ")");
                }
            case NULL:
                if (!text.isBlank()) {
                    throw new IllegalArgumentException(
                            field.path() + ": NULL has no value; change its type in JSON");
                }
                return AttributeValue.nul();
            default:
                throw new IllegalArgumentException(field.path() + ": edited as JSON");
        }
    }
}
