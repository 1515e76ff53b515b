package io.dynoscope.jobs;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.migration.TablePass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A migration's backfill segments read from a DynamoDB export: segment {@code s} of {@code n} owns
 * the export's data files {@code s}, {@code s + n}, {@code s + 2n}, ..., read whole and handed on
 * in pages, so the journal of finished segments works as for the table's Scan segments.
 */
final class ExportSegments {

    /** Items per page handed to the pass, like a Scan page's item count order of magnitude. */
    static final int PAGE = 100;

    private ExportSegments() {}

    static TablePass.SegmentReader of(ItemSource.ExportFolder export) {
        return (segment, total, pages, cancellation) -> {
            List<String> files = export.units();
            List<Item> page = new ArrayList<>(PAGE);
            boolean[] stopped = {false};
            for (int f = segment; f < files.size() && !stopped[0]; f += total) {
                try {
                    export.read(
                            files.get(f),
                            item -> {
                                if (stopped[0]) {
                                    return;
                                }
                                page.add(item);
                                if (page.size() == PAGE) {
                                    stopped[0] =
                                            !pages.onPage(
                                                            new Page(
                                                                    page,
                                                                    page.size(),
                                                                    null,
                                                                    0,
                                                                    segment))
                                                    || cancellation.isCancelled();
                                    page.clear();
                                }
                            });
                } catch (IOException e) {
                    throw new UncheckedIOException(files.get(f) + ": " + e.getMessage(), e);
                }
            }
            if (!stopped[0] && !page.isEmpty()) {
                stopped[0] = !pages.onPage(new Page(page, page.size(), null, 0, segment));
            }
            return new ReadResult(
                    ReadStatistics.NONE, null, stopped[0] || cancellation.isCancelled());
        };
    }
}
