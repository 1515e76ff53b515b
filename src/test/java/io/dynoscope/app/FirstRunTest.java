package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.settings.Settings;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The window of a first run, and the window's layout kept from one run to the next. */
@ExtendWith(ApplicationExtension.class)
class FirstRunTest {

    private static final List<ConnectionEntry> DISCOVERED =
            List.of(
                    ConnectionEntry.sandbox(),
                    ConnectionEntry.dynamoDbLocal(),
                    ConnectionEntry.profile("prod", "eu-west-1"));

    @TempDir Path directory;

    private AppContext context;

    @AfterEach
    void close() throws Exception {
        if (context != null) {
            WaitForAsyncUtils.asyncFx(context::close).get(10, TimeUnit.SECONDS);
        }
        FxToolkit.cleanupStages();
    }

    private Stage show(SettingsStore store) throws Exception {
        // a connector that is never called: these tests do not connect
        context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) -> {
                            throw new AssertionError("no connection expected");
                        },
                        DISCOVERED,
                        new SandboxHolder(),
                        SettingsService.open(store));
        return WaitForAsyncUtils.asyncFx(
                        () -> {
                            Stage stage = new Stage();
                            stage.setScene(DynoscopeApp.createScene(context));
                            stage.setWidth(1000);
                            stage.setHeight(700);
                            context.restoreWindow(stage);
                            stage.show();
                            return stage;
                        })
                .get(10, TimeUnit.SECONDS);
    }

    @Test
    void eachConnectionSaysInASentenceWhatItIs(FxRobot robot) throws Exception {
        show(new SettingsStore(directory));
        WaitForAsyncUtils.waitForFxEvents();

        List<String> sentences =
                robot.lookup(".connection-description").queryAllAs(Label.class).stream()
                        .filter(Label::isVisible)
                        .map(Label::getText)
                        .toList();
        assertEquals(DISCOVERED.stream().map(ConnectionEntry::description).toList(), sentences);
        assertTrue(sentences.get(0).contains("sample tables"), sentences.get(0));
        assertTrue(sentences.get(2).contains("aws sso login"), sentences.get(2));
    }

    @Test
    void theWindowAndItsLayoutOpenAsTheyWereLeft(FxRobot robot) throws Exception {
        SettingsStore store = new SettingsStore(directory);
        Stage first = show(store);
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            first.setX(40);
                            first.setY(30);
                            first.setWidth(900);
                            first.setHeight(640);
                        })
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            SplitPane main = (SplitPane) first.getScene().lookup(".main-split");
                            main.setDividerPosition(0, 300 / main.getWidth());
                            context.shell().toolWindows().inspectorShownProperty().set(false);
                            context.shell()
                                    .toolWindows()
                                    .bottomProperty()
                                    .set(ToolWindows.Bottom.EXPRESSION_BUILDER);
                        })
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        double widthLeft = ((VBox) first.getScene().lookup(".sidebar")).getWidth();
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            context.rememberWindow(first);
                            context.close();
                        })
                .get(10, TimeUnit.SECONDS);
        context = null;
        FxToolkit.cleanupStages();

        Settings saved = store.load().settings();
        assertEquals(
                List.of(40.0, 30.0, 900.0, 640.0),
                List.of(
                        saved.window().x(),
                        saved.window().y(),
                        saved.window().width(),
                        saved.window().height()));
        assertEquals(300, saved.workbench().sidebarWidth(), 1);

        Stage next = show(store);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(
                List.of(40.0, 30.0, 900.0, 640.0),
                List.of(next.getX(), next.getY(), next.getWidth(), next.getHeight()));
        VBox sidebar = (VBox) next.getScene().lookup(".sidebar");
        assertEquals(widthLeft, sidebar.getWidth(), 1, "the sidebar as wide as it was left");
        assertFalse(context.shell().toolWindows().inspectorShownProperty().get());
        assertEquals(
                ToolWindows.Bottom.EXPRESSION_BUILDER,
                context.shell().toolWindows().bottomProperty().get());
    }
}
