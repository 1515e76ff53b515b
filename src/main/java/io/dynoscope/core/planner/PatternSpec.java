package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An access pattern as the user states it, with what its words were read as: "the loans of a member
 * with a given status, newest first" returns loans (many), given {@code memberId} and {@code
 * status}, ordered by {@code loanedAt} descending. Every part can be corrected by hand.
 *
 * @param returns the entities returned: the one asked for first, then any that come along ("a
 *     workspace and its projects")
 * @param given the attributes whose values the caller has
 * @param many whether it returns several items
 * @param range a range of one attribute ("between two dates", "for a specific date")
 * @param order the order asked ("newest first", "top 10")
 * @param limit how many items at most ("the latest 10"), or 0
 * @param count whether it asks only how many
 * @param alternative another reading of ambiguous words, said to the user, or empty
 * @param workload the reads per second expected
 * @param kind a read, or the write the words ask ("add a new image" creates one)
 * @param unsure why the reading rests on a guess (no entity named, an attribute guessed, a word
 *     left out, a value the caller may not have), one sentence each; empty when sure
 * @param corrected whether a person corrected the reading (fields beside the sentence in the plan
 *     file, or the Model tab's row): a corrected reading is confirmed, so {@code unsure} is empty
 */
public record PatternSpec(
        String words,
        List<String> returns,
        List<String> given,
        boolean many,
        Optional<Question.Range> range,
        Optional<Question.Order> order,
        int limit,
        boolean count,
        Optional<String> alternative,
        Workload workload,
        Kind kind,
        List<String> unsure,
        boolean corrected) {

    /** What the words ask of the table: a read, or a write of one item. */
    public enum Kind {
        READ,
        CREATE,
        UPDATE,
        DELETE,
        /** A create that must not duplicate a value ("register a user with a unique email"). */
        UNIQUE;

        public boolean write() {
            return this != READ;
        }
    }

    public PatternSpec {
        Objects.requireNonNull(words, "words");
        if (words.isBlank()) {
            throw new IllegalArgumentException("an access pattern needs a name in your words");
        }
        words = words.strip();
        returns = returns.stream().map(String::strip).filter(e -> !e.isEmpty()).distinct().toList();
        if (returns.isEmpty()) {
            throw new IllegalArgumentException(
                    "access pattern '" + words + "' needs the entity it returns");
        }
        given = given.stream().map(String::strip).filter(p -> !p.isEmpty()).distinct().toList();
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(order, "order");
        if (limit < 0) {
            throw new IllegalArgumentException("a limit cannot be negative");
        }
        Objects.requireNonNull(alternative, "alternative");
        workload = workload == null ? Workload.NONE : workload;
        kind = kind == null ? Kind.READ : kind;
        unsure = unsure == null ? List.of() : List.copyOf(unsure);
        if (corrected && !unsure.isEmpty()) {
            throw new IllegalArgumentException("a corrected reading is confirmed, not unsure");
        }
    }

    /** A read nobody corrected, sure of itself. */
    public PatternSpec(
            String words,
            List<String> returns,
            List<String> given,
            boolean many,
            Optional<Question.Range> range,
            Optional<Question.Order> order,
            int limit,
            boolean count,
            Optional<String> alternative,
            Workload workload) {
        this(
                words,
                returns,
                given,
                many,
                range,
                order,
                limit,
                count,
                alternative,
                workload,
                Kind.READ,
                List.of(),
                false);
    }

    /** A reading with only what it returns, what is given and whether it returns many. */
    public static PatternSpec of(String words, String entity, List<String> given, boolean many) {
        return new PatternSpec(
                words,
                List.of(entity),
                given,
                many,
                Optional.empty(),
                Optional.empty(),
                0,
                false,
                Optional.empty(),
                null);
    }

    /** The same reading with another workload. */
    public PatternSpec withWorkload(Workload newWorkload) {
        return new PatternSpec(
                words,
                returns,
                given,
                many,
                range,
                order,
                limit,
                count,
                alternative,
                newWorkload,
                kind,
                unsure,
                corrected);
    }

    /**
     * The reading with a person's correction: each field the correction gives replaces the one
     * read; the result is confirmed (no longer unsure). An empty correction changes nothing.
     */
    public PatternSpec correctedBy(Correction correction) {
        if (correction.isEmpty()) {
            return this;
        }
        List<String> newReturns = new ArrayList<>();
        newReturns.add(correction.entity().orElse(entity()));
        newReturns.addAll(correction.along().orElse(returns.subList(1, returns.size())));
        List<String> newGiven = correction.given().orElse(given);
        Optional<Question.Range> newRange = correction.range(range);
        Optional<Question.Order> newOrder = correction.order(order);
        int newLimit = correction.limit().orElse(limit);
        boolean newMany = correction.many().orElse(many);
        return new PatternSpec(
                words,
                newReturns,
                newGiven,
                newMany,
                newRange,
                newOrder,
                newLimit,
                count,
                Optional.empty(),
                workload,
                correction.kind().orElse(kind),
                List.of(),
                true);
    }

    /** Whether the reading rests on a guess nobody confirmed. */
    public boolean isUnsure() {
        return !unsure.isEmpty();
    }

    /** The entity asked for. */
    public String entity() {
        return returns.get(0);
    }

    /** What it asks, in attribute terms (the check answers it independently). */
    public Question question() {
        return new Question(given, range, order, Optional.of(limit));
    }
}
