package io.dynoscope.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.testsupport.FxWait;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
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
 * A lazy view is loaded when it is first shown, also when it was hidden at its first layout (a tool
 * window restored in a tab that is not the selected one): it was left blank until reopened.
 */
@ExtendWith(ApplicationExtension.class)
class ViewsTest {

    private final AtomicInteger loads = new AtomicInteger();
    private TabPane tabs;
    private Parent lazy;

    @Start
    void start(Stage stage) {
        lazy =
                Views.lazy(
                        () -> {
                            loads.incrementAndGet();
                            return new Label("the tool window");
                        });
        tabs = new TabPane(new Tab("first", new Label("shown first")), new Tab("second", lazy));
        stage.setScene(new Scene(tabs, 400, 300));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aViewHiddenAtItsFirstLayoutIsLoadedWhenItIsShown(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, loads.get(), "not loaded while its tab is not selected");

        robot.interact(() -> tabs.getSelectionModel().select(1));
        FxWait.until(10, () -> loads.get() == 1 && lazy.getChildrenUnmodifiable().size() == 1);
        assertEquals(1, loads.get());
    }
}
