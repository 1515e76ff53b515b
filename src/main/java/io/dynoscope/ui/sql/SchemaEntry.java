package io.dynoscope.ui.sql;

import io.dynoscope.core.sql.SqlColumn;
import io.dynoscope.service.sql.SqlCompletions;
import java.util.Locale;

/**
 * One line of the console's schema list: a table, an entity view, or a column of one.
 *
 * @param name the name as SQL takes it (quoted where it must be)
 * @param detail what it is, in a few words ("entity view of saas", "string")
 */
public record SchemaEntry(String name, Kind kind, String detail) {

    /** What the line names. */
    public enum Kind {
        TABLE,
        VIEW,
        COLUMN
    }

    /** The line of a column: its name as SQL takes it, its type. */
    static SchemaEntry column(SqlColumn column) {
        return new SchemaEntry(
                SqlCompletions.quoted(column.name()),
                Kind.COLUMN,
                column.type().name().toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return name;
    }
}
