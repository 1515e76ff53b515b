package io.dynoscope.jobs;

import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.PassRunner;
import io.dynoscope.service.migration.PassTally;
import io.dynoscope.service.migration.TablePass;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Runs a migration's passes as Spark jobs: the segments still to do go out in waves of a few per
 * task, each wave one Spark job whose tasks run {@link SegmentTask}; between waves the driver
 * journals the finished segments and reports progress, so a killed job resumes from the last wave.
 */
final class SparkPasses implements PassRunner {

    /** Segments per task in one wave: enough to keep tasks busy, few enough to journal often. */
    static final int SEGMENTS_PER_TASK_AND_WAVE = 4;

    /**
     * The Spark setting that changes {@link #SEGMENTS_PER_TASK_AND_WAVE}: fewer journal more often
     * (a killed job redoes less), more keep long tasks busier between the driver's journal writes.
     */
    static final String SEGMENTS_PER_TASK_AND_WAVE_SETTING =
            "spark.dynoscope.segmentsPerTaskAndWave";

    private final JavaSparkContext spark;
    private final JobConnection connection;
    private final String table;
    private final String targetModel;
    private final Map<String, List<String>> removals;
    private final ItemSource.ExportFolder export;
    private final Consumer<JobProgress> progressReport;

    SparkPasses(
            JavaSparkContext spark,
            JobConnection connection,
            String table,
            String targetModel,
            Map<String, List<String>> removals,
            ItemSource.ExportFolder export,
            Consumer<JobProgress> progressReport) {
        this.spark = spark;
        this.connection = connection;
        this.table = table;
        this.targetModel = targetModel;
        this.removals = Map.copyOf(removals);
        this.export = export;
        this.progressReport = progressReport;
    }

    /** The passes of each plan's migration on Spark, as the migrate job runs them. */
    static Function<MigrationPlan, PassRunner> runners(
            JavaSparkContext spark, JobConnection connection) {
        return runners(spark, connection, null, p -> {});
    }

    /**
     * The same, with the backfill reading {@code export} (a DynamoDB export of the table) instead
     * of the table when not null; the catch-up, verification and cleanup passes read the table.
     * Each pass's counts go to {@code progressReport} after every wave.
     */
    static Function<MigrationPlan, PassRunner> runners(
            JavaSparkContext spark,
            JobConnection connection,
            ItemSource.ExportFolder export,
            Consumer<JobProgress> progressReport) {
        return plan ->
                new SparkPasses(
                        spark,
                        connection,
                        plan.table(),
                        ModelJson.write(ModelDocument.of(TableDesign.of(plan.target(), List.of()))),
                        Migration.removals(plan),
                        export,
                        progressReport);
    }

    @Override
    public TablePass.Result run(
            TablePass.Kind kind,
            int totalSegments,
            Set<Integer> skip,
            int concurrency,
            TablePass.SegmentDone onSegment,
            TablePass.Progress progress,
            Cancellation cancellation) {
        List<Integer> todo =
                IntStream.range(0, totalSegments).filter(s -> !skip.contains(s)).boxed().toList();
        int tasks = Math.max(1, Math.min(concurrency, todo.size()));
        int wave =
                tasks
                        * Math.max(
                                1,
                                spark.getConf()
                                        .getInt(
                                                SEGMENTS_PER_TASK_AND_WAVE_SETTING,
                                                SEGMENTS_PER_TASK_AND_WAVE));
        SegmentTask task =
                new SegmentTask(
                        connection,
                        table,
                        targetModel,
                        removals,
                        kind,
                        totalSegments,
                        kind == TablePass.Kind.BACKFILL ? export : null);
        PassTally total = PassTally.EMPTY;
        int finished = skip.size();
        for (int from = 0; from < todo.size(); from += wave) {
            if (cancellation.isCancelled()) {
                return new TablePass.Result(total, false, null);
            }
            List<Integer> part =
                    new ArrayList<>(todo.subList(from, Math.min(todo.size(), from + wave)));
            spark.setJobGroup(
                    "dynoscope-" + kind.name().toLowerCase(Locale.ROOT),
                    kind + " pass, segments " + part.get(0) + ".." + part.get(part.size() - 1),
                    true);
            List<String> done;
            try {
                done =
                        spark.parallelize(part, Math.min(tasks, part.size()))
                                .mapPartitions(task)
                                .collect();
            } catch (Exception e) { // SparkException, thrown undeclared from Scala
                return new TablePass.Result(total, false, "a Spark job failed: " + firstLine(e));
            }
            for (String line : done) {
                int space = line.indexOf(' ');
                PassTally tally = PassTally.fromJson(line.substring(space + 1));
                try {
                    onSegment.done(Integer.parseInt(line.substring(0, space)), tally);
                } catch (IOException e) {
                    return new TablePass.Result(
                            total, false, "the journal could not be written: " + e.getMessage());
                }
                total = total.plus(tally);
                finished++;
            }
            long read = total.count(PassTally.Count.READ);
            long written =
                    total.count(PassTally.Count.UPDATED) + total.count(PassTally.Count.REMOVED);
            progress.items(read, written);
            // each guarded write costs at least one write unit (more for an item over 1 KB); the
            // passes do not count the bytes they read, so their read units are not known here
            progressReport.accept(
                    new JobProgress(
                            "migrate " + kind.name().toLowerCase(Locale.ROOT).replace('_', '-'),
                            kind == TablePass.Kind.BACKFILL && export != null
                                    ? "segments of export files"
                                    : "segments",
                            finished,
                            totalSegments,
                            read,
                            written,
                            0,
                            written));
        }
        return new TablePass.Result(total, true, null);
    }

    private static String firstLine(Throwable e) {
        String message = String.valueOf(e.getMessage());
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
