package io.dynoscope.core.collection;

/** The order item collections follow one another in the grid. */
public enum CollectionOrder {
    /** The order their first items arrived in: the partitions' hash order for a Scan. */
    ARRIVAL,
    /** By partition key value, in DynamoDB's key order. */
    PARTITION_KEY
}
