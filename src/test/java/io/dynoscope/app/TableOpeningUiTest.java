package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.tabs.TableTab;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A double-click on a table shows its tab and progress at once, while its description and first
 * page are still on their way: the connection here holds both until the test lets them go.
 */
@ExtendWith(ApplicationExtension.class)
class TableOpeningUiTest {

    private static final String TABLE = TestEngine.freshTable(TestEngine.uniqueTableName("slow"));

    private final CountDownLatch describeMayAnswer = new CountDownLatch(1);
    private final CountDownLatch scanMayAnswer = new CountDownLatch(1);
    private AppContext context;

    /** Waits, in the connection's thread, until the test lets the call through. */
    private static void hold(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the call through");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Start
    void start(Stage stage) {
        context =
                TestWorkbench.show(
                        stage,
                        (entry, cancellation) ->
                                new ForwardingRepository(
                                        SdkDynamoRepository.connect(TestEngine.connection())) {
                                    @Override
                                    public TableInfo describeTable(String table) {
                                        if (TABLE.equals(table)) {
                                            hold(describeMayAnswer);
                                        }
                                        return super.describeTable(table);
                                    }

                                    @Override
                                    public ReadResult scan(
                                            ScanSpec spec,
                                            PageListener listener,
                                            Cancellation cancellation) {
                                        if (TABLE.equals(spec.table())) {
                                            hold(scanMayAnswer);
                                        }
                                        return super.scan(spec, listener, cancellation);
                                    }
                                },
                        new SandboxHolder());
    }

    @AfterEach
    void close() throws Exception {
        describeMayAnswer.countDown();
        scanMayAnswer.countDown();
        TestWorkbench.close(context);
    }

    @Test
    void theTabAndItsProgressShowBeforeTheFirstPageArrives(FxRobot robot) throws Exception {
        TestWorkbench.connect(robot);
        robot.clickOn("#tableFilter").write(TABLE);
        FxWait.until(
                20,
                () ->
                        robot.lookup("#tree .tree-cell")
                                .match((TreeCell<?> c) -> TABLE.equals(c.getText()))
                                .tryQuery()
                                .isPresent());
        robot.doubleClickOn(
                robot.lookup("#tree .tree-cell")
                        .match((TreeCell<?> c) -> TABLE.equals(c.getText()))
                        .<Node>query());

        // the description is held: the tab is there, and says it is working
        FxWait.until(
                20,
                () ->
                        robot.lookup(".tab-pane .tab-label")
                                .match(this::namesTable)
                                .tryQuery()
                                .isPresent());
        Node busy = robot.lookup("#busyIndicator").query();
        FxWait.until(10, busy::isVisible);
        TableTab tab = (TableTab) context.shell().selectedTabProperty().get();
        assertEquals(TABLE, tab.table());
        assertTrue(tab.busyProperty().get(), "the tab is busy while its description is read");

        // the first page is held: still working, no rows yet
        describeMayAnswer.countDown();
        FxWait.until(20, () -> tab.grid().runningProperty().get());
        assertTrue(busy.isVisible(), "progress while the first page is read");
        assertEquals(0, tab.grid().rows().size());

        scanMayAnswer.countDown();
        FxWait.until(20, () -> !tab.busyProperty().get());
        FxWait.until(10, () -> !busy.isVisible());
    }

    private boolean namesTable(Node label) {
        return label instanceof Label l && TABLE.equals(l.getText());
    }
}
