package io.dynoscope.core.model;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * How a modelled table is billed: on demand, or provisioned read and write capacity with optional
 * auto scaling (kept as NoSQL Workbench writes it, so a model round-trips).
 *
 * @param readCapacityUnits provisioned only (0 on demand)
 * @param writeCapacityUnits provisioned only (0 on demand)
 */
public record Capacity(
        Mode mode,
        long readCapacityUnits,
        long writeCapacityUnits,
        Optional<AutoScaling> autoScalingRead,
        Optional<AutoScaling> autoScalingWrite) {

    /** DynamoDB's two billing modes, by their API names. */
    public enum Mode {
        PAY_PER_REQUEST,
        PROVISIONED
    }

    /** Pay per request: no capacity to choose. */
    public static final Capacity ON_DEMAND =
            new Capacity(Mode.PAY_PER_REQUEST, 0, 0, Optional.empty(), Optional.empty());

    /** DynamoDB's bounds on a target-tracking policy's utilisation, in percent. */
    private static final BigDecimal MIN_TARGET = BigDecimal.valueOf(20);

    private static final BigDecimal MAX_TARGET = BigDecimal.valueOf(90);

    /**
     * Target-tracking auto scaling of one direction.
     *
     * @param targetValue the target utilisation in percent
     */
    public record AutoScaling(
            long minCapacity, long maxCapacity, String serviceRole, BigDecimal targetValue) {
        public AutoScaling {
            Objects.requireNonNull(targetValue, "targetValue");
            // one form for one number, so 70, 70.0 and 7E+1 compare equal
            targetValue = new BigDecimal(targetValue.stripTrailingZeros().toPlainString());
            if (targetValue.compareTo(MIN_TARGET) < 0 || targetValue.compareTo(MAX_TARGET) > 0) {
                throw new IllegalArgumentException(
                        "auto scaling's target utilisation is "
                                + targetValue.toPlainString()
                                + "%; DynamoDB takes 20 to 90");
            }
            if (minCapacity < 1 || maxCapacity < minCapacity) {
                throw new IllegalArgumentException(
                        "auto scaling needs 1 <= minimum <= maximum capacity, not "
                                + minCapacity
                                + ".."
                                + maxCapacity);
            }
        }
    }

    public Capacity {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(autoScalingRead, "autoScalingRead");
        Objects.requireNonNull(autoScalingWrite, "autoScalingWrite");
        if (mode == Mode.PROVISIONED && (readCapacityUnits < 1 || writeCapacityUnits < 1)) {
            throw new IllegalArgumentException(
                    "provisioned capacity needs at least 1 read and 1 write capacity unit");
        }
        if (mode == Mode.PAY_PER_REQUEST
                && (readCapacityUnits != 0
                        || writeCapacityUnits != 0
                        || autoScalingRead.isPresent()
                        || autoScalingWrite.isPresent())) {
            throw new IllegalArgumentException(
                    "an on-demand table has no provisioned capacity or auto scaling");
        }
    }

    /** Provisioned capacity without auto scaling. */
    public static Capacity provisioned(long readCapacityUnits, long writeCapacityUnits) {
        return new Capacity(
                Mode.PROVISIONED,
                readCapacityUnits,
                writeCapacityUnits,
                Optional.empty(),
                Optional.empty());
    }

    public boolean provisioned() {
        return mode == Mode.PROVISIONED;
    }
}
