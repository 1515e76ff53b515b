package io.dynoscope.ui.shell;

import io.dynoscope.ui.common.DialogService;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.WorkbenchTab;
import java.util.IdentityHashMap;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The workbench window's controller: loads Shell.fxml and hands each part to the class that binds
 * it to {@link ShellViewModel} — the menu bar ({@link ShellMenus}), the sidebar ({@link Sidebar}),
 * the status bar ({@link StatusBar}) — and shows the view model's tabs.
 */
public final class ShellView {

    private static final String BASE = Views.stylesheet(ShellView.class, "base.css");
    private static final String LIGHT = Views.stylesheet(ShellView.class, "light.css");
    private static final String DARK = Views.stylesheet(ShellView.class, "dark.css");

    private final ShellViewModel viewModel;
    private final DialogService dialogs;
    private final Map<WorkbenchTab, Tab> tabs = new IdentityHashMap<>();

    @FXML private BorderPane root;
    @FXML private MenuBar menuBar;
    @FXML private SplitPane mainSplit;
    @FXML private VBox sidebar;
    @FXML private TabPane tabPane;
    @FXML private Label emptyHint;
    @FXML private HBox statusBar;

    public ShellView(ShellViewModel viewModel, DialogService dialogs) {
        this.viewModel = viewModel;
        this.dialogs = dialogs;
    }

    /** Loads the window's content. */
    public static Parent load(ShellViewModel viewModel, DialogService dialogs) {
        return Views.load("Shell.fxml", new ShellView(viewModel, dialogs));
    }

    /** Applies the light or dark theme to a scene. */
    public static void applyTheme(Scene scene, boolean dark) {
        scene.getStylesheets().setAll(BASE, dark ? DARK : LIGHT);
    }

    /** The sidebar's width now, to keep for the next start. */
    public static double sidebarWidth(Scene scene) {
        return Sidebar.width(scene);
    }

    @FXML
    private void initialize() {
        menuBar.setUseSystemMenuBar(Shortcut.isMac());
        DialogWindows dialogWindows = new DialogWindows(viewModel, root::getScene);
        Sidebar side = new Sidebar(viewModel, sidebar, mainSplit, dialogWindows);
        bindTabs();
        new ShellMenus(viewModel, menuBar, side, dialogWindows, dialogs).bind();
        StatusBar.bind(viewModel, statusBar);
        root.sceneProperty()
                .addListener(
                        (obs, old, scene) -> {
                            if (scene != null) {
                                FocusKeeper.install(scene, tabPane);
                            }
                        });
    }

    private void bindTabs() {
        emptyHint.visibleProperty().bind(Bindings.isEmpty(viewModel.tabs()));
        viewModel.tabs().addListener((ListChangeListener<WorkbenchTab>) change -> syncTabs());
        viewModel
                .selectedTabProperty()
                .addListener(
                        (obs, old, tab) -> {
                            if (tab != null && tabs.containsKey(tab)) {
                                tabPane.getSelectionModel().select(tabs.get(tab));
                            }
                        });
        tabPane.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (obs, old, tab) ->
                                viewModel
                                        .selectedTabProperty()
                                        .set(
                                                tab == null
                                                        ? null
                                                        : (WorkbenchTab) tab.getUserData()));
    }

    /** What a tab shows while its view is built: progress, and what it opens. */
    private static Node opening(WorkbenchTab tab) {
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(32, 32);
        Label what = new Label("Opening " + tab.title() + "…");
        VBox box = new VBox(12, progress, what);
        box.setAlignment(Pos.CENTER);
        box.getStyleClass().add("tab-opening");
        return box;
    }

    private void syncTabs() {
        tabs.keySet()
                .removeIf(
                        tab -> {
                            if (!viewModel.tabs().contains(tab)) {
                                tabPane.getTabs().remove(tabs.get(tab));
                                return true;
                            }
                            return false;
                        });
        for (WorkbenchTab workbenchTab : viewModel.tabs()) {
            if (!tabs.containsKey(workbenchTab)) {
                // the tab and its progress show at once; its view, which takes a while to build
                // the first time, replaces them after that frame
                Tab tab = new Tab(workbenchTab.title(), opening(workbenchTab));
                Views.afterNextFrame(
                        () -> {
                            if (tabs.get(workbenchTab) == tab) {
                                tab.setContent(workbenchTab.content());
                            }
                        });
                tab.textProperty().bind(workbenchTab.titleProperty());
                tab.setUserData(workbenchTab);
                tab.setTooltip(
                        new Tooltip(
                                ShellViewModel.title(workbenchTab.kind())
                                        + " · "
                                        + workbenchTab.title()));
                tab.setOnClosed(e -> viewModel.closeTab(workbenchTab));
                tabs.put(workbenchTab, tab);
                tabPane.getTabs().add(tab);
            }
        }
        WorkbenchTab selected = viewModel.selectedTabProperty().get();
        if (selected != null && tabs.containsKey(selected)) {
            tabPane.getSelectionModel().select(tabs.get(selected));
        }
    }
}
