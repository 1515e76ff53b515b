package io.dynoscope.cli;

import io.dynoscope.core.expression.ExpressionKind;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;

/**
 * {@code dynoscope expr}: check expressions and build them with their placeholder maps and
 * snippets.
 */
@Command(
        name = "expr",
        mixinStandardHelpOptions = true,
        description =
                "Check DynamoDB expressions before sending them, or build them with their maps and a snippet.",
        subcommands = {ExprCheckCommand.class, ExprBuildCommand.class})
final class ExprCommand extends GroupCommand {

    ExprCommand() {
        super("check or build");
    }

    /** The kind as typed on the command line: {@code key-condition}, {@code filter}, ... */
    static String id(ExpressionKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static ExpressionKind kind(String id) {
        for (ExpressionKind kind : ExpressionKind.values()) {
            if (id(kind).equals(id)) {
                return kind;
            }
        }
        throw CliException.usage("'" + id + "' is not an expression kind; use one of " + kinds());
    }

    static String kinds() {
        return Arrays.stream(ExpressionKind.values())
                .map(ExprCommand::id)
                .collect(Collectors.joining(", "));
    }
}
