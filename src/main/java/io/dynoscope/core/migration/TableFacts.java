package io.dynoscope.core.migration;

/**
 * What DescribeTable says about the table a migration reads: its size (DynamoDB refreshes it about
 * every six hours) and its billing.
 *
 * @param readCapacity provisioned read capacity units (0 on demand)
 * @param writeCapacity provisioned write capacity units (0 on demand)
 */
public record TableFacts(
        long itemCount,
        long sizeBytes,
        boolean provisioned,
        long readCapacity,
        long writeCapacity) {}
