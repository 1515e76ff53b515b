package io.dynoscope.app;

import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.repository.AwsProfiles;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.service.read.SavedReads;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.sql.SqlWarmUp;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RequestTimeouts;
import io.dynoscope.service.transfer.WriteConcurrency;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.common.WorkbenchDialog;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.grid.SavedReadsViewModel;
import io.dynoscope.ui.migration.MigrationView;
import io.dynoscope.ui.migration.MigrationViewModel;
import io.dynoscope.ui.partitions.PartitionsViewModel;
import io.dynoscope.ui.planner.LoadTarget;
import io.dynoscope.ui.planner.TableModelViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.Connector;
import io.dynoscope.ui.shell.MfaCodeDialog;
import io.dynoscope.ui.shell.ShellViewModel;
import io.dynoscope.ui.sql.SqlConsoleViewModel;
import io.dynoscope.ui.tabs.TableTab;
import io.dynoscope.ui.tabs.ToolTabs;
import io.dynoscope.ui.transfer.CloneTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: builds the services, view models and tabs by hand. */
public final class AppContext implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AppContext.class);

    /** How long after a connection opens the SQL engine warms up. */
    private static final long SQL_WARM_UP_DELAY_MILLIS = 3_000;

    private final BackgroundWork work;
    private final ShellViewModel shell;
    private final SandboxHolder sandbox;
    private final SettingsService settings;
    private final SettingsBinding settingsBinding;
    private final ModelStore models;
    private final SavedReads savedReads;
    private final Connector connector;
    private final WorkbenchDialogs dialogs;
    private final DialogService dialogService;
    private Scene scene;

    /** A context that neither reads nor writes the user's settings (tests). */
    AppContext(
            BackgroundWork work,
            Connector connector,
            List<ConnectionEntry> connections,
            SandboxHolder sandbox) {
        this(work, connector, connections, sandbox, null);
    }

    /**
     * @param connections the discovered connections; the saved ones are added after them
     * @param settings the user's settings, or null to keep none
     */
    AppContext(
            BackgroundWork work,
            Connector connector,
            List<ConnectionEntry> connections,
            SandboxHolder sandbox,
            SettingsService settings) {
        this.work = work;
        this.connector = connector;
        this.dialogs = new WorkbenchDialogs(work);
        this.dialogService = new DialogService(() -> scene == null ? null : scene.getWindow());
        this.sandbox = sandbox;
        this.settings = settings;
        this.settingsBinding = settings == null ? null : new SettingsBinding(settings);
        this.models = settings == null ? null : new ModelStore(settings);
        this.savedReads = settings == null ? null : new SavedReads(settings);
        this.shell =
                new ShellViewModel(
                        connector,
                        work,
                        settings == null
                                ? connections
                                : SettingsBinding.withSaved(connections, settings.current()),
                        new Tabs());
        if (settingsBinding != null) {
            settingsBinding.bind(shell, connections);
        }
        // The SQL engine's first statement costs seconds of class loading and code generation:
        // pay them in the background once there is a connection to query, after the first
        // table's rows have had the processor (nobody types a statement within seconds).
        shell.onConnected(
                entry ->
                        work.submit(
                                "warm up the SQL engine",
                                c -> {
                                    Thread.sleep(SQL_WARM_UP_DELAY_MILLIS);
                                    SqlWarmUp.once();
                                    return null;
                                },
                                done -> {},
                                failure -> {}));
        // the sandbox seeds its other sample tables after the first: the list then shows them
        sandbox.onTablesSeeded(() -> work.ui().execute(shell::refreshTables));
        // node can die under the app (crash, kill): the window says so instead of a dead connection
        sandbox.onDied(why -> work.ui().execute(() -> shell.sandboxEngineDied(why)));
    }

    private DynamoRepository servicesRepository;
    private ConnectionServices connectionServices;

    /**
     * The services of the open connection, built once for it (the shell still hands its tabs the
     * connection itself). They are not closed here: the shell closes the connection.
     */
    private ConnectionServices services(DynamoRepository repository) {
        if (repository != servicesRepository) {
            servicesRepository = repository;
            connectionServices = new ConnectionServices(repository);
        }
        return connectionServices;
    }

    /** Builds the tabs of every kind the shell opens. */
    private final class Tabs implements ShellViewModel.Tabs {

        /** A table tab: the grid, its tool windows, and (when settings are kept) its settings. */
        private WorkbenchTab table(
                DynamoRepository repository, ConnectionEntry connection, String table) {
            ConnectionServices services = services(repository);
            ItemGridViewModel grid = new ItemGridViewModel(table, services, work);
            if (models != null) {
                models.load(table).map(TableDesign::model).ifPresent(grid::setModel);
            }
            TableTab tab =
                    new TableTab(
                            grid,
                            services,
                            ClusterJobs.drift(table, services, work, repository),
                            work,
                            dialogService,
                            shell.toolWindows(),
                            snippetOptions(repository),
                            savedReads == null
                                    ? null
                                    : new SavedReadsViewModel(
                                            grid, savedReads, connection.label()));
            if (settingsBinding != null) {
                settingsBinding.bindTable(tab);
            }
            grid.open(shell.readFirstPageProperty().get());
            return tab;
        }

        @Override
        public WorkbenchDialog dialog(
                WorkbenchDialog.Kind kind,
                DynamoRepository repository,
                ConnectionEntry connection,
                String table) {
            return switch (kind) {
                case CREATE_TABLE -> dialogs.createTable(repository, connection);
                case TIME_TO_LIVE, INDEXES, DELETE_TABLE ->
                        dialogs.tableSettings(kind, repository, connection, table);
                case IMPORT -> dialogs.importInto(repository, table);
                case CLONE ->
                        dialogs.cloneTable(services(repository), table, cloneTargets(connection));
            };
        }

        @Override
        public WorkbenchTab open(
                WorkbenchTab.Kind kind,
                DynamoRepository repository,
                ConnectionEntry connection,
                String table) {
            return switch (kind) {
                case TABLE -> table(repository, connection, table);
                case SQL_CONSOLE -> sqlConsole(repository, table);
                case TABLE_MODEL -> model(repository, connection, table);
                case PARTITIONS -> partitions(repository, table);
            };
        }

        /**
         * The partitions report of a table; the shard groups of its saved model name the report's
         * shard groups.
         */
        private WorkbenchTab partitions(DynamoRepository repository, String table) {
            PartitionsViewModel report =
                    new PartitionsViewModel(
                            table,
                            new PartitionReporter(repository),
                            snippetOptions(repository),
                            work);
            report.setCluster(ClusterJobs.context(repository));
            if (models != null) {
                models.load(table).map(TableDesign::model).ifPresent(report::setModel);
            }
            // reading a local engine costs nothing, so its report is there at once; on AWS the
            // whole table is paid for, so the report waits to be asked
            boolean local =
                    repository
                            .connection()
                            .map(c -> c instanceof ConnectionSpec.Endpoint)
                            .orElse(false);
            return ToolTabs.partitions(report, local);
        }

        /** A SQL console whose views are the entities of the table's saved model, if any. */
        private WorkbenchTab sqlConsole(DynamoRepository repository, String table) {
            List<TableModel> saved =
                    models == null
                            ? List.of()
                            : models.load(table).map(TableDesign::model).stream().toList();
            SqlConsoleViewModel console =
                    new SqlConsoleViewModel(new SqlConsole(repository, saved), work);
            console.readOnlyReasonProperty().set(WriteAccess.reason(repository).orElse(""));
            console.statementProperty().set("SELECT * FROM \"" + table + "\" LIMIT 100");
            // a request of the plan opens in its table's expression builder
            console.setOnOpenRequest(
                    request ->
                            shell.openTable(request.table())
                                    .filter(TableTab.class::isInstance)
                                    .map(TableTab.class::cast)
                                    .ifPresent(tab -> tab.openInBuilder(request)));
            return ToolTabs.sqlConsole(console, table);
        }

        /**
         * The model of the table: the saved one, or one inferred from a sample of the table; with
         * no table (File -> New model), a blank page.
         */
        private WorkbenchTab model(
                DynamoRepository repository, ConnectionEntry connection, String table) {
            ConnectionServices services = new ConnectionServices(repository);
            LoadTarget here =
                    new LoadTarget(
                            connection.label(),
                            connection.kind() == ConnectionEntry.Kind.PROFILE
                                    || connection.kind() == ConnectionEntry.Kind.DEFAULT_CHAIN,
                            cancellation -> services);
            TableModelViewModel planner = new TableModelViewModel(List.of(here), work, models);
            // a table the Model tab creates shows up in the sidebar at once
            planner.loadCheck().setOnTableCreated(created -> shell.refreshTables());
            if (table.isEmpty()) {
                // File -> New model: a blank page, about no live table (nothing to migrate)
                planner.newModel();
                return ToolTabs.model(planner, table);
            }
            planner.openTable(table, here, models == null ? Optional.empty() : models.load(table));
            planner.setOnMigrate(
                    edited ->
                            MigrationView.open(
                                    scene.getWindow(),
                                    scene.getStylesheets(),
                                    migration(services, repository, table, edited)));
            return ToolTabs.model(planner, table);
        }

        /**
         * The Migrate… window of a table, from its saved model (or one inferred from a sample) to
         * {@code edited}; its journals and reports are kept beside the settings.
         */
        private MigrationViewModel migration(
                ConnectionServices services,
                DynamoRepository repository,
                String table,
                TableDesign edited) {
            Optional<MigrationPlanner.Source> current =
                    Optional.ofNullable(models)
                            .flatMap(m -> m.load(table))
                            .map(d -> new MigrationPlanner.Source(d.model(), "the saved model"));
            MigrationViewModel migration =
                    new MigrationViewModel(
                            table,
                            current,
                            edited,
                            new MigrationViewModel.Services(
                                    services.migrationPlanner(),
                                    services.migration(),
                                    Optional.ofNullable(models),
                                    Optional.ofNullable(settings)
                                            .map(s -> s.directory().resolve("migrations")),
                                    WriteAccess.reason(repository)),
                            work);
            migration.setCluster(ClusterJobs.context(repository));
            return migration;
        }
    }

    /**
     * The connections a table can be cloned to: every connection of the sidebar, the one it is on
     * first (to copy it under another name), each through its own read-only setting.
     */
    private List<CloneTarget> cloneTargets(ConnectionEntry source) {
        List<ConnectionEntry> entries = new ArrayList<>(shell.connections());
        entries.remove(source);
        entries.add(0, source);
        List<CloneTarget> targets = new ArrayList<>();
        for (ConnectionEntry entry : entries) {
            Access access = shell.access(entry);
            targets.add(
                    new CloneTarget(
                            entry.label(),
                            access.readOnly() ? Optional.of(access.reason()) : Optional.empty(),
                            WriteConcurrency.defaultFor(Optional.ofNullable(entry.spec())),
                            cancellation ->
                                    new ConnectionServices(
                                            WriteAccess.guard(
                                                    connector.connect(entry, cancellation),
                                                    access))));
        }
        return targets;
    }

    /** Where the snippets of a tab connect: the local endpoint of its repository, or AWS. */
    static SnippetOptions snippetOptions(DynamoRepository repository) {
        return repository
                .connection()
                .filter(ConnectionSpec.Endpoint.class::isInstance)
                .map(ConnectionSpec.Endpoint.class::cast)
                .map(e -> SnippetOptions.local(e.endpoint(), e.region(), e.accessKeyId()))
                .orElse(SnippetOptions.aws());
    }

    /** The app as people run it: the sandbox first, then DynamoDB Local, then every AWS profile. */
    public static AppContext create() {
        return create(UiExecutor.fx());
    }

    public static AppContext create(UiExecutor ui) {
        return create(ui, SettingsService.open(SettingsStore.inDefaultDirectory()));
    }

    /** The app's context on settings opened already (the window shows their theme before). */
    public static AppContext create(UiExecutor ui, SettingsService settings) {
        BackgroundWork work = new BackgroundWork(backgroundPool(), ui);
        SandboxHolder sandbox = new SandboxHolder(SandboxHolder.storedStateFolder());
        ModelStore models = new ModelStore(settings);
        MfaCodePrompt mfa = new MfaCodeDialog();
        Connector connector =
                (entry, cancellation) -> {
                    if (entry.kind() != ConnectionEntry.Kind.SANDBOX) {
                        return SdkDynamoRepository.connect(
                                entry.spec(), RequestTimeouts.DEFAULT, mfa);
                    }
                    DynamoRepository repository =
                            sandbox.connect(
                                    spec ->
                                            SdkDynamoRepository.connect(
                                                    spec, RequestTimeouts.DEFAULT, mfa));
                    SampleModels.keepMissing(models);
                    return repository;
                };
        return new AppContext(work, connector, discoverConnections(), sandbox, settings);
    }

    static List<ConnectionEntry> discoverConnections() {
        List<ConnectionEntry> entries = new ArrayList<>();
        entries.add(ConnectionEntry.sandbox());
        entries.add(ConnectionEntry.dynamoDbLocal());
        try {
            for (AwsProfiles.AwsProfile profile : AwsProfiles.list()) {
                entries.add(ConnectionEntry.profile(profile.name(), profile.region().orElse(null)));
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not read the AWS profiles: {}", e.getMessage());
        }
        return entries;
    }

    private static ExecutorService backgroundPool() {
        return Executors.newCachedThreadPool(DaemonPool.threads("background"));
    }

    /** What went wrong reading the settings file at start, for the window to tell the user. */
    Optional<String> settingsProblem() {
        return settings == null
                ? Optional.empty()
                : settings.loadProblem().map(SettingsStore.Problem::message);
    }

    /**
     * Where a failed save of the settings is reported (it is logged either way); called on the
     * saving thread.
     */
    void onSettingsSaveFailure(Consumer<String> listener) {
        if (settings != null) {
            settings.onSaveFailure(listener);
        }
    }

    /** Puts the window where the settings say it was, or gives it a good share of the screen. */
    void restoreWindow(Stage stage) {
        if (settingsBinding != null) {
            settingsBinding.restoreWindow(stage);
        }
    }

    /** Records the window's layout and open tabs in the settings; called as the app stops. */
    void rememberWindow(Stage stage) {
        if (settingsBinding != null) {
            settingsBinding.saveWindow(stage, shell);
        }
    }

    public ShellViewModel shell() {
        return shell;
    }

    public BackgroundWork work() {
        return work;
    }

    /** How the window asks and tells; its dialogs open over {@code windowScene}'s window. */
    DialogService dialogs(Scene windowScene) {
        this.scene = windowScene;
        return dialogService;
    }

    @Override
    public void close() {
        if (settingsBinding != null) {
            settingsBinding.keepTabs();
        }
        shell.shutdown();
        work.shutdown();
        if (settings != null) {
            settings.close();
        }
        sandbox.close();
    }

    /** Whether the window connects to the local sandbox as it opens (the default). */
    static boolean connectsToSandboxAtStart() {
        return Boolean.parseBoolean(System.getProperty("dynoscope.autoconnect.sandbox", "true"));
    }
}
