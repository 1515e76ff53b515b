package io.dynoscope.ui.migration;

import java.util.List;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.VBox;

/**
 * Shows a migration plan in its {@link PlanSections}: one titled pane a section, a line a label,
 * and each example request folded under the line it illustrates.
 */
final class PlanSectionsView {

    private PlanSectionsView() {}

    /** Replaces what {@code box} shows with the sections of {@code planText}. */
    static void fill(VBox box, String planText) {
        if (planText == null || planText.isBlank()) {
            box.getChildren().clear();
            return;
        }
        box.getChildren()
                .setAll(
                        PlanSections.of(List.of(planText.split("\n"))).stream()
                                .map(PlanSectionsView::section)
                                .toList());
    }

    private static Node section(PlanSections.Section section) {
        VBox lines = new VBox(3);
        for (String line : section.lines()) {
            Label text = new Label(line);
            text.setWrapText(true);
            text.setMinHeight(Label.USE_PREF_SIZE);
            lines.getChildren().add(text);
            String example = section.examples().get(line);
            if (example != null) {
                Label request = new Label(example);
                request.setWrapText(true);
                request.setMinHeight(Label.USE_PREF_SIZE);
                request.getStyleClass().addAll("json-area", "migration-text");
                TitledPane folded = new TitledPane("Example request", request);
                folded.getStyleClass().add("example-request");
                folded.setExpanded(false);
                folded.setAnimated(false);
                lines.getChildren().add(folded);
            }
        }
        TitledPane pane = new TitledPane(section.title(), lines);
        pane.setId("planSection-" + section.title().split(" ")[0].toLowerCase(Locale.ROOT));
        pane.setAnimated(false);
        if (section.title().equals(PlanSections.WARNINGS)) {
            pane.getStyleClass().add("plan-warnings");
        }
        return pane;
    }
}
