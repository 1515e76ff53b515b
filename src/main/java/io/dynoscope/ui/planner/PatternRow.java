package io.dynoscope.ui.planner;

import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.Workload;
import io.dynoscope.core.planner.PatternSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * An access pattern as typed, with what its words were read as, every part editable: the entity it
 * returns ({@code workspace}), the ones that come along with it ({@code project}), what is given
 * ({@code memberId, status}), a range ({@code loanedAt between}, {@code after}, {@code before} or
 * {@code prefix}), an order ({@code loanedAt desc}), a limit ({@code 10}, {@code count}), and the
 * reads a second expected. When the words were ambiguous, the alternative reading is said; when the
 * reading rests on a guess, why. Editing a part of the reading corrects it: the pattern is then
 * confirmed, no longer unsure.
 */
public final class PatternRow {
    private final StringProperty words = new SimpleStringProperty("");
    private final StringProperty entity = new SimpleStringProperty("");
    private final StringProperty along = new SimpleStringProperty("");
    private final StringProperty given = new SimpleStringProperty("");
    private final StringProperty range = new SimpleStringProperty("");
    private final StringProperty order = new SimpleStringProperty("");
    private final StringProperty limit = new SimpleStringProperty("");
    private final StringProperty readsPerSecond = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper alternative = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper unsure = new ReadOnlyStringWrapper("");
    private boolean many;
    private PatternSpec read;

    public StringProperty wordsProperty() {
        return words;
    }

    /** The entity returned. */
    public StringProperty entityProperty() {
        return entity;
    }

    /** The entities that come along with it, comma-separated, or empty. */
    public StringProperty alongProperty() {
        return along;
    }

    public StringProperty givenProperty() {
        return given;
    }

    public StringProperty rangeProperty() {
        return range;
    }

    public StringProperty orderProperty() {
        return order;
    }

    public StringProperty limitProperty() {
        return limit;
    }

    public StringProperty readsPerSecondProperty() {
        return readsPerSecond;
    }

    /** Another reading of ambiguous words, or empty. */
    public ReadOnlyStringProperty alternativeProperty() {
        return alternative.getReadOnlyProperty();
    }

    /** Why the reading rests on a guess, or empty when it is sure or was corrected. */
    public ReadOnlyStringProperty unsureProperty() {
        return unsure.getReadOnlyProperty();
    }

    static PatternRow of(PatternSpec spec) {
        PatternRow row = new PatternRow();
        row.read = spec;
        row.unsure.set(String.join(" ", spec.unsure()));
        row.words.set(spec.words());
        row.entity.set(spec.entity());
        row.along.set(String.join(", ", spec.returns().subList(1, spec.returns().size())));
        row.given.set(String.join(", ", spec.given()));
        row.range.set(
                spec.range()
                        .map(r -> r.attribute() + " " + r.kind().name().toLowerCase(Locale.ROOT))
                        .orElse(""));
        row.order.set(
                spec.order()
                        .map(o -> o.attribute() + (o.descending() ? " desc" : " asc"))
                        .orElse(""));
        String counted = spec.count() ? "count" : "";
        row.limit.set(
                spec.limit() > 0
                        ? spec.limit() + (counted.isEmpty() ? "" : ", " + counted)
                        : counted);
        row.readsPerSecond.set(EntityRow.figure(spec.workload().readsPerSecond()));
        row.alternative.set(spec.alternative().orElse(""));
        row.many = spec.many();
        row.followEdits();
        return row;
    }

    /** The reading's parts as the fields now say them; a part that does not read throws. */
    private record Parts(
            List<String> returns,
            List<String> given,
            Optional<Question.Range> range,
            Optional<Question.Order> order,
            int limit,
            boolean count) {}

    private Parts parts() {
        List<String> limits = EntityRow.list(limit.get());
        int max = 0;
        for (String part : limits) {
            if (!part.equalsIgnoreCase("count")) {
                max = (int) EntityRow.number("limit", part);
            }
        }
        List<String> newReturns = new ArrayList<>(EntityRow.list(entity.get()));
        newReturns.addAll(EntityRow.list(along.get()));
        return new Parts(
                newReturns,
                EntityRow.list(given.get()),
                range(range.get()),
                order(order.get()),
                max,
                limits.stream().anyMatch(p -> p.equalsIgnoreCase("count")));
    }

    private boolean same(Parts parts) {
        return read != null
                && read.words().equals(words.get().strip())
                && read.returns().equals(parts.returns())
                && read.given().equals(parts.given())
                && read.range().equals(parts.range())
                && read.order().equals(parts.order())
                && read.limit() == parts.limit()
                && read.count() == parts.count();
    }

    /** An edit of a part is the person's correction: the row no longer says it is unsure. */
    private void followEdits() {
        String doubts = String.join(" ", read.unsure());
        for (StringProperty part : List.of(entity, along, given, range, order, limit)) {
            part.addListener(
                    (o, before, now) -> {
                        boolean asRead;
                        try {
                            asRead = same(parts());
                        } catch (IllegalArgumentException e) {
                            asRead = false;
                        }
                        unsure.set(asRead ? doubts : "");
                    });
        }
    }

    /** The reading as corrected; a part that does not read throws, saying which. */
    PatternSpec spec() {
        Parts parts = parts();
        boolean same = same(parts);
        // a reading left as read keeps its doubts; one a person edited is their correction
        boolean corrected = read != null && !same && (read.isUnsure() || read.corrected());
        return new PatternSpec(
                words.get(),
                parts.returns(),
                parts.given(),
                many || parts.limit() > 0,
                parts.range(),
                parts.order(),
                parts.limit(),
                parts.count(),
                alternative.get().isEmpty() ? Optional.empty() : Optional.of(alternative.get()),
                new Workload(EntityRow.number("reads a second", readsPerSecond.get()), 0, 0, 0),
                read == null ? PatternSpec.Kind.READ : read.kind(),
                same ? read.unsure() : List.of(),
                corrected || (same && read.corrected()));
    }

    static Optional<Question.Range> range(String text) {
        List<String> parts = EntityRow.list(text);
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        String kind = parts.size() > 1 ? parts.get(1).toUpperCase(Locale.ROOT) : "BETWEEN";
        try {
            return Optional.of(new Question.Range(parts.get(0), Question.Range.Kind.valueOf(kind)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "range '" + text + "': write an attribute and between, after, before or prefix",
                    e);
        }
    }

    static Optional<Question.Order> order(String text) {
        List<String> parts = EntityRow.list(text);
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        boolean descending =
                parts.size() > 1 && parts.get(1).toLowerCase(Locale.ROOT).startsWith("desc");
        return Optional.of(new Question.Order(parts.get(0), descending));
    }
}
