package io.dynoscope.cli;

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
}
