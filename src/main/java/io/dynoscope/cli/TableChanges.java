package io.dynoscope.cli;

import io.dynoscope.core.table.TableChange;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.table.TableAdmin;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/** How the {@code table} subcommands send their changes, or print them with --dry-run. */
final class TableChanges {

    private TableChanges() {}

    /**
     * Prints the requests of the changes {@code changes} makes (--dry-run), or sends them and says
     * {@code done}; a change DynamoDB would refuse, or a read-only connection, stops it before
     * anything is sent.
     */
    static int send(
            DynoscopeCli cli,
            boolean dryRun,
            Function<TableAdmin, List<TableChange>> changes,
            String done) {
        return withAdmin(cli, admin -> send(cli, changes.apply(admin), admin, dryRun, done));
    }

    static int send(
            DynoscopeCli cli,
            List<TableChange> changes,
            TableAdmin admin,
            boolean dryRun,
            String done) {
        if (dryRun) {
            changes.forEach(change -> cli.out().println(admin.requestText(change)));
            return ExitCodes.OK;
        }
        admin.apply(changes);
        cli.err().println(done);
        return ExitCodes.OK;
    }

    /** Runs {@code work} with the table admin of the command line's connection. */
    static int withAdmin(DynoscopeCli cli, ToIntFunction<TableAdmin> work) {
        try (ConnectionServices services = cli.services()) {
            return work.applyAsInt(services.tableAdmin());
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }
}
