package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sample.SampleTables;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table's column order and hidden columns, as the user leaves them, come back when the app starts
 * again and the table opens with its first page.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsColumnsTest {

    private static final String TABLE = TestEngine.uniqueTableName("columns-saas");

    @TempDir Path directory;

    private AppContext context;

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, TABLE);
    }

    @AfterEach
    void close() throws Exception {
        stop();
        FxToolkit.cleanupStages();
    }

    /** Starts the app on the settings in {@code directory}, connects and opens the table. */
    private TableView<CollectionRow> start() throws Exception {
        context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) ->
                                SdkDynamoRepository.connect(TestEngine.connection()),
                        List.of(ConnectionEntry.sandbox()),
                        new AppContext.SandboxHolder(),
                        SettingsService.open(new SettingsStore(directory)));
        onFx(
                () -> {
                    Stage stage = new Stage();
                    stage.setScene(DynoscopeApp.createScene(context));
                    stage.setWidth(1280);
                    stage.setHeight(800);
                    stage.show();
                    context.shell().connect(context.shell().connections().get(0));
                    return null;
                });
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> context.shell().activeConnectionProperty().get() != null);
        TableTab tab = onFx(() -> (TableTab) context.shell().openTable(TABLE).orElseThrow());
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () ->
                        tab.grid().lastReadProperty().get().contains("returned")
                                && !tab.grid().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<CollectionRow> grid =
                onFx(() -> (TableView<CollectionRow>) tab.content().lookup("#grid"));
        return grid;
    }

    private void stop() throws Exception {
        if (context != null) {
            AppContext closing = context;
            context = null;
            onFx(
                    () -> {
                        closing.close();
                        return null;
                    });
        }
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        T result = WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return result;
    }

    private static List<String> names(TableView<CollectionRow> grid) {
        return grid.getColumns().stream().map(c -> (String) c.getUserData()).toList();
    }

    @Test
    void aDraggedColumnAndAHiddenOneStayThatWayAfterARestart() throws Exception {
        TableView<CollectionRow> first = start();
        List<String> asRead = names(first);
        int plan = asRead.indexOf("plan");
        onFx(
                () -> {
                    // what a header drag does: take the column out, put it back elsewhere
                    TableColumn<CollectionRow, ?> column = first.getColumns().remove(plan);
                    first.getColumns().add(1, column);
                    first.getColumns().get(2).setVisible(false);
                    return null;
                });
        List<String> arranged = names(first);
        assertEquals("plan", arranged.get(1));
        assertEquals(SampleData.SAAS_SORT_KEY, arranged.get(2));
        stop();

        TableView<CollectionRow> next = start();

        assertEquals(arranged, names(next), "the order the user left");
        assertEquals(
                SampleData.SAAS_SORT_KEY,
                next.getColumns().stream()
                        .filter(c -> !c.isVisible())
                        .map(c -> (String) c.getUserData())
                        .findFirst()
                        .orElse("none hidden"));
    }
}
