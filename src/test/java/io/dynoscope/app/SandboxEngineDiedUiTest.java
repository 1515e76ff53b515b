package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.testsupport.FxWait;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue 33, item 7: the sandbox's node process is killed while the window is connected to it. The
 * window notices (a watcher on the process's exit), closes the dead connection and says what
 * happened, instead of still showing a connection to an engine that is gone; connecting again
 * starts a new engine.
 */
@ExtendWith(ApplicationExtension.class)
class SandboxEngineDiedUiTest {

    private AppContext context;
    private SandboxHolder sandbox;

    @Start
    void start(Stage stage) {
        sandbox = new SandboxHolder();
        context =
                TestWorkbench.show(
                        stage,
                        (entry, cancellation) -> SdkDynamoRepository.connect(sandbox.start()),
                        sandbox);
    }

    @AfterEach
    void close() throws Exception {
        TestWorkbench.close(context);
    }

    @Test
    void aKilledEngineIsShownAsStoppedAndConnectingAgainStartsANewOne(FxRobot robot)
            throws Exception {
        TestWorkbench.connect(robot);
        long pid = sandbox.enginePid().orElseThrow();
        assertFalse(context.shell().visibleTables().isEmpty());

        new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();

        Label message = robot.lookup(".connection-message").queryAs(Label.class);
        FxWait.until(30, () -> message.getText().startsWith("The local engine at "));
        assertTrue(
                message.getText().contains(" stopped: node exited with code "), message.getText());
        assertTrue(
                message.getText()
                        .endsWith(
                                "; its tables are gone. Double-click Local sandbox to start a new"
                                        + " one with the sample tables."),
                message.getText());
        assertNull(context.shell().activeConnectionProperty().get());
        assertTrue(context.shell().visibleTables().isEmpty());
        assertTrue(sandbox.enginePid().isEmpty(), "the dead sandbox was let go");

        TestWorkbench.connect(robot);
        assertTrue(sandbox.enginePid().orElseThrow() != pid, "a new engine");
    }
}
