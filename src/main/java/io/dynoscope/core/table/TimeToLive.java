package io.dynoscope.core.table;

import java.util.Optional;

/**
 * A table's time to live, as DescribeTimeToLive reports it.
 *
 * @param status ENABLED, ENABLING, DISABLED or DISABLING
 * @param attribute the attribute holding each item's expiry (epoch seconds), when one is set
 */
public record TimeToLive(String status, Optional<String> attribute) {

    public boolean enabled() {
        return "ENABLED".equals(status) || "ENABLING".equals(status);
    }
}
