package io.dynoscope.core.migration;

/**
 * DynamoDB's list prices the migration plan's costs are given in: us-east-1, standard table class,
 * on-demand throughput as priced since November 2024. Other regions and classes differ; the plan
 * says which prices it used.
 */
final class Prices {

    /** Dollars per million write request units. */
    static final double WRITE_REQUEST_UNITS = 0.625;

    /** Dollars per million read request units. */
    static final double READ_REQUEST_UNITS = 0.125;

    /** Dollars per GB stored for a month. */
    static final double STORAGE_GB_MONTH = 0.25;

    static final String BASIS =
            "us-east-1 on demand: $0.625 per million write units, $0.125 per million read units,"
                    + " $0.25 per GB-month";

    private Prices() {}
}
