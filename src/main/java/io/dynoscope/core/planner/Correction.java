package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A person's correction of a reading, written beside the sentence in the plan file or in the Model
 * tab's row: each field given wins over what the words were read as; a field left out keeps the
 * reading. {@code noRange} and {@code noOrder} take away a range or an order read wrongly.
 *
 * @param entity the entity returned
 * @param given the attributes whose values the caller has
 * @param range the range asked
 * @param noRange whether the pattern asks no range
 * @param order the order asked
 * @param noOrder whether the pattern asks no order
 * @param limit how many items at most (0: no limit)
 * @param many whether it returns several items
 * @param along the entities that come along with the one returned
 * @param kind a read or a write
 */
public record Correction(
        Optional<String> entity,
        Optional<List<String>> given,
        Optional<Question.Range> range,
        boolean noRange,
        Optional<Question.Order> order,
        boolean noOrder,
        Optional<Integer> limit,
        Optional<Boolean> many,
        Optional<List<String>> along,
        Optional<PatternSpec.Kind> kind) {

    /** No correction: the reading stands. */
    public static final Correction NONE =
            new Correction(
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    false,
                    Optional.empty(),
                    false,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty());

    public Correction {
        Objects.requireNonNull(entity, "entity");
        given = given.map(List::copyOf);
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(order, "order");
        if (noRange && range.isPresent()) {
            throw new IllegalArgumentException("a correction gives a range or takes it away");
        }
        if (noOrder && order.isPresent()) {
            throw new IllegalArgumentException("a correction gives an order or takes it away");
        }
        if (limit.isPresent() && limit.get() < 0) {
            throw new IllegalArgumentException("a limit cannot be negative");
        }
        Objects.requireNonNull(many, "many");
        along = along.map(List::copyOf);
        Objects.requireNonNull(kind, "kind");
    }

    /** Whether it corrects nothing. */
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** The range after the correction, given the one read. */
    Optional<Question.Range> range(Optional<Question.Range> read) {
        return noRange ? Optional.empty() : range.or(() -> read);
    }

    /** The order after the correction, given the one read. */
    Optional<Question.Order> order(Optional<Question.Order> read) {
        return noOrder ? Optional.empty() : order.or(() -> read);
    }
}
