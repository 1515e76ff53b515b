package io.dynoscope.cli;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.WriteOutcome;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The condition a single write must meet: {@code --condition} with its {@code --names} and {@code
 * --values}.
 */
final class ConditionOptions {

    @Option(
            names = "--condition",
            paramLabel = "EXPR",
            description =
                    "Write only if this condition expression holds, e.g. 'authorName = :old'.")
    private String condition;

    @Option(
            names = "--names",
            paramLabel = "JSON",
            description = "Expression attribute names, e.g. {\"#d\": \"Detail\"}.")
    private String names;

    @Option(
            names = "--values",
            paramLabel = "JSON",
            description =
                    "Expression attribute values in DynamoDB JSON, e.g. {\":old\": {\"S\": \"Mara Vance\"}}.")
    private String values;

    boolean present() {
        return condition != null;
    }

    /** The condition, or null when none was given. */
    CompiledExpression condition() {
        Map<String, String> nameMap = ItemInput.names(names, "--names");
        Map<String, AttributeValue> valueMap = ItemInput.values(values, "--values");
        if (condition == null) {
            if (!nameMap.isEmpty() || !valueMap.isEmpty()) {
                throw CliException.usage("--names and --values belong to a --condition; give one");
            }
            return null;
        }
        if (condition.isBlank()) {
            throw CliException.usage("--condition is empty");
        }
        return new CompiledExpression(condition, nameMap, valueMap);
    }

    /**
     * Refuses, as a usage error naming the column, a condition DynamoDB would reject on this write.
     */
    void check(Operation operation, TableInfo table) {
        if (condition != null) {
            CheckedExpressions.require(
                    Map.of(ExpressionKind.CONDITION, condition),
                    Map.of(ExpressionKind.CONDITION, "--condition"),
                    names,
                    values,
                    RequestContext.of(operation, table.tableKeys(), null));
        }
    }

    /** Turns a refused write into exit code 4; the write did nothing. */
    static void requireWritten(WriteOutcome outcome, String nothingWhat) {
        if (outcome instanceof WriteOutcome.ConditionFailed failed) {
            String reason =
                    failed.message() == null || failed.message().isBlank()
                            ? ""
                            : " (" + failed.message() + ")";
            throw new CliException(
                    ExitCodes.CONDITION_FAILED,
                    "the condition failed; nothing was " + nothingWhat + reason);
        }
    }
}
