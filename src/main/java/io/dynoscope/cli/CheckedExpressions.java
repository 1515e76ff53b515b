package io.dynoscope.cli;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionProblem;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.expression.Verdict;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Holds the expressions typed on the command line (a filter, a projection, a condition) to what
 * DynamoDB would accept, in the context of the call, before anything is sent: a bad one is a usage
 * error naming its option and column, not a server error.
 */
final class CheckedExpressions {

    private CheckedExpressions() {}

    /**
     * @param texts the expressions given, by kind
     * @param options the option each kind was given with, e.g. FILTER to {@code --filter}
     * @param namesJson the {@code --names} text, or null when not given
     * @param valuesJson the {@code --values} text, or null when not given
     */
    static void require(
            Map<ExpressionKind, String> texts,
            Map<ExpressionKind, String> options,
            String namesJson,
            String valuesJson,
            RequestContext context) {
        if (texts.isEmpty()) {
            return;
        }
        Verdict verdict =
                ExpressionValidator.validate(
                        texts,
                        namesJson == null ? null : ItemInput.names(namesJson, "--names"),
                        valuesJson == null ? null : ItemInput.values(valuesJson, "--values"),
                        context);
        if (!verdict.ok()) {
            throw CliException.usage(
                    verdict.problems().stream()
                            .map(p -> where(p, options) + p)
                            .collect(Collectors.joining("; ")));
        }
    }

    private static String where(ExpressionProblem problem, Map<ExpressionKind, String> options) {
        return problem.expression().map(kind -> options.get(kind) + ": ").orElse("");
    }
}
