package io.dynoscope.ui.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The expression builder panel, clicked through headless as a person would. */
@ExtendWith(ApplicationExtension.class)
class ExpressionBuilderViewTest {

    private static final TableInfo SAAS =
            new TableInfo(
                    "saas",
                    "ACTIVE",
                    KeySchema.of("EntityRef", "Detail"),
                    Map.of("EntityRef", "S", "Detail", "S"),
                    List.of(),
                    List.of(),
                    "PAY_PER_REQUEST",
                    0,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);

    private ExpressionBuilderViewModel viewModel;
    private final List<SnippetRequest> ran = new ArrayList<>();

    @AfterEach
    void closeWindows() throws Exception {
        // headless windows share one screen: close this test's so the next test's clicks reach its
        // own
        FxToolkit.cleanupStages();
    }

    @Start
    void start(Stage stage) {
        viewModel =
                new ExpressionBuilderViewModel(
                        SAAS,
                        SnippetOptions.local(
                                URI.create("http://localhost:8000"), "us-east-1", "dynoscope"));
        viewModel.setOnRun(ran::add);
        stage.setScene(new Scene(ExpressionBuilderView.load(viewModel), 1000, 800));
        stage.show();
    }

    /**
     * Clicks into a field, lets the click settle (the first one also focuses the window), and
     * types.
     */
    private static void type(FxRobot robot, String query, String text) {
        robot.clickOn(query);
        WaitForAsyncUtils.waitForFxEvents();
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theSeedKeyConditionIsBuiltByClicking(FxRobot robot) {
        type(robot, "#row-0-value", "WS#acme");
        robot.clickOn("+ row");
        type(robot, "#row-1-value", "PROJ#");
        robot.clickOn("#newestFirstCheck");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(
                "#er = :er AND begins_with(#d, :p)",
                robot.lookup("#expressionText").queryAs(Label.class).getText());
        String names = robot.lookup("#namesArea").queryAs(TextArea.class).getText();
        assertTrue(
                names.contains("\"#er\" : \"EntityRef\"") && names.contains("\"#d\" : \"Detail\""),
                names);
        String values = robot.lookup("#valuesArea").queryAs(TextArea.class).getText();
        assertTrue(values.contains("\"WS#acme\"") && values.contains("\"PROJ#\""), values);
        assertEquals("", robot.lookup("#problemsLabel").queryAs(Label.class).getText());
        assertTrue(
                robot.lookup("#snippet-js")
                        .queryAs(TextArea.class)
                        .getText()
                        .contains("ScanIndexForward: false"));

        robot.clickOn("#runButton");

        assertEquals(1, ran.size());
        assertEquals(
                "#er = :er AND begins_with(#d, :p)",
                ran.get(0).expressions().get(ExpressionKind.KEY_CONDITION));
    }

    private static Point2D at(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        Bounds bounds = node.localToScene(node.getLayoutBounds());
        return new Point2D(bounds.getMinX(), bounds.getMinY());
    }

    @Test
    void aRowsProblemIsInTheThemesErrorColour(FxRobot robot) {
        robot.interact(() -> viewModel.kindProperty().set(ExpressionKind.FILTER));
        type(robot, "#row-0-attribute", "status");
        Label problem = robot.lookup("#row-0-problem").queryAs(Label.class);
        Label problems = robot.lookup("#problemsLabel").queryAs(Label.class);
        // the workbench's themes, as the shell applies them; their -ds-error
        for (var theme : Map.of("light.css", "#c0392b", "dark.css", "#ff6b5b").entrySet()) {
            robot.interact(
                    () ->
                            problem.getScene()
                                    .getStylesheets()
                                    .setAll(
                                            getClass()
                                                    .getResource(
                                                            "/io/dynoscope/ui/shell/"
                                                                    + theme.getKey())
                                                    .toExternalForm()));
            WaitForAsyncUtils.waitForFxEvents();
            // a fixed #c0392b was hard to read on the dark theme's background
            assertEquals(Color.web(theme.getValue()), problem.getTextFill(), theme.getKey());
            assertEquals(Color.web(theme.getValue()), problems.getTextFill(), theme.getKey());
        }
    }

    @Test
    void aRowsProblemAndClearMoveNeitherPlusRowNorClear(FxRobot robot) {
        robot.interact(() -> viewModel.kindProperty().set(ExpressionKind.FILTER));
        Point2D addRow = at(robot, "#addRowButton");
        Point2D clear = at(robot, "#clearButton");
        Point2D copy = at(robot, "#copyExpressionButton");

        // an attribute without its value yet: the row says what is missing, in a line kept for it
        type(robot, "#row-0-attribute", "status");
        assertEquals(
                "a value is missing",
                robot.lookup("#row-0-problem").queryAs(Label.class).getText());
        assertEquals(addRow, at(robot, "#addRowButton"), "+ row stayed");
        assertEquals(clear, at(robot, "#clearButton"), "Clear stayed");
        assertEquals(copy, at(robot, "#copyExpressionButton"), "Copy stayed");

        robot.clickOn("#addRowButton");
        robot.clickOn("#addRowButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(addRow, at(robot, "#addRowButton"), "+ row stayed as rows came");
        robot.clickOn("#clearButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#row-1-attribute").tryQuery().isEmpty(), "the rows went");
        assertEquals(addRow, at(robot, "#addRowButton"), "+ row stayed after Clear");
    }

    @Test
    void copyInTheSnippetPaneSaysCopiedAndPutsTheSnippetOnTheClipboard(FxRobot robot)
            throws Exception {
        type(robot, "#row-0-value", "WS#acme");
        TabPane snippets = robot.lookup("#snippetTabs").queryAs(TabPane.class);
        Button copy =
                (Button)
                        snippets.getSelectionModel()
                                .getSelectedItem()
                                .getContent()
                                .lookup(".button");
        String language = copy.getId().substring("copySnippet-".length());
        double x = copy.localToScene(copy.getLayoutBounds()).getMinX();

        robot.clickOn(copy);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Copied", copy.getText(), "the click is confirmed where it was made");
        assertEquals(x, copy.localToScene(copy.getLayoutBounds()).getMinX(), "the button stays");
        String snippet = robot.lookup("#snippet-" + language).queryAs(TextArea.class).getText();
        assertTrue(snippet.contains("WS#acme"), snippet);
        assertEquals(
                snippet,
                WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString())
                        .get(5, TimeUnit.SECONDS));
    }

    @Test
    void aMisplacedOrInAKeyConditionIsShownAtItsPosition(FxRobot robot) {
        robot.interact(
                () -> {
                    TitledPane paste = robot.lookup(".titled-pane").queryAs(TitledPane.class);
                    paste.setAnimated(
                            false); // clicks during the unfolding animation can miss the fields
                    paste.setExpanded(true);
                });
        WaitForAsyncUtils.waitForFxEvents();
        type(robot, "#pasteExpressionField", "#er = :er OR begins_with(#d, :p)");
        type(robot, "#pasteNamesField", "{\"#er\": \"EntityRef\", \"#d\": \"Detail\"}");
        type(
                robot,
                "#pasteValuesField",
                "{\":er\": {\"S\": \"WS#acme\"}, \":p\": {\"S\": \"PROJ#\"}}");
        robot.clickOn("#loadButton");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(
                "column 11: key conditions cannot use OR; run one Query per alternative",
                robot.lookup("#pasteProblemsLabel").queryAs(Label.class).getText());
        assertEquals("          ^", robot.lookup("#pasteMarker").queryAs(Label.class).getText());
        assertTrue(
                robot.lookup("#loadMessage")
                        .queryAs(Label.class)
                        .getText()
                        .startsWith("Not loaded into rows"));
    }

    @Test
    void aRowOnANonKeyAttributeShowsItsProblemOnTheRow(FxRobot robot) {
        type(robot, "#row-0-value", "WS#acme");
        robot.clickOn("+ row");
        robot.clickOn("#row-1-attribute");
        WaitForAsyncUtils.waitForFxEvents();
        robot.eraseText(6).write("status");
        type(robot, "#row-1-value", "ACTIVE");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(
                "status is not a key here; key conditions can only use EntityRef and Detail",
                robot.lookup("#row-1-problem").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#runButton").queryAs(Button.class).isDisabled());
        assertEquals("status", robot.lookup("#row-1-attribute").queryAs(TextField.class).getText());
    }
}
