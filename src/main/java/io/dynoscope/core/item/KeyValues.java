package io.dynoscope.core.item;

/** Key values as the text a person types: S as is, N exactly, B as base64. */
public final class KeyValues {

    private KeyValues() {}

    /** The text a person types for a key value (the inverse of KeyType.read). */
    public static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        } else if (value instanceof AttributeValue.Num n) {
            return n.text();
        } else if (value instanceof AttributeValue.Bin b) {
            return b.base64();
        }
        throw new IllegalArgumentException("a key value is S, N or B, not " + value.type());
    }
}
