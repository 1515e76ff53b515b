package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.Workload;
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
        Workload workload) {

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

    /** The entity asked for. */
    public String entity() {
        return returns.get(0);
    }

    /** What it asks, in attribute terms (the check answers it independently). */
    public Question question() {
        return new Question(given, range, order, Optional.of(limit));
    }
}
