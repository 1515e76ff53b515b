package io.dynoscope.ui.partitions;

import static io.dynoscope.ui.common.ViewBindings.column;
import static io.dynoscope.ui.common.ViewBindings.shownAs;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.expression.snippet.ShardedKeyCode;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.job.RunOnClusterDialog;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextFormatter;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.util.converter.DoubleStringConverter;

/** Binds the partitions report tab to its view model; all logic stays in the view model. */
public final class PartitionsView {

    private final PartitionsViewModel viewModel;

    // Object views of the view model's number properties; a bidirectional binding holds them only
    // weakly, so the view keeps them for as long as it lives.
    private final ObjectProperty<Integer> segments;
    private final ObjectProperty<Integer> sample;
    private final ObjectProperty<Integer> top;
    private final ObjectProperty<Integer> shards;
    private final ObjectProperty<Double> readUnits;
    private final ObjectProperty<Double> writeUnits;

    @FXML private BorderPane root;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private Button clusterButton;
    @FXML private Spinner<Integer> segmentsSpinner;
    @FXML private Spinner<Integer> sampleSpinner;
    @FXML private Spinner<Integer> topSpinner;
    @FXML private ProgressBar progressBar;
    @FXML private Label progressLabel;
    @FXML private Label summaryLabel;
    @FXML private Label skewLabel;
    @FXML private Label messageLabel;
    @FXML private TableView<PartitionsViewModel.PartitionRow> partitionsTable;
    @FXML private TableColumn<PartitionsViewModel.PartitionRow, Integer> rankColumn;
    @FXML private TableColumn<PartitionsViewModel.PartitionRow, String> keyColumn;
    @FXML private TableColumn<PartitionsViewModel.PartitionRow, String> itemsColumn;
    @FXML private TableColumn<PartitionsViewModel.PartitionRow, String> bytesColumn;
    @FXML private TableColumn<PartitionsViewModel.PartitionRow, String> shareColumn;
    @FXML private StackPane paretoPane;
    private final ParetoChart paretoChart = new ParetoChart();
    @FXML private TableView<PartitionsViewModel.ShardGroupRow> shardGroupsTable;
    @FXML private TableColumn<PartitionsViewModel.ShardGroupRow, String> groupColumn;
    @FXML private TableColumn<PartitionsViewModel.ShardGroupRow, String> groupSourceColumn;
    @FXML private TableColumn<PartitionsViewModel.ShardGroupRow, String> groupItemsColumn;
    @FXML private TableColumn<PartitionsViewModel.ShardGroupRow, String> groupBalanceColumn;
    @FXML private BarChart<String, Number> shardChart;
    @FXML private Label lsiLabel;
    @FXML private ListView<PartitionsViewModel.CollectionRow> collectionsList;
    @FXML private Label insightsLabel;
    @FXML private ListView<String> accessedList;
    @FXML private ListView<String> throttledList;
    @FXML private TextField readUnitsField;
    @FXML private TextField writeUnitsField;
    @FXML private Spinner<Integer> shardsSpinner;
    @FXML private ChoiceBox<ShardedKeyCode.Suffix> suffixChoice;
    @FXML private ChoiceBox<SnippetLanguage> languageChoice;
    @FXML private Label adviceLabel;
    @FXML private TextArea writeCodeArea;
    @FXML private TextArea readCodeArea;

    public PartitionsView(PartitionsViewModel viewModel) {
        this.viewModel = viewModel;
        this.segments = viewModel.segmentsProperty().asObject();
        this.sample = viewModel.sampleItemsProperty().asObject();
        this.top = viewModel.topProperty().asObject();
        this.shards = viewModel.shardsProperty().asObject();
        this.readUnits = viewModel.readUnitsProperty().asObject();
        this.writeUnits = viewModel.writeUnitsProperty().asObject();
    }

    /** Loads the tab's content for {@code viewModel}. */
    public static Parent load(PartitionsViewModel viewModel) {
        return Views.load("Partitions.fxml", new PartitionsView(viewModel));
    }

    @FXML
    private void initialize() {
        bindReading();
        bindPartitions();
        bindShardGroups();
        bindCollections();
        accessedList.setItems(viewModel.mostAccessed());
        throttledList.setItems(viewModel.mostThrottled());
        insightsLabel.textProperty().bind(viewModel.insightsStatusProperty());
        bindAdvisor();
        // Ctrl/Cmd+Enter runs the report through the menu bar's Run, as in every tab
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                event -> {
                    if (event.getCode() == KeyCode.ESCAPE
                            && viewModel.task().runningProperty().get()) {
                        viewModel.task().cancel();
                        event.consume();
                    }
                });
        tooltip(
                runButton,
                "Read the whole table (or the sample) and count every partition (Ctrl/Cmd+Enter)");
        tooltip(cancelButton, "Stop reading (Esc); the report counts what was read");
        tooltip(segmentsSpinner, "Parallel Scan segments of a full read; four are read at a time");
        tooltip(
                sampleSpinner,
                "0 reads the whole table; N reads random slices of it, whole, until N items are in, "
                        + "and estimates the totals with a 95% bound");
        tooltip(topSpinner, "How many of the largest partitions to list");
        tooltip(
                partitionsTable,
                "The largest partitions first; select one for the sharding advisor");
        Tooltip.install(
                paretoChart,
                new Tooltip(
                        "The largest partitions' bytes, largest first, and the share of the table"
                                + " they hold together (the line)"));
        Tooltip.install(shardChart, new Tooltip("The items of each shard of the selected key"));
        tooltip(
                shardGroupsTable,
                "Write-sharded keys and how evenly their shards are filled (1.00 is even)");
        tooltip(
                collectionsList,
                "With an LSI DynamoDB refuses writes to an item collection at 10 GB");
        tooltip(
                accessedList,
                "Partition keys by capacity consumed (CloudWatch Contributor Insights)");
        tooltip(
                throttledList,
                "Partition keys by throttled requests (CloudWatch Contributor Insights)");
        tooltip(
                readUnitsField,
                "The partition's peak read units a second (3,000 is one partition's limit)");
        tooltip(
                writeUnitsField,
                "The partition's peak write units a second (1,000 is one partition's limit)");
        tooltip(
                shardsSpinner,
                "0 takes the advised number of shards; any other number shows its code");
        tooltip(
                suffixChoice,
                "Random spreads writes evenly; calculated lets a reader find one item's shard");
        tooltip(languageChoice, "The language of the code");
        tooltip(writeCodeArea, "Writes an item of the partition under its shard");
        tooltip(readCodeArea, "Reads every shard and merges the items in sort-key order");
    }

    private void bindReading() {
        segmentsSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, 1_000, viewModel.segmentsProperty().get()));
        segmentsSpinner.getValueFactory().valueProperty().bindBidirectional(segments);
        sampleSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        0, 10_000_000, viewModel.sampleItemsProperty().get(), 1_000));
        sampleSpinner.getValueFactory().valueProperty().bindBidirectional(sample);
        topSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, 10_000, viewModel.topProperty().get(), 5));
        topSpinner.getValueFactory().valueProperty().bindBidirectional(top);
        runButton.setOnAction(e -> viewModel.run());
        runButton.disableProperty().bind(viewModel.task().runningProperty());
        cancelButton.setOnAction(e -> viewModel.task().cancel());
        cancelButton.disableProperty().bind(viewModel.task().runningProperty().not());
        RunOnClusterDialog.offer(
                clusterButton,
                viewModel.canRunOnCluster(),
                viewModel.task().runningProperty(),
                viewModel::runOnCluster);
        tooltip(
                clusterButton,
                "Read the table with a Spark job (docs/jobs.md); its report opens here");
        progressBar.progressProperty().bind(viewModel.task().progressProperty());
        progressBar.visibleProperty().bind(viewModel.task().runningProperty());
        progressLabel.textProperty().bind(viewModel.task().progressTextProperty());
        summaryLabel.textProperty().bind(viewModel.summaryProperty());
        skewLabel.textProperty().bind(viewModel.skewProperty());
        messageLabel.textProperty().bind(viewModel.messageProperty());
        messageLabel.managedProperty().bind(viewModel.messageProperty().isNotEmpty());
    }

    private void bindPartitions() {
        partitionsTable.setItems(viewModel.partitions());
        column(rankColumn, PartitionsViewModel.PartitionRow::rank);
        column(keyColumn, PartitionsViewModel.PartitionRow::key);
        column(itemsColumn, r -> count(r.partition().items()));
        column(bytesColumn, PartitionsViewModel.PartitionRow::bytesText);
        column(shareColumn, PartitionsViewModel.PartitionRow::shareText);
        partitionsTable
                .getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, row) -> viewModel.selectedProperty().set(row));
        paretoPane.getChildren().setAll(paretoChart);
        viewModel
                .pareto()
                .addListener(
                        (ListChangeListener<PartitionsViewModel.ParetoBar>)
                                change -> paretoChart.show(List.copyOf(viewModel.pareto())));
    }

    private void bindShardGroups() {
        shardGroupsTable.setItems(viewModel.shardGroups());
        column(groupColumn, PartitionsViewModel.ShardGroupRow::label);
        column(groupSourceColumn, r -> r.balance().source());
        column(groupItemsColumn, r -> count(r.balance().items()));
        column(groupBalanceColumn, PartitionsViewModel.ShardGroupRow::balanceText);
        shardGroupsTable
                .getSelectionModel()
                .selectedItemProperty()
                .addListener((obs, old, row) -> showShards(row));
        // only a person's choice moves the advisor to a group, not the first row selected on load
        shardGroupsTable.setOnMouseClicked(
                e ->
                        viewModel.adviseOnGroup(
                                shardGroupsTable.getSelectionModel().getSelectedItem()));
        viewModel
                .shardGroups()
                .addListener(
                        (ListChangeListener<PartitionsViewModel.ShardGroupRow>)
                                change -> {
                                    if (!viewModel.shardGroups().isEmpty()) {
                                        shardGroupsTable.getSelectionModel().selectFirst();
                                    } else {
                                        showShards(null);
                                    }
                                });
    }

    private void showShards(PartitionsViewModel.ShardGroupRow row) {
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        series.setName("items");
        if (row != null) {
            for (PartitionReport.Partition shard : row.balance().shards()) {
                series.getData()
                        .add(new XYChart.Data<>(ValueText.of(shard.partitionKey()), shard.items()));
            }
        }
        shardChart.getData().setAll(List.of(series));
    }

    private void bindCollections() {
        collectionsList.setItems(viewModel.collections());
        collectionsList.setCellFactory(list -> new CollectionCell());
        lsiLabel.textProperty()
                .bind(
                        Bindings.when(viewModel.hasLocalSecondaryIndexProperty())
                                .then(
                                        "The table has an LSI: DynamoDB refuses writes to an item collection"
                                                + " at 10 GB. Bars turn amber at 5 GB, red at 8 GB.")
                                .otherwise("Without an LSI an item collection has no size limit."));
    }

    /** A collection's size as a bar against 10 GB, coloured as it nears the limit. */
    private static final class CollectionCell extends ListCell<PartitionsViewModel.CollectionRow> {
        @Override
        protected void updateItem(PartitionsViewModel.CollectionRow row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("collection-warning", "collection-critical");
            if (empty || row == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            ProgressBar bar = new ProgressBar(row.limit().shareOfLimit());
            bar.setPrefWidth(160);
            Label label = new Label(row.text());
            setGraphic(new HBox(8, bar, label));
            setText(null);
            if (row.limit().level() == PartitionReport.LimitLevel.WARNING) {
                getStyleClass().add("collection-warning");
            } else if (row.limit().level() == PartitionReport.LimitLevel.CRITICAL) {
                getStyleClass().add("collection-critical");
            }
        }
    }

    private void bindAdvisor() {
        TextFormatter<Double> reads = new TextFormatter<>(new DoubleStringConverter(), 0.0);
        readUnitsField.setTextFormatter(reads);
        reads.valueProperty().bindBidirectional(readUnits);
        TextFormatter<Double> writes = new TextFormatter<>(new DoubleStringConverter(), 0.0);
        writeUnitsField.setTextFormatter(writes);
        writes.valueProperty().bindBidirectional(writeUnits);
        shardsSpinner.setValueFactory(
                new SpinnerValueFactory.IntegerSpinnerValueFactory(0, 1_000, 0));
        shardsSpinner.getValueFactory().valueProperty().bindBidirectional(shards);
        suffixChoice.getItems().setAll(ShardedKeyCode.Suffix.values());
        suffixChoice.valueProperty().bindBidirectional(viewModel.suffixProperty());
        suffixChoice.setConverter(shownAs(s -> s.name().toLowerCase(Locale.ROOT) + " suffix"));
        languageChoice.getItems().setAll(SnippetLanguage.values());
        languageChoice.valueProperty().bindBidirectional(viewModel.languageProperty());
        languageChoice.setConverter(shownAs(SnippetLanguage::title));
        adviceLabel.textProperty().bind(viewModel.adviceProperty());
        writeCodeArea.textProperty().bind(viewModel.writeCodeProperty());
        readCodeArea.textProperty().bind(viewModel.readCodeProperty());
    }

    private static String count(long items) {
        return String.format(Locale.ROOT, "%,d", items);
    }
}
