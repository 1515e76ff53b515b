package io.dynoscope.ui.common;

/** The index choice boxes' entries: the table itself, then its indexes by name. */
public final class IndexChoices {

    /** The entry that stands for the table rather than one of its indexes. */
    public static final String TABLE = "(table)";

    private IndexChoices() {}

    /** The index a choice names, or null for the table (and for no choice). */
    public static String index(String choice) {
        return choice == null || choice.equals(TABLE) ? null : choice;
    }
}
