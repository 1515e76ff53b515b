package io.dynoscope.ui.item;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemDiff;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.testsupport.UiChecks;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ShellView;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The inspector panel on its own in a window, driven as a person would. */
@ExtendWith(ApplicationExtension.class)
class ItemInspectorViewTest {

    private static final Key KEY = Key.of("pk", s("WS#acme"), "sk", s("META"));

    private final DynamoRepository repository = TestEngine.repository();
    private final BackgroundWork work =
            new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.fx());
    private ItemInspectorViewModel inspector;
    private String table;
    private Item seen;

    @Start
    void showInspector(Stage stage) {
        table = TestEngine.freshTable("inspector-view");
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s("WS#acme"));
        attributes.put("sk", s("META"));
        attributes.put("name", s("Acme"));
        attributes.put("plan", s("pro"));
        attributes.put("seats", n(12));
        repository.putItem(table, Item.of(attributes), (CompiledExpression) null);
        seen = current();

        inspector = new ItemInspectorViewModel(work);
        inspector
                .tableProperty()
                .set(
                        new InspectedTable(
                                repository.describeTable(table),
                                new ConnectionServices(repository)));
        inspector.itemProperty().set(seen);
        // as wide as the inspector's tool window at the default window size
        Scene scene = new Scene(ItemInspectorView.load(inspector), 300, 640);
        ShellView.applyTheme(scene, false);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopWork() throws Exception {
        work.shutdown();
        // headless windows share one screen: close this test's so the next test's clicks reach its
        // own
        FxToolkit.cleanupStages();
    }

    private Item current() {
        return repository.getItem(table, KEY, true).item().orElse(null);
    }

    @Test
    void anEditOpensOnTheFormWithTheCaretInItsFirstValue(FxRobot robot) {
        robot.clickOn("#editButton");
        WaitForAsyncUtils.waitForFxEvents();

        assertTrue(robot.lookup("#formToggle").queryAs(ToggleButton.class).isSelected());
        assertTrue(robot.lookup("#formPane").queryAs(ScrollPane.class).isVisible());
        assertFalse(robot.lookup("#editArea").queryAs(TextArea.class).isVisible());
        TextField name = robot.lookup("#form-name").queryAs(TextField.class);
        assertTrue(name.isFocused(), "the first value that can change: the keys cannot");
    }

    @Test
    void aMalformedEditShowsWhereItIsWrongAndWritesNothing(FxRobot robot) {
        robot.clickOn("#editButton");
        robot.clickOn("#dynamoJsonFormat");
        TextArea editor = robot.lookup("#editArea").queryAs(TextArea.class);
        robot.clickOn(editor);
        robot.push(KeyCode.CONTROL, KeyCode.END);
        robot.write(",");

        robot.clickOn("#reviewButton");

        Label error = robot.lookup("#errorLabel").queryAs(Label.class);
        assertTrue(error.isVisible());
        int lastLine = (int) editor.getText().lines().count();
        assertTrue(
                error.getText().startsWith("line " + lastLine + ", column 2: "), error.getText());
        assertTrue(
                robot.lookup("#saveButton").queryAs(Button.class).isDisabled(),
                "save waits for a sound edit");
        assertTrue(error.getLayoutY() > 0, "the error label sits below the line in error");

        robot.clickOn("#saveButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(seen, current());
    }

    @Test
    void aConflictShowsBothVersionsAndWritesNothingUntilTheUserChooses(FxRobot robot)
            throws Exception {
        robot.clickOn("#editButton");
        robot.clickOn("#dynamoJsonFormat");
        TextArea editor = robot.lookup("#editArea").queryAs(TextArea.class);
        robot.interact(() -> editor.setText(editor.getText().replace("\"Acme\"", "\"Acme Corp\"")));
        robot.clickOn("#reviewButton");
        Item theirs = seen.with("plan", s("enterprise"));
        repository.putItem(table, theirs, (CompiledExpression) null);

        robot.clickOn("#saveButton");
        FxWait.until(10, () -> robot.lookup("#conflictCurrent").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        String mine = robot.lookup("#conflictMine").queryAs(TextArea.class).getText();
        String inTable = robot.lookup("#conflictCurrent").queryAs(TextArea.class).getText();
        assertTrue(mine.contains("\"Acme Corp\"") && mine.contains("\"pro\""), mine);
        assertTrue(inTable.contains("\"Acme\"") && inTable.contains("\"enterprise\""), inTable);
        assertTrue(
                robot.lookup("#conflictChanges")
                        .queryAs(Label.class)
                        .getText()
                        .contains("Changed meanwhile: plan."));
        assertEquals(theirs, current());
        Button safe =
                robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                        .filter(Button::isDefaultButton)
                        .findFirst()
                        .orElseThrow();
        assertEquals("Keep editing", safe.getText(), "the default button writes nothing");

        robot.clickOn("Overwrite with mine");
        FxWait.until(10, () -> s("Acme Corp").equals(current().attributes().get("name")));

        assertEquals(seen.with("name", s("Acme Corp")), current());
    }

    @Test
    void aConflictOnAnItemOfThirtyAttributesShowsTheOneThatDiffersFirstWithoutScrolling(
            FxRobot robot) throws Exception {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(seen.attributes());
        for (int i = 1; attributes.size() < 30; i++) {
            attributes.put(String.format("attr%02d", i), s("value " + i));
        }
        Item wide = Item.of(attributes);
        repository.putItem(table, wide, (CompiledExpression) null);
        robot.interact(() -> inspector.itemProperty().set(current()));
        robot.clickOn("#editButton");
        robot.clickOn("#dynamoJsonFormat");
        TextArea editor = robot.lookup("#editArea").queryAs(TextArea.class);
        robot.interact(() -> editor.setText(editor.getText().replace("\"value 23\"", "\"mine\"")));
        robot.clickOn("#reviewButton");
        repository.putItem(table, wide.with("attr23", s("theirs")), (CompiledExpression) null);

        robot.clickOn("#saveButton");
        FxWait.until(10, () -> robot.lookup("#conflictDifferences").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        List<Label> differing =
                robot
                        .lookup("#conflictDifferences .conflict-differs")
                        .queryAllAs(Label.class)
                        .stream()
                        .toList();
        assertEquals(
                List.of("attr23", "\"value 23\"", "\"theirs\"", "\"mine\""),
                onFx(
                        () ->
                                differing.stream()
                                        .sorted(
                                                Comparator.comparing(
                                                        (Label l) -> GridPane.getColumnIndex(l)))
                                        .map(Label::getText)
                                        .toList()),
                "one row: the attribute, what you saw, what is there now, your edit");
        for (Label cell : differing) {
            assertEquals(
                    Integer.valueOf(1),
                    GridPane.getRowIndex(cell),
                    "the first row under the titles");
        }
        Window dialog = differing.get(0).getScene().getWindow();
        assertTrue(dialog.getWidth() <= 1280 && dialog.getHeight() <= 800, "fits 1280x800");
        Bounds viewport =
                robot.lookup("#conflictScroll")
                        .queryAs(ScrollPane.class)
                        .localToScreen(
                                robot.lookup("#conflictScroll")
                                        .queryAs(ScrollPane.class)
                                        .getLayoutBounds());
        for (Label cell : differing) {
            Bounds shown = cell.localToScreen(cell.getLayoutBounds());
            assertTrue(
                    viewport.contains(shown)
                            && shown.getMaxY() <= dialog.getY() + dialog.getHeight(),
                    cell.getText() + " is visible without scrolling: " + shown + " in " + viewport);
        }
        TitledPane same = robot.lookup("#conflictUnchanged").queryAs(TitledPane.class);
        assertFalse(same.isExpanded(), "the attributes that did not change are folded");
        assertEquals("29 attributes the same in all three versions", same.getText());
        robot.clickOn("Keep editing");
    }

    @Test
    void theFormChangesOneValueAndSavesIt(FxRobot robot) throws Exception {
        robot.clickOn("#editButton");
        robot.clickOn("#formToggle");
        TextField name = robot.lookup("#form-name").queryAs(TextField.class);
        robot.doubleClickOn(name)
                .eraseText(name.getText().length())
                .write("Acme Form")
                .type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        TextField seats = robot.lookup("#form-seats").queryAs(TextField.class);
        robot.doubleClickOn(seats)
                .eraseText(seats.getText().length())
                .write("many")
                .type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                robot.lookup(".error-text").queryAllAs(Label.class).stream()
                        .anyMatch(
                                l ->
                                        l.isVisible()
                                                && l.getText()
                                                        .equals("seats: 'many' is not a number")),
                "the wrong value is named");

        robot.clickOn("#reviewButton");
        robot.clickOn("#saveButton");
        FxWait.until(10, () -> s("Acme Form").equals(current().attributes().get("name")));
        assertEquals(
                seen.attributes().get("seats"),
                current().attributes().get("seats"),
                "the rejected value was not written");
    }

    @Test
    void theFirstReviewAfterTypingInTheFormShowsTheChange(FxRobot robot) {
        robot.clickOn("#editButton");
        robot.clickOn("#formToggle");
        TextField name = robot.lookup("#form-name").queryAs(TextField.class);
        robot.clickOn(name).push(KeyCode.CONTROL, KeyCode.A).write("Acme Corp");

        robot.clickOn("#reviewButton");

        @SuppressWarnings("unchecked")
        ListView<ItemDiff.Change> diff = robot.lookup("#diffList").queryAs(ListView.class);
        assertEquals(
                List.of("name"),
                diff.getItems().stream().map(ItemDiff.Change::attribute).toList(),
                "one review shows the change typed");
        assertEquals(s("Acme Corp"), diff.getItems().get(0).after());
        assertFalse(robot.lookup("#saveButton").queryAs(Button.class).isDisabled());
        assertEquals(seen, current(), "a review writes nothing");
    }

    @Test
    void aLongStringIsEditedOnSeveralLinesAtTheFormsFullWidth(FxRobot robot) throws Exception {
        String description = "A workspace for the platform team, with every project since 2019.";
        repository.putItem(
                table, seen.with("description", s(description)), (CompiledExpression) null);
        robot.interact(() -> inspector.itemProperty().set(current()));
        robot.clickOn("#editButton");
        robot.clickOn("#formToggle");
        WaitForAsyncUtils.waitForFxEvents();

        TextArea area = robot.lookup("#form-description").queryAs(TextArea.class);
        assertTrue(area.isWrapText());
        assertTrue(area.getPrefRowCount() >= 2, "rows: " + area.getPrefRowCount());
        TextField seats = robot.lookup("#form-seats").queryAs(TextField.class);
        double formWidth = robot.lookup("#formBox").queryAs(VBox.class).getWidth();
        assertTrue(
                seats.getWidth() > formWidth * 0.8,
                "a value takes the form's width: " + seats.getWidth() + " of " + formWidth);
    }

    @Test
    void enterInTheConflictKeepsEditingAndWritesNothing(FxRobot robot) throws Exception {
        robot.clickOn("#editButton");
        TextField name = robot.lookup("#form-name").queryAs(TextField.class);
        robot.interact(() -> name.setText("Acme Corp"));
        robot.clickOn("#reviewButton");
        Item theirs = seen.with("plan", s("enterprise"));
        repository.putItem(table, theirs, (CompiledExpression) null);
        robot.clickOn("#saveButton");
        FxWait.until(10, () -> robot.lookup("#conflictCurrent").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        robot.press(KeyCode.ENTER).release(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertFalse(robot.lookup("#conflictCurrent").tryQuery().isPresent(), "the dialog closed");
        assertTrue(inspector.editor().editingProperty().get(), "still editing");
        assertEquals(theirs, current(), "nothing written");
    }

    @Test
    void theDeleteConfirmationNamesTheKeysOfWhatWillBeDeleted(FxRobot robot) {
        robot.clickOn("#deleteButton");

        Label keys = robot.lookup("#deleteKeys").queryAs(Label.class);
        assertEquals("WS#acme / META", keys.getText());
        assertTrue(
                robot.lookup(".dialog-pane .header-panel .label")
                        .queryAs(Label.class)
                        .getText()
                        .startsWith("Delete 1 item from table"));
        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(seen, current(), "cancelled: nothing deleted");
    }

    @Test
    void everyControlHasATooltipAndNoLabelIsCutAtTheToolWindowsWidth(FxRobot robot)
            throws Exception {
        Parent root = robot.lookup(".inspector").queryAs(Parent.class);
        assertEquals(List.of(), onFx(() -> UiChecks.withoutTooltip(root)), "viewing");
        assertEquals(List.of(), onFx(() -> UiChecks.cutTexts(root)), "viewing");

        robot.clickOn("#editButton");
        robot.clickOn("#dynamoJsonFormat");
        assertEquals(List.of(), onFx(() -> UiChecks.withoutTooltip(root)), "editing JSON");
        assertEquals(List.of(), onFx(() -> UiChecks.cutTexts(root)), "editing JSON");

        robot.clickOn("#formToggle");
        robot.clickOn("#reviewButton");
        assertEquals(List.of(), onFx(() -> UiChecks.withoutTooltip(root)), "editing the form");
        assertEquals(List.of(), onFx(() -> UiChecks.cutTexts(root)), "editing the form");
        assertTrue(
                robot.lookup("#editArea").queryAs(TextArea.class).getHeight() > 300
                        || robot.lookup("#formPane").queryAs(ScrollPane.class).getHeight() > 300,
                "the editor takes the panel's height");
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return WaitForAsyncUtils.asyncFx(work).get(5, TimeUnit.SECONDS);
    }
}
