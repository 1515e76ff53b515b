package io.dynoscope.service.sql;

import java.util.List;

/**
 * Receives a statement's result as it streams: the column labels once, then each row as Calcite
 * yields it, on the thread that runs the statement.
 */
public interface RowListener {

    default void columns(List<String> labels) {}

    /**
     * One row: String, BigDecimal, Long, Boolean or null values, one per column.
     *
     * @return false to stop the statement (its reads stop too)
     */
    boolean row(List<Object> values);
}
