package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table's column order and hidden columns, as the user leaves them, come back in its next grid.
 */
@ExtendWith(ApplicationExtension.class)
class SettingsColumnsTest {

    private static final String TABLE = "saas";

    @TempDir Path directory;

    private static TableColumn<Object, Object> column(String name) {
        TableColumn<Object, Object> column = new TableColumn<>(name);
        column.setUserData(name);
        return column;
    }

    private static List<String> names(TableView<Object> table) {
        return table.getColumns().stream().map(c -> (String) c.getUserData()).toList();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        T result = WaitForAsyncUtils.asyncFx(work).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return result;
    }

    @Test
    void aDraggedColumnAndAHiddenOneStayThatWayInTheNextGrid() throws Exception {
        SettingsStore store = new SettingsStore(directory);
        try (SettingsService settings = SettingsService.open(store)) {
            SettingsBinding binding = new SettingsBinding(settings);
            TableView<Object> first = new TableView<>();
            onFx(
                    () -> {
                        binding.bindColumns(first, TABLE);
                        first.getColumns()
                                .setAll(
                                        List.of(
                                                column("EntityRef"),
                                                column("Detail"),
                                                column("name"),
                                                column("plan")));
                        // what a header drag does: take the column out, put it back elsewhere
                        TableColumn<Object, ?> plan = first.getColumns().remove(3);
                        first.getColumns().add(1, plan);
                        first.getColumns().get(2).setVisible(false);
                        return null;
                    });
            assertEquals(List.of("EntityRef", "plan", "Detail", "name"), names(first));
        }

        try (SettingsService settings = SettingsService.open(store)) {
            assertEquals(
                    List.of("EntityRef", "plan", "Detail", "name"),
                    settings.current().grid(TABLE).columnOrder());
            assertEquals(List.of("Detail"), settings.current().grid(TABLE).hiddenColumns());

            SettingsBinding binding = new SettingsBinding(settings);
            TableView<Object> next = new TableView<>();
            onFx(
                    () -> {
                        binding.bindColumns(next, TABLE);
                        // the grid's own order for a read that also brought a new attribute
                        next.getColumns()
                                .setAll(
                                        List.of(
                                                column("EntityRef"),
                                                column("Detail"),
                                                column("name"),
                                                column("plan"),
                                                column("ttl")));
                        return null;
                    });
            onFx(() -> null);
            assertEquals(List.of("EntityRef", "plan", "Detail", "name", "ttl"), names(next));
            assertEquals(
                    List.of(true, true, false, true, true),
                    next.getColumns().stream().map(TableColumn::isVisible).toList());
        }
    }
}
