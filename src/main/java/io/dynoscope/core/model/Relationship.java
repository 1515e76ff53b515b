package io.dynoscope.core.model;

import java.util.Objects;

/**
 * A one-to-many relationship between two entities and how the design keeps it one read.
 *
 * @param index the GSI that groups the children under the parent, for {@link Kind#INDEX}; else null
 */
public record Relationship(String name, Kind kind, String parent, String child, String index) {

    /** Where parent and children meet. */
    public enum Kind {
        /** They share a partition key: one item collection of the table. */
        SHARED_PARTITION,
        /** The children carry the parent's key in a GSI's partition key. */
        INDEX
    }

    public Relationship {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(parent, "parent");
        Objects.requireNonNull(child, "child");
        if ((kind == Kind.INDEX) != (index != null)) {
            throw new IllegalArgumentException(
                    "relationship '" + name + "': an index is named exactly for kind INDEX");
        }
    }
}
