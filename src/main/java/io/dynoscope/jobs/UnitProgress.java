package io.dynoscope.jobs;

import io.dynoscope.service.job.JobProgress;
import java.io.Serializable;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.util.LongAccumulator;

/**
 * The counts of a reading job whose tasks own units of work (Scan segments or export files): tasks
 * add each unit read and its items and bytes to Spark accumulators, and the driver reports them
 * each time a task ends (Spark merges a task's accumulator updates before it tells its listeners).
 * A retried task's counts are added again, as its reads are paid again.
 */
final class UnitProgress implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LongAccumulator units;
    private final LongAccumulator items;
    private final LongAccumulator bytes;

    UnitProgress(JavaSparkContext spark) {
        this.units = spark.sc().longAccumulator("dynoscope units read");
        this.items = spark.sc().longAccumulator("dynoscope items read");
        this.bytes = spark.sc().longAccumulator("dynoscope bytes read");
    }

    /** In a task: one unit read, with its items and their bytes. */
    void unitRead(long itemCount, long byteCount) {
        units.add(1);
        items.add(itemCount);
        bytes.add(byteCount);
    }

    /**
     * In the driver: the counts so far; read units are a Scan's (0.5 per 4 KB read) when {@code
     * fromTable}, none from an export.
     */
    JobProgress now(String step, String unit, long total, boolean fromTable) {
        return new JobProgress(
                step,
                unit,
                units.value(),
                total,
                items.value(),
                0,
                fromTable ? JobProgress.scanReadUnits(bytes.value()) : 0,
                0);
    }

    /**
     * Reports {@link #now} to {@code report} after each task, until the returned listener is
     * removed.
     */
    SparkListener reportEachTask(
            JavaSparkContext spark,
            String step,
            String unit,
            long total,
            boolean fromTable,
            Consumer<JobProgress> report) {
        SparkListener listener =
                new SparkListener() {
                    @Override
                    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
                        report.accept(now(step, unit, total, fromTable));
                    }
                };
        spark.sc().addSparkListener(listener);
        return listener;
    }
}
