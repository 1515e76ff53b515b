package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The sidebar while the sandbox starts, at 1280x800: the table tree shows no scroll bar it does not
 * need, and the connection buttons stay where they are when the two-line "Starting the local
 * sandbox…" becomes the one-line "Connected to…" (they moved 14 px under the pointer).
 */
@ExtendWith(ApplicationExtension.class)
class SidebarStartUiTest {

    private final CountDownLatch engineUp = new CountDownLatch(1);
    private AppContext context;

    @TempDir Path settings;

    @Start
    void start(Stage stage) {
        // two connections with their descriptions (lines of different heights) and the Recent
        // section, as a first start shows them: the tree's estimate of their height overshot
        context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) -> {
                            try {
                                engineUp.await(90, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return SdkDynamoRepository.connect(TestEngine.connection());
                        },
                        List.of(ConnectionEntry.sandbox(), ConnectionEntry.dynamoDbLocal()),
                        new SandboxHolder(),
                        SettingsService.open(new SettingsStore(settings)));
        stage.setScene(DynoscopeApp.createScene(context));
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        engineUp.countDown();
        TestWorkbench.close(context);
    }

    @Test
    void whileTheSandboxStartsTheTreeHasNoScrollBarAndTheButtonsStayPut(FxRobot robot)
            throws Exception {
        robot.interact(() -> context.shell().connect(context.shell().connections().get(0)));
        Label message = robot.lookup("#connectionMessage").queryAs(Label.class);
        try {
            FxWait.until(20, () -> message.getText().startsWith("Starting the local sandbox"));
        } catch (TimeoutException e) {
            throw new AssertionError("the sidebar says: " + message.getText(), e);
        }
        settle();
        List<Bounds> starting = TestApp.onFx(() -> buttons(robot));
        assertEquals(
                List.of(),
                TestApp.onFx(() -> shownScrollBars(robot)),
                "the tree has nothing to scroll while the sandbox starts");

        engineUp.countDown();
        FxWait.until(90, () -> message.getText().startsWith("Connected to"));
        settle();
        assertEquals(starting, TestApp.onFx(() -> buttons(robot)), "the buttons moved");
    }

    /** Lets the window lay out what just changed. */
    private static void settle() {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where Connect, + Endpoint… and + Profile… are in the window. */
    private static List<Bounds> buttons(FxRobot robot) {
        return List.of("#connectButton", "#addEndpointButton", "#addProfileButton").stream()
                .map(id -> robot.lookup(id).<Node>query())
                .map(n -> n.localToScene(n.getLayoutBounds()))
                .toList();
    }

    /** The vertical scroll bars of the sidebar's tree that are shown. */
    private static List<String> shownScrollBars(FxRobot robot) {
        return robot.lookup("#tree .scroll-bar").queryAllAs(ScrollBar.class).stream()
                .filter(
                        b ->
                                b.getOrientation() == Orientation.VERTICAL
                                        && b.isVisible()
                                        && b.getOpacity() > 0)
                .map(b -> "a scroll bar, thumb " + b.getVisibleAmount() + " of " + b.getMax())
                .toList();
    }
}
