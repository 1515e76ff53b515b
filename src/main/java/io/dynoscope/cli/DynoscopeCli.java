package io.dynoscope.cli;

import io.dynoscope.cli.Formats.OutputFormat;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.repository.RepositoryException;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngineException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

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
            SandboxCommand.class,
            ExprCommand.class,
            DriftCommand.class
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  done",
            "  1  DynamoDB or the connection failed",
            "  2  bad arguments or input (nothing was written)",
            "  3  drift found",
            "  4  a condition failed (nothing was written)"
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
            names = {"-o", "--output"},
            paramLabel = "FORMAT",
            scope = ScopeType.INHERIT,
            defaultValue = "json",
            description =
                    "How items are printed: json (one plain JSON item a line), dynamodb-json (one typed item a line) "
                            + "or table. Default: ${DEFAULT-VALUE}.")
    private OutputFormat output;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final Function<ConnectionSpec, DynamoRepository> repositories;

    private DynoscopeCli(
            PrintStream out,
            PrintStream err,
            Map<String, String> environment,
            Function<ConnectionSpec, DynamoRepository> repositories) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.repositories = repositories;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one command line in this process and returns its exit code; writes only to {@code out}
     * and {@code err}.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, System.getenv(), SdkDynamoRepository::connect);
    }

    static int run(
            String[] args,
            PrintStream out,
            PrintStream err,
            Map<String, String> environment,
            Function<ConnectionSpec, DynamoRepository> repositories) {
        CommandLine commandLine =
                new CommandLine(new DynoscopeCli(out, err, environment, repositories));
        Formats.register(commandLine);
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
        commandLine.setExecutionExceptionHandler(
                (e, failed, parseResult) -> {
                    String command = failed.getCommandSpec().qualifiedName();
                    int code = exitCode(e);
                    err.println(command + ": " + oneLine(message(e)));
                    return code;
                });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    private static int exitCode(Exception e) {
        if (e instanceof CliException cli) {
            return cli.exitCode();
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
                || e instanceof LocalEngineException) {
            return e.getMessage();
        }
        return "unexpected " + e;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
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

    private static URI endpointUri(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
                    || uri.getHost() == null) {
                throw CliException.usage(
                        "endpoint '"
                                + url
                                + "' is not an http or https URL such as http://localhost:8000");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw CliException.usage("endpoint '" + url + "' is not a URL: " + e.getMessage());
        }
    }

    /** A repository for this command line's connection; the caller closes it. */
    DynamoRepository repository() {
        return repositories.apply(connection());
    }

    /** A repository for a local endpoint, keeping this command line's region and access key id. */
    DynamoRepository repositoryAt(URI localEndpoint) {
        return repositories.apply(new ConnectionSpec.Endpoint(localEndpoint, region, accessKeyId));
    }

    OutputFormat output() {
        return output;
    }

    PrintStream out() {
        return out;
    }

    PrintStream err() {
        return err;
    }

    /** The read's cost, as the last line on stderr. */
    void printStatistics(ReadStatistics statistics) {
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
