package io.dynoscope.ui.grid;

import static io.dynoscope.ui.common.ViewBindings.showWhen;
import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.service.read.QueryHint;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.ui.common.Views;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.IntegerProperty;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Binds a table tab's read bar — mode, index, key value and sort-key condition on one line (it fits
 * 1280 pixels with both values of "between") and its direction, the fields behind "More", Run and
 * Cancel, the bar's message and the Query-not-Scan hint — to the grid's view model. Enter in any of
 * its fields runs the read.
 */
public final class ReadBarView {

    private final ItemGridViewModel viewModel;
    private final ReadBarViewModel bar;
    private final Runnable showSavedReads;

    @FXML private VBox root;
    @FXML private ChoiceBox<ReadMode> modeChoice;
    @FXML private ComboBox<String> indexChoice;
    @FXML private Label partitionKeyLabel;
    @FXML private TextField partitionKeyField;
    @FXML private Label sortKeyLabel;
    @FXML private ComboBox<SortKeyCondition.Operator> sortKeyOperatorChoice;
    @FXML private TextField sortKeyField;
    @FXML private Label andLabel;
    @FXML private TextField sortKeyUpperField;
    @FXML private CheckBox newestFirstCheck;
    @FXML private ToggleButton moreToggle;
    @FXML private Button runButton;
    @FXML private Button cancelButton;
    @FXML private GridPane morePane;
    private Region moreOver;
    private final InvalidationListener placeMore = o -> placeMore();
    @FXML private TextField filterField;
    @FXML private TextField projectionField;
    @FXML private TextField namesField;
    @FXML private TextField valuesField;
    @FXML private Spinner<Integer> limitSpinner;
    @FXML private Label segmentsLabel;
    @FXML private Spinner<Integer> segmentsSpinner;
    @FXML private CheckBox consistentCheck;
    @FXML private TextField parentMarkerField;
    @FXML private Label messageLabel;
    @FXML private Button savedReadsButton;
    @FXML private HBox hintBar;
    @FXML private Label hintLabel;
    @FXML private Button hintButton;
    @FXML private Button hintCloseButton;

    /**
     * @param showSavedReads opens the saved reads and history, or null when there are none (the
     *     button is then hidden)
     */
    ReadBarView(ItemGridViewModel viewModel, Runnable showSavedReads) {
        this.viewModel = viewModel;
        this.bar = viewModel.readBar();
        this.showSavedReads = showSavedReads;
    }

    static Parent load(ReadBarView view) {
        return Views.load("ReadBar.fxml", view);
    }

    @FXML
    private void initialize() {
        bindFields();
        bindSpinner(
                limitSpinner,
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        0, 10_000_000, bar.limitProperty().get(), 100),
                bar.limitProperty());
        bindSpinner(
                segmentsSpinner,
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        1, ReadBarViewModel.MAX_SEGMENTS, bar.segmentsProperty().get()),
                bar.segmentsProperty());
        showFieldsForTheMode();
        bindActions();
        bindHint();
        prompts();
        tooltips();
        // Enter in a field of the bar runs the read (Ctrl/Cmd+Enter does anywhere in the tab)
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER
                            && !e.isShortcutDown()
                            && !e.isAltDown()
                            && e.getTarget() instanceof TextInputControl) {
                        run();
                        e.consume();
                    }
                });
    }

    private void bindFields() {
        modeChoice.getItems().setAll(ReadMode.values());
        modeChoice.valueProperty().bindBidirectional(bar.modeProperty());
        indexChoice.setItems(bar.indexChoices());
        indexChoice.valueProperty().bindBidirectional(bar.indexProperty());
        partitionKeyLabel
                .textProperty()
                .bind(Bindings.concat(bar.partitionKeyNameProperty(), " ="));
        partitionKeyField.textProperty().bindBidirectional(bar.partitionKeyValueProperty());
        sortKeyLabel.textProperty().bind(bar.sortKeyNameProperty());
        sortKeyOperatorChoice.getItems().add(null);
        sortKeyOperatorChoice.getItems().addAll(SortKeyCondition.Operator.values());
        sortKeyOperatorChoice.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(SortKeyCondition.Operator op) {
                        return op == null ? "any" : op.toString();
                    }

                    @Override
                    public SortKeyCondition.Operator fromString(String text) {
                        return null;
                    }
                });
        sortKeyOperatorChoice.valueProperty().bindBidirectional(bar.sortKeyOperatorProperty());
        sortKeyField.textProperty().bindBidirectional(bar.sortKeyValueProperty());
        sortKeyUpperField.textProperty().bindBidirectional(bar.sortKeyUpperProperty());
        newestFirstCheck.selectedProperty().bindBidirectional(bar.newestFirstProperty());
        filterField.textProperty().bindBidirectional(bar.filterProperty());
        projectionField.textProperty().bindBidirectional(bar.projectionProperty());
        namesField.textProperty().bindBidirectional(bar.namesProperty());
        valuesField.textProperty().bindBidirectional(bar.valuesProperty());
        consistentCheck.selectedProperty().bindBidirectional(bar.consistentReadProperty());
        parentMarkerField.textProperty().bindBidirectional(bar.parentMarkerProperty());
        messageLabel.textProperty().bind(viewModel.messageProperty());
        showWhen(viewModel.messageProperty().isNotEmpty(), messageLabel);
        bar.problemProperty().addListener((obs, old, problem) -> markProblem(problem));
    }

    private static void bindSpinner(
            Spinner<Integer> spinner, SpinnerValueFactory<Integer> values, IntegerProperty value) {
        spinner.setValueFactory(values);
        values.valueProperty()
                .addListener(
                        (obs, old, now) -> {
                            if (now != null && now != value.get()) {
                                value.set(now);
                            }
                        });
        value.addListener((obs, old, now) -> values.setValue(now.intValue()));
        // a typed number counts as soon as the field loses focus, not only on Enter
        spinner.focusedProperty()
                .addListener(
                        (obs, was, is) -> {
                            if (!is) {
                                commit(spinner);
                            }
                        });
    }

    /** Takes the number typed in a spinner; text that is not a number is put back. */
    private static void commit(Spinner<Integer> spinner) {
        try {
            spinner.commitValue();
        } catch (NumberFormatException notANumber) {
            spinner.cancelEdit();
        }
    }

    /** Each mode shows the fields it reads: a Query its key condition, a Scan its segments. */
    private void showFieldsForTheMode() {
        var query = bar.modeProperty().isEqualTo(ReadMode.QUERY);
        var get = bar.modeProperty().isEqualTo(ReadMode.GET);
        var keyed = query.or(get);
        showWhen(keyed, partitionKeyLabel, partitionKeyField);
        showWhen(keyed.and(bar.sortKeyNameProperty().isNotEmpty()), sortKeyLabel, sortKeyField);
        showWhen(query.and(bar.sortKeyNameProperty().isNotEmpty()), sortKeyOperatorChoice);
        showWhen(query, newestFirstCheck);
        showWhen(get.not(), indexChoice);
        showWhen(
                query.and(
                        bar.sortKeyOperatorProperty().isEqualTo(SortKeyCondition.Operator.BETWEEN)),
                andLabel,
                sortKeyUpperField);
        showWhen(bar.modeProperty().isEqualTo(ReadMode.SCAN), segmentsLabel, segmentsSpinner);
        sortKeyField.disableProperty().bind(query.and(bar.sortKeyOperatorProperty().isNull()));
        moreToggle
                .textProperty()
                .bind(
                        bar.moreInUseProperty()
                                .map(n -> n.intValue() == 0 ? "More" : "More (" + n + ")"));
        openMoreOverTheGrid();
    }

    /**
     * The fields behind "More" open over the top of the grid, below the bar, its message and hint:
     * in the bar's flow they pushed the grid (and the find bar) down 90 px, so that a second click
     * aimed at a row landed on another. They span the grid alone (see {@link #keepMoreOver}), not
     * the item inspector beside it, whose top they covered.
     */
    private void openMoreOverTheGrid() {
        morePane.setManaged(false);
        morePane.visibleProperty().bind(moreToggle.selectedProperty());
        // drawn, and clicked, above the grid that follows the bar
        root.setViewOrder(-1);
        root.widthProperty().addListener(placeMore);
        root.heightProperty().addListener(placeMore);
        morePane.visibleProperty().addListener(placeMore);
    }

    private void placeMore() {
        if (!morePane.isVisible()) {
            return;
        }
        double left = 0;
        double width = root.getWidth();
        if (moreOver != null && moreOver.getScene() == root.getScene()) {
            left = Math.max(0, root.sceneToLocal(moreOver.localToScene(0, 0)).getX());
            width = Math.min(moreOver.getWidth(), width - left);
        }
        morePane.applyCss();
        morePane.resizeRelocate(left, root.getHeight(), width, morePane.prefHeight(width));
    }

    /** The area "More" opens over: its fields span this (the grid) and follow its size. */
    void keepMoreOver(Region area) {
        moreOver = area;
        area.widthProperty().addListener(placeMore);
        area.localToSceneTransformProperty().addListener(placeMore);
        placeMore();
    }

    private void bindActions() {
        savedReadsButton.setOnAction(e -> showSavedReads.run());
        showWhen(Bindings.createBooleanBinding(() -> showSavedReads != null), savedReadsButton);
        runButton.setOnAction(e -> run());
        cancelButton.setOnAction(e -> viewModel.cancel());
        showWhen(viewModel.runningProperty().not(), runButton);
        showWhen(viewModel.runningProperty(), cancelButton);
        runButton.disableProperty().bind(viewModel.tableInfoProperty().isNull());
    }

    /** Runs the read the bar shows, with a number still being typed in a spinner taken first. */
    void run() {
        commit(limitSpinner);
        commit(segmentsSpinner);
        viewModel.run();
    }

    /** Hints are prompts in the prompt colour, never values. */
    private void prompts() {
        partitionKeyField
                .promptTextProperty()
                .bind(Bindings.concat("e.g. a value of ", bar.partitionKeyNameProperty()));
        sortKeyField.setPromptText("e.g. PROJ#");
        sortKeyUpperField.setPromptText("upper bound");
        filterField.setPromptText("e.g. #st = :st");
        projectionField.setPromptText("e.g. #n, Detail");
        namesField.setPromptText("e.g. {\"#st\": \"status\"}");
        valuesField.setPromptText("e.g. {\":st\": {\"S\": \"ACTIVE\"}}");
    }

    private void tooltips() {
        tooltip(
                modeChoice,
                "Query one item collection, Scan the table, or get one item by its key");
        tooltip(indexChoice, "Read the table or one of its indexes");
        tooltip(
                partitionKeyField,
                "The partition-key value of the item collection to read; a shard range such as"
                        + " WS#acme#{01..10} reads every shard as one collection");
        tooltip(sortKeyOperatorChoice, "How to narrow the collection by its sort key");
        tooltip(sortKeyField, "The sort-key value to compare with");
        tooltip(sortKeyUpperField, "The upper bound of BETWEEN");
        tooltip(newestFirstCheck, "Read in descending sort-key order (ScanIndexForward = false)");
        tooltip(
                moreToggle,
                "Filter, projection, placeholder maps, limit, segments, consistent read");
        tooltip(
                runButton,
                "Run the read (Enter in a field, or Ctrl/Cmd+Enter anywhere in the tab)");
        tooltip(
                savedReadsButton,
                "Saved reads and the history of reads: run one again (Ctrl/Cmd+Y)");
        tooltip(cancelButton, "Stop the read (Esc); what arrived stays");
        tooltip(filterField, "FilterExpression: applied after the read, so it costs the same RCU");
        tooltip(projectionField, "ProjectionExpression: the attributes to return (keys are added)");
        tooltip(namesField, "ExpressionAttributeNames as JSON");
        tooltip(valuesField, "ExpressionAttributeValues as DynamoDB JSON");
        tooltip(limitSpinner, "Stop after this many items; Load more continues (0: no limit)");
        tooltip(segmentsSpinner, "Parallel Scan segments (TotalSegments)");
        tooltip(consistentCheck, "Strongly consistent read (twice the RCU; not on a GSI)");
        tooltip(
                parentMarkerField,
                "The sort-key value of an item collection's parent, shown first");
    }

    private void markProblem(ReadBarViewModel.Problem problem) {
        List<TextInputControl> fields =
                List.of(
                        partitionKeyField,
                        sortKeyField,
                        sortKeyUpperField,
                        filterField,
                        projectionField,
                        namesField,
                        valuesField);
        fields.forEach(f -> f.getStyleClass().remove("field-problem"));
        if (problem == null) {
            return;
        }
        TextInputControl field =
                switch (problem.field()) {
                    case PARTITION_KEY -> partitionKeyField;
                    case SORT_KEY -> sortKeyField;
                    case SORT_KEY_UPPER -> sortKeyUpperField;
                    case FILTER -> filterField;
                    case PROJECTION -> projectionField;
                    case NAMES -> namesField;
                    case VALUES -> valuesField;
                    case LIMIT, SEGMENTS -> null;
                };
        if (problem.field().ordinal() >= ReadBarViewModel.Field.FILTER.ordinal()) {
            moreToggle.setSelected(true);
        }
        if (field != null) {
            field.getStyleClass().add("field-problem");
            field.requestFocus();
            if (problem.column() > 0) {
                field.positionCaret(Math.min(problem.column() - 1, field.getLength()));
            }
        }
    }

    // ---- the Query-not-Scan hint ---------------------------------------------------------------

    private void bindHint() {
        var hinted = viewModel.queryHintProperty().isNotNull();
        showWhen(hinted, hintBar);
        hintLabel
                .textProperty()
                .bind(viewModel.queryHintProperty().map(QueryHint::message).orElse(""));
        hintButton.setOnAction(e -> viewModel.runHintedQuery());
        viewModel
                .queryHintProperty()
                .addListener(
                        (obs, old, now) -> {
                            // a new hint shows again after the person closed the last one
                            hintBar.visibleProperty().unbind();
                            hintBar.managedProperty().unbind();
                            showWhen(hinted, hintBar);
                        });
        hintCloseButton.setOnAction(
                e -> {
                    hintBar.visibleProperty().unbind();
                    hintBar.managedProperty().unbind();
                    hintBar.setVisible(false);
                    hintBar.setManaged(false);
                });
        tooltip(
                hintButton,
                "Run this Query instead: the read bar turns into it and only the collection is read");
        tooltip(hintCloseButton, "Hide this hint");
    }

    /** Puts the caret in the key field (or, for a Scan, in the filter behind "More"). */
    void focus() {
        if (bar.modeProperty().get() == ReadMode.SCAN) {
            moreToggle.setSelected(true);
            filterField.requestFocus();
        } else {
            partitionKeyField.requestFocus();
        }
    }
}
