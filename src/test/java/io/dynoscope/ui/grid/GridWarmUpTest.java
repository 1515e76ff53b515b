package io.dynoscope.ui.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** The start-up warm-up renders a whole grid off screen, without a table or a connection. */
@ExtendWith(ApplicationExtension.class)
class GridWarmUpTest {

    @Test
    void theWarmUpRendersItsMadeUpCollections() throws Exception {
        BackgroundWork work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        try {
            CompletableFuture<CompletableFuture<Integer>> started = new CompletableFuture<>();
            ConnectionServices madeUp = new ConnectionServices(GridWarmUp.madeUpTable());
            Platform.runLater(() -> started.complete(GridWarmUp.start(madeUp, work, List.of())));
            // 60 items in 6 collections: a header row for each and a row for each item
            assertEquals(66, started.get(60, TimeUnit.SECONDS).get(90, TimeUnit.SECONDS));
        } finally {
            work.shutdown();
        }
    }

    @Test
    void aTableOpenedMeanwhileLeavesTheRenderingOut() throws Exception {
        BackgroundWork work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        try {
            CompletableFuture<CompletableFuture<Integer>> started = new CompletableFuture<>();
            ConnectionServices madeUp = new ConnectionServices(GridWarmUp.madeUpTable());
            Platform.runLater(
                    () -> started.complete(GridWarmUp.start(madeUp, work, List.of(), () -> false)));
            assertEquals(0, started.get(60, TimeUnit.SECONDS).get(90, TimeUnit.SECONDS));
        } finally {
            work.shutdown();
        }
    }
}
