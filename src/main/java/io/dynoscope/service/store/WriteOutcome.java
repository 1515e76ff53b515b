package io.dynoscope.service.store;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.Optional;

/** The result of a single conditional write: written, or refused because its condition failed. */
public sealed interface WriteOutcome {

    double consumedCapacity();

    /**
     * The write took effect. {@code oldItem} is the item before the write, or null if none or not
     * asked. {@code itemCollection} is DynamoDB's estimate of the written item's collection size,
     * which it gives only for a table with a local secondary index (and only on AWS).
     */
    record Written(
            Item oldItem, double consumedCapacity, Optional<ItemCollectionSize> itemCollection)
            implements WriteOutcome {

        public Written {
            itemCollection = itemCollection == null ? Optional.empty() : itemCollection;
        }
    }

    /**
     * DynamoDB's estimate of an item collection's size after a write (ReturnItemCollectionMetrics
     * SIZE), in GB: the collection is between the two, and DynamoDB refuses writes to it at 10 GB.
     */
    record ItemCollectionSize(AttributeValue partitionKey, double lowerGb, double upperGb) {}

    /**
     * The condition did not hold, so nothing was written. {@code currentItem} is the item as it is
     * now when the engine returns it (ReturnValuesOnConditionCheckFailure ALL_OLD), else null.
     */
    record ConditionFailed(Item currentItem, String message, double consumedCapacity)
            implements WriteOutcome {}
}
