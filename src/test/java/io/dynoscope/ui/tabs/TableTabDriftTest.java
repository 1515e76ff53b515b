package io.dynoscope.ui.tabs;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.grid.ItemGridViewModel;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A table tab with its drift inspector: the drift reads count in the tab's total, and what was said
 * of a refused save goes once the next action starts or the conflict is settled.
 */
class TableTabDriftTest {

    private static final String TABLE = TestEngine.uniqueTableName("tab-drift");
    private static final Pattern TOTAL =
            Pattern.compile("tab total: (\\d+) requests? · ([0-9.]+) RCU");
    private final HeldExecutor held = new HeldExecutor();
    private final BackgroundWork work = new BackgroundWork(held, UiExecutor.inline());

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.BLOG, TABLE);
    }

    private TableTab tab() {
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
        grid.run(ReadRequest.scan(TABLE, 100));
        held.runAll();
        assertFalse(grid.rows().isEmpty(), "the first page is loaded");
        return tab;
    }

    private static double totalUnits(TableTab tab) {
        Matcher total = TOTAL.matcher(tab.grid().totalsProperty().get());
        assertTrue(total.find(), tab.grid().totalsProperty().get());
        return Double.parseDouble(total.group(2));
    }

    @Test
    void theDriftDetectionsCapacityIsAddedToTheTabsTotal() {
        TableTab tab = tab();
        double before = totalUnits(tab);
        DriftInspectorViewModel drift = tab.drift();
        drift.suggestRules();
        held.runAll();
        DenormalizationRule rule =
                drift.rules().stream()
                        .filter(r -> r.copies().attribute().toString().equals("authorName"))
                        .findFirst()
                        .orElseThrow();
        drift.selectedRuleProperty().set(rule);

        drift.detect();
        held.runAll();

        double detection =
                Double.parseDouble(
                        drift.readFiguresProperty()
                                .get()
                                .replaceAll("^.*· ([0-9.]+) RCU.*$", "$1"));
        assertTrue(detection > 0, drift.readFiguresProperty().get());
        assertEquals(before + detection, totalUnits(tab), 0.001);
        assertTrue(
                tab.grid().lastReadProperty().get().startsWith("Drift detection: "),
                tab.grid().lastReadProperty().get());
    }

    @Test
    void whatWasSaidOfARefusedSaveGoesWhenItsConflictIsSettledAndTheNextReadStarts() {
        TableTab tab = tab();
        ItemGridViewModel grid = tab.grid();
        CollectionRow row =
                grid.rows().stream()
                        .filter(r -> r instanceof CollectionRow.ItemRow)
                        .findFirst()
                        .orElseThrow();
        grid.loaded().select(row);
        Item seen = ((CollectionRow.ItemRow) row).item();
        tab.inspector().startEdit();
        StringProperty text = tab.inspector().editor().editTextProperty();
        text.set(text.get().replaceFirst("\\{", "{\"note\": {\"S\": \"mine\"}, "));
        KeySchema keys = grid.tableInfoProperty().get().keySchema();
        String changed =
                seen.attributes().keySet().stream()
                        .filter(a -> !keys.isKeyAttribute(a))
                        .findFirst()
                        .orElseThrow();
        TestEngine.repository()
                .putItem(TABLE, seen.with(changed, s("theirs")), (CompiledExpression) null);
        assertTrue(tab.inspector().saves().save().isPresent(), "the save was sent");
        held.runAll();
        assertNotNull(tab.inspector().saves().conflictProperty().get());
        assertTrue(
                grid.lastReadProperty().get().startsWith("Refused (the item changed)"),
                grid.lastReadProperty().get());

        tab.inspector().saves().keepTheirs();

        assertTrue(
                grid.lastReadProperty().get().startsWith("Last read: "),
                "the refusal is settled: " + grid.lastReadProperty().get());
        assertEquals(
                "Your edit was discarded; showing the current version.",
                tab.inspector().saves().statusProperty().get());

        grid.run(ReadRequest.scan(TABLE, 100));

        assertEquals(
                "",
                tab.inspector().saves().statusProperty().get(),
                "the next action started: the discarded edit is no longer news");
        held.runAll();
        assertFalse(grid.lastReadProperty().get().contains("Refused"));
    }
}
