package io.dynoscope.core.expression;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the validator found: the parsed expressions (those that parsed) and every problem, in the
 * order of the expressions given and then by column. An empty problem list means DynamoDB should
 * accept the request's expressions.
 */
public record Verdict(
        Map<ExpressionKind, Expression> expressions, List<ExpressionProblem> problems) {

    public Verdict {
        expressions = Map.copyOf(expressions);
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }

    /** The parsed expression of one kind, if it was given and parsed. */
    public Optional<Expression> expression(ExpressionKind kind) {
        return Optional.ofNullable(expressions.get(kind));
    }
}
