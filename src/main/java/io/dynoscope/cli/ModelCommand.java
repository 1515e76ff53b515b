package io.dynoscope.cli;

import picocli.CommandLine.Command;

/** {@code dynoscope model}: the table model's verbs. */
@Command(
        name = "model",
        mixinStandardHelpOptions = true,
        description =
                "Plan, infer, export, load and check table models (Dynoscope's model format or NoSQL"
                        + " Workbench data models).",
        subcommands = {
            ModelPlanCommand.class,
            ModelInferCommand.class,
            ModelExportCommand.class,
            ModelLoadCommand.class,
            ModelCheckCommand.class,
            ModelMigrateCommand.class
        })
final class ModelCommand extends GroupCommand {

    ModelCommand() {
        super("plan, infer, export, load, check or migrate");
    }
}
