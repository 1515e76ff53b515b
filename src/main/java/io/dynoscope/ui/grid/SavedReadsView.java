package io.dynoscope.ui.grid;

import io.dynoscope.ui.common.Views;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The "Saved reads and history" window of a table tab: the history and the saved reads as lists
 * (Enter or a double-click runs the selected read into the grid, Delete forgets a saved one), and
 * the read bar's read saved under a name. Esc closes it.
 */
public final class SavedReadsView {

    private final SavedReadsViewModel viewModel;

    @FXML private TabPane lists;
    @FXML private Tab historyTab;
    @FXML private Tab savedTab;
    @FXML private ListView<SavedReadsViewModel.Entry> historyList;
    @FXML private ListView<SavedReadsViewModel.Entry> savedList;
    @FXML private Button runButton;
    @FXML private Button removeButton;
    @FXML private TextField nameField;
    @FXML private Button saveButton;
    @FXML private Label messageLabel;

    public SavedReadsView(SavedReadsViewModel viewModel) {
        this.viewModel = Objects.requireNonNull(viewModel, "viewModel");
    }

    /**
     * Opens the window over {@code owner} on the history, with the newest entry selected; the
     * stylesheets of the owner's scene apply.
     */
    public static Stage show(Window owner, SavedReadsViewModel viewModel) {
        viewModel.refresh();
        SavedReadsView view = new SavedReadsView(viewModel);
        Parent content = Views.load("SavedReads.fxml", view);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.NONE);
        stage.setTitle("Saved reads and history · " + viewModel.tableName());
        Scene scene = new Scene(content);
        if (owner != null && owner.getScene() != null) {
            // and follows a theme switch made while it is open
            Bindings.bindContent(scene.getStylesheets(), owner.getScene().getStylesheets());
        }
        scene.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE) {
                        stage.close();
                        e.consume();
                    }
                });
        stage.setScene(scene);
        stage.show();
        view.historyList.requestFocus();
        return stage;
    }

    @FXML
    private void initialize() {
        historyList.setItems(viewModel.history());
        savedList.setItems(viewModel.saved());
        historyList.setId("historyList");
        savedList.setId("savedList");
        for (ListView<SavedReadsViewModel.Entry> list : List.of(historyList, savedList)) {
            list.setCellFactory(l -> new EntryCell());
            list.setOnKeyPressed(
                    e -> {
                        if (e.getCode() == KeyCode.ENTER) {
                            runSelected();
                            e.consume();
                        } else if (e.getCode() == KeyCode.DELETE) {
                            removeSelected();
                            e.consume();
                        }
                    });
            list.setOnMouseClicked(
                    e -> {
                        if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                            runSelected();
                        }
                    });
            if (!list.getItems().isEmpty()) {
                list.getSelectionModel().select(0);
            }
        }
        historyList.setPlaceholder(new Label("No reads run on this table yet."));
        savedList.setPlaceholder(new Label("No saved reads: name the read bar's read below."));
        runButton.setOnAction(e -> runSelected());
        removeButton.setOnAction(e -> removeSelected());
        removeButton
                .disableProperty()
                .bind(lists.getSelectionModel().selectedItemProperty().isEqualTo(historyTab));
        nameField.textProperty().bindBidirectional(viewModel.nameProperty());
        nameField.setOnAction(
                e -> {
                    save();
                    e.consume();
                });
        saveButton.setOnAction(e -> save());
        messageLabel.textProperty().bind(viewModel.messageProperty());
    }

    private ListView<SavedReadsViewModel.Entry> shownList() {
        return lists.getSelectionModel().getSelectedItem() == savedTab ? savedList : historyList;
    }

    private void runSelected() {
        SavedReadsViewModel.Entry entry = shownList().getSelectionModel().getSelectedItem();
        if (entry != null) {
            viewModel.run(entry);
        }
    }

    private void removeSelected() {
        SavedReadsViewModel.Entry entry = savedList.getSelectionModel().getSelectedItem();
        if (shownList() == savedList && entry != null) {
            viewModel.remove(entry);
        }
    }

    private void save() {
        if (viewModel.saveCurrent()) {
            lists.getSelectionModel().select(savedTab);
            savedList.getSelectionModel().select(savedList.getItems().size() - 1);
        }
    }

    /** Two lines: the name (or when it ran) and its figures, then the read in a few words. */
    private static final class EntryCell extends ListCell<SavedReadsViewModel.Entry> {
        private final Label title = new Label();
        private final Label description = new Label();
        private final VBox box = new VBox(2, title, description);

        EntryCell() {
            title.setStyle("-fx-font-weight: bold;");
            description.getStyleClass().add("json-area");
        }

        @Override
        protected void updateItem(SavedReadsViewModel.Entry entry, boolean empty) {
            super.updateItem(entry, empty);
            setText(null);
            if (empty || entry == null) {
                setGraphic(null);
                return;
            }
            title.setText(
                    entry.figures().isEmpty()
                            ? entry.title()
                            : entry.title() + "   " + entry.figures());
            description.setText(entry.description());
            setGraphic(box);
        }
    }
}
