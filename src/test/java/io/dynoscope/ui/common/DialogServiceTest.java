package io.dynoscope.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
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

/** The dialog service: the safe answer is the default button, and Enter or Esc choose it. */
@ExtendWith(ApplicationExtension.class)
class DialogServiceTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @AfterEach
    void close() throws TimeoutException {
        FxToolkit.cleanupStages();
    }

    private DialogService service() {
        return new DialogService(() -> stage);
    }

    private static DialogPane awaitDialog(FxRobot robot) throws TimeoutException {
        FxWait.until(10, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }

    private static Button button(FxRobot robot, String text) {
        return robot.lookup(".dialog-pane .button")
                .match((Button b) -> text.equals(b.getText()))
                .queryButton();
    }

    @Test
    void enterOnAConfirmationChoosesCancelAndNothingIsDone(FxRobot robot) throws Exception {
        AtomicInteger done = new AtomicInteger();
        robot.interact(
                () ->
                        service()
                                .confirm(
                                        "Delete",
                                        "Delete 2 items?",
                                        "WS#acme / META\nWS#acme / PROJ#1",
                                        "Delete",
                                        done::incrementAndGet));
        awaitDialog(robot);
        Button cancel = button(robot, "Cancel");
        assertTrue(cancel.isDefaultButton(), "the safe answer is the default button");
        assertFalse(button(robot, "Delete").isDefaultButton());

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup(".dialog-pane").tryQuery().isEmpty(), "the dialog closed");
        assertEquals(0, done.get(), "Enter did not delete");
    }

    @Test
    void theActionRunsOnlyWhenItsButtonIsChosen(FxRobot robot) throws Exception {
        AtomicInteger done = new AtomicInteger();
        robot.interact(
                () ->
                        service()
                                .confirm(
                                        "Run",
                                        "Run this UpdateItem?",
                                        "SET a = :a",
                                        "Run",
                                        done::incrementAndGet));
        awaitDialog(robot);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, done.get(), "Esc is the safe answer");

        robot.interact(
                () ->
                        service()
                                .confirm(
                                        "Run",
                                        "Run this UpdateItem?",
                                        "SET a = :a",
                                        "Run",
                                        done::incrementAndGet));
        awaitDialog(robot);
        robot.clickOn(button(robot, "Run"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, done.get());
    }

    @Test
    void aQuestionWithThreeAnswersHandsBackTheOneChosen(FxRobot robot) throws Exception {
        DialogService.Answer<String> reload =
                new DialogService.Answer<>("Reload theirs", null, "reload");
        DialogService.Answer<String> keep =
                new DialogService.Answer<>("Keep editing", null, "keep");
        DialogService.Answer<String> overwrite =
                new DialogService.Answer<>(
                        "Overwrite with mine", "Writes your version", "overwrite");
        AtomicReference<String> answer = new AtomicReference<>();
        robot.interact(
                () ->
                        service()
                                .ask(
                                        new DialogService.Question<>(
                                                "Conflict",
                                                "The item changed since you read it",
                                                "name: Acme → Acme Corp",
                                                List.of(overwrite, reload, keep),
                                                keep),
                                        answer::set));
        awaitDialog(robot);
        assertTrue(button(robot, "Keep editing").isDefaultButton());
        assertFalse(button(robot, "Overwrite with mine").isDefaultButton());
        robot.clickOn(button(robot, "Reload theirs"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("reload", answer.get());
    }

    @Test
    void aDialogTakesTheWindowsThemeAndFollowsASwitchWhileOpen(FxRobot robot) throws Exception {
        String light = "data:text/css,.root{-fx-base:white;}";
        String dark = "data:text/css,.root{-fx-base:black;}";
        robot.interact(() -> stage.getScene().getStylesheets().setAll(light));
        robot.interact(() -> service().inform("About", "Dynoscope", "A table browser."));
        DialogPane pane = awaitDialog(robot);
        assertEquals(List.of(light), pane.getStylesheets());

        // the theme switched in the View menu while the dialog is open
        robot.interact(() -> stage.getScene().getStylesheets().setAll(dark));
        assertEquals(List.of(dark), pane.getStylesheets(), "the open dialog follows the switch");
    }
}
