package io.dynoscope.app;

import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.ui.connection.ConnectionEntry;
import io.dynoscope.ui.grid.ItemGridView;
import io.dynoscope.ui.grid.ItemGridViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
import javafx.geometry.Insets;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/** The shell's controller: binds the window to {@link ShellViewModel} and wires the keyboard. */
public final class ShellView {

    private static final String LIGHT =
            Objects.requireNonNull(ShellView.class.getResource("light.css")).toExternalForm();
    private static final String DARK =
            Objects.requireNonNull(ShellView.class.getResource("dark.css")).toExternalForm();

    private final ShellViewModel viewModel;
    private final AppContext context;
    private final Map<ItemGridViewModel, Tab> tabs = new IdentityHashMap<>();

    @FXML private BorderPane root;
    @FXML private Label connectionLabel;
    @FXML private ToggleButton themeToggle;
    @FXML private TextField tableFilter;
    @FXML private ListView<String> tableList;
    @FXML private ListView<ConnectionEntry> connectionList;
    @FXML private Button connectButton;
    @FXML private Button addEndpointButton;
    @FXML private Button addProfileButton;
    @FXML private Label connectionMessage;
    @FXML private TabPane tablesTabs;
    @FXML private Label emptyHint;
    @FXML private Label statusLine;
    @FXML private ProgressIndicator connectingIndicator;

    public ShellView(ShellViewModel viewModel, AppContext context) {
        this.viewModel = viewModel;
        this.context = context;
    }

    public static void applyTheme(Scene scene, boolean dark) {
        scene.getStylesheets().setAll(dark ? DARK : LIGHT);
    }

    @FXML
    private void initialize() {
        themeToggle.selectedProperty().bindBidirectional(viewModel.darkThemeProperty());
        tableFilter.textProperty().bindBidirectional(viewModel.tableFilterProperty());
        tableList.setItems(viewModel.visibleTables());
        tableList.setOnMouseClicked(
                e -> {
                    if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                        viewModel.openTable(tableList.getSelectionModel().getSelectedItem());
                    }
                });
        tableList.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        viewModel.openTable(tableList.getSelectionModel().getSelectedItem());
                    }
                });

        connectionList.setItems(viewModel.connections());
        connectionList.setCellFactory(list -> new ConnectionCell());
        connectionList.setOnMouseClicked(
                e -> {
                    if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                        viewModel.connect(connectionList.getSelectionModel().getSelectedItem());
                    }
                });
        connectButton
                .disableProperty()
                .bind(
                        viewModel
                                .connectingProperty()
                                .or(
                                        connectionList
                                                .getSelectionModel()
                                                .selectedItemProperty()
                                                .isNull()));
        connectButton.setOnAction(
                e -> viewModel.connect(connectionList.getSelectionModel().getSelectedItem()));
        addEndpointButton.setOnAction(e -> addEndpoint());
        addProfileButton.setOnAction(e -> addProfile());
        connectionMessage.textProperty().bind(viewModel.connectionMessageProperty());
        connectingIndicator.visibleProperty().bind(viewModel.connectingProperty());
        connectionLabel
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        viewModel.activeConnectionProperty().get() == null
                                                ? "not connected"
                                                : "connection: "
                                                        + viewModel
                                                                .activeConnectionProperty()
                                                                .get()
                                                                .label(),
                                viewModel.activeConnectionProperty()));
        statusLine.textProperty().bind(viewModel.statusLineProperty());

        emptyHint.visibleProperty().bind(Bindings.isEmpty(viewModel.openTables()));
        viewModel
                .openTables()
                .addListener((ListChangeListener<ItemGridViewModel>) change -> syncTabs());
        viewModel
                .selectedTableProperty()
                .addListener(
                        (obs, old, grid) -> {
                            if (grid != null && tabs.containsKey(grid)) {
                                tablesTabs.getSelectionModel().select(tabs.get(grid));
                            }
                        });
        tablesTabs
                .getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (obs, old, tab) ->
                                viewModel
                                        .selectedTableProperty()
                                        .set(
                                                tab == null
                                                        ? null
                                                        : (ItemGridViewModel) tab.getUserData()));

        root.sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene != null) {
                                installShortcuts(scene);
                            }
                        });
    }

    /**
     * A connection's name, and below it, small and muted, one sentence on what it is (read on a
     * first run).
     */
    private static final class ConnectionCell extends ListCell<ConnectionEntry> {
        private final Label name = new Label();
        private final Label description = new Label();
        private final VBox lines = new VBox(1, name, description);

        ConnectionCell() {
            description.getStyleClass().add("connection-description");
            description.setWrapText(true);
            // wrap at the list's width instead of widening the list
            description.maxWidthProperty().bind(widthProperty().subtract(20));
        }

        @Override
        protected void updateItem(ConnectionEntry entry, boolean empty) {
            super.updateItem(entry, empty);
            setText(null);
            if (empty || entry == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            name.setText(entry.label());
            boolean described = entry.description() != null && !entry.description().isBlank();
            description.setText(described ? entry.description() : null);
            description.setVisible(described);
            description.setManaged(described);
            setGraphic(lines);
            setTooltip(described ? new Tooltip(entry.description()) : null);
        }
    }

    private void installShortcuts(Scene scene) {
        scene.getAccelerators()
                .put(
                        new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN),
                        () -> tableFilter.requestFocus());
        scene.getAccelerators()
                .put(
                        new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN),
                        () -> {
                            ItemGridViewModel grid = viewModel.selectedTableProperty().get();
                            if (grid != null) {
                                viewModel.closeTable(grid);
                            }
                        });
        scene.getAccelerators()
                .put(
                        new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN),
                        () -> {
                            ItemGridViewModel grid = viewModel.selectedTableProperty().get();
                            if (grid != null) {
                                grid.run();
                            }
                        });
    }

    private void syncTabs() {
        tabs.keySet()
                .removeIf(
                        grid -> {
                            if (!viewModel.openTables().contains(grid)) {
                                tablesTabs.getTabs().remove(tabs.get(grid));
                                return true;
                            }
                            return false;
                        });
        for (ItemGridViewModel grid : viewModel.openTables()) {
            if (!tabs.containsKey(grid)) {
                Tab tab = new Tab(grid.tableName(), loadGrid(grid));
                tab.setUserData(grid);
                tab.setOnClosed(e -> viewModel.closeTable(grid));
                tabs.put(grid, tab);
                tablesTabs.getTabs().add(tab);
            }
        }
    }

    private Parent loadGrid(ItemGridViewModel grid) {
        FXMLLoader loader = new FXMLLoader(ItemGridView.class.getResource("ItemGrid.fxml"));
        loader.setControllerFactory(type -> context.createGridController(type, grid));
        try {
            Parent view = loader.load();
            context.gridViewLoaded(grid, loader.getNamespace());
            return view;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A profile with another region (or one without a region in ~/.aws/config) as its own
     * connection.
     */
    private void addProfile() {
        Dialog<ConnectionEntry> dialog = new Dialog<>();
        dialog.setTitle("Add AWS profile");
        dialog.setHeaderText(
                "A profile from ~/.aws/config with the region to use it in.\n"
                        + "Credentials stay in the AWS files; for SSO profiles run `aws sso login --profile NAME` first.");
        ComboBox<String> profile = new ComboBox<>();
        profile.setEditable(true);
        viewModel.connections().stream()
                .filter(c -> c.spec() instanceof ConnectionSpec.Profile)
                .map(c -> ((ConnectionSpec.Profile) c.spec()).profileName())
                .distinct()
                .forEach(profile.getItems()::add);
        TextField region = new TextField();
        region.setPromptText("eu-west-1");
        Label error = new Label();
        error.getStyleClass().add("error-text");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(10));
        form.addRow(0, new Label("Profile"), profile);
        form.addRow(1, new Label("Region"), region);
        form.add(error, 1, 2);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(ButtonType.OK)
                .addEventFilter(
                        ActionEvent.ACTION,
                        e -> {
                            String problem =
                                    AddEndpoint.problemWithProfile(
                                            profile.getEditor().getText(), region.getText());
                            if (problem != null) {
                                error.setText(problem);
                                e.consume();
                            }
                        });
        dialog.setResultConverter(
                button ->
                        button == ButtonType.OK
                                ? ConnectionEntry.profile(
                                        profile.getEditor().getText().strip(),
                                        region.getText().strip())
                                : null);
        dialog.showAndWait()
                .ifPresent(
                        entry -> {
                            if (!viewModel.connections().contains(entry)) {
                                viewModel.connections().add(entry);
                            }
                            connectionList.getSelectionModel().select(entry);
                        });
    }

    private void addEndpoint() {
        Dialog<ConnectionEntry> dialog = new Dialog<>();
        dialog.setTitle("Add endpoint");
        dialog.setHeaderText(
                "A DynamoDB-compatible endpoint such as DynamoDB Local or dynalite.\n"
                        + "DynamoDB Local keeps one database per access key id and region unless started with -sharedDb.");
        TextField url = new TextField("http://localhost:8000");
        TextField keyId = new TextField(ConnectionSpec.Endpoint.DEFAULT_ACCESS_KEY_ID);
        TextField region = new TextField(ConnectionSpec.Endpoint.DEFAULT_REGION);
        Label error = new Label();
        error.getStyleClass().add("error-text");
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(10));
        form.addRow(0, new Label("Endpoint URL"), url);
        form.addRow(1, new Label("Access key id"), keyId);
        form.addRow(2, new Label("Region"), region);
        form.add(error, 1, 3);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(ButtonType.OK)
                .addEventFilter(
                        ActionEvent.ACTION,
                        e -> {
                            String problem = AddEndpoint.problemWith(url.getText());
                            if (problem != null) {
                                error.setText(problem);
                                e.consume();
                            }
                        });
        dialog.setResultConverter(
                button ->
                        button == ButtonType.OK
                                ? ConnectionEntry.endpoint(
                                        url.getText().strip(),
                                        "Custom endpoint",
                                        new ConnectionSpec.Endpoint(
                                                URI.create(url.getText().strip()),
                                                region.getText(),
                                                keyId.getText()))
                                : null);
        dialog.showAndWait()
                .ifPresent(
                        entry -> {
                            viewModel.connections().add(entry);
                            connectionList.getSelectionModel().select(entry);
                        });
    }
}
