package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The propagation of a source value to its drifted copies, before anything is written: the exact
 * items and the value each will get (the dry run), and the guarded write for each.
 *
 * <p>Each write is {@code SET <copy> = :new} with the condition {@code <copy> = :old}: a copy that
 * someone changed since detection, or an item that was deleted (it holds no value at all), is left
 * alone. Running a plan twice changes nothing twice, since a written copy no longer holds the old
 * value.
 */
public record PropagationPlan(String partitionKey, List<PlannedWrite> writes) {

    public PropagationPlan {
        Objects.requireNonNull(partitionKey, "partitionKey");
        writes = List.copyOf(writes);
    }

    /**
     * One guarded write.
     *
     * @param copy the key of the item holding the copy
     * @param path the copy's attribute path
     * @param oldValue the stale value detection saw
     * @param newValue the source's value, to be written
     * @param source the key of the source item
     */
    public record PlannedWrite(
            Key copy,
            AttributePath path,
            AttributeValue oldValue,
            AttributeValue newValue,
            Key source) {
        public PlannedWrite {
            Objects.requireNonNull(copy, "copy");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(oldValue, "oldValue");
            Objects.requireNonNull(newValue, "newValue");
        }
    }

    /** A plan for every drifted copy of the report. */
    public static PropagationPlan of(DriftReport report, KeySchema schema) {
        return of(report, schema, copy -> true);
    }

    /** A plan for the drifted copies of the report that the user selected. */
    public static PropagationPlan of(
            DriftReport report, KeySchema schema, Predicate<DriftReport.DriftedCopy> selected) {
        List<PlannedWrite> writes = new ArrayList<>();
        for (DriftReport.DriftedCopy drifted : report.driftedCopies()) {
            if (selected.test(drifted)) {
                writes.add(
                        new PlannedWrite(
                                drifted.copy(),
                                report.rule().copies().attribute(),
                                drifted.copyValue(),
                                drifted.sourceValue(),
                                drifted.source()));
            }
        }
        return new PropagationPlan(schema.partitionKey(), writes);
    }

    /** Several plans (one per rule) as one. */
    public static PropagationPlan concat(String partitionKey, List<PropagationPlan> plans) {
        List<PlannedWrite> writes = new ArrayList<>();
        for (PropagationPlan plan : plans) {
            if (!plan.partitionKey().equals(partitionKey)) {
                throw new IllegalArgumentException("plans for different tables cannot be joined");
            }
            writes.addAll(plan.writes());
        }
        return new PropagationPlan(partitionKey, writes);
    }

    /** The update and condition of one planned write, compiled by the expression compiler. */
    public GuardedUpdate guardedUpdate(PlannedWrite write) {
        return guarded(
                partitionKey,
                List.of(UpdateRow.set(write.path(), write.newValue()).named("new")),
                List.of(stillHolds(write.path(), Optional.of(write.oldValue())).named("old")));
    }

    /**
     * The propagation's guard around any update computed from values read earlier: it applies only
     * while the item still exists and still holds each of those values, so a write never lands on
     * an item someone changed or deleted meanwhile (UpdateItem would otherwise create it again).
     * The drift propagation and the model migration's backfill both write through it.
     *
     * @param readValues what the update was computed from: {@link #stillHolds} rows
     */
    public static GuardedUpdate guarded(
            String partitionKey, List<UpdateRow> actions, List<Row> readValues) {
        List<Row> guard = new ArrayList<>(readValues);
        // an attribute equal to a value read cannot be on a deleted item: the existence check is
        // needed only when every value read was an absence (and costs the engine a third clause)
        if (readValues.stream().noneMatch(row -> row.operator() == Row.Operator.EQ)) {
            guard.add(Row.of(partitionKey, Row.Operator.ATTRIBUTE_EXISTS));
        }
        return ExpressionCompiler.guardedUpdate(actions, guard);
    }

    /**
     * The guard row for one value read: the attribute still equals it, or is still absent when it
     * was.
     */
    public static Row stillHolds(AttributePath path, Optional<AttributeValue> read) {
        return read.map(value -> Row.of(path, Row.Operator.EQ, value))
                .orElseGet(() -> Row.of(path, Row.Operator.ATTRIBUTE_NOT_EXISTS));
    }

    public int size() {
        return writes.size();
    }

    public boolean isEmpty() {
        return writes.isEmpty();
    }

    /**
     * The dry run, one line per write: key, path, the stale value and the value it will get, typed.
     */
    public List<String> describe() {
        return writes.stream().map(PropagationPlan::describe).toList();
    }

    public static String describe(PlannedWrite write) {
        return write.copy().text()
                + "  "
                + write.path()
                + ": "
                + ItemJson.DYNAMODB.write(write.oldValue())
                + " -> "
                + ItemJson.DYNAMODB.write(write.newValue());
    }
}
