package io.dynoscope.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.testsupport.FxWait;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
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
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;

/** The MFA code dialog as a connecting thread meets it: it waits for the person's six digits. */
@ExtendWith(ApplicationExtension.class)
class MfaCodeDialogTest {

    private static final String SERIAL = "arn:aws:iam::123456789012:mfa/mara";

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @AfterEach
    void close() throws TimeoutException {
        FxToolkit.cleanupStages();
    }

    /**
     * Whether the code field can be clicked: shown in a showing, focused window, as TestFX's own
     * lookup for a click asks (a node is visible before its dialog's window has shown).
     */
    private static boolean dialogIsShowing(FxRobot robot) {
        return robot.lookup("#mfaCode")
                .match(NodeQueryUtils.isVisible())
                .match((Node n) -> n.getScene().getWindow().isFocused())
                .tryQuery()
                .isPresent();
    }

    private static CompletableFuture<String> askFromABackgroundThread() {
        return CompletableFuture.supplyAsync(() -> new MfaCodeDialog().code("prod-admin", SERIAL));
    }

    @Test
    void theCodeTypedIsHandedToTheConnectingThreadOnlyWhenItIsSixDigits(FxRobot robot)
            throws Exception {
        CompletableFuture<String> code = askFromABackgroundThread();
        FxWait.until(10, () -> dialogIsShowing(robot));
        assertTrue(robot.lookup(".header-panel .label").queryLabeled().getText().contains(SERIAL));

        robot.clickOn("#mfaCode").write("12345").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(code.isDone(), "five digits are not a code");
        assertTrue(
                robot.lookup(".header-panel .label")
                        .queryLabeled()
                        .getText()
                        .startsWith("An MFA code is six digits."));

        robot.clickOn("#mfaCode").write("6").type(KeyCode.ENTER);
        assertEquals("123456", code.get(10, TimeUnit.SECONDS));
    }

    @Test
    void cancellingTheDialogFailsTheConnectionAsACredentialsProblem(FxRobot robot)
            throws TimeoutException {
        CompletableFuture<String> code = askFromABackgroundThread();
        FxWait.until(10, () -> dialogIsShowing(robot));

        robot.clickOn("#mfaCode").type(KeyCode.ESCAPE);

        ExecutionException failed =
                assertThrows(ExecutionException.class, () -> code.get(10, TimeUnit.SECONDS));
        RepositoryException cause = assertInstanceOf(RepositoryException.class, failed.getCause());
        assertEquals(RepositoryException.Kind.CREDENTIALS, cause.kind());
        assertTrue(cause.getMessage().contains("no MFA code was given for profile 'prod-admin'"));
    }
}
