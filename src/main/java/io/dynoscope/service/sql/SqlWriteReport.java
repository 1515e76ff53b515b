package io.dynoscope.service.sql;

import java.util.List;

/**
 * What applying a {@link SqlWritePlan} did: the writes that took effect, and those refused because
 * the item changed (or appeared) since it was read; nothing is retried.
 *
 * @param refused one line per refused write: its key and DynamoDB's message
 */
public record SqlWriteReport(int written, List<String> refused, double consumedCapacity) {
    public SqlWriteReport {
        refused = List.copyOf(refused);
    }
}
