package io.dynoscope.service.sql;

import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;

/** A read a statement ran, and once it is over, what it cost and whether it read to the end. */
public final class ExecutedRead {
    private final PlannedRead read;
    private final String statement;
    private final boolean sample;
    private volatile ReadResult result;

    ExecutedRead(PlannedRead read) {
        this(read, null, false);
    }

    /** A PartiQL statement sent with ExecuteStatement. */
    ExecutedRead(String statement) {
        this(null, statement, false);
    }

    private ExecutedRead(PlannedRead read, String statement, boolean sample) {
        this.read = read;
        this.statement = statement;
        this.sample = sample;
    }

    /** The Scan of a table's first items that typed its columns for the statement. */
    static ExecutedRead sample(PlannedRead read) {
        return new ExecutedRead(read, null, true);
    }

    /** Whether this read sampled a table for its columns (rather than reading the rows). */
    public boolean isSample() {
        return sample;
    }

    /** Query, Scan or ExecuteStatement. */
    public String operation() {
        return read == null ? "ExecuteStatement" : read.operation();
    }

    /** The PartiQL statement sent with ExecuteStatement, or null for a Query or Scan. */
    public String statement() {
        return statement;
    }

    void finish(ReadResult readResult) {
        this.result = readResult;
    }

    /** The Query or Scan, or null for an ExecuteStatement. */
    public PlannedRead read() {
        return read;
    }

    /** Requests, capacity, scanned and returned; {@link ReadStatistics#NONE} while under way. */
    public ReadStatistics statistics() {
        ReadResult done = result;
        return done == null ? ReadStatistics.NONE : done.statistics();
    }

    /** Whether the read stopped before the end (cancelled, or the rows were not all wanted). */
    public boolean stoppedEarly() {
        ReadResult done = result;
        return done == null || done.cancelled();
    }
}
