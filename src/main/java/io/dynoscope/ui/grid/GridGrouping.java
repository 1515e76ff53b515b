package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import java.util.Optional;

/** How a read's items are grouped into the grid's item collections. */
final class GridGrouping {

    private GridGrouping() {}

    /**
     * The grouping of a read: by the keys of what it reads, in its direction; a fan-out's shards as
     * one collection; a Scan's shards of the model's shard groups as one collection each tenant (a
     * Query reads one partition, which is one collection); the parent (a string sort key equal to
     * {@code parentMarker}) first.
     */
    static GroupingOptions of(
            ReadRequest request,
            TableInfo info,
            Optional<ShardedCollection> fanOut,
            TableModel model,
            String parentMarker) {
        KeySchema keys = info.keySchemaOf(request.index());
        GroupingOptions options = GroupingOptions.of(keys).withDirection(request.direction());
        if (fanOut.isPresent()) {
            options = options.withShardedCollection(fanOut.get());
        } else if (model != null
                && request.mode() == ReadMode.SCAN
                && request.index() == null
                && !model.shardGroups().isEmpty()
                && info.keyType(keys.partitionKey()) == KeyType.S) {
            options = options.withShards(ShardedKey.resolver(model, KeyType.S));
        }
        if (!parentMarker.isEmpty()
                && keys.sortKey().isPresent()
                && info.keyType(keys.sortKey().get()) == KeyType.S) {
            options = options.withParentMarker(parentMarker);
        }
        return options;
    }
}
