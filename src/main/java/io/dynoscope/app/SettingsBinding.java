package io.dynoscope.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.settings.GridSettings;
import io.dynoscope.settings.OpenTab;
import io.dynoscope.settings.RecentTable;
import io.dynoscope.settings.SavedEndpoint;
import io.dynoscope.settings.SavedProfile;
import io.dynoscope.settings.Settings;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.WindowLayout;
import io.dynoscope.settings.Workbench;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.expression.ExpressionBuilderViewModel;
import io.dynoscope.ui.expression.SavedExpression;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.grid.ReadBarViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.ShellView;
import io.dynoscope.ui.shell.ShellViewModel;
import io.dynoscope.ui.tabs.TableTab;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.collections.SetChangeListener;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the saved settings and the window's observable state in step: restores the theme, the
 * connections the user added, each table's grid settings (parent marker, direction, column order
 * and hidden columns), its drift rules and the window's layout, and records their changes (the
 * window's layout once, when it closes).
 */
final class SettingsBinding {

    private static final Logger LOG = LoggerFactory.getLogger(SettingsBinding.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SettingsService settings;

    private final ModelStore models;

    SettingsBinding(SettingsService settings) {
        this.models = new ModelStore(settings);
        this.settings = settings;
    }

    /** The discovered connections followed by the saved ones that are not among them. */
    static List<ConnectionEntry> withSaved(List<ConnectionEntry> discovered, Settings saved) {
        List<ConnectionEntry> entries = new ArrayList<>(discovered);
        for (SavedEndpoint endpoint : saved.endpoints()) {
            ConnectionEntry entry =
                    ConnectionEntry.endpoint(
                            endpoint.label() == null ? endpoint.url() : endpoint.label(),
                            "A DynamoDB-compatible endpoint you added (region "
                                    + endpoint.region()
                                    + ").",
                            spec(endpoint));
            if (entries.stream()
                    .noneMatch(e -> e.spec() != null && e.spec().equals(entry.spec()))) {
                entries.add(entry);
            }
        }
        for (SavedProfile profile : saved.profiles()) {
            ConnectionEntry entry = ConnectionEntry.profile(profile.profile(), profile.region());
            if (entries.stream().noneMatch(e -> Objects.equals(e.spec(), entry.spec()))) {
                entries.add(entry);
            }
        }
        return entries;
    }

    /**
     * Restores the theme, the sidebar and tool windows, and the tabs of the last session (when
     * their connection connects), and saves their changes from now on.
     */
    void bind(ShellViewModel shell, List<ConnectionEntry> discovered) {
        shell.darkThemeProperty().set(settings.current().theme() == Settings.Theme.DARK);
        shell.darkThemeProperty()
                .addListener(
                        (obs, old, dark) ->
                                settings.update(
                                        s ->
                                                s.withTheme(
                                                        dark
                                                                ? Settings.Theme.DARK
                                                                : Settings.Theme.LIGHT)));
        restoreReadOnly(shell);
        shell.connections()
                .addListener(
                        (ListChangeListener<ConnectionEntry>)
                                change -> saveConnections(shell, discovered));
        shell.readOnlyChoices()
                .addListener(
                        (MapChangeListener<ConnectionEntry, Boolean>)
                                change -> saveConnections(shell, discovered));
        showRecent(shell);
        bindLayout(shell);
        bindTabs(shell);
        shell.readFirstPageProperty().set(settings.current().workbench().readFirstPage());
        shell.readFirstPageProperty()
                .addListener((obs, old, read) -> updateWorkbench(w -> w.withReadFirstPage(read)));
    }

    private void bindLayout(ShellViewModel shell) {
        Workbench saved = settings.current().workbench();
        ToolWindows tools = shell.toolWindows();
        shell.sidebarShownProperty().set(saved.sidebarShown());
        shell.sidebarWidthProperty().set(saved.sidebarWidth());
        tools.inspectorShownProperty().set(saved.inspectorShown());
        tools.inspectorDividerProperty().set(saved.inspectorDivider());
        tools.bottomDividerProperty().set(saved.bottomDivider());
        if (saved.bottomTool() != null) {
            Arrays.stream(ToolWindows.Bottom.values())
                    .filter(b -> b.name().equals(saved.bottomTool()))
                    .findFirst()
                    .ifPresent(tools.bottomProperty()::set);
        }
        Runnable save =
                () ->
                        updateWorkbench(
                                w ->
                                        w.withLayout(
                                                shell.sidebarShownProperty().get(),
                                                shell.sidebarWidthProperty().get(),
                                                tools.inspectorShownProperty().get(),
                                                tools.inspectorDividerProperty().get(),
                                                tools.bottomProperty().get().name(),
                                                tools.bottomDividerProperty().get()));
        shell.sidebarShownProperty().addListener((obs, old, now) -> save.run());
        tools.inspectorShownProperty().addListener((obs, old, now) -> save.run());
        tools.bottomProperty().addListener((obs, old, now) -> save.run());
        // dividers move continuously while dragged: saved as the window closes
        this.layoutSaver = save;
    }

    private Runnable layoutSaver = () -> {};

    private void bindTabs(ShellViewModel shell) {
        shell.tabs()
                .addListener(
                        (ListChangeListener<WorkbenchTab>)
                                change -> {
                                    while (change.next()) {
                                        for (WorkbenchTab tab : change.getAddedSubList()) {
                                            recordRecent(shell, tab);
                                        }
                                    }
                                    saveTabs(shell);
                                });
        shell.selectedTabProperty().addListener((obs, old, now) -> saveTabs(shell));
        shell.onConnected(entry -> reopenTabs(shell, entry));
    }

    private boolean restoring;

    private void recordRecent(ShellViewModel shell, WorkbenchTab tab) {
        if (tab.kind() != WorkbenchTab.Kind.TABLE) {
            return;
        }
        ConnectionEntry connection = shell.activeConnectionProperty().get();
        settings.update(
                s ->
                        s.withRecentTable(
                                new RecentTable(
                                        connection == null ? null : connection.label(),
                                        tab.table())));
        showRecent(shell);
    }

    /**
     * Stops recording the open tabs: the app is closing, and its closing them must not save an
     * empty list over the tabs the next start reopens.
     */
    void keepTabs() {
        closing = true;
    }

    private boolean closing;

    /** Records the open tabs, unless they are being reopened (the end of that records them). */
    private void saveTabs(ShellViewModel shell) {
        ConnectionEntry connection = shell.activeConnectionProperty().get();
        if (restoring || closing || connection == null) {
            return;
        }
        List<OpenTab> open =
                shell.tabs().stream().map(t -> new OpenTab(t.kind().name(), t.table())).toList();
        int selected = Math.max(0, shell.tabs().indexOf(shell.selectedTabProperty().get()));
        updateWorkbench(w -> w.withTabs(connection.label(), open, selected));
    }

    private void updateWorkbench(UnaryOperator<Workbench> change) {
        settings.update(s -> s.withWorkbench(change.apply(s.workbench())));
    }

    /** Reopens the tabs that were open on this connection when the app last closed. */
    private void reopenTabs(ShellViewModel shell, ConnectionEntry entry) {
        Workbench saved = settings.current().workbench();
        if (!entry.label().equals(saved.tabsConnection()) || saved.tabs().isEmpty()) {
            saveTabs(shell);
            return;
        }
        restoring = true;
        try {
            for (OpenTab tab : saved.tabs()) {
                Arrays.stream(WorkbenchTab.Kind.values())
                        .filter(k -> k.name().equals(tab.kind()))
                        .findFirst()
                        .filter(k -> shell.visibleTables().contains(tab.table()))
                        .ifPresent(kind -> shell.open(kind, tab.table()));
            }
            if (saved.selectedTab() < shell.tabs().size()) {
                shell.selectedTabProperty().set(shell.tabs().get(saved.selectedTab()));
            }
        } finally {
            restoring = false;
        }
        saveTabs(shell);
    }

    /**
     * Saves the connections the user added, and the user's read-only word on any connection (a
     * discovered one is saved only to keep that word).
     */
    private void saveConnections(ShellViewModel shell, List<ConnectionEntry> discovered) {
        List<SavedEndpoint> endpoints = new ArrayList<>();
        List<SavedProfile> profiles = new ArrayList<>();
        for (ConnectionEntry entry : shell.connections()) {
            Boolean readOnly = shell.readOnlyChoices().get(entry);
            if (discovered.contains(entry) && readOnly == null) {
                continue;
            }
            if (entry.spec() instanceof ConnectionSpec.Endpoint endpoint) {
                endpoints.add(
                        new SavedEndpoint(
                                entry.label(),
                                endpoint.endpoint().toString(),
                                endpoint.region(),
                                endpoint.accessKeyId(),
                                readOnly));
            } else if (entry.spec() instanceof ConnectionSpec.Profile profile) {
                profiles.add(new SavedProfile(profile.profileName(), profile.region(), readOnly));
            }
        }
        settings.update(s -> s.withEndpoints(endpoints).withProfiles(profiles));
    }

    /** Gives each connection the read-only word the user saved for it. */
    private void restoreReadOnly(ShellViewModel shell) {
        Settings saved = settings.current();
        for (ConnectionEntry entry : shell.connections()) {
            Boolean readOnly = null;
            if (entry.spec() instanceof ConnectionSpec.Endpoint endpoint) {
                readOnly =
                        saved.endpoints().stream()
                                .filter(e -> e.readOnly() != null)
                                .filter(e -> endpoint.equals(spec(e)))
                                .map(SavedEndpoint::readOnly)
                                .findFirst()
                                .orElse(null);
            } else if (entry.spec() instanceof ConnectionSpec.Profile profile) {
                readOnly =
                        saved.profiles().stream()
                                .filter(p -> p.readOnly() != null)
                                .filter(
                                        p ->
                                                profile.equals(
                                                        new ConnectionSpec.Profile(
                                                                p.profile(), p.region())))
                                .map(SavedProfile::readOnly)
                                .findFirst()
                                .orElse(null);
            }
            if (readOnly != null) {
                shell.readOnlyChoices().put(entry, readOnly);
            }
        }
    }

    private static ConnectionSpec.Endpoint spec(SavedEndpoint endpoint) {
        return new ConnectionSpec.Endpoint(
                URI.create(endpoint.url()), endpoint.region(), endpoint.accessKeyId());
    }

    /** Shows the recent tables in the sidebar. */
    private void showRecent(ShellViewModel shell) {
        shell.recentTables()
                .setAll(
                        settings.current().recentTables().stream()
                                .filter(r -> r.connection() != null)
                                .map(r -> new ShellViewModel.RecentTable(r.connection(), r.table()))
                                .toList());
    }

    /** Restores a table tab's saved settings (read bar, drift rules) and saves their changes. */
    void bindTable(TableTab tab) {
        String table = tab.table();
        ReadBarViewModel bar = tab.grid().readBar();
        GridSettings saved = settings.current().grid(table);
        if (saved.parentMarker() != null) {
            bar.parentMarkerProperty().set(saved.parentMarker());
        }
        bar.newestFirstProperty().set(saved.newestFirst());
        bar.parentMarkerProperty()
                .addListener(
                        (obs, old, marker) -> updateGrid(table, g -> g.withParentMarker(marker)));
        bar.newestFirstProperty()
                .addListener(
                        (obs, old, newest) -> updateGrid(table, g -> g.withNewestFirst(newest)));
        bindColumns(tab.grid(), table);
        bindDriftRules(tab.drift(), table);
        tab.onExpressionBuilder(builder -> bindExpressions(builder, table));
    }

    /**
     * Keeps a table's attribute columns in the order the user dragged them to and hidden as the
     * user hid them: the grid starts from the saved order and hidden columns, and each change is
     * saved.
     */
    void bindColumns(ItemGridViewModel grid, String tableName) {
        GridSettings saved = settings.current().grid(tableName);
        grid.columnOrder().setAll(saved.columnOrder());
        grid.hiddenColumns().addAll(saved.hiddenColumns());
        grid.columnOrder()
                .addListener(
                        (ListChangeListener<String>)
                                change ->
                                        updateGrid(
                                                tableName,
                                                g ->
                                                        g.withColumnOrder(
                                                                List.copyOf(grid.columnOrder()))));
        grid.hiddenColumns()
                .addListener(
                        (SetChangeListener<String>)
                                change ->
                                        updateGrid(
                                                tableName,
                                                g -> g.withHiddenColumns(hiddenInOrder(grid))));
    }

    private void updateGrid(String table, UnaryOperator<GridSettings> change) {
        settings.update(s -> s.withGrid(table, change.apply(s.grid(table))));
    }

    /**
     * The hidden columns in the grid's order, so the file does not change order from run to run.
     */
    private static List<String> hiddenInOrder(ItemGridViewModel grid) {
        List<String> hidden =
                new ArrayList<>(
                        grid.columnOrder().stream()
                                .filter(grid.hiddenColumns()::contains)
                                .toList());
        grid.hiddenColumns().stream()
                .filter(name -> !hidden.contains(name))
                .sorted()
                .forEach(hidden::add);
        return hidden;
    }

    /**
     * Keeps the expressions saved in a table's expression builder in the settings'
     * saved-expressions slot (an object of arrays by table name): the builder starts with them, and
     * each save or forget is saved. Entries the file holds that cannot be read are skipped.
     */
    void bindExpressions(ExpressionBuilderViewModel builder, String tableName) {
        JsonNode slot = settings.current().savedExpressions();
        JsonNode saved = slot == null ? null : slot.get(tableName);
        List<SavedExpression> restored = new ArrayList<>();
        if (saved != null && saved.isArray()) {
            for (JsonNode one : saved) {
                try {
                    restored.add(JSON.treeToValue(one, SavedExpression.class));
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    LOG.warn("Skipped a saved expression of {} that cannot be read", tableName, e);
                }
            }
        }
        builder.savedExpressions().setAll(restored);
        builder.savedExpressions()
                .addListener(
                        (ListChangeListener<SavedExpression>)
                                change -> {
                                    JsonNode list = JSON.valueToTree(builder.savedExpressions());
                                    settings.update(
                                            s -> {
                                                ObjectNode all =
                                                        s.savedExpressions() instanceof ObjectNode o
                                                                ? o.deepCopy()
                                                                : JSON.createObjectNode();
                                                all.set(tableName, list);
                                                return s.withSavedExpressions(all);
                                            });
                                });
    }

    /**
     * The drift inspector's rules are the copies of the table's model: restored from it (or from
     * the rules kept for the table before models existed), and saved into it as they change.
     */
    void bindDriftRules(DriftInspectorViewModel drift, String tableName) {
        Optional<TableDesign> design = models.load(tableName);
        List<DenormalizationRule> copies = design.map(d -> d.model().copies()).orElse(List.of());
        if (!copies.isEmpty()) {
            drift.importRules(RuleFiles.write(copies));
        } else {
            JsonNode saved = settings.current().driftRulesOf(tableName);
            if (saved != null) {
                drift.importRules(saved.toString());
            }
        }
        drift.rules()
                .addListener(
                        (ListChangeListener<DenormalizationRule>)
                                change -> saveDriftRules(tableName, List.copyOf(drift.rules())));
    }

    private void saveDriftRules(String tableName, List<DenormalizationRule> rules) {
        Optional<TableDesign> design = models.load(tableName);
        if (design.isPresent()) {
            models.save(design.get().withModel(design.get().model().with(b -> b.copies(rules))));
            return;
        }
        JsonNode json;
        try {
            json = rules.isEmpty() ? null : JSON.readTree(RuleFiles.write(rules));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "the drift rules were written as JSON that does not parse", e);
        }
        settings.update(s -> s.withDriftRulesOf(tableName, json));
    }

    /** Puts the window where it was, if that place is still on a screen. */
    void restoreWindow(Stage stage) {
        restoreWindow(settings, stage);
    }

    /** Gives the window the place and size it had, or a default size the first time. */
    static void restoreWindow(SettingsService settings, Stage stage) {
        WindowLayout layout = settings.current().window();
        if (layout == null || layout.width() < 200 || layout.height() < 150) {
            DynoscopeApp.giveDefaultSize(stage);
            return;
        }
        Rectangle2D bounds =
                new Rectangle2D(layout.x(), layout.y(), layout.width(), layout.height());
        if (!Screen.getScreensForRectangle(bounds).isEmpty()) {
            stage.setX(layout.x());
            stage.setY(layout.y());
        }
        stage.setWidth(layout.width());
        stage.setHeight(layout.height());
        stage.setMaximized(layout.maximized());
    }

    /** Records the window's place, size and dividers; called as it closes. */
    void saveWindow(Stage stage, ShellViewModel shell) {
        double sidebar = stage.getScene() == null ? 0 : ShellView.sidebarWidth(stage.getScene());
        if (sidebar > 0) {
            shell.sidebarWidthProperty().set(sidebar);
        }
        layoutSaver.run();
        WindowLayout previous = settings.current().window();
        // a maximized window's own size is the screen's: keep the size it returns to
        boolean keepPrevious = stage.isMaximized() && previous != null;
        WindowLayout layout =
                new WindowLayout(
                        keepPrevious ? previous.x() : stage.getX(),
                        keepPrevious ? previous.y() : stage.getY(),
                        keepPrevious ? previous.width() : stage.getWidth(),
                        keepPrevious ? previous.height() : stage.getHeight(),
                        stage.isMaximized(),
                        List.of());
        settings.update(s -> s.withWindow(layout));
    }
}
