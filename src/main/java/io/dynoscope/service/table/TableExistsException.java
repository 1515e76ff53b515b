package io.dynoscope.service.table;

/**
 * A table was to be created (CreateTable, a model's load, a clone's copy) but exists already: it
 * was refused before anything was created or written.
 */
public final class TableExistsException extends RuntimeException {

    private final String table;

    /**
     * @param consequence what was therefore not done and what to do, e.g. {@code nothing was
     *     created}
     */
    public TableExistsException(String table, String consequence) {
        super("table '" + table + "' already exists: " + consequence);
        this.table = table;
    }

    public String table() {
        return table;
    }
}
