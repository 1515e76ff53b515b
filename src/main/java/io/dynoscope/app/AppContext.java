package io.dynoscope.app;

import io.dynoscope.repository.AwsProfiles;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.sandbox.LocalSandbox;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.connection.ConnectionEntry;
import io.dynoscope.ui.connection.Connector;
import io.dynoscope.ui.drift.DriftInspectorView;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.grid.ItemGridView;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.item.InspectedTable;
import io.dynoscope.ui.item.ItemChange;
import io.dynoscope.ui.item.ItemInspectorView;
import io.dynoscope.ui.item.ItemInspectorViewModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: builds the services, view models and controllers by hand. */
public final class AppContext implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AppContext.class);

    private final BackgroundWork work;
    private final ShellViewModel shell;
    private final SandboxHolder sandbox;
    private final SettingsService settings;
    private final SettingsBinding settingsBinding;

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
        this.sandbox = sandbox;
        this.settings = settings;
        this.settingsBinding = settings == null ? null : new SettingsBinding(settings);
        this.shell =
                new ShellViewModel(
                        connector,
                        work,
                        settings == null
                                ? connections
                                : SettingsBinding.withSaved(connections, settings.current()),
                        (repository, table) -> new ItemGridViewModel(table, repository, work));
        if (settingsBinding != null) {
            settingsBinding.bind(shell, connections);
        }
    }

    /** The app as people run it: the sandbox first, then DynamoDB Local, then every AWS profile. */
    public static AppContext create() {
        return create(UiExecutor.fx());
    }

    public static AppContext create(UiExecutor ui) {
        BackgroundWork work = new BackgroundWork(backgroundPool(), ui);
        SandboxHolder sandbox = new SandboxHolder();
        Connector connector =
                (entry, cancellation) -> {
                    ConnectionSpec spec =
                            entry.kind() == ConnectionEntry.Kind.SANDBOX
                                    ? sandbox.start()
                                    : entry.spec();
                    return SdkDynamoRepository.connect(spec);
                };
        SettingsService settings = SettingsService.open(SettingsStore.inDefaultDirectory());
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
        AtomicInteger count = new AtomicInteger();
        return Executors.newCachedThreadPool(
                runnable -> {
                    Thread thread =
                            new Thread(runnable, "dynoscope-background-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** What went wrong reading the settings file at start, for the window to tell the user. */
    Optional<String> settingsProblem() {
        return settings == null
                ? Optional.empty()
                : settings.loadProblem().map(SettingsStore.Problem::message);
    }

    /**
     * Called once a table tab's view is loaded, with its FXML namespace: its columns follow the
     * settings.
     */
    void gridViewLoaded(ItemGridViewModel grid, Map<String, Object> namespace) {
        if (settingsBinding != null && namespace.get("grid") instanceof TableView<?> table) {
            settingsBinding.bindColumns(table, grid.tableName());
        }
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

    /** Puts the window where the settings say it was. */
    void restoreWindow(Stage stage) {
        if (settingsBinding != null) {
            settingsBinding.restoreWindow(stage);
        }
    }

    /** Records the window's layout in the settings; called as the app stops. */
    void rememberWindow(Stage stage) {
        if (settingsBinding != null) {
            settingsBinding.saveWindow(stage);
        }
    }

    public ShellViewModel shell() {
        return shell;
    }

    public BackgroundWork work() {
        return work;
    }

    /** The FXML controller factory of the shell. */
    public Object createController(Class<?> type) {
        if (type == ShellView.class) {
            return new ShellView(shell, this);
        }
        throw new IllegalArgumentException("no controller " + type.getName());
    }

    /** The controller factory of one table tab. */
    public Object createGridController(Class<?> type, ItemGridViewModel grid) {
        if (type == ItemGridView.class) {
            return new ItemGridView(grid, this::inspectorFor, this::dockedPanelsFor);
        }
        throw new IllegalArgumentException("no controller " + type.getName());
    }

    /**
     * The item inspector beside a grid: shows the selected item; its saves and deletes update the
     * grid.
     */
    private Node inspectorFor(ItemGridViewModel grid) {
        ItemInspectorViewModel inspector = new ItemInspectorViewModel(work);
        Runnable showTable =
                () ->
                        inspector
                                .tableProperty()
                                .set(
                                        grid.tableInfoProperty().get() == null
                                                ? null
                                                : new InspectedTable(
                                                        grid.tableInfoProperty().get(),
                                                        grid.repository()));
        grid.tableInfoProperty().addListener((obs, old, info) -> showTable.run());
        showTable.run();
        inspector.itemProperty().bind(grid.selectedItemProperty());
        grid.onDeleteRequested(inspector::requestDelete);
        inspector.addItemChangeListener(
                change -> {
                    if (change instanceof ItemChange.Saved saved) {
                        grid.itemSaved(saved.item());
                    } else if (change instanceof ItemChange.Deleted deleted) {
                        grid.itemDeleted(deleted.key());
                    }
                });
        return ItemInspectorView.load(inspector);
    }

    /** The panels docked below a table's grid. */
    private List<Tab> dockedPanelsFor(ItemGridViewModel grid) {
        Tab expressions =
                new Tab("Expression builder", new Label("Reading the table's description…"));
        Runnable build =
                () -> {
                    TableInfo info = grid.tableInfoProperty().get();
                    if (info != null
                            && !(expressions.getContent() instanceof Parent p
                                    && p.getId() != null)) {
                        expressions.setContent(ExpressionPanel.create(grid, info));
                    }
                };
        grid.tableInfoProperty().addListener((obs, old, info) -> build.run());
        build.run();
        DriftInspectorViewModel driftInspector =
                new DriftInspectorViewModel(grid.tableName(), grid.repository(), work);
        if (settingsBinding != null) {
            settingsBinding.bindDriftRules(driftInspector, grid.tableName());
        }
        Tab drift = new Tab("Drift inspector", DriftInspectorView.load(driftInspector));
        return List.of(expressions, drift);
    }

    @Override
    public void close() {
        shell.shutdown();
        work.shutdown();
        if (settings != null) {
            settings.close();
        }
        sandbox.close();
    }

    /** Starts the sandbox once, on first use, and stops it with the app. */
    static final class SandboxHolder implements AutoCloseable {
        private LocalSandbox sandbox;

        synchronized ConnectionSpec start() {
            if (sandbox == null) {
                sandbox = LocalSandbox.start();
            }
            return sandbox.connection();
        }

        @Override
        public synchronized void close() {
            if (sandbox != null) {
                sandbox.close();
                sandbox = null;
            }
        }
    }
}
