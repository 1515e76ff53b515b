package io.dynoscope.app;

import io.dynoscope.service.ConnectionServices;
import io.dynoscope.settings.Settings;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.common.Views;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.grid.GridWarmUp;
import io.dynoscope.ui.shell.ShellView;
import io.dynoscope.ui.shell.ShellViewModel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The JavaFX application: builds the context, loads the workbench window and shows it. */
public final class DynoscopeApp extends Application {

    /** The share of a large screen a first window takes; a laptop screen is given whole. */
    private static final double DEFAULT_SHARE = 0.85;

    private static final double SMALL_SCREEN_WIDTH = 1600;

    private AppContext context;
    private Stage stage;

    /**
     * Shows the window at once with "Starting…" in the workbench's theme, and builds the workbench
     * into it once that frame is drawn: building it first left the window blank white (or not
     * there) for seconds. The grid's warm-up waits for the workbench's own first frame.
     */
    @Override
    public void start(Stage stage) {
        this.stage = stage;
        StartupPhases.reached("fx-start");
        // only the settings before the window: their theme and the window's place
        SettingsService settings = SettingsService.open(SettingsStore.inDefaultDirectory());
        Scene scene = new Scene(starting());
        ShellView.applyTheme(scene, settings.current().theme() == Settings.Theme.DARK);
        stage.setTitle("Dynoscope");
        stage.setScene(scene);
        SettingsBinding.restoreWindow(settings, stage);
        stage.show();
        StartupPhases.reached("window-shown");
        // the rest once the window is drawn: its first frame is drawn while the context is made
        Views.afterNextFrame(
                () -> {
                    StartupPhases.reached("starting-frame");
                    context = AppContext.create(UiExecutor.fx(), settings);
                    StartupPhases.reached("context");
                    // the sandbox's engine starts while the workbench is built
                    if (AppContext.connectsToSandboxAtStart()) {
                        context.shell().connect(context.shell().connections().get(0));
                    }
                    showWorkbench(scene);
                    StartupPhases.reached("workbench");
                    if (SmokeRun.requested()) {
                        SmokeRun.start(context);
                    }
                });
    }

    /** What the window shows until the workbench is built. */
    static Parent starting() {
        Label starting = new Label("Starting Dynoscope…");
        starting.getStyleClass().add("starting-text");
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(28, 28);
        VBox box = new VBox(12, progress, starting);
        box.setAlignment(Pos.CENTER);
        box.setId("starting");
        box.getStyleClass().add("starting");
        return box;
    }

    private void showWorkbench(Scene scene) {
        fill(scene, context);
        context.settingsProblem()
                .ifPresent(message -> warn("Your settings could not be read", message));
        AtomicBoolean saveFailureShown = new AtomicBoolean();
        context.onSettingsSaveFailure(
                message -> {
                    // once per run: every later change would fail the same way
                    if (saveFailureShown.compareAndSet(false, true)) {
                        Platform.runLater(
                                () ->
                                        warn(
                                                "Your settings could not be saved",
                                                message
                                                        + "\nDynoscope keeps working; changes from now on may not be remembered."));
                    }
                });
        // after the workbench's first frame, and only while no table is opening (GridWarmUpTiming)
        ShellViewModel shell = context.shell();
        BooleanSupplier tableOpen =
                () -> shell.tabs().stream().anyMatch(t -> t.kind() == WorkbenchTab.Kind.TABLE);
        Views.afterNextFrame(
                () ->
                        GridWarmUpTiming.whenIdle(
                                shell.connectingProperty(),
                                tableOpen,
                                Platform::runLater,
                                () -> {
                                    StartupPhases.reached("warm-up");
                                    GridWarmUp.start(
                                                    new ConnectionServices(
                                                            GridWarmUp.madeUpTable()),
                                                    context.work(),
                                                    scene.getStylesheets(),
                                                    () -> !tableOpen.getAsBoolean())
                                            .thenRun(() -> StartupPhases.reached("warm-up-done"));
                                }));
    }

    /** A first window: a good share of the screen it opens on, centred. */
    static void giveDefaultSize(Stage stage) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        double share = screen.getWidth() <= SMALL_SCREEN_WIDTH ? 1 : DEFAULT_SHARE;
        stage.setWidth(Math.round(screen.getWidth() * share));
        stage.setHeight(Math.round(screen.getHeight() * share));
        stage.setX(screen.getMinX() + (screen.getWidth() - stage.getWidth()) / 2);
        stage.setY(screen.getMinY() + (screen.getHeight() - stage.getHeight()) / 2);
    }

    private void warn(String header, String message) {
        context.dialogs(stage.getScene()).warn(header, message);
    }

    /** Loads the workbench window into a scene; shared with the UI tests. */
    public static Scene createScene(AppContext context) {
        Scene scene = new Scene(new Group());
        fill(scene, context);
        return scene;
    }

    /** Puts the workbench into a scene, in the theme of the settings, following its changes. */
    private static void fill(Scene scene, AppContext context) {
        scene.setRoot(ShellView.load(context.shell(), context.dialogs(scene)));
        ShellView.applyTheme(scene, context.shell().darkThemeProperty().get());
        context.shell()
                .darkThemeProperty()
                .addListener((obs, old, dark) -> ShellView.applyTheme(scene, dark));
    }

    @Override
    public void stop() {
        if (context != null) {
            context.rememberWindow(stage);
            context.close();
        }
    }
}
