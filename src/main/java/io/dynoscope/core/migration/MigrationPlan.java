package io.dynoscope.core.migration;

import io.dynoscope.core.migration.ModelDiff.IndexAction;
import io.dynoscope.core.migration.ModelDiff.IndexChange;
import io.dynoscope.core.migration.SampleTally.IndexTally;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Prices;
import io.dynoscope.core.table.SecondaryIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A migration before it runs: the diff between the models and what a sample of the table says about
 * it, from which follow when each new index is created ({@link #timings}) and what it will cost
 * ({@link #estimate}). {@link PlanText} says it in words.
 *
 * @param currentSource where the current model came from ("the saved model", a file, "inferred from
 *     a sample")
 * @param targetSource where the target came from
 * @param concurrency writes in flight at once
 * @param requestTime how long one small request took (the DescribeTable), for the time estimate
 */
public record MigrationPlan(
        String table,
        String currentSource,
        String targetSource,
        TableModel current,
        TableModel target,
        ModelDiff diff,
        SampleTally sample,
        TableFacts facts,
        int concurrency,
        Duration requestTime) {

    public MigrationPlan {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(diff, "diff");
    }

    /** When a new index is created. */
    public enum When {
        BEFORE_BACKFILL,
        AFTER_BACKFILL
    }

    /**
     * When one new index is created, and why.
     *
     * @param costBefore write units that index costs when created before the backfill (its build
     *     plus the backfill's writes into it)
     * @param costAfter write units when created after (its build only)
     */
    public record IndexTiming(
            String index, When when, long costBefore, long costAfter, String reason) {}

    /**
     * What the migration will cost, scaled from the sample to the table.
     *
     * @param itemsToUpdate UpdateItem requests of the backfill
     * @param writeUnits the backfill's write units on the table
     * @param indexWriteUnits its write units on the indexes that exist while it runs
     * @param readUnitsPerPass read units of one full read of the table (eventually consistent)
     * @param passes full reads of the table at least: the backfill, one catch-up pass, the
     *     verification
     * @param time how long, at the table's capacity or at the concurrency
     * @param timeBasis what the time was computed from
     * @param dollars the backfill's throughput at on-demand prices (0 for a provisioned table,
     *     which pays for its capacity anyway)
     */
    public record Estimate(
            long itemsToUpdate,
            long writeUnits,
            long indexWriteUnits,
            long readUnitsPerPass,
            int passes,
            Duration time,
            String timeBasis,
            double dollars,
            List<NewIndexCost> newIndexes) {
        public Estimate {
            newIndexes = List.copyOf(newIndexes);
        }
    }

    /**
     * What a new index adds once it exists.
     *
     * @param writeUnitsPerWrite write units each write of one of its items adds, on average
     */
    public record NewIndexCost(
            String index,
            long items,
            double gigabytes,
            double monthlyStorageDollars,
            double writeUnitsPerWrite) {}

    /** Full reads of the table a migration makes at least. */
    static final int PASSES = 3;

    /** When each new index the sample saw is created, in the target's order. */
    public List<IndexTiming> timings() {
        double scale = scale(sample, facts);
        List<IndexTiming> timings = new ArrayList<>();
        for (IndexChange change : diff.indexes()) {
            IndexTally tally = sample.indexes().get(change.index().name());
            if (tally != null && change.action() == IndexAction.CREATE) {
                timings.add(timing(change.index(), tally, scale));
            }
        }
        return List.copyOf(timings);
    }

    /** What the migration will cost, from what the diff and the sample say. */
    public Estimate estimate() {
        double scale = scale(sample, facts);
        long indexWrites = 0;
        List<NewIndexCost> newIndexes = new ArrayList<>();
        for (IndexChange change : diff.indexes()) {
            IndexTally tally = sample.indexes().get(change.index().name());
            if (tally == null || change.action() == IndexAction.REMOVE) {
                continue;
            }
            if (change.action() == IndexAction.KEEP) {
                indexWrites += tally.backfillWrites();
                continue;
            }
            if (timing(change.index(), tally, scale).when() == When.BEFORE_BACKFILL) {
                indexWrites += tally.backfillWrites();
            }
            newIndexes.add(newIndexCost(change.index(), tally, scale));
        }
        long itemsToUpdate = 0;
        long writeUnits = 0;
        for (SampleTally.EntityTally entity : sample.entities().values()) {
            itemsToUpdate += entity.toUpdate();
            writeUnits += entity.writeUnits();
        }
        long bytes =
                facts.sizeBytes() > 0 && !sample.wholeTable()
                        ? facts.sizeBytes()
                        : Math.round(sample.sampleBytes() * scale);
        long readUnits = Math.max(1, Math.round(bytes / 4096.0 * 0.5));
        long scaledUpdates = Math.round(itemsToUpdate * scale);
        long scaledWrites = Math.round(writeUnits * scale);
        long scaledIndexWrites = Math.round(indexWrites * scale);
        Duration time;
        String basis;
        double dollars;
        if (facts.provisioned()) {
            double writeSeconds =
                    (scaledWrites + scaledIndexWrites)
                            / (double) Math.max(1, facts.writeCapacity());
            double readSeconds = readUnits * PASSES / (double) Math.max(1, facts.readCapacity());
            time = Duration.ofMillis(Math.round(Math.max(writeSeconds, readSeconds) * 1000));
            basis =
                    "at the table's "
                            + facts.writeCapacity()
                            + " WCU and "
                            + facts.readCapacity()
                            + " RCU";
            dollars = 0;
        } else {
            long pages = Math.max(1, bytes / (1024 * 1024) + 1) * PASSES;
            long nanos =
                    Math.round(
                            (scaledUpdates + pages)
                                    * (double) requestTime.toNanos()
                                    / Math.max(1, concurrency));
            time = Duration.ofNanos(nanos);
            basis =
                    String.format(
                            Locale.ROOT,
                            "%d writes in flight, %.1f ms a request as this connection's took",
                            concurrency,
                            requestTime.toNanos() / 1e6);
            dollars =
                    (scaledWrites + scaledIndexWrites) / 1e6 * Prices.ON_DEMAND_WRITE_PER_MILLION
                            + readUnits * PASSES / 1e6 * Prices.ON_DEMAND_READ_PER_MILLION;
        }
        return new Estimate(
                scaledUpdates,
                scaledWrites,
                scaledIndexWrites,
                readUnits,
                PASSES,
                time,
                basis,
                dollars,
                newIndexes);
    }

    /** How many table items each sampled item stands for. */
    static double scale(SampleTally sample, TableFacts facts) {
        if (sample.wholeTable() || sample.sampled() == 0) {
            return 1;
        }
        return Math.max(1, facts.itemCount() / (double) sample.sampled());
    }

    /**
     * Before the backfill unless that costs more: an index created first takes every backfill write
     * that touches its items (two for a changed key), one created after is built once from the
     * finished items.
     */
    private static IndexTiming timing(SecondaryIndex index, IndexTally tally, double scale) {
        long before = Math.round((tally.creationBefore() + tally.backfillWrites()) * scale);
        long after = Math.round(tally.creationAfter() * scale);
        if (before <= after) {
            return new IndexTiming(
                    index.name(),
                    When.BEFORE_BACKFILL,
                    before,
                    after,
                    before == after
                            ? "it costs the same either way, so it is created first: the"
                                    + " backfill's writes fill it as they go and it is ACTIVE when"
                                    + " the backfill starts"
                            : "created first it costs less: most of its items get their keys"
                                    + " from the backfill");
        }
        return new IndexTiming(
                index.name(),
                When.AFTER_BACKFILL,
                before,
                after,
                "created after the backfill it is built once from the finished items; created"
                        + " first, the backfill would write "
                        + (before - after)
                        + " more units into it (items whose keys change are a delete and a put)");
    }

    private static NewIndexCost newIndexCost(SecondaryIndex index, IndexTally tally, double scale) {
        double gigabytes = tally.bytesAfter() * scale / (1024.0 * 1024 * 1024);
        double perWrite =
                tally.keyedAfter() == 0 ? 0 : tally.creationAfter() / (double) tally.keyedAfter();
        return new NewIndexCost(
                index.name(),
                Math.round(tally.keyedAfter() * scale),
                gigabytes,
                gigabytes * Prices.STORAGE_PER_GB_MONTH,
                perWrite);
    }

    /** Whether the target can be reached in place. */
    public boolean refused() {
        return !diff.refusals().isEmpty();
    }

    /** The timing of a new index, if it is new. */
    public When whenCreated(String index) {
        return timings().stream()
                .filter(t -> t.index().equals(index))
                .map(IndexTiming::when)
                .findFirst()
                .orElse(When.BEFORE_BACKFILL);
    }

    /** The indexes to create at {@code when}, in the target's order. */
    public List<ModelDiff.IndexChange> indexesToCreate(When when) {
        return diff.indexes().stream()
                .filter(c -> c.action() == IndexAction.CREATE)
                .filter(c -> whenCreated(c.index().name()) == when)
                .toList();
    }
}
