package io.dynoscope.core.table;

import java.time.LocalDate;

/**
 * DynamoDB's published prices in us-east-1 (US East, N. Virginia) for the Standard table class, in
 * one place with the date they were taken: the on-demand prices after AWS halved them on 1 November
 * 2024, as published (and reported by AWS pricing write-ups) when read on 2025-07-21. The planner's
 * monthly costs and the migration plan's one-off costs both come from here.
 */
public final class Prices {

    /** When these prices were read. */
    public static final LocalDate AS_OF = LocalDate.of(2025, 7, 21);

    /** The region they are for. */
    public static final String REGION = "us-east-1";

    /** US dollars per million read request units (on demand). */
    public static final double ON_DEMAND_READ_PER_MILLION = 0.125;

    /** US dollars per million write request units (on demand). */
    public static final double ON_DEMAND_WRITE_PER_MILLION = 0.625;

    /** US dollars per read capacity unit per hour (provisioned). */
    public static final double PROVISIONED_READ_PER_HOUR = 0.00013;

    /** US dollars per write capacity unit per hour (provisioned). */
    public static final double PROVISIONED_WRITE_PER_HOUR = 0.00065;

    /** US dollars per GB stored for a month. */
    public static final double STORAGE_PER_GB_MONTH = 0.25;

    /** The prices a one-off cost is given in, as a plan says them. */
    public static final String BASIS =
            "us-east-1 on demand: $0.625 per million write units, $0.125 per million read units,"
                    + " $0.25 per GB-month";

    /** The hours in a month as AWS bills them. */
    public static final double HOURS_PER_MONTH = 730;

    /** The seconds in a month of {@link #HOURS_PER_MONTH}. */
    public static final double SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;

    private Prices() {}

    /** A month of on-demand reads at this many read request units per second. */
    public static double onDemandReads(double unitsPerSecond) {
        return unitsPerSecond * SECONDS_PER_MONTH / 1_000_000 * ON_DEMAND_READ_PER_MILLION;
    }

    /** A month of on-demand writes at this many write request units per second. */
    public static double onDemandWrites(double unitsPerSecond) {
        return unitsPerSecond * SECONDS_PER_MONTH / 1_000_000 * ON_DEMAND_WRITE_PER_MILLION;
    }

    /** A month of this many provisioned read capacity units. */
    public static double provisionedReads(double units) {
        return Math.ceil(units) * HOURS_PER_MONTH * PROVISIONED_READ_PER_HOUR;
    }

    /** A month of this many provisioned write capacity units. */
    public static double provisionedWrites(double units) {
        return Math.ceil(units) * HOURS_PER_MONTH * PROVISIONED_WRITE_PER_HOUR;
    }
}
