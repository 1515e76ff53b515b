package io.dynoscope.core.model;

import io.dynoscope.core.table.SecondaryIndex;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The names a model file must keep straight before anything acts on it: one entity per name (the
 * second of a name silently won before), and access patterns that read entities and indexes the
 * model has. Both readers call it, so {@code model load}, {@code model migrate} and every other
 * reader refuse such a file before the first request.
 */
final class ModelReferences {

    private ModelReferences() {}

    /**
     * Throws {@link IllegalArgumentException} naming the table and the first name that is repeated
     * or missing.
     */
    static void check(TableModel model) {
        String where = "table '" + model.table() + "': ";
        Set<String> entities = new LinkedHashSet<>();
        for (Entity entity : model.entities()) {
            if (!entities.add(entity.name())) {
                throw new IllegalArgumentException(
                        where + "two entities are named '" + entity.name() + "'");
            }
        }
        Set<String> indexes = new LinkedHashSet<>();
        for (SecondaryIndex index : model.indexes()) {
            if (!indexes.add(index.name())) {
                throw new IllegalArgumentException(
                        where + "two indexes are named '" + index.name() + "'");
            }
        }
        for (AccessPattern pattern : model.accessPatterns()) {
            for (String entity : pattern.entities()) {
                if (!entities.contains(entity)) {
                    throw new IllegalArgumentException(
                            where
                                    + "access pattern '"
                                    + pattern.name()
                                    + "' reads entity '"
                                    + entity
                                    + "', which the model does not have (it has "
                                    + String.join(", ", entities)
                                    + ")");
                }
            }
            if (pattern.index() != null && !indexes.contains(pattern.index())) {
                throw new IllegalArgumentException(
                        where
                                + "access pattern '"
                                + pattern.name()
                                + "' reads index '"
                                + pattern.index()
                                + "', which the model does not have"
                                + (indexes.isEmpty()
                                        ? ""
                                        : " (it has " + String.join(", ", indexes) + ")"));
            }
        }
    }
}
