package io.dynoscope.core.planner;

import java.util.List;
import java.util.Objects;

/**
 * An access pattern as the user states it: their words ("list every project in a workspace, newest
 * first"), the entity it returns, the values the caller has (the parameters), whether it returns
 * one item or many, in which order, and whether the parent comes along.
 *
 * @param parameters attribute names whose values the caller gives, e.g. {@code workspaceId}
 * @param withParent the parent item is returned with its children (one item collection)
 */
public record PatternSpec(
        String words,
        String entity,
        List<String> parameters,
        boolean many,
        Order order,
        boolean withParent) {

    /** The order of the items a pattern returns. */
    public enum Order {
        ANY,
        NEWEST_FIRST,
        OLDEST_FIRST
    }

    public PatternSpec {
        Objects.requireNonNull(words, "words");
        if (words.isBlank()) {
            throw new IllegalArgumentException("an access pattern needs a name in your words");
        }
        words = words.strip();
        Objects.requireNonNull(entity, "entity");
        parameters =
                parameters.stream()
                        .map(String::strip)
                        .filter(p -> !p.isEmpty())
                        .distinct()
                        .toList();
        order = order == null ? Order.ANY : order;
    }
}
