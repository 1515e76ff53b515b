package io.dynoscope.ui.grid;

import io.dynoscope.ui.common.ToolWindows;
import java.util.Collections;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.DoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.SetChangeListener;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The tool windows around a table tab's grid: the inspector on the right and one tool below (the
 * expression builder, the drift inspector), as the shared {@link ToolWindows} say, with dividers
 * that every tab shares.
 */
final class ToolWindowLayout {

    private final ToolWindows tools;
    private final Node inspector;
    private final Map<ToolWindows.Bottom, Node> bottomTools;
    private final SplitPane horizontalSplit;
    private final SplitPane verticalSplit;
    private final TabPane bottomPane = new TabPane();
    private final Map<ToolWindows.Bottom, Tab> toolTabs = new EnumMap<>(ToolWindows.Bottom.class);
    private final Set<SplitPane.Divider> boundDividers =
            Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * @param horizontalSplit holds the grid, and the inspector right of it when shown
     * @param verticalSplit holds that, and the bottom tool below when one is shown
     */
    ToolWindowLayout(
            ToolWindows tools,
            Node inspector,
            Map<ToolWindows.Bottom, Node> bottomTools,
            SplitPane horizontalSplit,
            SplitPane verticalSplit) {
        this.tools = tools;
        this.inspector = inspector;
        this.bottomTools = Map.copyOf(bottomTools);
        this.horizontalSplit = horizontalSplit;
        this.verticalSplit = verticalSplit;
    }

    void bind() {
        bottomPane.getStyleClass().add("tool-window");
        for (ToolWindows.Bottom tool : ToolWindows.Bottom.values()) {
            Node content = bottomTools.get(tool);
            if (content != null) {
                Tab tab = new Tab(tool.title(), content);
                tab.setUserData(tool);
                tab.setClosable(true);
                // the × closes this tool only; the View menu's check mark follows
                tab.setOnCloseRequest(
                        e -> {
                            e.consume();
                            tools.close(tool);
                        });
                toolTabs.put(tool, tab);
            }
        }
        bottomPane
                .getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null
                                    && tools.bottomProperty().get() != ToolWindows.Bottom.NONE) {
                                tools.bottomProperty().set((ToolWindows.Bottom) tab.getUserData());
                            }
                        });
        tools.openBelow()
                .addListener((SetChangeListener<ToolWindows.Bottom>) c -> layoutToolWindows());
        SplitPane.setResizableWithParent(inspector, false);
        layoutToolWindows();
        tools.inspectorShownProperty().addListener((obs, old, now) -> layoutToolWindows());
        tools.bottomProperty().addListener((obs, old, now) -> layoutToolWindows());
        // dividers follow the shared sizes, and dragging one sets them for every tab
        horizontalSplit
                .getDividers()
                .addListener((ListChangeListener<SplitPane.Divider>) c -> bindDividers());
        verticalSplit
                .getDividers()
                .addListener((ListChangeListener<SplitPane.Divider>) c -> bindDividers());
        bindDividers();
    }

    private void layoutToolWindows() {
        boolean inspectorShown = tools.inspectorShownProperty().get() && inspector != null;
        if (inspectorShown && !horizontalSplit.getItems().contains(inspector)) {
            horizontalSplit.getItems().add(inspector);
        } else if (!inspectorShown) {
            horizontalSplit.getItems().remove(inspector);
        }
        ToolWindows.Bottom bottom = tools.bottomProperty().get();
        boolean bottomShown = bottom != ToolWindows.Bottom.NONE && bottomTools.containsKey(bottom);
        List<Tab> open =
                toolTabs.entrySet().stream()
                        .filter(e -> tools.openBelow().contains(e.getKey()))
                        .map(Map.Entry::getValue)
                        .toList();
        if (!bottomPane.getTabs().equals(open)) {
            bottomPane.getTabs().setAll(open);
        }
        if (bottomShown) {
            bottomPane.getTabs().stream()
                    .filter(t -> t.getUserData() == bottom)
                    .findFirst()
                    .ifPresent(t -> bottomPane.getSelectionModel().select(t));
            if (!verticalSplit.getItems().contains(bottomPane)) {
                verticalSplit.getItems().add(bottomPane);
            }
        } else {
            verticalSplit.getItems().remove(bottomPane);
        }
    }

    private void bindDividers() {
        bindDivider(horizontalSplit, tools.inspectorDividerProperty());
        bindDivider(verticalSplit, tools.bottomDividerProperty());
    }

    private void bindDivider(SplitPane split, DoubleProperty shared) {
        if (split.getDividers().isEmpty()) {
            return;
        }
        SplitPane.Divider divider = split.getDividers().get(0);
        if (!boundDividers.add(divider)) {
            return;
        }
        divider.setPosition(shared.get());
        divider.positionProperty().bindBidirectional(shared);
    }
}
