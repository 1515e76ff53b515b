package io.dynoscope.jobs;

import io.dynoscope.core.migration.AttributeComputation;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.drift.GuardedUpdates;
import io.dynoscope.service.migration.TablePass;
import io.dynoscope.service.store.DynamoRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * One Spark task of a migration pass: runs the Scan segments it owns through the desktop's {@link
 * TablePass} (the same guarded UpdateItem, the same tally) and answers one line per segment, {@code
 * "<segment> <tally JSON>"}. A task that cannot finish its segments fails, so Spark runs it again;
 * every write it re-sends is guarded, so an item already made right is only counted.
 */
final class SegmentTask implements FlatMapFunction<Iterator<Integer>, String> {

    private static final long serialVersionUID = 1L;

    /**
     * Segments a task runs side by side: a backfill waits on the table, not on the CPU, so one
     * writer per core left a job at local[2] with half the desktop's writes in flight.
     */
    static final int WRITERS = 2;

    private final JobConnection connection;
    private final String table;
    private final String targetModel;
    private final Map<String, List<String>> removals;
    private final TablePass.Kind kind;
    private final int totalSegments;
    private final ItemSource.ExportFolder export;

    /**
     * @param targetModel the target model as {@link ModelJson} writes it
     * @param export the DynamoDB export a backfill reads instead of the table, or null
     */
    SegmentTask(
            JobConnection connection,
            String table,
            String targetModel,
            Map<String, List<String>> removals,
            TablePass.Kind kind,
            int totalSegments,
            ItemSource.ExportFolder export) {
        this.connection = connection;
        this.table = table;
        this.targetModel = targetModel;
        this.removals = removals;
        this.kind = kind;
        this.totalSegments = totalSegments;
        this.export = export;
    }

    @Override
    public Iterator<String> call(Iterator<Integer> owned) {
        List<Integer> segments = new ArrayList<>();
        owned.forEachRemaining(segments::add);
        List<String> done = Collections.synchronizedList(new ArrayList<>());
        try (DynamoRepository repository = connection.openForTask()) {
            TableModel model = ModelJson.read(targetModel).tables().get(0).model().withTable(table);
            TablePass pass =
                    new TablePass(
                            repository,
                            new GuardedUpdates(repository),
                            table,
                            AttributeComputation.of(model),
                            removals);
            if (export != null) {
                pass = pass.withBackfillFrom(ExportSegments.of(export));
            }
            TablePass.Result result =
                    pass.runSegments(
                            kind,
                            totalSegments,
                            segments,
                            WRITERS,
                            (segment, tally) -> done.add(segment + " " + tally.toJson()),
                            (read, written) -> {},
                            Cancellation.none());
            if (!result.complete()) {
                throw new IllegalStateException(
                        "Scan segments "
                                + segments
                                + " of table '"
                                + table
                                + "' did not finish: "
                                + result.stoppedBy());
            }
        }
        return done.iterator();
    }
}
