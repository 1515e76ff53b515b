package io.dynoscope.core.table;

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

    public String descriptor() {
        return name();
    }

    @Override
    public String toString() {
        return name() + " · " + title;
    }
}
