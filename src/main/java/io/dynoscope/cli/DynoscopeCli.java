package io.dynoscope.cli;

import io.dynoscope.cli.Formats.OutputFormat;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.WriteStatistics;
import io.dynoscope.sandbox.LocalEngineException;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.JobRuns;
import io.dynoscope.service.store.Repositories;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RequestTimeouts;
import io.dynoscope.service.table.TableExistsException;
import java.io.Console;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code dynoscope} command line: the same repository and core as the desktop app, one verb per
 * class, for scripting and for tests without a display.
 *
 * <p>Items go to stdout (one JSON item a line by default); after every read the last line on stderr
 * is the read's cost ({@code requests=N consumed=X scanned=S returned=R}). Failures are one line on
 * stderr and an exit code from {@link ExitCodes}.
 */
@Command(
        name = "dynoscope",
        mixinStandardHelpOptions = true,
        versionProvider = DynoscopeCli.Version.class,
        description = "Browse and script DynamoDB single-table designs.",
        subcommands = {
            TablesCommand.class,
            DescribeCommand.class,
            SeedCommand.class,
            GetCommand.class,
            PutCommand.class,
            DeleteCommand.class,
            QueryCommand.class,
            ScanCommand.class,
            PartitionsCommand.class,
            ExportCommand.class,
            ImportCommand.class,
            CloneCommand.class,
            TableCommand.class,
            SandboxCommand.class,
            ExprCommand.class,
            DriftCommand.class,
            ModelCommand.class,
            SqlCommand.class,
            JobCommand.class
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0    done",
            "  1    DynamoDB or the connection failed, or stdout could not be written",
            "  2    bad arguments or input (nothing was written)",
            "  3    the check found something: drift found, no item with that key (get),",
            "       an access pattern not served as designed (model check)",
            "  4    refused: a condition failed, the connection is read-only, a table to create",
            "       exists, or a Scan or write was not confirmed (nothing was written)",
            "  130, 143  stopped by Ctrl-C or SIGTERM (import and export say what was done first)",
            "  141  the reader of stdout went away (e.g. | head); reading stopped at once",
            "See docs/exit-codes.md for what each failure prints and what was written."
        })
public final class DynoscopeCli implements Callable<Integer> {

    /** The environment variable whose URL is the default endpoint (a local engine, say). */
    public static final String ENDPOINT_VARIABLE = "DYNAMODB_ENDPOINT";

    @Option(
            names = "--endpoint",
            paramLabel = "URL",
            scope = ScopeType.INHERIT,
            description =
                    "The URL of a DynamoDB-compatible endpoint, such as a local engine (default: $"
                            + ENDPOINT_VARIABLE
                            + ").")
    private String endpoint;

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            scope = ScopeType.INHERIT,
            description =
                    "A profile from ~/.aws/config (SSO, roles and credential_process included).")
    private String profile;

    @Option(
            names = "--region",
            paramLabel = "REGION",
            scope = ScopeType.INHERIT,
            description =
                    "The AWS region (default: the profile's or the SDK's region chain; us-east-1 for endpoints).")
    private String region;

    @Option(
            names = "--access-key-id",
            paramLabel = "ID",
            scope = ScopeType.INHERIT,
            description =
                    "The access key id to sign with at a local endpoint (DynamoDB Local keeps one database per id).")
    private String accessKeyId;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            scope = ScopeType.INHERIT,
            converter = DurationConverter.class,
            description =
                    "Give up on a DynamoDB request (retries included) after this long, e.g. 30s, 2m, 500ms "
                            + "(default: 60s; an attempt gets a third of it, at least 20s).")
    private Duration timeout;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FORMAT",
            scope = ScopeType.INHERIT,
            defaultValue = "json",
            description =
                    "How items are printed: json (one plain JSON item a line), dynamodb-json (one typed item a line), "
                            + "table or csv. Default: ${DEFAULT-VALUE}.")
    private OutputFormat output;

    @Option(
            names = "--read-only",
            scope = ScopeType.INHERIT,
            description =
                    "Refuse every write (exit 4) before anything is sent. A profile whose name matches $"
                            + ReadOnlyPolicy.PATTERNS_VARIABLE
                            + " (comma-separated patterns; default *prod*) is read-only without it.")
    private boolean readOnly;

    @Option(
            names = "--read-write",
            scope = ScopeType.INHERIT,
            description = "Allow writes through a profile that matches the read-only patterns.")
    private boolean readWrite;

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final Repositories repositories;

    private DynoscopeCli(
            InputStream in,
            PrintStream out,
            PrintStream err,
            Map<String, String> environment,
            Repositories repositories) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.repositories = repositories;
    }

    /**
     * Runs one command line on the process's own stdout (written directly, so its errors are seen)
     * and stderr, and returns the exit code.
     *
     * @param repositories how to open a repository for a connection (the SDK's, from the launcher)
     */
    public static int run(String[] args, Repositories repositories) {
        // Java 17 has a console when stdin and stdout are both the terminal.
        return run(
                args,
                System.in,
                new FileOutputStream(FileDescriptor.out),
                System.err,
                System.getenv(),
                repositories,
                System.console() != null);
    }

    /**
     * Runs one command line in this process and returns its exit code; writes only to {@code out}
     * and {@code err}. A failure to write {@code out} ends the command with a message and exit 1
     * (141 when its reader went away).
     */
    public static int run(
            String[] args, OutputStream out, PrintStream err, Repositories repositories) {
        return run(args, System.in, out, err, System.getenv(), repositories);
    }

    /**
     * As above, reading stdin (for {@code -} as a file name) from {@code stdin}.
     *
     * @param repositories how to open a repository for a connection, with this command line's
     *     --timeout
     */
    static int run(
            String[] args,
            InputStream stdin,
            OutputStream stdout,
            PrintStream stderr,
            Map<String, String> environment,
            Repositories repositories) {
        return run(args, stdin, stdout, stderr, environment, repositories, false);
    }

    /**
     * As above; with {@code stdoutIsTerminal}, data written byte for byte elsewhere (CSV) shows
     * control characters as escapes too, as a person reads it.
     */
    static int run(
            String[] args,
            InputStream stdin,
            OutputStream stdout,
            PrintStream stderr,
            Map<String, String> environment,
            Repositories repositories,
            boolean stdoutIsTerminal) {
        PrintStream exactOut = CheckedOutput.over(stdout);
        PrintStream out = TerminalText.over(exactOut, stdoutIsTerminal);
        PrintStream err = TerminalText.over(stderr);
        CommandLine commandLine =
                new CommandLine(new DynoscopeCli(stdin, out, err, environment, repositories));
        Formats.register(commandLine);
        // everything after a job's name is the job's own arguments
        commandLine
                .getSubcommands()
                .get("job")
                .getSubcommands()
                .get("submit")
                .setStopAtPositional(true);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler(
                (e, arguments) -> {
                    String command = e.getCommandLine().getCommandSpec().qualifiedName();
                    err.println(
                            command
                                    + ": "
                                    + oneLine(e.getMessage())
                                    + " (see "
                                    + command
                                    + " --help)");
                    return ExitCodes.USAGE;
                });
        AtomicBoolean outputFailureReported = new AtomicBoolean();
        commandLine.setExecutionExceptionHandler(
                (e, failed, parseResult) -> {
                    outputFailureReported.set(e instanceof CheckedOutput.Failure);
                    String command = failed.getCommandSpec().qualifiedName();
                    int code = exitCode(e);
                    err.println(command + ": " + ConnectionSpec.masked(oneLine(message(e))));
                    return code;
                });
        commandLine.setExecutionStrategy(DynoscopeCli::execute);
        int code = commandLine.execute(args);
        if (!outputFailureReported.get()) {
            try {
                out.flush();
            } catch (CheckedOutput.Failure e) {
                // What the command left in the buffer could not be written: it did not succeed.
                err.println(commandName(commandLine) + ": " + e.getMessage());
                code = e.exitCode();
            }
        }
        err.flush();
        return code;
    }

    /**
     * Runs the command that was parsed, once its arguments are known to be UTF-8. A refusal, or
     * help text that cannot be written (as {@code --help > /dev/full}), goes to the execution
     * exception handler like any failure: one line and an exit code, not picocli's stack trace.
     */
    private static int execute(ParseResult parsed) {
        List<CommandLine> commands = parsed.asCommandLineList();
        try {
            TextFiles.requireDecoded(parsed);
            return new CommandLine.RunLast().execute(parsed);
        } catch (CliException | CheckedOutput.Failure e) {
            throw new ExecutionException(commands.get(commands.size() - 1), e.getMessage(), e);
        }
    }

    /** The command that ran, e.g. {@code dynoscope expr check}. */
    private static String commandName(CommandLine commandLine) {
        ParseResult parsed = commandLine.getParseResult();
        if (parsed == null) {
            return "dynoscope";
        }
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return parsed.commandSpec().qualifiedName();
    }

    private static int exitCode(Exception e) {
        if (e instanceof CliException cli) {
            return cli.exitCode();
        }
        if (e instanceof CheckedOutput.Failure failure) {
            return failure.exitCode();
        }
        if (e instanceof ReadOnlyException) {
            return ExitCodes.READ_ONLY;
        }
        if (e instanceof TableExistsException) {
            return ExitCodes.CONDITION_FAILED;
        }
        if (e instanceof ItemFormatException || e instanceof IllegalArgumentException) {
            return ExitCodes.USAGE;
        }
        return ExitCodes.SERVICE_ERROR;
    }

    private static String message(Exception e) {
        if (e instanceof CliException
                || e instanceof RepositoryException
                || e instanceof ItemFormatException
                || e instanceof IllegalArgumentException
                || e instanceof CheckedOutput.Failure
                || e instanceof ReadOnlyException
                || e instanceof TableExistsException
                || e instanceof LocalEngineException) {
            // An empty message would leave the user with the command's name and nothing after it.
            return e.getMessage() == null || e.getMessage().isBlank()
                    ? "failed without a message (" + e.getClass().getSimpleName() + ")"
                    : e.getMessage();
        }
        return "unexpected " + e;
    }

    private static final int MAX_MESSAGE = 1_000;

    /** A message on one line of at most {@link #MAX_MESSAGE} characters: never a page of echo. */
    private static String oneLine(String message) {
        String line = message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE) + "...";
    }

    @Override
    public Integer call() {
        err.println("dynoscope: name a command, e.g. dynoscope tables (see dynoscope --help)");
        return ExitCodes.USAGE;
    }

    /**
     * Where to connect: --endpoint, else --profile, else $DYNAMODB_ENDPOINT, else the default
     * credential chain.
     */
    ConnectionSpec connection() {
        if (endpoint != null && profile != null) {
            throw CliException.usage(
                    "--endpoint and --profile do not go together: an endpoint uses local dummy credentials");
        }
        String url =
                endpoint != null
                        ? endpoint
                        : profile == null ? environment.get(ENDPOINT_VARIABLE) : null;
        if (url != null && !url.isBlank()) {
            return new ConnectionSpec.Endpoint(endpointUri(url), region, accessKeyId);
        }
        if (accessKeyId != null) {
            throw CliException.usage("--access-key-id is for local endpoints: give --endpoint too");
        }
        return profile != null
                ? new ConnectionSpec.Profile(profile, region)
                : new ConnectionSpec.DefaultChain(region);
    }

    static URI endpointUri(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
                    || uri.getHost() == null) {
                throw CliException.usage(
                        "endpoint '"
                                + ConnectionSpec.masked(url)
                                + "' is not an http or https URL such as http://localhost:8000");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw CliException.usage(
                    "endpoint '"
                            + ConnectionSpec.masked(url)
                            + "' is not a URL: "
                            + ConnectionSpec.masked(e.getMessage()));
        }
    }

    /**
     * The services of this command line's connection; the caller closes them. Through them every
     * write is refused when the connection is read-only ({@link WriteAccess}).
     */
    ConnectionServices services() {
        return servicesFor(connection());
    }

    /** The services of another connection (a clone's target), read-only by the same rules. */
    ConnectionServices servicesFor(ConnectionSpec connection) {
        Access access = access(connection);
        return new ConnectionServices(WriteAccess.guard(open(connection), access));
    }

    /** Whether writes through {@code connection} are allowed, and if not, why. */
    Access access(ConnectionSpec connection) {
        if (readOnly && readWrite) {
            throw CliException.usage("--read-only and --read-write do not go together");
        }
        Optional<Boolean> choice =
                readOnly ? Optional.of(true) : readWrite ? Optional.of(false) : Optional.empty();
        Access access = ReadOnlyPolicy.fromEnvironment(environment).decide(connection, choice);
        return readOnly
                ? Access.readOnly("--read-only was given")
                : access.withHint("give --read-write to write through it");
    }

    /** --read-only or --read-write as given, for a job that connects on its own. */
    List<String> writeChoice() {
        return readOnly ? List.of("--read-only") : readWrite ? List.of("--read-write") : List.of();
    }

    /** The environment the command line runs in. */
    Map<String, String> environment() {
        return environment;
    }

    /** The services of a local endpoint, keeping this command line's region and access key id. */
    ConnectionServices servicesAt(URI localEndpoint) {
        return new ConnectionServices(
                open(new ConnectionSpec.Endpoint(localEndpoint, region, accessKeyId)));
    }

    private DynamoRepository open(ConnectionSpec connection) {
        return repositories.open(
                connection,
                timeout == null ? RequestTimeouts.DEFAULT : RequestTimeouts.of(timeout),
                new TerminalMfaPrompt(environment, err));
    }

    /**
     * EMR Serverless job runs with this command line's credentials and region (--region); the
     * caller closes them.
     */
    JobRuns jobRuns() {
        return repositories.jobRuns(connection(), null);
    }

    /** A table change as the request that would be sent, with no connection opened. */
    String requestText(TableChange change) {
        return repositories.requestText(change);
    }

    OutputFormat output() {
        return output;
    }

    /**
     * Standard output for data that must stay byte for byte (CSV); {@link #out} shows control
     * characters as escapes.
     */
    PrintStream exactOut() {
        return TerminalText.exact(out);
    }

    /** Standard input, read where a file is named {@code -}. */
    InputStream in() {
        return in;
    }

    PrintStream out() {
        return out;
    }

    PrintStream err() {
        return err;
    }

    /**
     * Asks the person at the terminal; true when the answer starts with y, false without a terminal
     * (a script must say --yes).
     */
    static boolean confirmed(String question, Object... arguments) {
        Console terminal = System.console();
        if (terminal == null) {
            return false;
        }
        String answer = terminal.readLine(question, arguments);
        return answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y");
    }

    /** The read's cost, as the last line on stderr. */
    void printStatistics(ReadStatistics statistics) {
        err.println(statistics.summary());
    }

    /** {@code 30s}, {@code 2m}, {@code 500ms}, {@code 1h}, or a number of seconds. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        private static final Pattern DURATION =
                Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

        @Override
        public Duration convert(String text) {
            Matcher matcher = DURATION.matcher(text.strip());
            if (!matcher.matches()) {
                throw new TypeConversionException(
                        "'" + text + "' is not a duration such as 30s, 2m or 500ms");
            }
            BigDecimal amount = new BigDecimal(matcher.group(1));
            String unit =
                    matcher.group(2) == null ? "s" : matcher.group(2).toLowerCase(Locale.ROOT);
            long millisPerUnit =
                    switch (unit) {
                        case "ms" -> 1;
                        case "m" -> 60_000;
                        case "h" -> 3_600_000;
                        default -> 1_000;
                    };
            long millis = amount.multiply(BigDecimal.valueOf(millisPerUnit)).longValue();
            if (millis <= 0) {
                throw new TypeConversionException("'" + text + "' is not longer than zero");
            }
            return Duration.ofMillis(millis);
        }
    }

    /** The writes' cost, as the last line on stderr, like a read's. */
    void printStatistics(WriteStatistics statistics) {
        err.println(statistics.summary());
    }

    /** The version from the jar's manifest, or a development marker when run from classes. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = DynoscopeCli.class.getPackage().getImplementationVersion();
            return new String[] {
                "dynoscope " + (version == null ? "(development build)" : version)
            };
        }
    }
}
