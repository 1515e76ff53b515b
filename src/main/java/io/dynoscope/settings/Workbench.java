package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The workbench's layout and what it had open: the sidebar and tool windows (shown, and their
 * dividers 0..1), the tabs open on a connection (kind and table), and whether a table opens with
 * its first page read.
 *
 * @param bottomTool the name of the tool open below the grid (ToolWindows.Bottom), or null
 * @param tabsConnection the label of the connection the tabs were open on, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Workbench(
        boolean sidebarShown,
        double sidebarWidth,
        boolean inspectorShown,
        double inspectorDivider,
        String bottomTool,
        double bottomDivider,
        String tabsConnection,
        List<OpenTab> tabs,
        int selectedTab,
        boolean readFirstPage) {

    public static final Workbench DEFAULTS =
            new Workbench(true, 260, true, 0.7, null, 0.55, null, List.of(), 0, true);

    public Workbench {
        tabs = tabs == null ? List.of() : List.copyOf(tabs);
        sidebarWidth = sidebarWidth < 120 ? 260 : sidebarWidth;
        inspectorDivider = inspectorDivider <= 0 || inspectorDivider >= 1 ? 0.7 : inspectorDivider;
        bottomDivider = bottomDivider <= 0 || bottomDivider >= 1 ? 0.55 : bottomDivider;
    }

    public Workbench withLayout(
            boolean sidebar,
            double sidebarPixels,
            boolean inspector,
            double inspectorAt,
            String bottom,
            double bottomAt) {
        return new Workbench(
                sidebar,
                sidebarPixels,
                inspector,
                inspectorAt,
                bottom,
                bottomAt,
                tabsConnection,
                tabs,
                selectedTab,
                readFirstPage);
    }

    public Workbench withTabs(String connection, List<OpenTab> open, int selected) {
        return sameLayout(connection, open, selected, readFirstPage);
    }

    public Workbench withReadFirstPage(boolean value) {
        return sameLayout(tabsConnection, tabs, selectedTab, value);
    }

    /** This layout, with these tabs and first-page choice. */
    private Workbench sameLayout(
            String connection, List<OpenTab> open, int selected, boolean readFirst) {
        return new Workbench(
                sidebarShown,
                sidebarWidth,
                inspectorShown,
                inspectorDivider,
                bottomTool,
                bottomDivider,
                connection,
                open,
                selected,
                readFirst);
    }
}
