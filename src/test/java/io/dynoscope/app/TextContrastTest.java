package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.FxWait;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeCell;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The text of the sidebar (its selection focused and not), of the grid (a selected row too) and of
 * a context menu (its highlighted item too) reads on its background in both themes: a contrast of
 * at least 4.5:1 (WCAG AA), computed from the colours JavaFX resolved from the style sheets; and a
 * context menu's edge stands out from what is behind it and a scroll bar's thumb from its track
 * (3:1, WCAG's figure for a control's edge).
 */
@ExtendWith(ApplicationExtension.class)
class TextContrastTest {

    @RegisterExtension static final SaasWorkbench app = SaasWorkbench.shown("contrast-saas");

    private static final double TEXT = 4.5;
    private static final double EDGE = 3.0;

    @Test
    void textReadsOnItsBackgroundInBothThemes(FxRobot robot) throws Exception {
        robot.doubleClickOn(app.connectAndFind(robot));
        // under load the tab comes after the double click returns
        FxWait.until(30, () -> robot.lookup("#grid").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        TableView<Object> grid = robot.lookup("#grid").queryAs(TableView.class);
        FxWait.until(20, () -> grid.getItems().size() > 5);

        List<String> problems = new ArrayList<>();
        for (boolean dark : List.of(false, true)) {
            robot.interact(() -> app.context().shell().darkThemeProperty().set(dark));
            String theme = dark ? "dark" : "light";
            // the sidebar, its table selected and the tree focused
            robot.clickOn(app.tableCell(robot));
            settle();
            problems.addAll(
                    textProblems(theme + " sidebar, focused", robot.lookup("#tree").query()));
            // the grid focused with a row selected: the sidebar's selection is then inactive
            robot.interact(
                    () -> {
                        grid.requestFocus();
                        grid.getSelectionModel().clearAndSelect(2);
                    });
            settle();
            problems.addAll(
                    textProblems(theme + " sidebar, not focused", robot.lookup("#tree").query()));
            problems.addAll(textProblems(theme + " grid", grid));
            problems.addAll(thumbProblems(theme, grid));
            // a context menu with its first item highlighted
            TreeCell<?> cell = (TreeCell<?>) app.tableCell(robot);
            ContextMenu menu = cell.getContextMenu();
            robot.interact(() -> menu.show(cell, 40, cell.localToScreen(0, 0).getY() + 20));
            settle();
            robot.type(KeyCode.DOWN);
            settle();
            Region menuRoot = (Region) menu.getSkin().getNode();
            problems.addAll(textProblems(theme + " context menu", menuRoot));
            problems.addAll(edgeProblems(theme, menuRoot, cell));
            robot.interact(menu::hide);
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static void settle() {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Every visible text under {@code root} whose contrast with its background is under 4.5. */
    private static List<String> textProblems(String where, Node root) {
        List<String> problems = new ArrayList<>();
        List<Labeled> texts = new ArrayList<>();
        collect(root, texts);
        assertFalse(texts.isEmpty(), where + " shows text");
        Set<String> checked = texts.stream().map(Labeled::getText).collect(Collectors.toSet());
        for (Labeled text : texts) {
            if (!(text.getTextFill() instanceof Color fill)) {
                continue;
            }
            Color background = background(text);
            double ratio = contrast(blend(fill, background), background);
            if (ratio < TEXT) {
                problems.add(
                        String.format(
                                "%s: '%s' %s on %s is %.2f:1",
                                where, text.getText(), fill, background, ratio));
            }
        }
        assertFalse(checked.isEmpty());
        return problems;
    }

    private static List<String> edgeProblems(String theme, Parent menu, Node behind) {
        List<String> problems = new ArrayList<>();
        List<BackgroundFill> fills =
                ((Region) menu.lookup(".context-menu")).getBackground().getFills();
        Color edge = (Color) fills.get(0).getFill();
        Color inside = (Color) fills.get(fills.size() - 1).getFill();
        for (Color other : List.of(inside, background(behind))) {
            double ratio = contrast(edge, other);
            if (ratio < EDGE) {
                problems.add(
                        String.format(
                                "%s context menu: its edge %s against %s is %.2f:1",
                                theme, edge, other, ratio));
            }
        }
        return problems;
    }

    /** The grid's scroll-bar thumbs against their tracks (3:1, as a control's edge). */
    private static List<String> thumbProblems(String theme, Node grid) {
        List<String> problems = new ArrayList<>();
        List<Node> bars = grid.lookupAll(".scroll-bar").stream().filter(Node::isVisible).toList();
        assertFalse(bars.isEmpty(), theme + " grid scrolls");
        for (Node bar : bars) {
            Color thumb = background(bar.lookup(".thumb"));
            Color track = background(bar.lookup(".track"));
            double ratio = contrast(thumb, track);
            if (ratio < EDGE) {
                problems.add(
                        String.format(
                                "%s scroll bar: its thumb %s on its track %s is %.2f:1",
                                theme, thumb, track, ratio));
            }
        }
        return problems;
    }

    private static void collect(Node node, List<Labeled> texts) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled labeled
                && labeled.getText() != null
                && !labeled.getText().isBlank()
                && labeled.getOpacity() > 0) {
            texts.add(labeled);
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, texts);
            }
        }
    }

    /** The colour behind a node: the innermost fill of it or the nearest region under it. */
    private static Color background(Node node) {
        List<Color> layers = new ArrayList<>();
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof Region region && region.getBackground() != null) {
                List<BackgroundFill> fills = region.getBackground().getFills();
                for (int i = fills.size() - 1; i >= 0; i--) {
                    if (fills.get(i).getFill() instanceof Color color && color.getOpacity() > 0) {
                        layers.add(color);
                        break;
                    }
                }
                if (!layers.isEmpty() && layers.get(layers.size() - 1).getOpacity() >= 1) {
                    break;
                }
            }
        }
        Color result = Color.WHITE;
        for (int i = layers.size() - 1; i >= 0; i--) {
            result = blend(layers.get(i), result);
        }
        return result;
    }

    private static Color blend(Color top, Color under) {
        double a = top.getOpacity();
        return Color.color(
                top.getRed() * a + under.getRed() * (1 - a),
                top.getGreen() * a + under.getGreen() * (1 - a),
                top.getBlue() * a + under.getBlue() * (1 - a));
    }

    /** WCAG 2's contrast ratio of two colours. */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * channel(c.getRed())
                + 0.7152 * channel(c.getGreen())
                + 0.0722 * channel(c.getBlue());
    }

    private static double channel(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
