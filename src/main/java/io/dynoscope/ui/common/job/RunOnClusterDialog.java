package io.dynoscope.ui.common.job;

import io.dynoscope.service.job.JobLaunch.Engine;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * The Run on a cluster… dialog: binds {@link RunOnClusterViewModel} — the engine and its fields,
 * the exact line or request, Submit / Copy / Cancel, the job's state and output.
 */
public final class RunOnClusterDialog {

    private RunOnClusterDialog() {}

    /** Opens the dialog over {@code owner}, styled like it; closing it cancels a running job. */
    public static Stage open(
            Window owner, ObservableList<String> stylesheets, RunOnClusterViewModel viewModel) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Run " + viewModel.job() + " on a cluster");
        Scene scene = new Scene(content(viewModel), 900, 640);
        Bindings.bindContent(scene.getStylesheets(), stylesheets);
        stage.setScene(scene);
        stage.setOnHidden(e -> viewModel.cancel());
        stage.show();
        return stage;
    }

    /**
     * A view's Run on a cluster… button: shown only when the app offers a cluster, off while {@code
     * busy}; pressed, it opens the dialog of {@code job}'s view model (none when it gives null)
     * over the button's window, styled like it.
     */
    public static void offer(
            Button button,
            boolean offered,
            ObservableBooleanValue busy,
            Supplier<RunOnClusterViewModel> job) {
        button.setManaged(offered);
        button.setVisible(offered);
        button.disableProperty().bind(Bindings.createBooleanBinding(busy::get, busy));
        button.setOnAction(
                e -> {
                    RunOnClusterViewModel viewModel = job.get();
                    if (viewModel != null) {
                        Scene scene = button.getScene();
                        open(scene.getWindow(), scene.getStylesheets(), viewModel);
                    }
                });
    }

    /** The dialog's content. */
    public static Parent content(RunOnClusterViewModel vm) {
        ChoiceBox<Engine> engine = new ChoiceBox<>();
        engine.setId("engineChoice");
        engine.getItems().setAll(Engine.values());
        engine.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(Engine e) {
                        return e == null
                                ? ""
                                : switch (e) {
                                    case LOCAL -> "Local (Spark's local mode on this machine)";
                                    case SPARK_SUBMIT -> "spark-submit (the line to copy)";
                                    case EMR_SERVERLESS -> "EMR Serverless";
                                };
                    }

                    @Override
                    public Engine fromString(String s) {
                        return null;
                    }
                });
        engine.valueProperty().bindBidirectional(vm.engineProperty());
        engine.disableProperty().bind(vm.runningProperty());

        BooleanBinding emr = vm.engineProperty().isEqualTo(Engine.EMR_SERVERLESS);
        GridPane fields = new GridPane();
        fields.setHgap(8);
        fields.setVgap(6);
        int row = 0;
        fields.addRow(row++, new Label("Engine"), engine);
        row =
                field(
                        fields,
                        row,
                        "Master",
                        "masterField",
                        vm.masterProperty(),
                        emr.not(),
                        "local[N,4] or yarn when empty");
        row =
                field(
                        fields,
                        row,
                        "Cores",
                        "coresField",
                        vm.coresProperty(),
                        vm.engineProperty().isEqualTo(Engine.LOCAL),
                        "all when empty");
        row = field(fields, row, "Jobs jar", "jarField", vm.jarProperty(), emr.not(), "");
        row =
                field(
                        fields,
                        row,
                        "Application id",
                        "applicationIdField",
                        vm.applicationIdProperty(),
                        emr,
                        "00f...");
        row =
                field(
                        fields,
                        row,
                        "Execution role",
                        "executionRoleField",
                        vm.executionRoleProperty(),
                        emr,
                        "arn:aws:iam::ACCOUNT:role/NAME");
        row =
                field(
                        fields,
                        row,
                        "Jar in S3",
                        "s3JarField",
                        vm.s3JarProperty(),
                        emr,
                        "s3://BUCKET/jobs/dynoscope-jobs.jar (upload it first)");
        row =
                field(
                        fields,
                        row,
                        "Region",
                        "regionField",
                        vm.regionProperty(),
                        emr,
                        "the connection's when empty");
        Label endpoint = new Label(vm.endpoint().map(e -> "Requests go to " + e).orElse(""));
        visibleWhen(
                endpoint, emr.and(Bindings.createBooleanBinding(() -> vm.endpoint().isPresent())));
        fields.add(endpoint, 1, row);

        Label shownTitle = new Label();
        shownTitle
                .textProperty()
                .bind(
                        Bindings.when(emr)
                                .then("The request sent, exactly")
                                .otherwise(
                                        Bindings.when(vm.engineProperty().isEqualTo(Engine.LOCAL))
                                                .then("The line run, exactly")
                                                .otherwise(
                                                        "The line to run on your cluster (nothing runs here)")));
        TextArea shown = new TextArea();
        shown.setId("shownArea");
        shown.setEditable(false);
        shown.setWrapText(true);
        shown.setPrefRowCount(9);
        shown.textProperty().bind(vm.shownProperty());

        Label readOnly = new Label();
        readOnly.setId("readOnlyLabel");
        readOnly.setWrapText(true);
        vm.readOnlyReason()
                .ifPresent(
                        r ->
                                readOnly.setText(
                                        "The connection is read-only (" + r + "): Submit is off"));
        visibleWhen(readOnly, Bindings.createBooleanBinding(() -> vm.readOnlyReason().isPresent()));
        Label problem = new Label();
        problem.setId("problemLabel");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.getStyleClass().add("error-label");

        Button submit = new Button("_Submit");
        submit.setId("submitButton");
        submit.getStyleClass().add("run-button");
        submit.disableProperty().bind(vm.canSubmitProperty().not());
        submit.setOnAction(e -> vm.submit());
        Button copy = new Button("_Copy");
        copy.setId("copyButton");
        copy.setOnAction(
                e -> {
                    ClipboardContent text = new ClipboardContent();
                    text.putString(vm.shownProperty().get());
                    Clipboard.getSystemClipboard().setContent(text);
                });
        Button cancel = new Button("Cancel job");
        cancel.setId("cancelJobButton");
        cancel.disableProperty().bind(vm.runningProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        Button close = new Button("Close");
        close.setCancelButton(true);
        close.setOnAction(e -> close.getScene().getWindow().hide());
        Pane gap = new Pane();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, submit, copy, cancel, gap, close);
        buttons.setAlignment(Pos.CENTER_LEFT);

        Label state = new Label();
        state.setId("stateLabel");
        state.textProperty().bind(Bindings.concat("State: ", vm.stateProperty()));
        Label progress = new Label();
        progress.setId("progressLabel");
        progress.setWrapText(true);
        progress.textProperty().bind(vm.progressProperty());
        TextArea output = new TextArea();
        output.setId("outputArea");
        output.setEditable(false);
        output.setPromptText("The job's output: its phases, passes and counts.");
        output.textProperty().bind(vm.outputProperty());
        output.textProperty().addListener((obs, was, now) -> output.setScrollTop(Double.MAX_VALUE));
        VBox.setVgrow(output, Priority.ALWAYS);

        VBox root =
                new VBox(
                        10,
                        new Label("Run " + vm.job() + " as a Spark job (docs/jobs.md)"),
                        fields,
                        shownTitle,
                        shown,
                        readOnly,
                        problem,
                        buttons,
                        state,
                        progress,
                        output);
        root.setPadding(new Insets(14));
        root.setId("runOnClusterRoot");
        return root;
    }

    private static int field(
            GridPane grid,
            int row,
            String label,
            String id,
            StringProperty value,
            BooleanBinding shown,
            String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(40);
        field.textProperty().bindBidirectional(value);
        Label name = new Label(label);
        grid.addRow(row, name, field);
        for (Node node : List.of(name, field)) {
            visibleWhen(node, shown);
        }
        return row + 1;
    }

    private static void visibleWhen(Node node, ObservableBooleanValue shown) {
        node.visibleProperty().bind(shown);
        node.managedProperty().bind(shown);
    }
}
