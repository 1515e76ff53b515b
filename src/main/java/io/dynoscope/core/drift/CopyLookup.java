package io.dynoscope.core.drift;

/** How the copies of a rule are found, and what that costs; shown before detection runs. */
public enum CopyLookup {
    /** A Query of each source's own item collection (and its shard partitions). */
    COLLECTION,
    /** A Query of a global secondary index whose partition key is the reference attribute. */
    INDEX,
    /** A Scan of the whole table with a filter: reads (and is charged for) every item. */
    SCAN
}
