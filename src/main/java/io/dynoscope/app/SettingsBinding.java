package io.dynoscope.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.settings.Settings;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.ui.connection.ConnectionEntry;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.grid.ItemGridViewModel;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Keeps the saved settings and the window's observable state in step: restores the theme, the
 * connections the user added, each table's grid settings (parent marker, direction, column order
 * and hidden columns), its drift rules and the window's layout, and records their changes (the
 * window's layout once, when it closes).
 */
final class SettingsBinding {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SettingsService settings;

    SettingsBinding(SettingsService settings) {
        this.settings = settings;
    }

    /** The discovered connections followed by the saved ones that are not among them. */
    static List<ConnectionEntry> withSaved(List<ConnectionEntry> discovered, Settings saved) {
        List<ConnectionEntry> entries = new ArrayList<>(discovered);
        for (Settings.SavedEndpoint endpoint : saved.endpoints()) {
            ConnectionEntry entry =
                    ConnectionEntry.endpoint(
                            endpoint.label() == null ? endpoint.url() : endpoint.label(),
                            "A DynamoDB-compatible endpoint you added (region "
                                    + endpoint.region()
                                    + ").",
                            new ConnectionSpec.Endpoint(
                                    URI.create(endpoint.url()),
                                    endpoint.region(),
                                    endpoint.accessKeyId()));
            if (entries.stream()
                    .noneMatch(e -> e.spec() != null && e.spec().equals(entry.spec()))) {
                entries.add(entry);
            }
        }
        for (Settings.SavedProfile profile : saved.profiles()) {
            ConnectionEntry entry = ConnectionEntry.profile(profile.profile(), profile.region());
            if (entries.stream().noneMatch(e -> Objects.equals(e.spec(), entry.spec()))) {
                entries.add(entry);
            }
        }
        return entries;
    }

    /**
     * Restores the theme and the open tables' grid settings, and saves their changes from now on.
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

        shell.connections()
                .addListener(
                        (ListChangeListener<ConnectionEntry>)
                                change -> saveAddedConnections(shell.connections(), discovered));

        shell.openTables()
                .addListener(
                        (ListChangeListener<ItemGridViewModel>)
                                change -> {
                                    while (change.next()) {
                                        for (ItemGridViewModel grid : change.getAddedSubList()) {
                                            bindGrid(grid);
                                            ConnectionEntry connection =
                                                    shell.activeConnectionProperty().get();
                                            settings.update(
                                                    s ->
                                                            s.withRecentTable(
                                                                    new Settings.RecentTable(
                                                                            connection == null
                                                                                    ? null
                                                                                    : connection
                                                                                            .label(),
                                                                            grid.tableName())));
                                        }
                                    }
                                });
    }

    private void saveAddedConnections(
            List<ConnectionEntry> connections, List<ConnectionEntry> discovered) {
        List<Settings.SavedEndpoint> endpoints = new ArrayList<>();
        List<Settings.SavedProfile> profiles = new ArrayList<>();
        for (ConnectionEntry entry : connections) {
            if (discovered.contains(entry)) {
                continue;
            }
            if (entry.spec() instanceof ConnectionSpec.Endpoint endpoint) {
                endpoints.add(
                        new Settings.SavedEndpoint(
                                entry.label(),
                                endpoint.endpoint().toString(),
                                endpoint.region(),
                                endpoint.accessKeyId()));
            } else if (entry.spec() instanceof ConnectionSpec.Profile profile) {
                profiles.add(new Settings.SavedProfile(profile.profileName(), profile.region()));
            }
        }
        settings.update(s -> s.withEndpoints(endpoints).withProfiles(profiles));
    }

    private void bindGrid(ItemGridViewModel grid) {
        String table = grid.tableName();
        Settings.GridSettings saved = settings.current().grid(table);
        if (saved.parentMarker() != null) {
            grid.parentMarkerProperty().set(saved.parentMarker());
        }
        grid.newestFirstProperty().set(saved.newestFirst());
        grid.parentMarkerProperty()
                .addListener(
                        (obs, old, marker) ->
                                settings.update(
                                        s ->
                                                s.withGrid(
                                                        table,
                                                        s.grid(table).withParentMarker(marker))));
        grid.newestFirstProperty()
                .addListener(
                        (obs, old, newest) ->
                                settings.update(
                                        s ->
                                                s.withGrid(
                                                        table,
                                                        s.grid(table).withNewestFirst(newest))));
    }

    /**
     * Keeps a table's attribute columns in the order the user dragged them to and hidden as the
     * user hid them. The grid replaces its columns wholesale when a read starts or brings new
     * attributes (then the saved order is applied); a drag moves one column (then the order is
     * saved).
     */
    void bindColumns(TableView<?> table, String tableName) {
        ListChangeListener<TableColumn<?, ?>> columnsChanged =
                change -> {
                    boolean replacedWholesale = false;
                    while (change.next()) {
                        replacedWholesale |=
                                change.wasAdded()
                                        && change.getFrom() == 0
                                        && change.getTo() == change.getList().size();
                    }
                    List<String> shown = columnNames(table.getColumns());
                    Settings.GridSettings saved = settings.current().grid(tableName);
                    if (replacedWholesale) {
                        table.getColumns()
                                .forEach(
                                        column ->
                                                column.setVisible(
                                                        !saved.hiddenColumns()
                                                                .contains(name(column))));
                        List<String> arranged = saved.arrange(shown);
                        if (!arranged.equals(shown)) {
                            // not from inside this change's notification: the list may not be
                            // changed while it reports
                            Platform.runLater(() -> arrange(table, arranged));
                        }
                    } else if (!shown.isEmpty()) {
                        settings.update(
                                s ->
                                        s.withGrid(
                                                tableName,
                                                s.grid(tableName).withShownOrder(shown)));
                    }
                    table.getColumns().forEach(column -> watchVisibility(column, tableName));
                };
        table.getColumns().addListener(columnsChanged);
    }

    private void arrange(TableView<?> table, List<String> order) {
        if (!columnNames(table.getColumns()).containsAll(order)
                || table.getColumns().size() != order.size()) {
            return; // the grid changed its columns meanwhile; its next change brings the order back
        }
        List<TableColumn<?, ?>> arranged = new ArrayList<>();
        order.forEach(
                name ->
                        table.getColumns().stream()
                                .filter(c -> name.equals(name(c)))
                                .findFirst()
                                .ifPresent(arranged::add));
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<TableColumn> columns = (List) table.getColumns();
        columns.clear();
        columns.addAll(arranged);
    }

    private void watchVisibility(TableColumn<?, ?> column, String tableName) {
        if (column.getProperties().containsKey(SettingsBinding.class)) {
            return;
        }
        column.getProperties().put(SettingsBinding.class, Boolean.TRUE);
        column.visibleProperty()
                .addListener(
                        (obs, old, visible) -> {
                            String name = name(column);
                            if (name == null) {
                                return;
                            }
                            settings.update(
                                    s -> {
                                        List<String> hidden =
                                                new ArrayList<>(s.grid(tableName).hiddenColumns());
                                        hidden.remove(name);
                                        if (!visible) {
                                            hidden.add(name);
                                        }
                                        return s.withGrid(
                                                tableName,
                                                s.grid(tableName).withHiddenColumns(hidden));
                                    });
                        });
    }

    private static List<String> columnNames(List<? extends TableColumn<?, ?>> columns) {
        return columns.stream().map(SettingsBinding::name).filter(Objects::nonNull).toList();
    }

    /** The attribute a grid column shows: the grid keeps it as the column's user data. */
    private static String name(TableColumn<?, ?> column) {
        return column.getUserData() instanceof String name ? name : null;
    }

    /** Restores a table's drift rules into its drift inspector and saves them as they change. */
    void bindDriftRules(DriftInspectorViewModel drift, String tableName) {
        JsonNode saved = settings.current().driftRulesOf(tableName);
        if (saved != null) {
            drift.importRules(saved.toString());
        }
        drift.rules()
                .addListener(
                        (ListChangeListener<DenormalizationRule>)
                                change -> {
                                    JsonNode rules;
                                    try {
                                        rules =
                                                drift.rules().isEmpty()
                                                        ? null
                                                        : JSON.readTree(drift.exportRules());
                                    } catch (JsonProcessingException e) {
                                        throw new IllegalStateException(
                                                "the drift rules were written as JSON that does not parse",
                                                e);
                                    }
                                    settings.update(s -> s.withDriftRulesOf(tableName, rules));
                                });
    }

    /** Puts the window where it was, if that place is still on a screen. */
    void restoreWindow(Stage stage) {
        Settings.WindowLayout layout = settings.current().window();
        if (layout == null || layout.width() < 200 || layout.height() < 150) {
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
        if (!layout.sidebarDividers().isEmpty()) {
            double[] positions =
                    layout.sidebarDividers().stream().mapToDouble(Double::doubleValue).toArray();
            // set once the window has its size: a split pane laid out at another height moves its
            // dividers
            Runnable setDividers =
                    () ->
                            Platform.runLater(
                                    () ->
                                            sidebar(stage)
                                                    .ifPresent(
                                                            split ->
                                                                    split.setDividerPositions(
                                                                            positions)));
            if (stage.isShowing()) {
                setDividers.run();
            } else {
                stage.showingProperty()
                        .addListener(
                                new ChangeListener<>() {
                                    @Override
                                    public void changed(
                                            ObservableValue<? extends Boolean> showing,
                                            Boolean was,
                                            Boolean is) {
                                        if (is) {
                                            showing.removeListener(this);
                                            setDividers.run();
                                        }
                                    }
                                });
            }
        }
    }

    /** Records the window's place, size and dividers; called as it closes. */
    void saveWindow(Stage stage) {
        List<Double> dividers =
                sidebar(stage)
                        .map(split -> Arrays.stream(split.getDividerPositions()).boxed().toList())
                        .orElse(List.of());
        Settings.WindowLayout previous = settings.current().window();
        // a maximized window's own size is the screen's: keep the size it returns to
        boolean keepPrevious = stage.isMaximized() && previous != null;
        Settings.WindowLayout layout =
                new Settings.WindowLayout(
                        keepPrevious ? previous.x() : stage.getX(),
                        keepPrevious ? previous.y() : stage.getY(),
                        keepPrevious ? previous.width() : stage.getWidth(),
                        keepPrevious ? previous.height() : stage.getHeight(),
                        stage.isMaximized(),
                        dividers);
        settings.update(s -> s.withWindow(layout));
    }

    private static Optional<SplitPane> sidebar(Stage stage) {
        return stage.getScene() == null
                ? Optional.empty()
                : Optional.ofNullable(stage.getScene().lookup(".sidebar"))
                        .filter(SplitPane.class::isInstance)
                        .map(SplitPane.class::cast);
    }
}
