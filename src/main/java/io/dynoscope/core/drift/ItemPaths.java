package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.Optional;

/** Reads the value at an attribute path of an item, through nested maps and lists. */
public final class ItemPaths {

    private ItemPaths() {}

    public static Optional<AttributeValue> valueAt(Item item, AttributePath path) {
        AttributeValue current = null;
        boolean first = true;
        for (AttributePath.Segment segment : path.segments()) {
            if (first) {
                current = item.attributes().get(((AttributePath.Name) segment).name());
                first = false;
            } else if (segment instanceof AttributePath.Name name
                    && current instanceof AttributeValue.MapValue map) {
                current = map.entries().get(name.name());
            } else if (segment instanceof AttributePath.Index index
                    && current instanceof AttributeValue.ListValue list) {
                current =
                        index.index() < list.elements().size()
                                ? list.elements().get(index.index())
                                : null;
            } else {
                return Optional.empty();
            }
            if (current == null) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(current);
    }

    /** The path's value when it is a string, else empty. */
    public static Optional<String> stringAt(Item item, AttributePath path) {
        return valueAt(item, path)
                .flatMap(
                        v ->
                                v instanceof AttributeValue.Str s
                                        ? Optional.of(s.value())
                                        : Optional.empty());
    }
}
