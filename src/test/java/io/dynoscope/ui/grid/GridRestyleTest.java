package io.dynoscope.ui.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A fold (and the end of a read) shows the rows' new look in the rows already on screen, and the
 * grid's rows share one tooltip: new rows and tooltips are each styled from scratch, which is what
 * a table tab's first rows wait for.
 */
@ExtendWith(ApplicationExtension.class)
class GridRestyleTest {

    @Test
    void aFoldRestylesTheRowsOnScreenInPlaceAndTheRowsShareOneTooltip() throws Exception {
        BackgroundWork work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        try {
            ItemGridViewModel grid =
                    new ItemGridViewModel(
                            "restyle", new ConnectionServices(GridWarmUp.madeUpTable()), work);
            CompletableFuture<Parent> shown = new CompletableFuture<>();
            Platform.runLater(
                    () -> {
                        Parent root =
                                ItemGridView.load(
                                        new ItemGridView(
                                                grid, new ToolWindows(), new Pane(), Map.of()));
                        new Scene(root, 1200, 800);
                        grid.onReadFinished(
                                g -> {
                                    root.applyCss();
                                    root.layout();
                                    shown.complete(root);
                                });
                        grid.open(true);
                    });
            Parent root = shown.get(60, TimeUnit.SECONDS);
            Node table = root.lookup("#grid");

            Set<Object> tooltips = identitySet();
            List<TableRow<?>> before = new ArrayList<>();
            onFx(() -> eachRow(table, before::add, tooltips));
            assertTrue(before.size() > 10, "rows on screen: " + before.size());
            assertEquals(1, tooltips.size(), "tooltips of the grid's rows: " + tooltips);

            onFx(
                    () -> {
                        grid.loaded().collapseAll();
                        root.applyCss();
                        root.layout();
                    });
            Set<Object> after = identitySet();
            List<String> arrows = new ArrayList<>();
            onFx(
                    () ->
                            eachRow(
                                    table,
                                    row -> {
                                        after.add(row);
                                        if (row.isVisible()
                                                && row.getIndex() >= 0
                                                && row.getIndex() < grid.rows().size()) {
                                            for (Node a : row.lookupAll(".fold-arrow")) {
                                                arrows.add(((Label) a).getText());
                                            }
                                        }
                                    },
                                    identitySet()));
            assertTrue(after.containsAll(before), "the rows on screen are kept, restyled");
            assertEquals(6, arrows.size(), "the six collections' headers: " + arrows);
            assertTrue(arrows.stream().allMatch("▶"::equals), "every header folded: " + arrows);
            assertEquals(6, get(() -> grid.rows().size()).intValue());
        } finally {
            work.shutdown();
        }
    }

    private static Set<Object> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /**
     * Each grid row under {@code node}; the tooltips of the controls under it go to {@code tips}.
     */
    private static void eachRow(Node node, Consumer<TableRow<?>> each, Set<Object> tips) {
        walk(
                node,
                n -> {
                    if (n instanceof TableRow<?> row) {
                        each.accept(row);
                    }
                    if (n instanceof Control c && c.getTooltip() != null) {
                        tips.add(c.getTooltip());
                    }
                });
    }

    private static void walk(Node node, Consumer<Node> each) {
        each.accept(node);
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                walk(child, each);
            }
        }
    }

    private static void onFx(Runnable action) throws Exception {
        get(
                () -> {
                    action.run();
                    return null;
                });
    }

    private static <T> T get(Callable<T> action) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(
                () -> {
                    try {
                        result.complete(action.call());
                    } catch (Exception | AssertionError e) {
                        result.completeExceptionally(e);
                    }
                });
        return result.get(60, TimeUnit.SECONDS);
    }
}
