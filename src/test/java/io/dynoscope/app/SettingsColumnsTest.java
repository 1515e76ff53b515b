package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.ui.tabs.TableTab;
import java.util.List;
import java.util.concurrent.Callable;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A table's column order and hidden columns, as the user leaves them, come back when the app starts
 * again and the table opens with its first page.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsColumnsTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.started("columns-saas");

    /** Starts the app on this test's settings, connects and opens the table. */
    private TableView<CollectionRow> start() throws Exception {
        TableTab tab = app.start();
        @SuppressWarnings("unchecked")
        TableView<CollectionRow> grid =
                onFx(() -> (TableView<CollectionRow>) tab.content().lookup("#grid"));
        return grid;
    }

    private void stop() throws Exception {
        TestApp.stop(app.apps());
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return TestApp.onFx(work);
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
