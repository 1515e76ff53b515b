package io.dynoscope.core.sql;

import java.util.Objects;

/**
 * One column of a relation: a top-level attribute of the items, or a variable of the entity's key
 * templates ({@code workspaceId} of {@code WS#{workspaceId}}).
 *
 * @param attribute the attribute the column reads, or null for a key-template variable
 * @param variable the key-template variable the column reads, or null for an attribute
 */
public record SqlColumn(String name, ColumnType type, String attribute, String variable) {

    public SqlColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if ((attribute == null) == (variable == null)) {
            throw new IllegalArgumentException(
                    "column '" + name + "' reads either an attribute or a key-template variable");
        }
    }

    public static SqlColumn attribute(String name, ColumnType type) {
        return new SqlColumn(name, type, name, null);
    }

    public static SqlColumn variable(String name) {
        return new SqlColumn(name, ColumnType.STRING, null, name);
    }

    public boolean isVariable() {
        return variable != null;
    }
}
