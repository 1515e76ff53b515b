package io.dynoscope.repository;

import io.dynoscope.core.item.Item;

/** The result of a single conditional write: written, or refused because its condition failed. */
public sealed interface WriteOutcome {

    double consumedCapacity();

    /**
     * The write took effect. {@code oldItem} is the item before the write, or null if none or not
     * asked.
     */
    record Written(Item oldItem, double consumedCapacity) implements WriteOutcome {}

    /**
     * The condition did not hold, so nothing was written. {@code currentItem} is the item as it is
     * now when the engine returns it (ReturnValuesOnConditionCheckFailure ALL_OLD), else null.
     */
    record ConditionFailed(Item currentItem, String message, double consumedCapacity)
            implements WriteOutcome {}
}
