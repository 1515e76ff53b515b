package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A pattern's reading in the Model tab is a row of fields a person corrects: entity, given, range,
 * order, limit and along-with. A reading that rests on a guess is marked until a person corrects a
 * field; the proposal then holds the corrected reading, confirmed.
 */
@ExtendWith(ApplicationExtension.class)
class PatternReadingUiTest {

    private BackgroundWork work;
    private TableModelViewModel viewModel;

    @Start
    void start(Stage stage) {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
        viewModel = new TableModelViewModel(List.of(), work, null);
        stage.setScene(new Scene(TableModelView.load(viewModel), 1280, 800));
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        FxToolkit.cleanupStages();
    }

    @Test
    void aGuessIsMarkedAndAnEditedFieldConfirmsIt(FxRobot robot) throws TimeoutException {
        robot.clickOn("#entityNameField").write("customer");
        robot.clickOn("#entityAttributesField").write("email:S");
        robot.clickOn("#addEntityButton");
        robot.clickOn("#entityNameField").write("order");
        robot.clickOn("#entityParentField").write("customer");
        robot.clickOn("#entityAttributesField").write("status:S, placedAt:S");
        robot.clickOn("#addEntityButton");
        robot.clickOn("#patternWordsField").write("frobnicate the quux").type(KeyCode.ENTER);

        TableView<PatternRow> patterns = robot.lookup("#patternsTable").queryTableView();
        List<String> headers = patterns.getColumns().stream().map(TableColumn::getText).toList();
        assertTrue(
                headers.containsAll(
                        List.of("Entity", "Given", "Range", "Order", "Limit", "Along with")),
                headers.toString());
        PatternRow row = patterns.getItems().get(0);
        assertTrue(
                row.unsureProperty().get().contains("name no entity"), row.unsureProperty().get());
        assertEquals(1, robot.lookup("#patternsTable .reading-unsure").queryAll().size());

        edit(robot, "Entity", "customer", "order");
        edit(robot, "Given", "customerId", "status");
        FxWait.until(10, () -> row.unsureProperty().get().isEmpty());
        assertEquals(0, robot.lookup("#patternsTable .reading-unsure").queryAll().size());

        robot.interact(() -> viewModel.design().propose());
        FxWait.until(10, () -> viewModel.design().designProperty().get() != null);
        AccessPattern proposed =
                viewModel.design().designProperty().get().model().accessPatterns().get(0);
        assertEquals(List.of("order"), proposed.entities());
        assertEquals(List.of("status"), proposed.question().orElseThrow().given());
        assertEquals(List.of(), proposed.unsure(), "corrected in the row: confirmed");
        headersFit(robot);

        robot.clickOn("#newButton");
        FxWait.until(10, () -> viewModel.design().designProperty().get() == null);
        for (String id :
                List.of("#entitiesTable", "#patternsTable", "#keysTable", "#servedTable")) {
            assertTrue(robot.lookup(id).queryTableView().getItems().isEmpty(), id + " is stale");
        }
        assertTrue(robot.lookup("#indexesList").queryListView().getItems().isEmpty());
        headersFit(robot);
    }

    /** At 1280x800 no column of the input side or the design side is cut, nor its header. */
    private static void headersFit(FxRobot robot) {
        for (String id :
                List.of("#entitiesTable", "#patternsTable", "#keysTable", "#servedTable")) {
            TableView<?> table = robot.lookup(id).queryTableView();
            double widths = table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum();
            assertTrue(widths <= table.getWidth(), id + ": a column off to the right");
            for (TableColumn<?, ?> column : table.getColumns()) {
                double text = new Text(column.getText()).getLayoutBounds().getWidth();
                assertTrue(
                        column.getWidth() >= text + 10,
                        id + " " + column.getText() + ": " + column.getWidth() + " < " + text);
            }
        }
    }

    /** Double-clicks the cell of {@code column} showing {@code shown} and types {@code text}. */
    private static void edit(FxRobot robot, String column, String shown, String text) {
        Node cell =
                robot.lookup("#patternsTable .table-cell")
                        .match(
                                (Node n) ->
                                        n instanceof TableCell<?, ?> c
                                                && c.getTableColumn() != null
                                                && column.equals(c.getTableColumn().getText())
                                                && shown.equals(c.getText()))
                        .query();
        robot.doubleClickOn(cell);
        robot.push(KeyCode.CONTROL, KeyCode.A).write(text).type(KeyCode.ENTER);
    }
}
