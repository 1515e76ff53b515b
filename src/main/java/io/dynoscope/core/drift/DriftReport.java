package io.dynoscope.core.drift;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import java.util.List;
import java.util.Objects;

/**
 * What detection found for one rule: per source, its value, how many copies it has and which have
 * drifted; and the copies whose source is missing (or has no value to copy).
 */
public record DriftReport(
        DenormalizationRule rule, List<SourceReport> sources, List<OrphanCopy> orphans) {

    public DriftReport {
        Objects.requireNonNull(rule, "rule");
        sources = List.copyOf(sources);
        orphans = List.copyOf(orphans);
    }

    /**
     * One source item and its copies.
     *
     * @param value the canonical value
     * @param copies how many copies point at this source
     * @param drifted the copies that differ from the value, in key order
     */
    public record SourceReport(
            Key source, AttributeValue value, int copies, List<DriftedCopy> drifted) {
        public SourceReport {
            drifted = List.copyOf(drifted);
        }
    }

    /**
     * A copy that differs from its source's value (by DynamoDB's rules: type included, numbers by
     * value).
     */
    public record DriftedCopy(
            Key copy, Key source, AttributeValue copyValue, AttributeValue sourceValue) {
        /**
         * A copy of another type than its source, e.g. {@code {"N":"6"}} copying {@code {"S":"6"}}.
         */
        public boolean typeDiffers() {
            return copyValue.type() != sourceValue.type();
        }
    }

    /** Why a copy has nothing to be compared with. */
    public enum OrphanReason {
        SOURCE_MISSING,
        SOURCE_HAS_NO_VALUE
    }

    /** A copy whose source item is missing or lacks the source attribute. */
    public record OrphanCopy(
            Key copy, Key expectedSource, AttributeValue copyValue, OrphanReason reason) {}

    /** Every drifted copy, source by source. */
    public List<DriftedCopy> driftedCopies() {
        return sources.stream().flatMap(s -> s.drifted().stream()).toList();
    }

    public int copyCount() {
        return sources.stream().mapToInt(SourceReport::copies).sum() + orphans.size();
    }

    public boolean hasDrift() {
        return sources.stream().anyMatch(s -> !s.drifted().isEmpty());
    }
}
