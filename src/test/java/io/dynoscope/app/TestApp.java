package io.dynoscope.app;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.tabs.TableTab;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The app as this package's UI tests start it: on the settings in a directory, in a 1280×800
 * window, connected to the test engine, with a table open.
 */
final class TestApp {

    private TestApp() {}

    /** Starts the app on the settings in {@code directory}, connects and opens {@code table}. */
    static TableTab start(Path directory, String table, List<AppContext> started) throws Exception {
        AppContext context = connect(directory, started);
        TableTab tab = onFx(() -> (TableTab) context.shell().openTable(table).orElseThrow());
        awaitRead(tab);
        return tab;
    }

    /** Starts the app on the settings in {@code directory} and connects, opening nothing. */
    static AppContext connect(Path directory, List<AppContext> started) throws Exception {
        AppContext context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) ->
                                SdkDynamoRepository.connect(TestEngine.connection()),
                        List.of(ConnectionEntry.sandbox()),
                        new SandboxHolder(),
                        SettingsService.open(new SettingsStore(directory)));
        started.add(context);
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
        FxWait.until(30, () -> context.shell().activeConnectionProperty().get() != null);
        return context;
    }

    /** Waits until the tab's read finished and its figures are shown. */
    static void awaitRead(TableTab tab) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.until(
                20,
                () ->
                        !tab.grid().runningProperty().get()
                                && tab.grid().lastReadProperty().get().contains("returned"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Closes the apps started, on the FX thread, and forgets them. */
    static void stop(List<AppContext> started) throws Exception {
        for (AppContext context : List.copyOf(started)) {
            onFx(
                    () -> {
                        context.close();
                        return null;
                    });
        }
        started.clear();
    }

    static <T> T onFx(Callable<T> work) throws Exception {
        T result = WaitForAsyncUtils.asyncFx(work).get(30, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return result;
    }
}
