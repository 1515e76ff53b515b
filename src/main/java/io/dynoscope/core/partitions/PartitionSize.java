package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;

/**
 * What one partition-key value holds.
 *
 * @param items the items with this partition-key value (the item collection)
 * @param bytes their size by DynamoDB's item-size rules
 * @param writeUnits the write capacity units it takes to write each of them once
 * @param collectionBytes the item collection's size as DynamoDB limits it on a table with an LSI:
 *     the items plus their entries in every LSI (equal to {@code bytes} without one)
 */
public record PartitionSize(
        AttributeValue partitionKey,
        long items,
        long bytes,
        long writeUnits,
        long collectionBytes) {}
