package io.dynoscope.core.partitions;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.ShardGroup;
import io.dynoscope.core.model.TableModel;
import java.util.List;
import java.util.Map;

/** Table models that hold nothing but one shard group, for the partition tests. */
final class ShardedModels {

    private ShardedModels() {}

    static TableModel withShardGroup(KeySchema keys, String groupName, String template) {
        return new TableModel(
                "t",
                keys,
                Map.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(new ShardGroup(groupName, KeyTemplate.parse(template))));
    }
}
