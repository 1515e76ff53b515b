package io.dynoscope.ui.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Migrate… window as a person uses it: Plan shows the plan and writes nothing, Apply runs it
 * with progress and shows the report, which is saved; on a read-only connection Apply stays off.
 */
@ExtendWith(ApplicationExtension.class)
class MigrationViewTest {

    @TempDir static Path folder;

    private BackgroundWork work;
    private String table;

    @Start
    void start(Stage stage) throws Exception {
        table = MigrationFixture.table("migration-view");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(2));
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        TableDesign target = ModelJson.read(MigrationFixture.TARGET).tables().get(0);
        MigrationViewModel viewModel =
                new MigrationViewModel(
                        table,
                        Optional.of(
                                new MigrationPlanner.Source(
                                        MigrationFixture.model(MigrationFixture.CURRENT, table),
                                        "the saved model")),
                        target,
                        new MigrationViewModel.Services(
                                new MigrationPlanner(TestEngine.repository()),
                                new Migration(TestEngine.repository()),
                                Optional.empty(),
                                Optional.of(folder),
                                Optional.empty()),
                        work);
        stage.setScene(new Scene(MigrationView.load(viewModel), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void planThenApplyShowsThePlanTheProgressAndTheReport(FxRobot robot) throws Exception {
        Map<String, Item> before = MigrationFixture.byKey(TestEngine.repository(), table);
        Button apply = robot.lookup("#applyButton").queryButton();
        assertTrue(apply.isDisable(), "nothing to apply before a plan");

        robot.clickOn("#planButton");
        TextArea plan = robot.lookup("#planArea").query();
        waitFor(() -> plan.getText().contains("Cost"));

        assertTrue(
                plan.getText()
                        .contains("create byAssignee (GSI2PK / GSI2SK, ALL) before the backfill"),
                plan.getText());
        assertTrue(plan.getText().contains("recompute GSI1PK = STATUS#{status}"), plan.getText());
        long tasks =
                MigrationFixture.items(2).stream()
                        .filter(
                                i ->
                                        i.get("Detail").orElseThrow()
                                                        instanceof AttributeValue.Str detail
                                                && detail.value().startsWith("TASK#"))
                        .count();
        assertTrue(plan.getText().contains("task (" + tasks + " items, "), plan.getText());
        assertTrue(plan.getText().contains("UpdateItem ("), plan.getText());
        WaitForAsyncUtils.waitForFxEvents();
        List<String> sections =
                robot.lookup("#planSections > .titled-pane").queryAllAs(TitledPane.class).stream()
                        .map(TitledPane::getText)
                        .toList();
        assertEquals(
                List.of("Summary", "Indexes", "Entities", "Writes", "Cost", "Warnings"),
                sections.stream().filter(t -> !t.startsWith("Access")).toList(),
                "the plan in sections, not one block: " + sections);
        List<TitledPane> examples =
                List.copyOf(robot.lookup(".example-request").queryAllAs(TitledPane.class));
        assertFalse(examples.isEmpty(), "each backfill write has its example request");
        assertTrue(examples.stream().noneMatch(TitledPane::isExpanded), "the examples are folded");
        assertTrue(
                robot.lookup("#planSection-cost").queryAs(TitledPane.class).isExpanded(),
                "the sections themselves are open");
        assertEquals(
                before,
                MigrationFixture.byKey(TestEngine.repository(), table),
                "the dry run wrote nothing");
        assertFalse(apply.isDisable());

        robot.clickOn("#applyButton");
        TextArea requests = robot.lookup("#confirmArea").query();
        waitFor(() -> requests.isVisible() && requests.getText().contains("UpdateTable"));
        assertEquals(
                before,
                MigrationFixture.byKey(TestEngine.repository(), table),
                "nothing is sent before the confirmation");
        assertTrue(requests.getText().contains("ConditionExpression"), requests.getText());

        robot.clickOn("#confirmButton");
        TextArea report = robot.lookup("#reportArea").query();
        waitFor(() -> report.getText().contains("Proof:"));

        TabPane tabs = robot.lookup("#tabs").query();
        assertEquals("Report", tabs.getSelectionModel().getSelectedItem().getText());
        assertTrue(report.getText().contains("applied and proven"), report.getText());
        assertTrue(report.getText().contains("Proof: passed"), report.getText());
        assertTrue(
                report.getText()
                        .contains(
                                "other attributes: byte-identical before and after in every entity"),
                report.getText());
        assertTrue(report.getText().contains("Report saved to " + folder), report.getText());
        Label progress = robot.lookup("#progressLabel").query();
        assertEquals("Applied and proven", progress.getText());
        try (var saved = Files.list(folder)) {
            assertTrue(
                    saved.anyMatch(
                            f -> f.getFileName().toString().endsWith(".migration-report.json")));
        }
        for (Item item : MigrationFixture.byKey(TestEngine.repository(), table).values()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item), MigrationFixture.computedIn(item));
        }
    }

    private static void waitFor(Callable<Boolean> condition) throws TimeoutException {
        FxWait.until(120, condition);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
