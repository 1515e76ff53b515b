package io.dynoscope.ui.table;

/** The types a key attribute can have. */
public enum KeyType {
    S("String"),
    N("Number"),
    B("Binary");

    private final String title;

    KeyType(String title) {
        this.title = title;
    }

    @Override
    public String toString() {
        return name() + " · " + title;
    }
}
