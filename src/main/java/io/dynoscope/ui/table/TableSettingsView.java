package io.dynoscope.ui.table;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.ui.common.Views;
import java.util.Locale;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * A table's time to live, global indexes and deletion, each reviewed (the exact request shown)
 * before it is sent: binds {@link TableSettingsViewModel}.
 */
public final class TableSettingsView {

    /** The section a dialog opens on. */
    public enum Section {
        TIME_TO_LIVE,
        INDEXES,
        DELETE
    }

    private final TableSettingsViewModel viewModel;
    private final Section section;

    @FXML private BorderPane root;
    @FXML private Label titleLabel;
    @FXML private Label summaryLabel;
    @FXML private TabPane sections;
    @FXML private Tab ttlTab;
    @FXML private Tab indexesTab;
    @FXML private Tab deleteTab;
    @FXML private Label ttlStatusLabel;
    @FXML private TextField ttlField;
    @FXML private Button ttlOnButton;
    @FXML private Button ttlOffButton;
    @FXML private ListView<SecondaryIndex> indexList;
    @FXML private Button removeIndexButton;
    @FXML private VBox newIndexBox;
    @FXML private HBox capacityBox;
    @FXML private Spinner<Integer> readCapacitySpinner;
    @FXML private Spinner<Integer> writeCapacitySpinner;
    @FXML private Button addIndexButton;
    @FXML private Label deleteWarning;
    @FXML private TextField confirmationField;
    @FXML private TextArea requestArea;
    @FXML private Label problemLabel;
    @FXML private Label noteLabel;
    @FXML private Button sendButton;
    @FXML private Button closeButton;
    @FXML private ProgressIndicator busyIndicator;
    @FXML private Label statusLabel;

    public TableSettingsView(TableSettingsViewModel viewModel, Section section) {
        this.viewModel = viewModel;
        this.section = section;
    }

    /** Loads the view on {@code section}, and reads the table's settings. */
    public static Parent load(TableSettingsViewModel viewModel, Section section) {
        Parent view = Views.load("TableSettings.fxml", new TableSettingsView(viewModel, section));
        viewModel.load();
        return view;
    }

    @FXML
    private void initialize() {
        titleLabel.setText("Table " + viewModel.table());
        viewModel.infoProperty().addListener((o, old, info) -> describe(info));
        bindTimeToLive();
        bindIndexes();
        bindDeletion();

        requestArea.textProperty().bind(viewModel.requestTextProperty());
        tooltip(requestArea, "The request exactly as it is sent, in DynamoDB's JSON");
        problemLabel.textProperty().bind(viewModel.problemProperty());
        noteLabel.setText(viewModel.engineNote());
        noteLabel.setVisible(!viewModel.engineNote().isEmpty());
        noteLabel.setManaged(!viewModel.engineNote().isEmpty());
        sendButton.disableProperty().bind(viewModel.canSendProperty().not());
        sendButton
                .textProperty()
                .bind(
                        viewModel
                                .pendingProperty()
                                .map(
                                        change ->
                                                change instanceof TableChange.DeleteTable
                                                        ? "Delete table"
                                                        : "Send " + change.operation())
                                .orElse("Send"));
        sendButton.setOnAction(e -> viewModel.send());
        tooltip(sendButton, "Send the request shown, and wait until DynamoDB has made the change");
        closeButton.setOnAction(e -> root.getScene().getWindow().hide());
        tooltip(closeButton, "Close (Esc)");
        busyIndicator.visibleProperty().bind(viewModel.runningProperty());
        statusLabel.textProperty().bind(viewModel.statusProperty());

        sections.getSelectionModel()
                .select(
                        switch (section) {
                            case TIME_TO_LIVE -> ttlTab;
                            case INDEXES -> indexesTab;
                            case DELETE -> deleteTab;
                        });
        if (section == Section.DELETE) {
            viewModel.reviewDeletion();
        }
        sections.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, old, tab) -> {
                            if (tab == deleteTab) {
                                viewModel.reviewDeletion();
                            }
                        });
    }

    private void describe(TableInfo info) {
        if (info == null) {
            return;
        }
        summaryLabel.setText(
                info.keySchema().partitionKey()
                        + info.keySchema().sortKey().map(sk -> " / " + sk).orElse("")
                        + " · "
                        + info.billingMode().toLowerCase(Locale.ROOT).replace('_', ' ')
                        + " · "
                        + info.globalSecondaryIndexes().size()
                        + " global, "
                        + info.localSecondaryIndexes().size()
                        + " local indexes · "
                        + info.itemCount()
                        + " items");
        capacityBox.setVisible(viewModel.provisioned());
        capacityBox.setManaged(viewModel.provisioned());
    }

    private void bindTimeToLive() {
        ttlStatusLabel.textProperty().bind(viewModel.ttlStatusProperty());
        ttlField.textProperty().bindBidirectional(viewModel.ttlAttributeProperty());
        tooltip(ttlField, "The attribute holding each item's expiry, in epoch seconds");
        ttlOnButton.setOnAction(e -> viewModel.reviewTimeToLiveOn());
        tooltip(
                ttlOnButton,
                "Show the UpdateTimeToLive request that turns TTL on by this attribute");
        ttlOffButton.setOnAction(e -> viewModel.reviewTimeToLiveOff());
        tooltip(ttlOffButton, "Show the UpdateTimeToLive request that turns TTL off");
    }

    private void bindIndexes() {
        indexList.setItems(viewModel.indexes());
        indexList.setPlaceholder(new Label("No secondary indexes."));
        indexList.setCellFactory(
                list ->
                        new ListCell<>() {
                            @Override
                            protected void updateItem(SecondaryIndex index, boolean empty) {
                                super.updateItem(index, empty);
                                setText(empty || index == null ? null : text(index));
                            }
                        });
        tooltip(indexList, "The table's secondary indexes; a local one cannot be removed");
        removeIndexButton
                .disableProperty()
                .bind(
                        indexList
                                .getSelectionModel()
                                .selectedItemProperty()
                                .map(index -> !index.global())
                                .orElse(true));
        removeIndexButton.setOnAction(
                e ->
                        viewModel.reviewIndexRemoval(
                                indexList.getSelectionModel().getSelectedItem().name()));
        tooltip(
                removeIndexButton,
                "Show the UpdateTable request that removes the selected global index");
        newIndexBox.getChildren().setAll(TableForms.index(viewModel.newIndex(), "new-gsi", null));
        TableForms.capacity(readCapacitySpinner, viewModel.readCapacityProperty(), "read");
        TableForms.capacity(writeCapacitySpinner, viewModel.writeCapacityProperty(), "write");
        capacityBox.setVisible(false);
        capacityBox.setManaged(false);
        addIndexButton.setOnAction(e -> viewModel.reviewIndexAddition());
        tooltip(addIndexButton, "Show the UpdateTable request that adds this global index");
    }

    private String text(SecondaryIndex index) {
        TableInfo info = viewModel.infoProperty().get();
        String status = info == null ? null : info.stateOf(index).status();
        return (index.global() ? "GSI " : "LSI ")
                + index.name()
                + "   "
                + index.keySchema().partitionKey()
                + index.keySchema().sortKey().map(sk -> " / " + sk).orElse("")
                + " · projects "
                + index.projectionType()
                + (status == null ? "" : " · " + status);
    }

    private void bindDeletion() {
        deleteWarning.setText(
                "Deleting removes table "
                        + viewModel.table()
                        + " and every item in it. It cannot be undone.");
        confirmationField.textProperty().bindBidirectional(viewModel.confirmationProperty());
        confirmationField.setPromptText(viewModel.table());
        tooltip(
                confirmationField,
                "The table's name exactly: Delete table is enabled once it matches");
        sections.disableProperty().bind(viewModel.deletedProperty());
    }
}
