package io.dynoscope.cli;

import io.dynoscope.service.migration.MigrationReportFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope job report FILE}: a finished job's report. A migration report (the desktop's
 * format, which the migrate job writes) is read back into the lines {@code model migrate} prints,
 * with its exit code; a partitions report (JSON) or a drift-fix report (lines) is printed as is.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "Print the report a job wrote: a migration report as model migrate's lines (exit 0"
                        + " proven, 3 proof failed, 1 stopped), any other report as it is.")
final class JobReportCommand implements Callable<Integer> {

    @ParentCommand private JobCommand job;

    @Parameters(index = "0", paramLabel = "FILE")
    private Path file;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(file)) {
            throw CliException.usage(file + " is not a file");
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Optional<MigrationReportFile.Read> read = MigrationReportFile.read(text);
        if (read.isEmpty()) {
            job.cli.out().print(text);
            return ExitCodes.OK;
        }
        read.get().lines().forEach(job.cli.out()::println);
        return switch (read.get().outcome()) {
            case PROVEN -> ExitCodes.OK;
            case PROOF_FAILED -> ExitCodes.CHECK_FAILED;
            default -> ExitCodes.SERVICE_ERROR;
        };
    }
}
