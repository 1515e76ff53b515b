package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;

/**
 * How a value typed into a builder row (or on the command line) becomes an attribute value, and
 * back: DynamoDB JSON when it is a typed value ({@code {"SS": ["a"]}}), else plain JSON ({@code
 * 12}, {@code "12"}, {@code true}, {@code null}, {@code [..]}, {@code {..}}), else the text itself
 * as a string ({@code WS#acme}).
 */
public final class ValueInput {

    private ValueInput() {}

    /** The value the text stands for; never fails, since any text is at least a string. */
    public static AttributeValue read(String text) {
        String trimmed = text.strip();
        if (trimmed.startsWith("{")) {
            try {
                return ItemJson.DYNAMODB.readValue(trimmed);
            } catch (ItemFormatException e) {
                // Not a typed value: read it as a plain JSON object below.
            }
        }
        try {
            return ItemJson.PLAIN.readValue(trimmed);
        } catch (ItemFormatException e) {
            return AttributeValue.s(text);
        }
    }

    /** Text that {@link #read} turns back into exactly this value, as short as it can be. */
    public static String show(AttributeValue value) {
        return switch (value.type()) {
            case S -> {
                String text = ((AttributeValue.Str) value).value();
                yield read(text).equals(value) ? text : ItemJson.PLAIN.write(value);
            }
            default -> {
                String plain = ItemJson.PLAIN.write(value);
                yield read(plain).equals(value) ? plain : ItemJson.DYNAMODB.write(value);
            }
        };
    }
}
