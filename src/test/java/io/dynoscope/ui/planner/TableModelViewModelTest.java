package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.SerialUi;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Model tab's state, without a display: design side, load-and-check side, both one model. */
class TableModelViewModelTest {

    private final SerialUi ui = new SerialUi();
    private final BackgroundWork work = ui.work();
    private final LoadTarget engine =
            new LoadTarget(
                    "engine",
                    false,
                    cancellation -> new ConnectionServices(TestEngine.repository()));
    private final TableModelViewModel viewModel =
            new TableModelViewModel(List.of(engine), work, null);
    private final DesignViewModel design = viewModel.design();

    @AfterEach
    void stop() {
        ui.close();
    }

    private void awaitIdle() throws InterruptedException {
        // every handler has run, not only the one that said the work stopped
        ui.settle(60);
        assertFalse(viewModel.runningProperty().get());
    }

    private void entity(String name, String parent, String attributes) {
        design.newEntity().nameProperty().set(name);
        design.newEntity().parentProperty().set(parent);
        design.newEntity().attributesProperty().set(attributes);
        design.addEntity();
    }

    private void seed() {
        entity("workspace", "", "name:S");
        entity("project", "workspace", "name:S, status:S, createdAt:S");
        for (String words :
                List.of(
                        "list every project in a workspace, newest first",
                        "get one project by its id")) {
            design.newPatternWordsProperty().set(words);
            design.addPattern();
        }
    }

    @Test
    void badTypesAreReportedAndEveryReadingIsShownAndCorrectable() {
        entity("workspace", "", "name:STRING");
        assertEquals(
                "Entity: attribute 'name': STRING is not a DynamoDB type (S, N, B, BOOL, NULL, M, L,"
                        + " SS, NS, BS)",
                viewModel.errorProperty().get());
        assertTrue(design.entities().isEmpty());
        seed();
        assertEquals("workspaceId", design.entities().get(0).idsProperty().get());
        PatternRow list = design.patterns().get(0);
        assertEquals("project", list.entityProperty().get());
        assertEquals("", list.alongProperty().get());
        assertEquals("workspaceId", list.givenProperty().get());
        assertEquals("createdAt desc", list.orderProperty().get());
        design.newPatternWordsProperty().set("list every invoice");
        design.addPattern();
        assertEquals(3, design.patterns().size(), "a sentence is never refused");
        PatternRow guessed = design.patterns().get(2);
        assertTrue(
                guessed.unsureProperty().get().contains("name no entity"),
                guessed.unsureProperty().get());
        design.propose();
        assertFalse(
                design.designProperty().get().model().accessPatterns().get(2).unsure().isEmpty(),
                "a guess nobody corrected is marked unsure in the model");
        list.givenProperty().set("workspaceId, status");
        guessed.limitProperty().set("5");
        design.propose();
        AccessPattern corrected = design.designProperty().get().model().accessPatterns().get(0);
        assertEquals(List.of("workspaceId", "status"), corrected.question().orElseThrow().given());
        assertEquals(
                List.of(),
                design.designProperty().get().model().accessPatterns().get(2).unsure(),
                "the row's edit is the person's correction: confirmed");
    }

    @Test
    void migrateHandsTheEditedDesignToTheAppOnlyOnceThereIsOne() {
        List<TableDesign> handed = new ArrayList<>();
        boolean offeredBefore = viewModel.migratableProperty().get();
        viewModel.setOnMigrate(handed::add);

        viewModel.migrate();
        String without = viewModel.errorProperty().get();
        seed();
        design.propose();
        viewModel.migrate();

        assertFalse(offeredBefore, "no Migrate… until the app offers it");
        assertTrue(viewModel.migratableProperty().get());
        assertTrue(without.startsWith("Propose or open a design first"), without);
        assertEquals(List.of(design.designProperty().get()), handed);
    }

    @Test
    void editingAKeyTemplateCarriesThePatternsAndExamplesAlong() {
        seed();
        design.propose();
        assertEquals("", viewModel.errorProperty().get());
        design.editKeys("project", "WORKSPACE#{workspaceId}", "P#{projectId}");
        assertEquals("", viewModel.errorProperty().get());
        TableModel model = design.designProperty().get().model();
        assertEquals("P#", model.accessPatterns().get(0).sortKey().orElseThrow().value().text());
        assertEquals(
                "P#{projectId}",
                model.accessPatterns().get(1).sortKey().orElseThrow().value().text());
        assertTrue(
                design.examples().stream().anyMatch(r -> r.key().equals("P#2026-0001")),
                design.examples().toString());
        design.editKeys("project", "WORKSPACE#{workspaceId", "P#{projectId}");
        assertTrue(
                viewModel
                        .errorProperty()
                        .get()
                        .startsWith("Keys of project: pattern 'WORKSPACE#{workspaceId'"),
                viewModel.errorProperty().get());
    }

    @Test
    void examplesAreItemCollectionsParentFirstWithSeveralParents() {
        seed();
        design.propose();
        List<ExampleRows.Row> rows = design.examples();
        assertTrue(rows.get(0).header());
        assertEquals("WORKSPACE#acme", rows.get(0).key());
        assertEquals("5 items", rows.get(0).entity());
        assertEquals("META", rows.get(1).key());
        assertEquals("workspace", rows.get(1).entity());
        assertEquals("project", rows.get(2).entity());
        assertEquals(3, rows.stream().filter(ExampleRows.Row::header).count(), "three workspaces");
    }

    @Test
    void aSavedModelOpensOnBothSidesAsOneModel() throws IOException {
        TableDesign saas =
                ModelFiles.read(resource("/io/dynoscope/service/model/saas-model.json"))
                        .document()
                        .tables()
                        .get(0);
        viewModel.openTable("saas", engine, Optional.of(saas));
        assertEquals(
                saas.model().entities().stream().map(e -> e.name()).toList(),
                design.entities().stream().map(e -> e.nameProperty().get()).toList());
        assertEquals(
                saas.model().accessPatterns().stream().map(AccessPattern::name).toList(),
                design.patterns().stream().map(p -> p.wordsProperty().get()).toList());
        assertEquals("project", design.entities().get(1).nameProperty().get());
        assertEquals("workspace", design.entities().get(1).parentProperty().get());
        assertEquals("projectId", design.entities().get(1).idsProperty().get());
        assertEquals("saas-model", viewModel.loadCheck().loadAsProperty().get());
        assertEquals("saas", viewModel.loadCheck().loadedTableProperty().get());
        assertEquals("Model · saas", viewModel.titleProperty().get());
    }

    @Test
    void aTableThatExistsIsRefusedBeforeAnyConfirmationAndANewOneIsLoaded() throws Exception {
        String existing = TestEngine.uniqueTableName("planner-exists");
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.SAAS, existing);
        seed();
        design.tableNameProperty().set(existing);
        design.propose();
        viewModel.loadCheck().prepareLoad();
        awaitIdle();
        assertFalse(viewModel.loadCheck().awaitingConfirmationProperty().get());
        assertTrue(
                viewModel
                        .errorProperty()
                        .get()
                        .startsWith("Table '" + existing + "' already exists on engine"),
                viewModel.errorProperty().get());
        assertEquals("", viewModel.loadCheck().createTableRequestProperty().get());

        String fresh = TestEngine.uniqueTableName("planner-new");
        List<String> created = new ArrayList<>();
        viewModel.loadCheck().setOnTableCreated(created::add);
        viewModel.loadCheck().loadAsProperty().set(fresh);
        viewModel.loadCheck().prepareLoad();
        awaitIdle();
        assertTrue(viewModel.loadCheck().awaitingConfirmationProperty().get());
        assertTrue(
                viewModel
                        .loadCheck()
                        .createTableRequestProperty()
                        .get()
                        .contains("\"TableName\" : \"" + fresh + "\""));
        viewModel.loadCheck().confirmLoad();
        awaitIdle();
        assertEquals(List.of(fresh), created, "the shell hears of the new table");
        assertEquals(fresh, viewModel.loadCheck().loadedTableProperty().get());
        viewModel.loadCheck().check();
        awaitIdle();
        assertEquals(2, viewModel.loadCheck().checks().size());
        for (LoadCheckViewModel.CheckRow row : viewModel.loadCheck().checks()) {
            assertTrue(row.asDesigned(), row.toString());
            assertTrue(row.request().contains("Expected: "), row.request());
        }
        assertEquals(
                "2 of 2 access patterns served as designed on " + fresh,
                viewModel.statusProperty().get());
    }

    @Test
    void aLiveTableIsInferredOnBothSidesWithItsEvidence() throws Exception {
        String table = TestEngine.uniqueTableName("planner-infer");
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.BLOG, table);
        viewModel.openTable(table, engine, Optional.empty());
        awaitIdle();
        assertEquals("", viewModel.errorProperty().get());
        assertEquals(
                List.of("post", "user"),
                design.keys().stream().map(DesignViewModel.KeyRow::entity).toList());
        assertEquals(
                List.of("post", "user"),
                design.entities().stream().map(e -> e.nameProperty().get()).toList());
        assertEquals("PK", design.partitionKeyProperty().get());
        assertTrue(
                design.findings().stream()
                        .anyMatch(
                                f ->
                                        f.contains(
                                                ": entity user: 4 of 16 sampled items, e.g. USER#")),
                design.findings().toString());
        assertTrue(
                viewModel
                        .statusProperty()
                        .get()
                        .startsWith(
                                "Inferred 2 entities and 3 access patterns from 16 sampled items of "
                                        + table));
    }

    @Test
    void createAsAndChecksRunOnFollowTheTableFieldUntilAPersonNamesThem() throws IOException {
        TableDesign saved = saasDesign();
        viewModel.openTable("saas", engine, Optional.of(saved));
        assertEquals("saas-model", viewModel.loadCheck().loadAsProperty().get());
        assertEquals("saas", viewModel.loadCheck().loadedTableProperty().get());
        design.tableNameProperty().set("orders");
        assertEquals("orders-model", viewModel.loadCheck().loadAsProperty().get());
        assertEquals("orders", viewModel.loadCheck().loadedTableProperty().get());
        viewModel.loadCheck().loadAsProperty().set("orders-copy");
        design.tableNameProperty().set("invoices");
        assertEquals("orders-copy", viewModel.loadCheck().loadAsProperty().get(), "typed, kept");
        assertEquals("invoices", viewModel.loadCheck().loadedTableProperty().get());
    }

    @Test
    void aNewModelIsABlankPageWithNothingStaleOnTheDesignSide() throws IOException {
        TableDesign saved = saasDesign();
        viewModel.openTable("saas", engine, Optional.of(saved));
        assertFalse(design.keys().isEmpty());
        assertFalse(design.patterns().isEmpty());

        viewModel.newModel();
        assertEquals("my-table", design.tableNameProperty().get());
        assertTrue(design.entities().isEmpty());
        assertTrue(design.patterns().isEmpty());
        assertNull(design.designProperty().get());
        assertTrue(design.keys().isEmpty(), "no stale keys");
        assertTrue(design.indexes().isEmpty(), "no stale indexes");
        assertTrue(design.served().isEmpty(), "no stale served patterns");
        assertTrue(design.findings().isEmpty(), "no stale findings");
        assertTrue(design.examples().isEmpty(), "no stale examples");
        assertEquals("", design.modelJsonProperty().get());
        assertTrue(viewModel.loadCheck().checks().isEmpty(), "no stale checks");
        assertEquals(
                "", viewModel.loadCheck().loadedTableProperty().get(), "checks run on nothing");
        assertEquals("my-table-model", viewModel.loadCheck().loadAsProperty().get());

        design.tableNameProperty().set("shop");
        assertEquals("shop-model", viewModel.loadCheck().loadAsProperty().get(), "follows Table");
        seed();
        design.propose();
        assertEquals("shop", design.designProperty().get().table());
        assertEquals(2, design.keys().size());
    }

    private static TableDesign saasDesign() throws IOException {
        return ModelFiles.read(resource("/io/dynoscope/service/model/saas-model.json"))
                .document()
                .tables()
                .get(0);
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = TableModelViewModelTest.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
