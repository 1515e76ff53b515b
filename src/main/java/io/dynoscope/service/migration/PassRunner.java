package io.dynoscope.service.migration;

import io.dynoscope.core.table.Cancellation;
import java.util.Set;

/**
 * Where the Scan segments of one of a migration's passes run: on the migration's own threads
 * ({@link TablePass}, the desktop), or as the tasks of a whole-table job, each of which runs its
 * segments through a {@link TablePass} of its own. The migration around it (indexes, journal,
 * check, proof, report) is the same either way.
 */
@FunctionalInterface
public interface PassRunner {

    /**
     * Runs a {@code kind} pass over the segments of a {@code totalSegments}-segment Scan that are
     * not in {@code skip}, {@code concurrency} at a time, handing each finished segment's tally to
     * {@code onSegment}.
     */
    TablePass.Result run(
            TablePass.Kind kind,
            int totalSegments,
            Set<Integer> skip,
            int concurrency,
            TablePass.SegmentDone onSegment,
            TablePass.Progress progress,
            Cancellation cancellation);
}
