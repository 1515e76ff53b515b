package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * The three versions of a refused save compared attribute by attribute: a grid of the attributes
 * that differ (what the user saw, what is in the table now, the user's edit), each value that is
 * not what the user saw marked, and a grid of the attributes the three share.
 */
final class ConflictComparison {

    private static final int MAX_VALUE_CHARS = 300;
    static final String ABSENT = "(not there)";

    private final GridPane differences = new GridPane();
    private final GridPane unchanged = new GridPane();
    private int unchangedCount;

    ConflictComparison(Conflict conflict) {
        Map<String, AttributeValue> seen = attributes(conflict.seen());
        Map<String, AttributeValue> now = attributes(conflict.current());
        Map<String, AttributeValue> mine = attributes(conflict.mine());
        differences.setId("conflictDifferences");
        differences.getStyleClass().add("conflict-grid");
        unchanged.setId("conflictUnchangedGrid");
        unchanged.getStyleClass().add("conflict-grid");
        header(differences, "Attribute", "What you saw", "In the table now", "Your edit");
        columns(differences, 4);
        columns(unchanged, 2);
        int differing = 1;
        for (String name : names(now, mine, seen)) {
            AttributeValue before = seen.get(name);
            AttributeValue theirs = now.get(name);
            AttributeValue yours = mine.get(name);
            if (Objects.equals(before, theirs) && Objects.equals(theirs, yours)) {
                unchanged.addRow(unchangedCount++, attribute(name), value(theirs));
                continue;
            }
            Label attribute = attribute(name);
            Label saw = value(before);
            Label table = value(theirs);
            Label edit = value(yours);
            for (Label cell : List.of(attribute, saw, table, edit)) {
                cell.getStyleClass().add("conflict-differs");
            }
            if (!Objects.equals(before, theirs)) {
                table.getStyleClass().add("conflict-changed");
            }
            if (!Objects.equals(before, yours)) {
                edit.getStyleClass().add("conflict-changed");
            }
            differences.addRow(differing++, attribute, saw, table, edit);
        }
    }

    /** The attributes that differ, first in the dialog. */
    GridPane differences() {
        return differences;
    }

    /** The attributes the three versions share. */
    GridPane unchanged() {
        return unchanged;
    }

    int unchangedCount() {
        return unchangedCount;
    }

    private static Map<String, AttributeValue> attributes(Item item) {
        return item == null ? Map.of() : item.attributes();
    }

    /** Every attribute once, in the order of the version in the table, then the others'. */
    @SafeVarargs
    private static Set<String> names(Map<String, AttributeValue>... versions) {
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, AttributeValue> version : versions) {
            names.addAll(version.keySet());
        }
        return names;
    }

    private static void header(GridPane grid, String... titles) {
        for (int column = 0; column < titles.length; column++) {
            Label title = new Label(titles[column]);
            title.getStyleClass().add("section-title");
            grid.add(title, column, 0);
        }
    }

    private static void columns(GridPane grid, int count) {
        ColumnConstraints name = new ColumnConstraints();
        name.setMinWidth(110);
        name.setPercentWidth(count == 4 ? 19 : 30);
        grid.getColumnConstraints().add(name);
        for (int i = 1; i < count; i++) {
            ColumnConstraints value = new ColumnConstraints();
            value.setHgrow(Priority.ALWAYS);
            value.setPercentWidth(count == 4 ? 27 : 70);
            grid.getColumnConstraints().add(value);
        }
        grid.setHgap(2);
        grid.setVgap(2);
    }

    private static Label attribute(String name) {
        Label label = new Label(name);
        label.getStyleClass().add("conflict-attribute");
        label.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        return label;
    }

    private static Label value(AttributeValue value) {
        String text = value == null ? ABSENT : text(value);
        Label label =
                new Label(
                        text.length() > MAX_VALUE_CHARS
                                ? text.substring(0, MAX_VALUE_CHARS) + "…"
                                : text);
        label.getStyleClass().add(value == null ? "conflict-absent" : "conflict-value");
        label.setWrapText(true);
        label.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        if (text.length() > 40) {
            label.setTooltip(new Tooltip(text));
        }
        return label;
    }

    /** A value as the inspector's tree shows it; maps, lists and sets with their contents. */
    private static String text(AttributeValue value) {
        return value instanceof AttributeValue.MapValue
                        || value instanceof AttributeValue.ListValue
                        || value instanceof AttributeValue.StrSet
                        || value instanceof AttributeValue.NumSet
                        || value instanceof AttributeValue.BinSet
                ? ItemJson.PLAIN.write(value)
                : AttributeNode.of("", value).summary();
    }
}
