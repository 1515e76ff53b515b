package io.dynoscope.ui.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.grid.ItemGridViewModel;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table tab's save that ends after the person selected another row: the grid shows the saved item
 * and keeps the person's selection (the save is held by a {@link HeldExecutor} while the test
 * selects).
 */
class TableTabInterleavingTest {

    private static final String TABLE = TestEngine.uniqueTableName("tab-interleaving");

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, TABLE);
    }

    @Test
    void aSaveEndingAfterThePersonSelectedAnotherRowLeavesTheirSelection() {
        HeldExecutor held = new HeldExecutor();
        BackgroundWork work = new BackgroundWork(held, UiExecutor.inline());
        ConnectionServices services = new ConnectionServices(TestEngine.repository());
        ItemGridViewModel grid = new ItemGridViewModel(TABLE, services, work);
        TableTab tab =
                new TableTab(
                        grid,
                        services,
                        new DriftInspectorViewModel(TABLE, services, work),
                        work,
                        new DialogService(() -> null),
                        new ToolWindows(),
                        SnippetOptions.aws(),
                        null);
        grid.open(false);
        held.runAll();
        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
        grid.run();
        held.runAll();
        CollectionRow metaRow = grid.rows().get(1);
        CollectionRow projectRow = grid.rows().get(2);
        grid.loaded().select(metaRow);
        tab.inspector().startEdit();
        StringProperty text = tab.inspector().editor().editTextProperty();
        text.set(text.get().replace("\"plan\"", "\"note\": {\"S\": \"moved\"}, \"plan\""));

        tab.inspector().saves().save();
        grid.loaded().select(projectRow); // while the save is under way
        held.runAll();

        Item project = ((CollectionRow.ItemRow) projectRow).item();
        assertEquals(project, grid.loaded().selectedItemProperty().get());
        assertEquals(
                project,
                ((CollectionRow.ItemRow) grid.rows().get(grid.loaded().rowToSelectProperty().get()))
                        .item(),
                "the view selects the person's row again after the rows are shown anew");
        Item meta = ((CollectionRow.ItemRow) grid.rows().get(1)).item();
        assertEquals(
                AttributeValue.s("moved"), meta.attributes().get("note"), "the saved item shows");
        assertTrue(tab.inspector().saves().statusProperty().get().startsWith("Saved"));
    }
}
