package io.dynoscope.service.sql;

import io.dynoscope.core.table.ReadStatistics;
import java.time.Duration;
import java.util.List;

/**
 * How a statement ended: its columns and row count, the reads it ran with what each cost, and the
 * plan it was run from.
 *
 * @param refused true when the statement needed a Scan and the caller did not allow it (nothing was
 *     read)
 * @param cancelled true when the caller stopped it before the last row
 * @param elapsed wall time from the start of the statement to its last row
 * @param described the tables the statement described (one DescribeTable request each; a table is
 *     described once for the console's life)
 */
public record SqlResult(
        List<String> columns,
        long rowCount,
        List<ExecutedRead> reads,
        SqlExplanation plan,
        boolean refused,
        boolean cancelled,
        Duration elapsed,
        List<String> described) {

    public SqlResult {
        columns = List.copyOf(columns);
        reads = List.copyOf(reads);
        described = List.copyOf(described);
    }

    SqlResult withDescribed(List<String> tables) {
        return new SqlResult(columns, rowCount, reads, plan, refused, cancelled, elapsed, tables);
    }

    /** Every read's cost added up, with the statement's wall time. */
    public ReadStatistics statistics() {
        return new ReadStatistics(
                reads.stream().mapToInt(r -> r.statistics().requests()).sum(),
                reads.stream().mapToDouble(r -> r.statistics().consumedCapacity()).sum(),
                reads.stream().mapToLong(r -> r.statistics().scannedCount()).sum(),
                reads.stream().mapToLong(r -> r.statistics().returnedCount()).sum(),
                elapsed);
    }
}
