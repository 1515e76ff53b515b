package io.dynoscope.service.model;

/** Loading a model was refused because its table already exists: nothing was created or written. */
public final class TableExistsException extends RuntimeException {

    private final String table;

    public TableExistsException(String table) {
        super(
                "table '"
                        + table
                        + "' already exists: a model is only loaded into a new table (choose"
                        + " another name or delete the table first)");
        this.table = table;
    }

    public String table() {
        return table;
    }
}
