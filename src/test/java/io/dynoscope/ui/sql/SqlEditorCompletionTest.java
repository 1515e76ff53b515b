package io.dynoscope.ui.sql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.sql.SqlCompletions;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Completions are answered on a background thread: an answer that arrives after the person has
 * moved on (run the statement, pressed Esc, ended the name) must not open the list over the editor.
 * The answers here are held until the test hands them over.
 */
@ExtendWith(ApplicationExtension.class)
class SqlEditorCompletionTest {

    private final List<Runnable> heldAnswers = new ArrayList<>();
    private SqlEditor editor;

    @Start
    void start(Stage stage) {
        editor = new SqlEditor();
        editor.setOnCompletionRequest(
                (text, caret, answer) -> heldAnswers.add(() -> answer.accept(project(caret))));
        stage.setScene(new Scene(new StackPane(editor.node()), 600, 300));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    private static SqlCompletions.Result project(int caret) {
        return new SqlCompletions.Result(
                caret - 4,
                caret,
                List.of(
                        new SqlCompletions.Completion(
                                "project", SqlCompletions.Completion.Kind.VIEW, "view")));
    }

    private void askAt(FxRobot robot, String text) {
        robot.interact(
                () -> {
                    editor.area().replaceText(text);
                    editor.area().moveTo(text.length());
                    editor.area().requestFocus();
                });
        robot.press(KeyCode.CONTROL, KeyCode.SPACE).release(KeyCode.SPACE, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void answer(FxRobot robot) {
        robot.interact(
                () -> {
                    heldAnswers.forEach(Runnable::run);
                    heldAnswers.clear();
                });
    }

    @Test
    void anAnswerInTimeOpensTheList(FxRobot robot) {
        askAt(robot, "SELECT * FROM proj");
        answer(robot);

        assertTrue(editor.completionShowing());
    }

    @Test
    void anAnswerThatArrivesAfterTheStatementRanIsDropped(FxRobot robot) {
        askAt(robot, "SELECT * FROM proj");
        robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
        answer(robot);

        assertFalse(editor.completionShowing());
    }

    @Test
    void anAnswerThatArrivesAfterEscOrTheNameEndedIsDropped(FxRobot robot) {
        askAt(robot, "SELECT * FROM proj");
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        answer(robot);
        assertFalse(editor.completionShowing());

        askAt(robot, "SELECT * FROM proj");
        robot.write(" ");
        answer(robot);
        assertFalse(editor.completionShowing());
    }
}
