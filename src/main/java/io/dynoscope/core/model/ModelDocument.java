package io.dynoscope.core.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A model file: one or more table designs under a name, as Dynoscope's own format and NoSQL
 * Workbench's data models both hold them.
 *
 * @param author free text, may be empty
 * @param description free text, may be empty
 */
public record ModelDocument(
        String name, String author, String description, List<TableDesign> tables) {

    public ModelDocument {
        Objects.requireNonNull(name, "name");
        author = author == null ? "" : author;
        description = description == null ? "" : description;
        tables = List.copyOf(tables);
    }

    /** A document holding one table, named after it. */
    public static ModelDocument of(TableDesign table) {
        return new ModelDocument(table.table(), "", "", List.of(table));
    }

    public Optional<TableDesign> table(String tableName) {
        return tables.stream().filter(t -> t.table().equals(tableName)).findFirst();
    }

    /** The table of that name, else the document's only table; empty for neither. */
    public Optional<TableDesign> namedOrOnly(String tableName) {
        return table(tableName)
                .or(() -> tables.size() == 1 ? Optional.of(tables.get(0)) : Optional.empty());
    }
}
