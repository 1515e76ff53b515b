package io.dynoscope.ui.planner;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.core.codegen.GeneratedCode;
import io.dynoscope.ui.common.FileFolders;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;

/**
 * The files a code export generates, shown before anything is saved: the files on the left, the
 * chosen one's text on the right, what the format cannot express above them, and Save to folder….
 * Built in code rather than FXML: a dialog of three controls with no styling of its own.
 */
final class CodePreview {

    static final ButtonType SAVE = new ButtonType("Save to folder…", ButtonBar.ButtonData.OK_DONE);

    private CodePreview() {}

    /** Opens the preview over {@code owner} (not modal, so the design stays readable beside it). */
    static Dialog<ButtonType> show(Window owner, CodeFormat format, GeneratedCode code) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Export as " + format.title());
        dialog.setResizable(true);

        ListView<GeneratedCode.File> files = new ListView<>();
        files.setId("codeFiles");
        files.getItems().setAll(code.files());
        files.setCellFactory(
                list ->
                        new ListCell<>() {
                            @Override
                            protected void updateItem(GeneratedCode.File file, boolean empty) {
                                super.updateItem(file, empty);
                                setText(empty || file == null ? null : file.path());
                            }
                        });
        TextArea text = new TextArea();
        text.setId("codeText");
        text.setEditable(false);
        text.setStyle("-fx-font-family: monospace;");
        files.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, old, file) -> text.setText(file == null ? "" : file.text()));
        files.getSelectionModel().selectFirst();
        SplitPane split = new SplitPane(files, text);
        split.setDividerPositions(0.25);

        Label summary = new Label(summary(format, code));
        summary.setId("codeSummary");
        summary.setWrapText(true);
        Label saved = new Label();
        saved.setId("codeSaved");
        saved.setWrapText(true);
        BorderPane content = new BorderPane(split);
        content.setTop(new VBox(4, summary, saved));
        BorderPane.setMargin(split, new Insets(8, 0, 0, 0));
        content.setPrefSize(960, 600);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().setAll(SAVE, ButtonType.CLOSE);

        Button save = (Button) dialog.getDialogPane().lookupButton(SAVE);
        // Saving keeps the preview open, so the person sees where the files went.
        save.addEventFilter(
                ActionEvent.ACTION,
                event -> {
                    event.consume();
                    DirectoryChooser chooser = new DirectoryChooser();
                    chooser.setTitle("Save the generated files into");
                    File folder =
                            FileFolders.showFolder(
                                    chooser, dialog.getDialogPane().getScene().getWindow());
                    if (folder != null) {
                        saved.setText(save(code, folder.toPath()));
                    }
                });
        dialog.show();
        return dialog;
    }

    /** Saves the files and says where, or why not. */
    static String save(GeneratedCode code, Path folder) {
        try {
            List<Path> paths = code.saveIn(folder);
            return "Saved "
                    + paths.size()
                    + (paths.size() == 1 ? " file" : " files")
                    + " in "
                    + folder;
        } catch (IOException e) {
            return "Nothing saved: " + e.getMessage();
        }
    }

    private static String summary(CodeFormat format, GeneratedCode code) {
        String files =
                code.files().size()
                        + (code.files().size() == 1 ? " file" : " files")
                        + " of "
                        + format.title();
        return code.notExpressed().isEmpty()
                ? files + ". Nothing in the model is left out."
                : files
                        + ". Not expressed (also said in the files): "
                        + String.join("; ", code.notExpressed());
    }
}
