package io.dynoscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.settings.GridSettings;
import io.dynoscope.settings.RecentTable;
import io.dynoscope.settings.SavedEndpoint;
import io.dynoscope.settings.Settings;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.testsupport.SampleInfo;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.common.WorkbenchTab;
import io.dynoscope.ui.drift.DriftInspectorViewModel;
import io.dynoscope.ui.expression.ExpressionBuilderViewModel;
import io.dynoscope.ui.expression.SavedExpression;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.Connector;
import io.dynoscope.ui.shell.ShellViewModel;
import io.dynoscope.ui.tabs.TableTab;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings restore the shell's state at start and record the user's changes, through the view
 * models.
 */
class SettingsBindingTest {

    private static final String TABLE = TestEngine.uniqueTableName("settings-saas");
    private static final List<ConnectionEntry> DISCOVERED =
            List.of(ConnectionEntry.sandbox(), ConnectionEntry.dynamoDbLocal());

    @TempDir Path directory;

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, TABLE);
    }

    private AppContext open(SettingsStore store) {
        return open(
                store, new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline()));
    }

    private AppContext open(SettingsStore store, BackgroundWork work) {
        Connector connector =
                (entry, cancellation) -> SdkDynamoRepository.connect(TestEngine.connection());
        return new AppContext(
                work, connector, DISCOVERED, new SandboxHolder(), SettingsService.open(store));
    }

    private static ItemGridViewModel connectAndOpen(AppContext context)
            throws InterruptedException {
        // wait for the whole connect callback (tabs restored too), not just the first field it sets
        CountDownLatch connected = new CountDownLatch(1);
        context.shell().connect(DISCOVERED.get(0), connected::countDown);
        assertTrue(connected.await(60, TimeUnit.SECONDS), "connected");
        return ((TableTab) context.shell().openTable(TABLE).orElseThrow()).grid();
    }

    @Test
    void theUsersChangesAreThereOnTheNextStart() throws Exception {
        SettingsStore store = new SettingsStore(directory);
        ConnectionEntry added =
                ConnectionEntry.endpoint(
                        "Team DynamoDB Local",
                        "Custom endpoint",
                        new ConnectionSpec.Endpoint(
                                URI.create("http://localhost:8001"), "eu-west-1", "team"));

        try (AppContext first = open(store)) {
            first.shell().darkThemeProperty().set(true);
            first.shell().connections().add(added);
            ItemGridViewModel grid = connectAndOpen(first);
            grid.readBar().parentMarkerProperty().set("#PROFILE");
            grid.readBar().newestFirstProperty().set(true);
        }

        Settings saved = store.load().settings();
        assertEquals(Settings.Theme.DARK, saved.theme());
        assertEquals(
                List.of(
                        new SavedEndpoint(
                                "Team DynamoDB Local",
                                "http://localhost:8001",
                                "eu-west-1",
                                "team")),
                saved.endpoints(),
                "only the added endpoint: the discovered ones are found again at each start");
        assertEquals(List.of(new RecentTable("Local sandbox", TABLE)), saved.recentTables());
        assertEquals(new GridSettings("#PROFILE", List.of(), List.of(), true), saved.grid(TABLE));

        try (AppContext second = open(store)) {
            assertTrue(second.shell().darkThemeProperty().get());
            List<ConnectionEntry> connections = List.copyOf(second.shell().connections());
            assertEquals(DISCOVERED, connections.subList(0, 2), "discovered connections first");
            assertEquals(added.spec(), connections.get(2).spec());
            assertEquals("Team DynamoDB Local", connections.get(2).label());
            ItemGridViewModel grid = connectAndOpen(second);
            assertEquals("#PROFILE", grid.readBar().parentMarkerProperty().get());
            assertTrue(grid.readBar().newestFirstProperty().get());
        }
    }

    /**
     * The interleaving that made {@link #theUsersChangesAreThereOnTheNextStart} fail under load,
     * made on purpose: the person ticks <i>newest first</i> while the table's description and first
     * page are still to come (held by a {@link HeldExecutor}), then they arrive.
     */
    @Test
    void newestFirstTickedWhileTheTableOpensIsSavedAndSurvivesTheNextFirstPage() {
        SettingsStore store = new SettingsStore(directory);
        HeldExecutor held = new HeldExecutor();
        try (AppContext first = open(store, new BackgroundWork(held, UiExecutor.inline()))) {
            ItemGridViewModel grid = connectAndOpen(first, held);
            grid.readBar().newestFirstProperty().set(true);
            held.runAll();
            assertFalse(grid.rows().isEmpty(), "the first page arrived after the tick");
            assertTrue(grid.readBar().newestFirstProperty().get());
        }
        assertTrue(store.load().settings().grid(TABLE).newestFirst());

        try (AppContext second = open(store, new BackgroundWork(held, UiExecutor.inline()))) {
            ItemGridViewModel grid = connectAndOpen(second, held);
            held.runAll();
            assertFalse(grid.rows().isEmpty());
            assertTrue(grid.readBar().newestFirstProperty().get(), "restored, and kept");
        }
        assertTrue(store.load().settings().grid(TABLE).newestFirst());
    }

    private static ItemGridViewModel connectAndOpen(AppContext context, HeldExecutor held) {
        context.shell().connect(DISCOVERED.get(0));
        held.runAll();
        return ((TableTab) context.shell().openTable(TABLE).orElseThrow()).grid();
    }

    @Test
    void recentTablesShowNewestFirstAndOneOpensItsTableAfterConnecting() throws Exception {
        SettingsStore store = new SettingsStore(directory);
        String other = TestEngine.freshTable("recent");
        try (AppContext first = open(store)) {
            connectAndOpen(first);
            assertTrue(first.shell().openTable(other).isPresent());
            assertEquals(
                    List.of(
                            new ShellViewModel.RecentTable("Local sandbox", other),
                            new ShellViewModel.RecentTable("Local sandbox", TABLE)),
                    first.shell().recentTables());
        }

        try (AppContext second = open(store)) {
            ShellViewModel shell = second.shell();
            assertEquals(other, shell.recentTables().get(0).table(), "kept, newest first");
            assertNull(shell.activeConnectionProperty().get());

            shell.openRecent(shell.recentTables().get(1));
            // the tabs come back first, then the recent one is selected: wait for both
            for (int i = 0; i < 200 && !restoredAndSelected(shell); i++) {
                Thread.sleep(50);
            }
            assertEquals(DISCOVERED.get(0), shell.activeConnectionProperty().get());
            // the last session's tabs come back with the connection; the recent one is selected
            assertEquals(
                    List.of(TABLE, other), shell.tabs().stream().map(WorkbenchTab::table).toList());
            assertEquals(TABLE, shell.selectedTabProperty().get().table());
        }
    }

    private static boolean restoredAndSelected(ShellViewModel shell) {
        WorkbenchTab selected = shell.selectedTabProperty().get();
        return shell.tabs().size() >= 2 && selected != null && TABLE.equals(selected.table());
    }

    @Test
    void aProdProfileIsReadOnlyUntilTheUserSaysOtherwiseAndTheWordIsKept() {
        SettingsStore store = new SettingsStore(directory);
        ConnectionEntry prod = ConnectionEntry.profile("acme-prod", "eu-west-1");
        ConnectionEntry local = DISCOVERED.get(1);
        try (AppContext first = open(store)) {
            ShellViewModel shell = first.shell();
            shell.connections().add(prod);
            assertTrue(shell.access(prod).readOnly(), "named like *prod*");
            assertTrue(shell.access(prod).reason().contains("*prod*"), shell.access(prod).reason());
            assertFalse(shell.access(local).readOnly());

            shell.setReadOnly(prod, false);
            shell.setReadOnly(local, true);
            assertFalse(shell.access(prod).readOnly());
            assertTrue(shell.access(local).readOnly());
        }

        try (AppContext second = open(store)) {
            ShellViewModel shell = second.shell();
            ConnectionEntry restored =
                    shell.connections().stream()
                            .filter(c -> prod.spec().equals(c.spec()))
                            .findFirst()
                            .orElseThrow();
            assertFalse(shell.access(restored).readOnly(), "the user's word wins the pattern");
            assertTrue(shell.access(local).readOnly(), "kept for a discovered endpoint too");
        }
    }

    @Test
    void aTableOpensWithoutReadingWhenTheUserTurnedTheFirstPageOff() throws Exception {
        SettingsStore store = new SettingsStore(directory);
        try (AppContext first = open(store)) {
            assertTrue(first.shell().readFirstPageProperty().get(), "on by default");
            first.shell().readFirstPageProperty().set(false);
        }
        assertEquals(false, store.load().settings().workbench().readFirstPage());

        try (AppContext second = open(store)) {
            assertEquals(false, second.shell().readFirstPageProperty().get());
            ItemGridViewModel grid = connectAndOpen(second);
            for (int i = 0; i < 200 && grid.tableInfoProperty().get() == null; i++) {
                Thread.sleep(50);
            }
            Thread.sleep(300);
            assertTrue(grid.tableInfoProperty().get() != null, "the table was described");
            assertEquals(0, grid.rows().size(), "nothing read");
            assertEquals(ReadMode.QUERY, grid.readBar().modeProperty().get());
        }
    }

    @Test
    void aFirstRunListsOnlyWhatWasDiscoveredAndChangesNothingUntilTheUserDoes() throws Exception {
        SettingsStore store = new SettingsStore(directory);
        try (AppContext context = open(store)) {
            assertEquals(DISCOVERED, List.copyOf(context.shell().connections()));
            assertEquals(false, context.shell().darkThemeProperty().get());
            assertTrue(context.settingsProblem().isEmpty());
        }
        assertEquals(Settings.defaults(), store.load().settings());
    }

    @Test
    void aTablesDriftRulesComeBackInItsDriftInspector() {
        String ruleFile =
                """
                {"version": 1, "rules": [{"name": "workspaceName",
                  "source": {"partitionKey": "WS#{id}", "sortKey": "META", "attribute": "name"},
                  "copies": {"lookup": "COLLECTION", "reference": {"attribute": "EntityRef", "patterns": ["WS#{id}"]},
                             "sortKeyPrefix": "PROJ#", "attribute": "workspaceName"}}]}
                """;
        SettingsStore store = new SettingsStore(directory);
        BackgroundWork work =
                new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
        List<DenormalizationRule> imported;
        try (SettingsService settings = SettingsService.open(store)) {
            DriftInspectorViewModel drift =
                    new DriftInspectorViewModel(
                            TABLE, new ConnectionServices(TestEngine.repository()), work);
            new SettingsBinding(settings).bindDriftRules(drift, TABLE);
            drift.importRules(ruleFile);
            imported = List.copyOf(drift.rules());
            assertEquals(1, imported.size());
        }

        try (SettingsService settings = SettingsService.open(store)) {
            DriftInspectorViewModel sameTable =
                    new DriftInspectorViewModel(
                            TABLE, new ConnectionServices(TestEngine.repository()), work);
            new SettingsBinding(settings).bindDriftRules(sameTable, TABLE);
            DriftInspectorViewModel otherTable =
                    new DriftInspectorViewModel(
                            "blog", new ConnectionServices(TestEngine.repository()), work);
            new SettingsBinding(settings).bindDriftRules(otherTable, "blog");

            assertEquals(imported, List.copyOf(sameTable.rules()));
            assertEquals(List.of(), List.copyOf(otherTable.rules()));
        } finally {
            work.shutdown();
        }
    }

    @Test
    void aTableWithAModelKeepsItsDriftRulesAsTheModelsCopies() {
        SettingsStore store = new SettingsStore(directory);
        BackgroundWork work =
                new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
        TableDesign blog =
                SampleModels.designs().stream()
                        .filter(d -> d.table().equals("blog"))
                        .findFirst()
                        .orElseThrow();
        try (SettingsService settings = SettingsService.open(store)) {
            new ModelStore(settings).save(blog);
            DriftInspectorViewModel drift =
                    new DriftInspectorViewModel(
                            "blog", new ConnectionServices(TestEngine.repository()), work);
            new SettingsBinding(settings).bindDriftRules(drift, "blog");
            assertEquals(blog.model().copies(), List.copyOf(drift.rules()), "read from the model");

            drift.rules().remove(1);
        }

        try (SettingsService settings = SettingsService.open(store)) {
            TableDesign saved = new ModelStore(settings).load("blog").orElseThrow();
            assertEquals(List.of(blog.model().copies().get(0)), saved.model().copies());
            assertEquals(blog.model().entities(), saved.model().entities(), "the rest is kept");
            assertEquals(null, settings.current().driftRulesOf("blog"), "no second home");
        } finally {
            work.shutdown();
        }
    }

    @Test
    void theBuildersSavedExpressionsAreThereOnTheNextStartPerTable() {
        TableInfo info = SampleInfo.saas(TABLE);
        SettingsStore store = new SettingsStore(directory);
        try (SettingsService settings = SettingsService.open(store)) {
            ExpressionBuilderViewModel builder =
                    new ExpressionBuilderViewModel(info, SnippetOptions.aws());
            new SettingsBinding(settings).bindExpressions(builder, TABLE);
            builder.rows().get(0).valueProperty().set(SampleData.ACME);
            assertTrue(builder.saveAs("acme"));
        }

        try (SettingsService settings = SettingsService.open(store)) {
            ExpressionBuilderViewModel builder =
                    new ExpressionBuilderViewModel(info, SnippetOptions.aws());
            SettingsBinding binding = new SettingsBinding(settings);
            binding.bindExpressions(builder, TABLE);
            ExpressionBuilderViewModel other =
                    new ExpressionBuilderViewModel(info, SnippetOptions.aws());
            binding.bindExpressions(other, "another-table");

            assertEquals(1, builder.savedExpressions().size());
            SavedExpression acme = builder.savedExpressions().get(0);
            assertEquals("acme", acme.name());
            assertEquals("#er = :er", acme.expression());
            assertEquals(List.of(), other.savedExpressions(), "saved per table");
            builder.open(acme);
            assertEquals(SampleData.ACME, builder.rows().get(0).valueProperty().get());
        }
    }
}
