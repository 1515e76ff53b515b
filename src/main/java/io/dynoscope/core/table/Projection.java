package io.dynoscope.core.table;

/** What a secondary index copies from the table's items, as DynamoDB names it. */
public enum Projection {
    ALL,
    KEYS_ONLY,
    INCLUDE
}
