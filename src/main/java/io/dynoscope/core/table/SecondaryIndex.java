package io.dynoscope.core.table;

import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Objects;

/**
 * A secondary index of a table, the one record for it wherever it appears: in a table model, a live
 * table's description and a table to create.
 *
 * @param global true for a GSI, false for an LSI (whose item collections are capped at 10 GB)
 * @param projectionType ALL, KEYS_ONLY or INCLUDE (with {@code nonKeyAttributes}); ALL when null
 * @param nonKeyAttributes the attributes an INCLUDE projection copies
 */
public record SecondaryIndex(
        String name,
        boolean global,
        KeySchema keySchema,
        String projectionType,
        List<String> nonKeyAttributes) {

    public SecondaryIndex {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keySchema, "keySchema");
        projectionType = projectionType == null ? "ALL" : projectionType;
        if (!Projection.isName(projectionType)) {
            // refused where the index is made, so a file names its index, not a later read
            throw new IllegalArgumentException(
                    "index '"
                            + name
                            + "': the projection is ALL, KEYS_ONLY or INCLUDE, not "
                            + projectionType);
        }
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }

    /**
     * The projection as the enum; the record keeps DynamoDB's name, which files and requests use.
     */
    public Projection projection() {
        return Projection.valueOf(projectionType);
    }

    /** A global index projecting all attributes. */
    public static SecondaryIndex global(String name, String partitionKey, String sortKey) {
        return new SecondaryIndex(
                name, true, KeySchema.of(partitionKey, sortKey), "ALL", List.of());
    }

    /** A local index projecting all attributes. */
    public static SecondaryIndex local(String name, String partitionKey, String sortKey) {
        return new SecondaryIndex(
                name, false, KeySchema.of(partitionKey, sortKey), "ALL", List.of());
    }
}
