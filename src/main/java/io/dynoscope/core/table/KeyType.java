package io.dynoscope.core.table;

import io.dynoscope.core.item.AttributeValue;
import java.util.Base64;

/**
 * The scalar type of a key attribute, DynamoDB's S, N or B. Tables, models and files keep it as its
 * descriptor; decisions take it as this enum.
 */
public enum KeyType {
    S("String"),
    N("Number"),
    B("Binary");

    private final String title;

    KeyType(String title) {
        this.title = title;
    }

    /**
     * The type a descriptor names: S when there is none (DynamoDB's and our files' default), and an
     * IllegalArgumentException saying {@code whatFor} when it names no key type.
     */
    public static KeyType of(String descriptor, String whatFor) {
        if (descriptor == null) {
            return S;
        }
        return switch (descriptor) {
            case "S" -> S;
            case "N" -> N;
            case "B" -> B;
            default ->
                    throw new IllegalArgumentException(
                            whatFor + " has type " + descriptor + "; keys are S, N or B");
        };
    }

    /** The type of a descriptor already checked (a table's or a model's): S when there is none. */
    public static KeyType of(String descriptor) {
        return of(descriptor, "a key attribute");
    }

    /** Whether a descriptor names a key type: S, N or B. */
    public static boolean isDescriptor(String descriptor) {
        return descriptor != null && descriptor.matches("[SNB]");
    }

    /**
     * Reads {@code text} as a value of this type: S as typed (blanks included, since they are part
     * of a string key), N exactly (surrounding blanks ignored), B as base64.
     *
     * @throws IllegalArgumentException saying what the type needs
     */
    public AttributeValue read(String text) {
        try {
            return switch (this) {
                case S -> AttributeValue.s(text);
                case N -> AttributeValue.n(text.strip());
                case B -> AttributeValue.b(Base64.getDecoder().decode(text.strip()));
            };
        } catch (IllegalArgumentException e) {
            String need = this == N ? "a number key" : "a binary key, written as base64";
            throw new IllegalArgumentException(need + ": " + e.getMessage(), e);
        }
    }

    /** The type's name in words: String, Number or Binary. */
    public String title() {
        return title;
    }

    public String descriptor() {
        return name();
    }

    @Override
    public String toString() {
        return name() + " · " + title;
    }
}
