package io.dynoscope.app;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.FxWait;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ToolWindows;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.migration.MigrationView;
import io.dynoscope.ui.migration.MigrationViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.ShellView;
import io.dynoscope.ui.sql.SqlConsoleView;
import io.dynoscope.ui.sql.SqlConsoleViewModel;
import io.dynoscope.ui.tabs.TableTab;
import io.dynoscope.ui.transfer.ImportView;
import io.dynoscope.ui.transfer.ImportViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Shows the views issue 39 changed in a 1280x800 window on a virtual display and takes a picture of
 * the whole display after each: the read bar with Newest first, the drift inspector after a fix,
 * the conflict dialog, the migration plan, the SQL plan and an import into a new table. Not a test.
 *
 * <pre>
 * Xvfb :97 -screen 0 1280x800x24 &amp; DISPLAY=:97 java -cp $CP io.dynoscope.app.WorkbenchScreenshots docs [dark]
 * </pre>
 */
public final class WorkbenchScreenshots {

    private static Path out;
    private static boolean dark;

    private WorkbenchScreenshots() {}

    public static void main(String[] args) throws Exception {
        out = Path.of(args[0]);
        dark = args.length > 1 && args[1].equals("dark");
        Platform.startup(() -> {});
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, "saas");
        AppContext context =
                new AppContext(
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()),
                        (entry, cancellation) ->
                                SdkDynamoRepository.connect(TestEngine.connection()),
                        List.of(ConnectionEntry.sandbox()),
                        new SandboxHolder(),
                        SettingsService.open(
                                new SettingsStore(Files.createTempDirectory("shots"))));
        Stage stage =
                onFx(
                        () -> {
                            Stage s = new Stage();
                            s.setScene(DynoscopeApp.createScene(context));
                            s.setTitle("Dynoscope");
                            s.setX(0);
                            s.setY(0);
                            s.setWidth(1280);
                            s.setHeight(800);
                            context.shell().darkThemeProperty().set(dark);
                            s.show();
                            context.shell().connect(context.shell().connections().get(0));
                            return s;
                        });
        FxWait.until(60, () -> context.shell().activeConnectionProperty().get() != null);
        TableTab tab = onFx(() -> (TableTab) context.shell().openTable("saas").orElseThrow());
        awaitRead(tab);

        readBar(tab, stage);
        drift(context, tab);
        conflict(tab, stage);
        migration();
        sql();
        importIntoNewTable();
        System.exit(0);
    }

    private static void readBar(TableTab tab, Stage stage) throws Exception {
        onFx(
                () -> {
                    var bar = tab.grid().readBar();
                    bar.modeProperty().set(ReadMode.QUERY);
                    bar.partitionKeyValueProperty().set(SampleData.ACME);
                    bar.sortKeyOperatorProperty().set(SortKeyCondition.Operator.BEGINS_WITH);
                    bar.sortKeyValueProperty().set(SampleData.PROJECT_PREFIX);
                    bar.newestFirstProperty().set(true);
                    tab.grid().run();
                    return null;
                });
        awaitRead(tab);
        shot("screenshot-read-bar-1280" + (dark ? "-dark" : ""));
        // More open over the grid, beside the item inspector
        ToggleButton more = (ToggleButton) stage.getScene().lookup("#tabPane #moreToggle");
        onFx(
                () -> {
                    more.setSelected(true);
                    return null;
                });
        shot("screenshot-read-bar-more" + (dark ? "-dark" : ""));
        onFx(
                () -> {
                    more.setSelected(false);
                    return null;
                });
    }

    private static void drift(AppContext context, TableTab tab) throws Exception {
        var drift = tab.drift();
        onFx(
                () -> {
                    context.shell()
                            .toolWindows()
                            .bottomProperty()
                            .set(ToolWindows.Bottom.DRIFT_INSPECTOR);
                    drift.suggestRules();
                    return null;
                });
        FxWait.until(120, () -> !drift.task().runningProperty().get() && !drift.rules().isEmpty());
        onFx(
                () -> {
                    DenormalizationRule rule =
                            drift.rules().stream()
                                    .filter(
                                            r ->
                                                    r.copies()
                                                            .attribute()
                                                            .toString()
                                                            .equals("workspaceName"))
                                    .findFirst()
                                    .orElse(drift.rules().get(0));
                    drift.selectedRuleProperty().set(rule);
                    drift.detect();
                    return null;
                });
        FxWait.until(
                120,
                () ->
                        !drift.task().runningProperty().get()
                                && drift.reportProperty().get() != null);
        onFx(
                () -> {
                    drift.preview();
                    drift.propagate();
                    return null;
                });
        FxWait.until(
                120, () -> !drift.task().runningProperty().get() && !drift.reportLines().isEmpty());
        shot("screenshot-drift" + (dark ? "-dark" : ""));
        onFx(
                () -> {
                    context.shell().toolWindows().bottomProperty().set(ToolWindows.Bottom.NONE);
                    return null;
                });
    }

    private static void conflict(TableTab tab, Stage stage) throws Exception {
        // The first item shown (the read bar's Query left projects, newest first): the edit and the
        // concurrent write each set a status the item does not have, so the save is a real change
        // and is refused (an edit to the status already there saved nothing and opened no dialog).
        Item seen =
                onFx(
                        () -> {
                            CollectionRow.ItemRow first =
                                    tab.grid().rows().stream()
                                            .filter(CollectionRow.ItemRow.class::isInstance)
                                            .map(CollectionRow.ItemRow.class::cast)
                                            .findFirst()
                                            .orElseThrow();
                            tab.grid().loaded().select(first);
                            return first.item();
                        });
        FxWait.until(30, () -> seen.equals(tab.inspector().shownItemProperty().get()));
        String status =
                seen.get("status")
                        .map(v -> v instanceof AttributeValue.Str str ? str.value() : "")
                        .orElse("");
        String mine = status.equals("PAUSED") ? "ACTIVE" : "PAUSED";
        String theirs = status.equals("ARCHIVED") ? "ACTIVE" : "ARCHIVED";
        onFx(
                () -> {
                    tab.inspector().startEdit();
                    var text = tab.inspector().editor().editTextProperty();
                    text.set(text.get().replace('"' + status + '"', '"' + mine + '"'));
                    return null;
                });
        TestEngine.repository()
                .putItem(
                        "saas",
                        seen.with("status", AttributeValue.s(theirs)),
                        (CompiledExpression) null);
        onFx(
                () -> {
                    tab.inspector().saves().save();
                    return null;
                });
        FxWait.until(30, () -> Window.getWindows().size() > 1);
        shot("screenshot-conflict" + (dark ? "-dark" : ""));
        onFx(
                () -> {
                    List.copyOf(Window.getWindows()).stream()
                            .filter(w -> w != stage)
                            .forEach(Window::hide);
                    tab.inspector().cancelEdit();
                    return null;
                });
    }

    private static void migration() throws Exception {
        String table = MigrationFixture.table("migration-shot");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(2));
        TableDesign target = ModelJson.read(MigrationFixture.TARGET).tables().get(0);
        MigrationViewModel viewModel =
                new MigrationViewModel(
                        table,
                        Optional.of(
                                new MigrationPlanner.Source(
                                        MigrationFixture.model(MigrationFixture.CURRENT, table),
                                        "the saved model")),
                        target,
                        new MigrationViewModel.Services(
                                new MigrationPlanner(TestEngine.repository()),
                                new Migration(TestEngine.repository()),
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty()),
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()));
        Stage window = window(() -> MigrationView.load(viewModel), "Migrate " + table);
        onFx(
                () -> {
                    viewModel.plan();
                    return null;
                });
        FxWait.until(120, () -> viewModel.planTextProperty().get().contains("Cost"));
        shot("migrate-plan-1280-" + (dark ? "dark" : "light"));
        onFx(
                () -> {
                    window.hide();
                    return null;
                });
    }

    private static void sql() throws Exception {
        var saas =
                SampleModels.designs().stream()
                        .filter(d -> d.model().table().equals("saas"))
                        .findFirst()
                        .orElseThrow()
                        .model();
        SqlConsoleViewModel viewModel =
                new SqlConsoleViewModel(
                        new SqlConsole(TestEngine.repository(), List.of(saas)),
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()));
        Stage window = window(() -> SqlConsoleView.load(viewModel), "SQL on saas");
        String join =
                "SELECT w.name AS workspace, p.Detail AS project, p.status\n"
                        + "FROM workspace w JOIN project p ON p.EntityRef = w.EntityRef\n"
                        + "WHERE w.EntityRef = 'WS#acme' ORDER BY p.Detail DESC";
        onFx(
                () -> {
                    viewModel.statementProperty().set(join);
                    viewModel.run(join);
                    return null;
                });
        FxWait.until(120, () -> !viewModel.runningProperty().get() && !viewModel.plan().isEmpty());
        shot("screenshot-sql" + (dark ? "-dark" : ""));
        onFx(
                () -> {
                    window.hide();
                    return null;
                });
    }

    private static void importIntoNewTable() throws Exception {
        Path file = Files.createTempFile("saas-export", ".jsonl");
        Files.writeString(
                file,
                "{\"EntityRef\":{\"S\":\"WS#acme\"},\"Detail\":{\"S\":\"META\"},\"name\":{\"S\":\"Acme\"}}\n"
                        + "{\"EntityRef\":{\"S\":\"WS#acme\"},\"Detail\":{\"S\":\"PROJ#2026-0001\"},\"name\":{\"S\":\"Project 1\"}}\n");
        ImportViewModel viewModel =
                new ImportViewModel(
                        "saas",
                        new ImportService(TestEngine.repository()),
                        new NewTableImport(TestEngine.repository()),
                        1,
                        new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx()));
        Stage window = window(() -> ImportView.load(viewModel), "Import into saas");
        onFx(
                () -> {
                    viewModel.chooseFile(file);
                    return null;
                });
        FxWait.until(60, () -> !viewModel.preview().isEmpty());
        onFx(
                () -> {
                    viewModel.newTable().chosenProperty().set(true);
                    viewModel.newTable().nameProperty().set("saas-copy");
                    return null;
                });
        FxWait.until(60, () -> !viewModel.newTable().createRequestProperty().get().isEmpty());
        shot("screenshot-import-new-table" + (dark ? "-dark" : ""));
        onFx(
                () -> {
                    window.hide();
                    return null;
                });
    }

    /** A window of the view at the display's full size, in the theme. */
    private static Stage window(Callable<Parent> view, String title) throws Exception {
        return onFx(
                () -> {
                    Stage s = new Stage();
                    Scene scene = new Scene(view.call(), 1280, 800);
                    ShellView.applyTheme(scene, dark);
                    s.setScene(scene);
                    s.setTitle(title);
                    s.setX(0);
                    s.setY(0);
                    s.show();
                    return s;
                });
    }

    private static void awaitRead(TableTab tab) throws Exception {
        Thread.sleep(300);
        FxWait.until(
                60,
                () ->
                        !tab.grid().runningProperty().get()
                                && tab.grid().lastReadProperty().get().contains("returned"));
    }

    private static void shot(String name) throws Exception {
        Thread.sleep(1500);
        onFx(() -> null);
        Process p =
                new ProcessBuilder(
                                "import", "-window", "root", out.resolve(name + ".png").toString())
                        .inheritIO()
                        .start();
        p.waitFor();
        System.out.println("saved " + name);
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return TestApp.onFx(work);
    }
}
