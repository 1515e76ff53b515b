package io.dynoscope.cli;

import io.dynoscope.cli.Formats.OutputFormat;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.sql.ResultExport;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.sql.ExecutedRead;
import io.dynoscope.service.sql.RowListener;
import io.dynoscope.service.sql.ScanWarning;
import io.dynoscope.service.sql.SqlCatalog;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlResult;
import io.dynoscope.service.sql.SqlWarmUp;
import io.dynoscope.service.sql.SqlWritePlan;
import io.dynoscope.service.sql.SqlWriteReport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope sql}: a SQL statement (or one of DynamoDB's PartiQL statements) over the
 * connection's tables and the entity views given with {@code --entity}, run by the SQL console's
 * service: rows on stdout, the plan with {@code --explain}, the reads' cost on stderr.
 */
@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        description = {
            "Run SQL over tables and entity views: every table is queryable with its attributes as"
                    + " columns; --entity adds a view whose key templates become its filter and"
                    + " columns. Predicates on keys become Query key conditions, others filters;"
                    + " a statement that must Scan runs only with --allow-scan.",
            "DynamoDB PartiQL (SELECT ... FROM \"t\", INSERT INTO \"t\" VALUE {...}, UPDATE, DELETE)"
                    + " is accepted too; writes are shown first and sent with --yes (or when"
                    + " confirmed at the terminal), each conditional on the item as read."
        })
final class SqlCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "STATEMENT",
            description = "The statement; - reads it from stdin.")
    private String statement;

    @Option(names = "--file", paramLabel = "FILE", description = "Read the statement from FILE.")
    private Path file;

    @Option(
            names = "--explain",
            description = "Print the DynamoDB requests and the SQL plan; read nothing.")
    private boolean explain;

    @Option(
            names = "--allow-scan",
            description = "Run a statement that must Scan (its size and RCU are printed first).")
    private boolean allowScan;

    @Option(names = "--yes", description = "Send the writes of an INSERT, UPDATE or DELETE.")
    private boolean yes;

    @Option(
            names = "--execute-statement",
            description =
                    "Send a PartiQL SELECT as it is, with ExecuteStatement (AWS, DynamoDB Local)"
                            + " instead of translating it into Query/Scan requests.")
    private boolean executeStatement;

    @Option(
            names = "--entity",
            paramLabel = "TABLE:NAME=PK[/SK]",
            description =
                    "An entity view of TABLE, e.g. saas:project=WS#{workspaceId}/PROJ#{projectId}"
                            + " (repeatable).")
    private List<String> entities = new ArrayList<>();

    @Override
    public Integer call() {
        String text = statementText();
        // The engine's first statement costs class loading and code generation: start that on
        // the second core while this one builds the DynamoDB client and describes the tables.
        if (!executeStatement) {
            SqlWarmUp.inBackground();
        }
        try (ConnectionServices services = cli.services()) {
            SqlConsole console;
            try {
                console = services.sqlConsoleOfViews(views());
            } catch (IllegalArgumentException e) {
                throw CliException.usage("--entity: " + e.getMessage());
            }
            console.sendPartiqlWithExecuteStatement(executeStatement);
            if (SqlConsole.isWrite(text)) {
                return write(console, text);
            }
            if (explain) {
                cli.out().println(console.explain(text).describe());
                return ExitCodes.OK;
            }
            Printer printer = new Printer(cli.output(), cli.out());
            SqlResult result = console.run(text, printer, this::scanAllowed, Cancellation.none());
            if (result.refused()) {
                throw new CliException(
                        ExitCodes.CONDITION_FAILED,
                        result.plan().scanWarning().map(ScanWarning::describe).orElse("")
                                + "; nothing was read: add --allow-scan to run it");
            }
            printer.finish();
            if (!result.described().isEmpty()) {
                cli.err()
                        .println(
                                "described "
                                        + String.join(", ", result.described())
                                        + " ("
                                        + result.described().size()
                                        + " DescribeTable request"
                                        + (result.described().size() == 1 ? ")" : "s)"));
            }
            for (ExecutedRead read : result.reads()) {
                if (read.isSample()) {
                    cli.err()
                            .println(
                                    "columns typed from a sample of "
                                            + read.read().table()
                                            + ": "
                                            + read.statistics().summary());
                }
            }
            cli.printStatistics(result.statistics());
        }
        return ExitCodes.OK;
    }

    private boolean scanAllowed(ScanWarning warning) {
        cli.err().println(warning.describe());
        return allowScan;
    }

    private int write(SqlConsole console, String text) {
        SqlWritePlan plan = console.planWrite(text, Cancellation.none());
        cli.err().println(plan.describe());
        if (plan.writes().isEmpty()) {
            cli.err().println("nothing to write: no item matches");
            return ExitCodes.OK;
        }
        if (!yes
                && !DynoscopeCli.confirmed(
                        "Send these %d write(s)? [y/N] ", plan.writes().size())) {
            throw new CliException(
                    ExitCodes.CONDITION_FAILED,
                    "not confirmed; nothing was written (add --yes to send these writes)");
        }
        SqlWriteReport report = console.apply(plan);
        report.refused().forEach(r -> cli.err().println("refused " + r));
        cli.err()
                .println(
                        "written="
                                + report.written()
                                + " refused="
                                + report.refused().size()
                                + " consumed="
                                + report.consumedCapacity());
        return report.refused().isEmpty() ? ExitCodes.OK : ExitCodes.CONDITION_FAILED;
    }

    private String statementText() {
        if (file != null && statement != null) {
            throw CliException.usage("give the statement or --file, not both");
        }
        String text;
        if (file != null) {
            text = TextFiles.read(file, cli.in());
        } else if (TextFiles.STDIN.equals(statement)) {
            text = TextFiles.read(Path.of(TextFiles.STDIN), cli.in());
        } else if (statement != null) {
            text = statement;
        } else {
            throw CliException.usage("give a statement, --file FILE, or - for stdin");
        }
        text = text.strip();
        if (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.isEmpty()) {
            throw CliException.usage("the statement is empty");
        }
        return text;
    }

    /** The views named by --entity, each with its table; nothing is described here. */
    private List<SqlCatalog.View> views() {
        List<SqlCatalog.View> views = new ArrayList<>();
        for (String spec : entities) {
            int colon = spec.indexOf(':');
            int equals = spec.indexOf('=');
            if (colon < 1 || equals < colon + 2) {
                throw CliException.usage(
                        "--entity "
                                + spec
                                + ": write TABLE:NAME=PK_TEMPLATE[/SK_TEMPLATE],"
                                + " e.g. saas:project=WS#{workspaceId}/PROJ#{projectId}");
            }
            String templates = spec.substring(equals + 1);
            int slash = templates.indexOf('/');
            try {
                KeyTemplates keys =
                        KeyTemplates.of(
                                slash < 0 ? templates : templates.substring(0, slash),
                                slash < 0 ? null : templates.substring(slash + 1));
                views.add(
                        new SqlCatalog.View(
                                spec.substring(0, colon),
                                new Entity(
                                        spec.substring(colon + 1, equals),
                                        keys,
                                        List.of(),
                                        Map.of())));
            } catch (IllegalArgumentException e) {
                throw CliException.usage("--entity " + spec + ": " + e.getMessage());
            }
        }
        return views;
    }

    /** Rows to stdout: JSON lines as they stream, table and CSV as they come or at the end. */
    private static final class Printer implements RowListener {
        private final OutputFormat format;
        private final PrintStream out;
        private final ItemPrinter items;
        private List<String> labels = List.of();

        Printer(OutputFormat format, PrintStream out) {
            this.format = format;
            this.out = out;
            this.items =
                    new ItemPrinter(
                            format == OutputFormat.CSV ? OutputFormat.JSON : format, out, null);
        }

        @Override
        public void columns(List<String> columnLabels) {
            labels = List.copyOf(columnLabels);
            if (format == OutputFormat.CSV) {
                TerminalText.exact(out).print(ResultExport.csvHeader(labels));
            }
        }

        @Override
        public boolean row(List<Object> values) {
            if (format == OutputFormat.CSV) {
                TerminalText.exact(out).print(ResultExport.csv(values));
            } else {
                items.print(ResultExport.item(labels, values));
            }
            return true;
        }

        void finish() {
            items.finish();
        }
    }
}
