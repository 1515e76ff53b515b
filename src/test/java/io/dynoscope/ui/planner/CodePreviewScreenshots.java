package io.dynoscope.ui.planner;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Shows the Model tab with the seed's saas model and the export preview of one format over it, for
 * the screenshot of docs/model.md (taken of the whole virtual display). Not a test.
 *
 * <pre>
 * Xvfb :99 -screen 0 1280x800x24 &amp; DISPLAY=:99 java -cp $CP io.dynoscope.ui.planner.CodePreviewScreenshots cdk [dark]
 * DISPLAY=:99 import -window root docs/model-export-preview-1280.png
 * </pre>
 */
public final class CodePreviewScreenshots {

    private CodePreviewScreenshots() {}

    public static void main(String[] args) {
        CodeFormat format = CodeFormat.named(args.length > 0 ? args[0] : "cdk").orElseThrow();
        boolean dark = args.length > 1 && args[1].equals("dark");
        Platform.startup(
                () -> {
                    BackgroundWork work =
                            new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
                    TableModelViewModel viewModel = new TableModelViewModel(List.of(), work, null);
                    Stage stage = new Stage();
                    Scene scene = new Scene(TableModelView.load(viewModel), 1280, 800);
                    if (dark) {
                        scene.getRoot().setStyle("-fx-base: #2b2b2b; -fx-background: #1e1f22;");
                    }
                    stage.setScene(scene);
                    stage.setTitle("Dynoscope — Model");
                    stage.setX(0);
                    stage.setY(0);
                    stage.show();
                    String saas =
                            ModelJson.write(
                                    ModelDocument.of(
                                            SampleModels.designs().stream()
                                                    .filter(d -> d.table().equals("saas"))
                                                    .findFirst()
                                                    .orElseThrow()));
                    viewModel.design().importModel(saas);
                    var dialog =
                            CodePreview.show(stage, format, viewModel.design().exportCode(format));
                    if (dark) {
                        dialog.getDialogPane()
                                .setStyle("-fx-base: #2b2b2b; -fx-background: #1e1f22;");
                    }
                });
    }
}
