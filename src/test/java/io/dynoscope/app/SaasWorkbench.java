package io.dynoscope.app;

import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.tabs.TableTab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.TreeCell;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * What the workbench's UI tests share: a saas sample table of the test class's own, seeded once,
 * and per test either the workbench window already shown ({@link #shown}) or a settings folder of
 * its own to start the app on ({@link #started}); whatever was started is closed after each test,
 * with its windows. Registered as a static {@code @RegisterExtension} field, after TestFX's {@code
 * ApplicationExtension}.
 */
final class SaasWorkbench implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback {

    private final String table;
    private final boolean showWindow;
    private final List<AppContext> started = new ArrayList<>();
    private AppContext context;
    private Path directory;

    private SaasWorkbench(String name, boolean showWindow) {
        this.table = TestEngine.uniqueTableName(name);
        this.showWindow = showWindow;
    }

    /** The workbench window, shown before each test on the primary stage ({@link #context}). */
    static SaasWorkbench shown(String name) {
        return new SaasWorkbench(name, true);
    }

    /** Nothing shown: each test starts the app itself ({@link #start}, {@link #connect}). */
    static SaasWorkbench started(String name) {
        return new SaasWorkbench(name, false);
    }

    /** The seeded table's name. */
    String table() {
        return table;
    }

    /** The shown workbench's context. */
    AppContext context() {
        return context;
    }

    /** This test's settings folder. */
    Path directory() {
        return directory;
    }

    /** The apps this test started. */
    List<AppContext> apps() {
        return started;
    }

    /** Starts the app on this test's settings, connects and opens the table (its first page in). */
    TableTab start() throws Exception {
        return TestApp.start(directory, table, started);
    }

    /** Starts the app on this test's settings and connects, opening nothing. */
    AppContext connect() throws Exception {
        return TestApp.connect(directory, started);
    }

    /**
     * Connects the shown workbench as a person does and narrows the sidebar to the table (the
     * engine holds every test class's tables); returns the table's line.
     */
    Node connectAndFind(FxRobot robot) throws Exception {
        TestWorkbench.connect(robot);
        robot.clickOn("#tableFilter").write(table);
        FxWait.until(10, () -> tableCell(robot) != null);
        return tableCell(robot);
    }

    /** The sidebar's line for the table, or null while it is not shown. */
    Node tableCell(FxRobot robot) {
        return robot.lookup("#tree .tree-cell")
                .match((TreeCell<?> cell) -> table.equals(cell.getText()))
                .tryQuery()
                .orElse(null);
    }

    @Override
    public void beforeAll(ExtensionContext extension) {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, table);
    }

    @Override
    public void beforeEach(ExtensionContext extension) throws Exception {
        directory = Files.createTempDirectory("dynoscope-ui-settings");
        if (showWindow) {
            FxToolkit.setupStage(stage -> context = TestWorkbench.show(stage));
        }
    }

    @Override
    public void afterEach(ExtensionContext extension) throws Exception {
        try {
            TestApp.stop(started);
            if (context != null) {
                TestWorkbench.close(context);
                context = null;
            }
            FxToolkit.cleanupStages();
        } finally {
            delete(directory);
        }
    }

    private static void delete(Path folder) throws IOException {
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
