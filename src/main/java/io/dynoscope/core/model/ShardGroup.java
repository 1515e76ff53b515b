package io.dynoscope.core.model;

import io.dynoscope.core.key.KeyTemplate;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Partition keys written with a shard suffix to spread a hot tenant over several partitions, such
 * as {@code WS#{workspaceId}#{shard:01..10}}: read back by a fan-out over every shard.
 */
public record ShardGroup(String name, KeyTemplate template) {

    public ShardGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(template, "template");
        if (template.fanOut() < 2) {
            throw new IllegalArgumentException(
                    "shard group '"
                            + name
                            + "': the template '"
                            + template
                            + "' needs a range such as {shard:01..10}");
        }
    }

    /** The bindings of a partition-key value that is one of this group's shards, if it is. */
    public Optional<Map<String, String>> match(String partitionKeyValue) {
        return template.match(partitionKeyValue);
    }
}
