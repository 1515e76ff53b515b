package io.dynoscope.jobs;

import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.PartitionSize;
import io.dynoscope.core.partitions.PartitionTally;
import io.dynoscope.core.table.SecondaryIndex;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * One Spark task of the partitions job: tallies the items of the units it owns with the desktop's
 * {@link PartitionTally} and answers one line per partition-key value, {@code "<items> <bytes>
 * <write units> <collection bytes> <key as DynamoDB JSON>"}, for the driver to add up.
 */
final class PartitionsTask implements FlatMapFunction<Iterator<String>, String> {

    private static final long serialVersionUID = 1L;

    /** A local secondary index as Spark ships it. */
    record Lsi(String name, String sortKey, String projectionType, List<String> nonKeyAttributes)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        static Lsi of(SecondaryIndex index) {
            return new Lsi(
                    index.name(),
                    index.keySchema().sortKey().orElseThrow(),
                    index.projectionType(),
                    new ArrayList<>(index.nonKeyAttributes()));
        }

        SecondaryIndex index(String partitionKey) {
            return new SecondaryIndex(
                    name,
                    false,
                    KeySchema.of(partitionKey, sortKey),
                    projectionType,
                    nonKeyAttributes);
        }
    }

    private final ItemSource source;
    private final String partitionKey;
    private final String sortKey;
    private final List<Lsi> localIndexes;
    private final UnitProgress progress;

    PartitionsTask(
            ItemSource source,
            KeySchema keys,
            List<SecondaryIndex> localIndexes,
            UnitProgress progress) {
        this.source = source;
        this.progress = progress;
        this.partitionKey = keys.partitionKey();
        this.sortKey = keys.sortKey().orElse(null);
        this.localIndexes = new ArrayList<>(localIndexes.stream().map(Lsi::of).toList());
    }

    KeySchema keys() {
        return KeySchema.of(partitionKey, sortKey);
    }

    List<SecondaryIndex> localIndexes() {
        return localIndexes.stream().map(i -> i.index(partitionKey)).toList();
    }

    @Override
    public Iterator<String> call(Iterator<String> units) throws Exception {
        PartitionTally tally = new PartitionTally(keys(), localIndexes());
        while (units.hasNext()) {
            long items = tally.items();
            long bytes = tally.bytes();
            source.read(units.next(), tally::add);
            progress.unitRead(tally.items() - items, tally.bytes() - bytes);
        }
        List<String> lines = new ArrayList<>(tally.partitionCount());
        for (PartitionSize p : tally.partitions()) {
            lines.add(
                    p.items()
                            + " "
                            + p.bytes()
                            + " "
                            + p.writeUnits()
                            + " "
                            + p.collectionBytes()
                            + " "
                            + ItemJson.DYNAMODB.write(p.partitionKey()));
        }
        return lines.iterator();
    }

    /** Reads a line of {@link #call} back. */
    static PartitionSize parse(String line) {
        String[] parts = line.split(" ", 5);
        return new PartitionSize(
                ItemJson.DYNAMODB.readValue(parts[4]),
                Long.parseLong(parts[0]),
                Long.parseLong(parts[1]),
                Long.parseLong(parts[2]),
                Long.parseLong(parts[3]));
    }
}
