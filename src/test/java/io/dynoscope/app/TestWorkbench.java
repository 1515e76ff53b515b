package io.dynoscope.app;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.Connector;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The workbench window of the TestFX tests: its one "Local sandbox" connection reaches the suite's
 * engine, where the tests seed their tables.
 */
final class TestWorkbench {

    private TestWorkbench() {}

    /** Shows the workbench in the test's stage, 1200 x 760. */
    static AppContext show(Stage stage) {
        return show(
                stage,
                (entry, cancellation) -> SdkDynamoRepository.connect(TestEngine.connection()),
                new SandboxHolder());
    }

    /** Shows the workbench whose "Local sandbox" connects with {@code connector}. */
    static AppContext show(Stage stage, Connector connector, SandboxHolder sandbox) {
        BackgroundWork work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        AppContext context =
                new AppContext(work, connector, List.of(ConnectionEntry.sandbox()), sandbox);
        stage.setScene(DynoscopeApp.createScene(context));
        stage.setWidth(1200);
        stage.setHeight(760);
        stage.show();
        return context;
    }

    /**
     * Closes the context, and the test's windows: headless windows share one screen, so the next
     * test's clicks reach its own.
     */
    static void close(AppContext context) throws Exception {
        WaitForAsyncUtils.asyncFx(context::close).get(10, TimeUnit.SECONDS);
        FxToolkit.cleanupStages();
    }

    /** Connects to the sandbox entry as a person does, by a double click. */
    static void connect(FxRobot robot) throws TimeoutException {
        robot.doubleClickOn("Local sandbox");
        Label message = robot.lookup(".connection-message").queryAs(Label.class);
        // the first connection of a JVM loads the AWS SDK: tens of seconds on a loaded machine
        FxWait.until(90, () -> message.getText().startsWith("Connected to"));
    }
}
