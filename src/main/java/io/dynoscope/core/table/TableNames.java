package io.dynoscope.core.table;

import java.util.regex.Pattern;

/** DynamoDB's rule for the names of tables and indexes, for every reader that takes one. */
public final class TableNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{3,255}");

    private TableNames() {}

    /**
     * Refuses a name DynamoDB would refuse.
     *
     * @param what what is named ({@code table}, {@code index})
     * @throws IllegalArgumentException saying the rule
     */
    public static void require(String what, String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    what
                            + " name '"
                            + name
                            + "' must be 3 to 255 letters, digits, '_', '-' or '.'");
        }
    }
}
