package io.dynoscope.ui.grid;

import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.read.ReadRequest;

/**
 * A read of a table tab's grid that ended, as the history records it.
 *
 * @param totals what every part of the read cost together
 * @param items the items every part brought
 * @param continued whether this part continued an earlier one ("load more")
 */
public record FinishedRead(
        ReadRequest request, ReadStatistics totals, long items, boolean continued) {}
