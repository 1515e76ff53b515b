package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.partitions.PartitionsViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.transfer.MappingRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The table administration of the workbench as a person uses it: the partitions report tab, a
 * read-only connection, the create-table form and the CSV import dialog.
 */
@ExtendWith(ApplicationExtension.class)
class AdminUiTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.shown("admin-saas");

    private static final String SAAS = app.table();

    @TempDir Path folder;

    /** Narrows the sidebar to one table and selects it. */
    private static void selectTable(FxRobot robot, String table) throws TimeoutException {
        robot.clickOn("#tableFilter").write(table);
        FxWait.until(10, () -> tableCell(robot, table).isPresent());
        robot.clickOn(tableCell(robot, table).orElseThrow());
    }

    private static Optional<Node> tableCell(FxRobot robot, String table) {
        return robot.lookup("#tree .tree-cell")
                .match((TreeCell<?> cell) -> table.equals(cell.getText()))
                .tryQuery();
    }

    /** An item of the context menu of the sidebar's cell that shows {@code cellText}. */
    private static MenuItem contextItem(FxRobot robot, String cellText, String title) {
        TreeCell<?> cell =
                robot.lookup("#tree .tree-cell")
                        .match(
                                (TreeCell<?> c) ->
                                        cellText.equals(c.getText())
                                                || c.getItem() instanceof ConnectionEntry e
                                                        && cellText.equals(e.label()))
                        .query();
        return cell.getContextMenu().getItems().stream()
                .filter(i -> title.equals(i.getText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no menu item " + title));
    }

    /** Every item of the main window's menu bar, through the submenus. */
    private static List<MenuItem> menuItems(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().flatMap(AdminUiTest::itemsOf).toList();
    }

    private static Stream<MenuItem> itemsOf(Menu menu) {
        return menu.getItems().stream()
                .flatMap(i -> i instanceof Menu m ? itemsOf(m) : Stream.of(i));
    }

    private static MenuItem menuItem(FxRobot robot, String id) {
        return menuItems(robot).stream()
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no menu item " + id));
    }

    /** The content of the dialog window whose title starts so, once it is shown. */
    private static Parent dialog(FxRobot robot, String title) throws TimeoutException {
        FxWait.until(10, () -> dialogWindow(robot, title).isPresent());
        return dialogWindow(robot, title).orElseThrow().getScene().getRoot();
    }

    private static Optional<Window> dialogWindow(FxRobot robot, String title) {
        return robot.listWindows().stream()
                .filter(w -> w instanceof Stage s && s.getTitle() != null)
                .filter(w -> ((Stage) w).getTitle().startsWith(title))
                .filter(Window::isShowing)
                .findFirst();
    }

    @Test
    void thePartitionsReportOpensFromTheTableMenuAndReportsTheSaasTable(FxRobot robot)
            throws TimeoutException {
        TestWorkbench.connect(robot);
        selectTable(robot, SAAS);

        MenuItem report = menuItem(robot, "menu-partitions");
        assertEquals("Partitions report…", report.getText());
        robot.interact(report::fire);

        FxWait.until(
                10,
                () ->
                        robot.lookup(".tab-label").queryAll().stream()
                                .anyMatch(
                                        l ->
                                                l instanceof Label label
                                                        && ("Partitions · " + SAAS)
                                                                .equals(label.getText())));
        // a local engine's report reads the table as the tab opens, without a click
        TableView<PartitionsViewModel.PartitionRow> partitions =
                robot.lookup("#partitionsTable").queryTableView();
        FxWait.until(60, () -> !partitions.getItems().isEmpty());
        // the oversized tenant is the biggest partition of the sample data
        assertEquals(SampleData.HUGE, partitions.getItems().get(0).key());
        String summary = robot.lookup(".partitions-summary").queryAs(Label.class).getText();
        assertTrue(summary.contains(TestEngine.items(SAAS).size() + " items"), summary);
        // what the read cost is said once, in the window's status bar, not again in the tab
        Label status = robot.lookup(".status-line").queryAs(Label.class);
        FxWait.until(20, () -> status.getText().startsWith("Read "));
        long shown =
                robot.lookup(".label").queryAll().stream()
                        .filter(n -> n instanceof Label l && status.getText().equals(l.getText()))
                        .count();
        assertEquals(1, shown, "labels saying '" + status.getText() + "'");
    }

    @Test
    void onAReadOnlyConnectionNoWriteActionIsEnabled(FxRobot robot) throws TimeoutException {
        // the connection's own menu marks it read-only
        CheckMenuItem readOnly = (CheckMenuItem) contextItem(robot, "Local sandbox", "Read-only");
        assertFalse(readOnly.isSelected(), "the sandbox is writable by default");
        // what a click on a check item does: tick it, then act
        robot.interact(
                () -> {
                    readOnly.setSelected(true);
                    readOnly.fire();
                });
        TestWorkbench.connect(robot);
        assertTrue(robot.lookup(".status-read-only").queryAs(Label.class).isVisible());
        selectTable(robot, SAAS);
        robot.doubleClickOn(tableCell(robot, SAAS).orElseThrow());
        Label status = robot.lookup(".status-line").queryAs(Label.class);
        FxWait.until(20, () -> status.getText().contains("returned"));
        robot.clickOn(SampleData.ACME);
        WaitForAsyncUtils.waitForFxEvents();

        for (String id :
                List.of(
                        "editItemItem",
                        "newItemItem",
                        "duplicateItemItem",
                        "deleteItemsItem",
                        "menu-create-table",
                        "menu-time-to-live",
                        "menu-indexes",
                        "menu-delete-table",
                        "menu-import")) {
            assertTrue(menuItem(robot, id).isDisable(), id + " is disabled");
        }
        // reading stays possible: the partitions report and the clone (which writes elsewhere)
        assertFalse(menuItem(robot, "menu-partitions").isDisable());
        assertFalse(menuItem(robot, "menu-clone").isDisable());
        for (String id :
                List.of("#editButton", "#newButton", "#duplicateButton", "#deleteButton")) {
            assertTrue(robot.lookup(id).queryAs(Button.class).isDisable(), id + " is disabled");
        }
        assertTrue(
                robot.lookup("#editButton")
                        .queryAs(Button.class)
                        .getTooltip()
                        .getText()
                        .contains("read-only"));
        for (String title :
                List.of("Time to live…", "Indexes…", "Delete table…", "Import into table…")) {
            assertTrue(
                    contextItem(robot, SAAS, title).isDisable(),
                    title + " is disabled in the table's menu");
        }
        assertTrue(
                contextItem(robot, "Local sandbox", "Create table…").isDisable(),
                "Create table is disabled in the connection's menu");

        // the SQL console reads, and refuses a write before sending anything
        robot.interact(contextItem(robot, SAAS, "SQL console…")::fire);
        CodeArea editor = robot.lookup("#editor").queryAs(CodeArea.class);
        String insert =
                "INSERT INTO \"" + SAAS + "\" (EntityRef, Detail) VALUES ('WS#readonly', 'META')";
        robot.interact(() -> editor.replaceText(insert));
        robot.clickOn("#runButton");
        Label error = robot.lookup("#errorLabel").queryAs(Label.class);
        FxWait.until(10, () -> error.getText().startsWith("refused:"));
        assertTrue(error.getText().contains("read-only"), error.getText());
        assertTrue(
                TestEngine.items(SAAS).stream()
                        .noneMatch(
                                i ->
                                        AttributeValue.s("WS#readonly")
                                                .equals(i.attributes().get("EntityRef"))),
                "nothing was written");
    }

    @Test
    void aTableCreatedFromTheFormAppearsInTheSidebarWithItsKeys(FxRobot robot)
            throws TimeoutException {
        String name = TestEngine.uniqueTableName("admin-created");
        TestWorkbench.connect(robot);
        robot.interact(menuItem(robot, "menu-create-table")::fire);
        Parent form = dialog(robot, "Create table on Local sandbox");
        assertEquals(
                "",
                robot.from(form).lookup("#problemLabel").queryAs(Label.class).getText(),
                "nothing is wrong before anything is typed");

        robot.clickOn(robot.from(form).lookup("#tableNameField").queryAs(Node.class)).write(name);
        robot.clickOn(robot.from(form).lookup("#partitionKeyField").queryAs(Node.class))
                .write("tenant");
        robot.clickOn(robot.from(form).lookup("#sortKeyField").queryAs(Node.class)).write("at");
        @SuppressWarnings("unchecked")
        ChoiceBox<KeyType> sortType =
                robot.from(form).lookup("#sortKeyTypeChoice").queryAs(ChoiceBox.class);
        robot.interact(() -> sortType.setValue(KeyType.N));
        String request = robot.from(form).lookup("#requestArea").queryTextInputControl().getText();
        assertTrue(request.startsWith("CreateTable\n"), request);
        assertTrue(request.contains(name) && request.contains("tenant"), request);

        robot.clickOn(robot.from(form).lookup("#createButton").queryAs(Node.class));
        Label status = robot.from(form).lookup("#statusLabel").queryAs(Label.class);
        FxWait.until(30, () -> status.getText().startsWith("Created table " + name));
        // done: Create is off, Close is the default button
        assertTrue(robot.from(form).lookup("#createButton").queryButton().isDisabled());
        Button close = robot.from(form).lookup("#closeButton").queryButton();
        assertTrue(close.isDefaultButton());
        robot.clickOn(close);

        robot.clickOn("#tableFilter").write(name);
        FxWait.until(10, () -> tableCell(robot, name).isPresent());
        TableInfo created = TestEngine.repository().describeTable(name);
        assertEquals(KeySchema.of("tenant", "at"), created.keySchema());
        assertEquals(Map.of("tenant", "S", "at", "N"), created.keyAttributeTypes());
    }

    @Test
    void aCsvImportedWithAMappingHoldsTheExactValues(FxRobot robot) throws Exception {
        String table = TestEngine.freshTable("admin-import");
        Path file = folder.resolve("prices.csv");
        Files.writeString(
                file,
                "id,seq,price,note\n"
                        + "P#1,a,12.345678901234567890123456789012345678,hello\n"
                        + "P#2,b,-0.5,\"x, y\"\n");
        TestWorkbench.connect(robot);
        selectTable(robot, table);
        robot.interact(menuItem(robot, "menu-import")::fire);
        Parent importer = dialog(robot, "Import into " + table);

        robot.clickOn(robot.from(importer).lookup("#fileField").queryAs(Node.class))
                .write(file.toString())
                .type(KeyCode.ENTER);
        FxWait.until(
                10, () -> robot.from(importer).lookup("#map-3-attribute").tryQuery().isPresent());
        robot.clickOn(robot.from(importer).lookup("#map-0-attribute").queryAs(Node.class))
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write("pk");
        robot.clickOn(robot.from(importer).lookup("#map-1-attribute").queryAs(Node.class))
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write("sk");
        @SuppressWarnings("unchecked")
        ChoiceBox<MappingRow.Type> priceType =
                robot.from(importer).lookup("#map-2-type").queryAs(ChoiceBox.class);
        robot.interact(() -> priceType.setValue(MappingRow.Type.N));
        FxWait.until(
                10,
                () ->
                        robot
                                .from(importer)
                                .lookup("#previewList")
                                .queryListView()
                                .getItems()
                                .stream()
                                .anyMatch(
                                        line ->
                                                line.toString()
                                                        .contains(
                                                                "\"price\":{\"N\":\"12.345678901234567890123456789012345678\"}")));

        robot.clickOn(robot.from(importer).lookup("#importButton").queryAs(Node.class));
        Label report = robot.from(importer).lookup("#reportLabel").queryAs(Label.class);
        FxWait.until(30, () -> report.getText().startsWith("Imported 2 items"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(
                robot.from(importer).lookup("#importButton").queryButton().isDisabled(),
                "a finished import cannot be sent again by a second click");
        assertTrue(robot.from(importer).lookup("#closeButton").queryButton().isDefaultButton());

        assertEquals(
                Set.of(
                        Item.of(
                                Map.of(
                                        "pk", AttributeValue.s("P#1"),
                                        "sk", AttributeValue.s("a"),
                                        "price",
                                                AttributeValue.n(
                                                        "12.345678901234567890123456789012345678"),
                                        "note", AttributeValue.s("hello"))),
                        Item.of(
                                Map.of(
                                        "pk", AttributeValue.s("P#2"),
                                        "sk", AttributeValue.s("b"),
                                        "price", AttributeValue.n("-0.5"),
                                        "note", AttributeValue.s("x, y")))),
                TestEngine.items(table));
    }

    @Test
    void aTableClonedOnTheSameConnectionHoldsEveryItemAndSaysSo(FxRobot robot) throws Exception {
        String source = TestEngine.freshTable(GeneratedItems.table("admin-clone"));
        TestEngine.repository()
                .batchWrite(source, GeneratedItems.items(300), List.of(), Cancellation.none());
        String copy = TestEngine.uniqueTableName("admin-copy");
        TestWorkbench.connect(robot);
        selectTable(robot, source);
        robot.interact(menuItem(robot, "menu-clone")::fire);
        Parent clone = dialog(robot, "Clone " + source);

        robot.clickOn(robot.from(clone).lookup("#targetTableField").queryAs(Node.class))
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write(copy);
        robot.clickOn(robot.from(clone).lookup("#cloneButton").queryAs(Node.class));
        Label report = robot.from(clone).lookup("#reportLabel").queryAs(Label.class);
        FxWait.until(60, () -> report.getText().startsWith("Cloned "));

        assertTrue(
                report.getText()
                        .startsWith(
                                "Cloned 300 items to "
                                        + copy
                                        + " on Local sandbox. Count check: the copy holds 300"
                                        + " items"),
                report.getText());
        assertEquals(TestEngine.items(source), TestEngine.items(copy));
        assertEquals(
                TestEngine.repository().describeTable(source).keySchema(),
                TestEngine.repository().describeTable(copy).keySchema());
    }
}
