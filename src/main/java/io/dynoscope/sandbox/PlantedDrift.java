package io.dynoscope.sandbox;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;

/**
 * A denormalized copy that the sample data deliberately lets drift from its source, so that drift
 * detection has known answers to find.
 *
 * @param copy the key of the item holding the stale copy
 * @param copyPath the attribute path of the copy on that item, e.g. {@code authorName} or {@code
 *     author.name}
 * @param source the key of the item holding the canonical value
 * @param sourceAttribute the attribute of the source item the copy duplicates
 * @param sourceValue the canonical value, as seeded on the source
 * @param copyValue the stale value, as seeded on the copy
 */
public record PlantedDrift(
        Key copy,
        String copyPath,
        Key source,
        String sourceAttribute,
        AttributeValue sourceValue,
        AttributeValue copyValue) {}
