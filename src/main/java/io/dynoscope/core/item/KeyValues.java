package io.dynoscope.core.item;

import java.util.Base64;

/**
 * Key values typed as text, read as the key attribute's scalar type: S as typed (blanks included,
 * since they are part of a string key), N exactly (surrounding blanks ignored), B as base64.
 */
public final class KeyValues {

    private KeyValues() {}

    /**
     * Reads {@code text} as a value of the key attribute's type.
     *
     * @param type S, N or B (null reads as S)
     * @throws IllegalArgumentException saying what the type needs
     */
    public static AttributeValue read(String type, String text) {
        if (type == null || "S".equals(type)) {
            return AttributeValue.s(text);
        }
        if ("N".equals(type)) {
            try {
                return AttributeValue.n(text.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("a number key: " + e.getMessage(), e);
            }
        }
        try {
            return AttributeValue.b(Base64.getDecoder().decode(text.strip()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "a binary key, written as base64: " + e.getMessage(), e);
        }
    }

    /** The text a person types for a key value (the inverse of {@link #read}). */
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
