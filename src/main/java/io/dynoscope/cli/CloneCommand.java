package io.dynoscope.cli;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.transfer.CloneService;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope clone}: a table copied to another connection or name, schema and items. */
@Command(
        name = "clone",
        mixinStandardHelpOptions = true,
        description =
                "Copy a table to another connection (--to-endpoint or --to-profile) or another name "
                        + "(--to-table): keys, key types, global and local secondary indexes with their "
                        + "projections, TTL attribute, then every item (a parallel Scan, concurrent batch "
                        + "writes), then a count of the copy. The copy's table must not exist yet. "
                        + "Exit 1 when the count of the copy differs from the items read.")
final class CloneCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @ArgGroup(exclusive = true)
    private Target target;

    /** Where the copy goes; without either, the same connection (then --to-table is needed). */
    static final class Target {
        @Option(
                names = "--to-endpoint",
                paramLabel = "URL",
                description = "A DynamoDB-compatible endpoint such as a local engine.")
        private String endpoint;

        @Option(
                names = "--to-profile",
                paramLabel = "NAME",
                description = "A profile from ~/.aws/config.")
        private String profile;
    }

    @Option(
            names = "--to-region",
            paramLabel = "REGION",
            description = "The target's region (default: the profile's; us-east-1 for endpoints).")
    private String toRegion;

    @Option(
            names = "--to-table",
            paramLabel = "TABLE",
            description = "The copy's name (default: the same name).")
    private String toTable;

    @Option(
            names = "--segments",
            paramLabel = "N",
            defaultValue = "4",
            description = "Parallel Scan segments on the source. Default: ${DEFAULT-VALUE}.")
    private int segments;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            description =
                    "Batch writes in flight to the target. Default: 1 to an endpoint (a local engine answers"
                            + " one request at a time), 4 to AWS.")
    private Integer concurrency;

    @Mixin private BillingOptions billing;

    @Option(
            names = "--dry-run",
            description = "Print the requests that would create the copy, and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        if (segments < 1) {
            throw CliException.usage("--segments must be at least 1");
        }
        String copyName = toTable == null ? table : toTable;
        ConnectionSpec source = cli.connection();
        ConnectionSpec destination = destination(source);
        int inFlight = BatchConcurrency.of(concurrency, destination);
        if (destination.equals(source) && copyName.equals(table)) {
            throw CliException.usage(
                    "the copy would be the table itself: give --to-endpoint, --to-profile or --to-table");
        }
        Billing copyBilling = billing.billing();
        CloneService.Request request =
                new CloneService.Request(table, copyName, segments, inFlight, copyBilling);
        try (ConnectionServices from = cli.services();
                ConnectionServices to = cli.servicesFor(destination)) {
            CloneService service = from.cloneTo(to);
            if (dryRun) {
                service.plan(request).forEach(cli.out()::println);
                return ExitCodes.OK;
            }
            return copy(service, request, destination);
        }
    }

    private int copy(
            CloneService service, CloneService.Request request, ConnectionSpec destination) {
        Cancellation cancellation = Cancellation.none();
        AtomicReference<CloneService.Progress> progress =
                new AtomicReference<>(new CloneService.Progress(0, 0, 0, 0));
        String into = "table '" + request.targetTable() + "' at " + destination.displayName();
        CloneService.Report report;
        try (Interruption interruption =
                Interruption.watch(
                        cli.err(),
                        cancellation,
                        () ->
                                "copied "
                                        + progress.get().written()
                                        + " items into "
                                        + into
                                        + "; the copy is incomplete: delete it and clone again",
                        () -> {})) {
            try {
                report = service.clone(request, progress::set, cancellation);
            } catch (IllegalArgumentException e) {
                throw CliException.usage(e.getMessage());
            }
            if (interruption.interrupted()) {
                return ExitCodes.INTERRUPTED;
            }
        }
        CloneService.Progress done = report.progress();
        report.timeToLive().ifPresent(ttl -> cli.err().println(ttl));
        cli.printStatistics(report.reads());
        cli.printStatistics(
                new WriteStatistics(done.writeRequests(), done.writeCapacity(), done.written()));
        if (!report.complete()) {
            throw new CliException(
                    ExitCodes.SERVICE_ERROR,
                    "copied "
                            + done.written()
                            + " of "
                            + done.read()
                            + " items read into "
                            + into
                            + (report.failure() == null ? "" : ": " + report.failure())
                            + "; the copy is incomplete");
        }
        if (!report.countsMatch()) {
            throw new CliException(
                    ExitCodes.SERVICE_ERROR,
                    "count check failed: "
                            + done.read()
                            + " items were read from table '"
                            + table
                            + "', the copy holds "
                            + report.targetCount());
        }
        cli.err()
                .println(
                        "cloned "
                                + done.read()
                                + " items from table '"
                                + table
                                + "' into "
                                + into
                                + "; the copy holds "
                                + report.targetCount()
                                + " items");
        return ExitCodes.OK;
    }

    private ConnectionSpec destination(ConnectionSpec source) {
        if (target == null) {
            return source;
        }
        if (target.endpoint != null) {
            return new ConnectionSpec.Endpoint(
                    DynoscopeCli.endpointUri(target.endpoint), toRegion, null);
        }
        return new ConnectionSpec.Profile(target.profile, toRegion);
    }
}
