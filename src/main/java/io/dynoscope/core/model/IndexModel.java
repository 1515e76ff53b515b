package io.dynoscope.core.model;

import io.dynoscope.core.item.KeySchema;
import java.util.List;
import java.util.Objects;

/**
 * A secondary index of the modelled table.
 *
 * @param global true for a GSI, false for an LSI (whose item collections are capped at 10 GB)
 * @param projectionType ALL, KEYS_ONLY or INCLUDE (with {@code nonKeyAttributes})
 */
public record IndexModel(
        String name,
        boolean global,
        KeySchema keys,
        String projectionType,
        List<String> nonKeyAttributes) {

    public IndexModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keys, "keys");
        projectionType = projectionType == null ? "ALL" : projectionType;
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }
}
