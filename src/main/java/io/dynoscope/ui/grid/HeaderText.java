package io.dynoscope.ui.grid;

import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.service.read.FanOutRead;
import java.util.List;
import java.util.Locale;

/** What a collection's header row says: its key, what is loaded of it, and its shards. */
final class HeaderText {

    private HeaderText() {}

    /**
     * What a header says: the partition key, then the items loaded — "21 items" once the read has
     * the whole collection, "59 loaded · more available" while it may bring more — and the size.
     */
    static String headerText(ItemCollection collection, boolean moreAvailable) {
        String count = String.format(Locale.ROOT, "%,d", collection.itemCount());
        String items =
                moreAvailable
                        ? count + " loaded · more available"
                        : count + (collection.itemCount() == 1 ? " item" : " items");
        return collection
                        .sharded()
                        .map(HeaderText::shardedLabel)
                        .orElseGet(() -> ValueText.of(collection.partitionKey()))
                + "   "
                + items
                + " · "
                + ValueText.bytes(collection.sizeBytes())
                + (collection.isLarge() ? "  ⚠ large collection" : "");
    }

    /**
     * What a sharded collection is called: {@code WS#acme · 10 shards}, or {@code WS#big + 10
     * shards} when the plain value's own partition is read with its shards (a model's shard group).
     */
    static String shardedLabel(ShardedCollection sharded) {
        List<AttributeValue> shards = sharded.shards();
        boolean withBase =
                shards.get(0) instanceof AttributeValue.Str base
                        && base.value().equals(sharded.name());
        int count = withBase ? shards.size() - 1 : shards.size();
        return sharded.name() + (withBase ? " + " : " · ") + count + " shards";
    }

    /**
     * What the header says of the shards, short enough to fit beside the rest: for a read of every
     * shard, how many items each holds ({@code each shard 3 items}, or {@code 0–12 items a shard ·
     * most in #04}, the hot one); for a Scan, which meets the shards it happens to reach, how many
     * of them it has loaded. Each shard's own figures are in the tooltip ({@link #shardTable}).
     */
    static String shardCounts(ItemCollection collection, boolean everyShardRead) {
        List<ItemCollection.ShardCount> counts = collection.shardCounts();
        if (counts.isEmpty()) {
            return "";
        }
        if (!everyShardRead) {
            long loaded = counts.stream().filter(c -> c.itemCount() > 0).count();
            return loaded + " of " + counts.size() + " shards loaded";
        }
        ItemCollection.ShardCount most = counts.get(0);
        int fewest = Integer.MAX_VALUE;
        for (ItemCollection.ShardCount count : counts) {
            fewest = Math.min(fewest, count.itemCount());
            if (count.itemCount() > most.itemCount()) {
                most = count;
            }
        }
        if (fewest == most.itemCount()) {
            return "each shard " + items(fewest);
        }
        return String.format(Locale.ROOT, "%,d–%s a shard", fewest, items(most.itemCount()))
                + " · most in "
                + shardName(collection, most.partitionKey());
    }

    private static String items(int count) {
        return String.format(Locale.ROOT, "%,d", count) + (count == 1 ? " item" : " items");
    }

    /** A shard by the part of its key after the logical collection's name: {@code #04}. */
    private static String shardName(ItemCollection collection, AttributeValue shard) {
        String name = collection.sharded().map(ShardedCollection::name).orElse("");
        String key = ValueText.of(shard);
        return key.startsWith(name) && key.length() > name.length()
                ? key.substring(name.length())
                : key;
    }

    /** Each shard's loaded items and bytes, and whether it has more to read, one line each. */
    static String shardTable(ItemCollection collection, List<FanOutRead.ShardProgress> progress) {
        StringBuilder text = new StringBuilder();
        List<ItemCollection.ShardCount> counts = collection.shardCounts();
        for (int i = 0; i < counts.size(); i++) {
            ItemCollection.ShardCount count = counts.get(i);
            text.append(
                    String.format(
                            Locale.ROOT,
                            "%-16s %,7d items  %10s",
                            ValueText.of(count.partitionKey()),
                            count.itemCount(),
                            ValueText.bytes(count.sizeBytes())));
            if (i < progress.size()
                    && progress.get(i).partitionKey().equals(count.partitionKey())) {
                FanOutRead.ShardProgress shard = progress.get(i);
                text.append(
                        shard.finished() && shard.waiting() == 0
                                ? "  read whole"
                                : "  more to read");
            }
            if (i < counts.size() - 1) {
                text.append('\n');
            }
        }
        return text.toString();
    }
}
