package io.dynoscope.ui.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The planner tab's state, without a display. */
class ModelPlannerViewModelTest {

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    private final LoadTarget aws =
            new LoadTarget(
                    "prod (eu-west-1)",
                    true,
                    cancellation -> {
                        throw new IllegalStateException(
                                "not reached: nothing is sent before the request is confirmed");
                    });
    private final ModelPlannerViewModel viewModel =
            new ModelPlannerViewModel(
                    List.of(aws), new BackgroundWork(background, UiExecutor.inline()), null);

    @AfterEach
    void stop() {
        background.shutdownNow();
    }

    private void seedEntitiesAndPatterns() {
        viewModel.newEntityNameProperty().set("workspace");
        viewModel.newEntityAttributesProperty().set("name:S");
        viewModel.addEntity();
        viewModel.newEntityNameProperty().set("project");
        viewModel.newEntityParentProperty().set("workspace");
        viewModel.newEntityAttributesProperty().set("name:S, status:S, createdAt:S");
        viewModel.addEntity();
        viewModel.newPatternWordsProperty().set("list every project in a workspace, newest first");
        viewModel.addPattern();
        viewModel.newPatternWordsProperty().set("get one project");
        viewModel.addPattern();
    }

    @Test
    void wordsThatNameNoEntityAndBadTypesAreReportedInThePanel() {
        viewModel.newEntityNameProperty().set("workspace");
        viewModel.newEntityAttributesProperty().set("name:STRING");
        viewModel.addEntity();
        assertEquals(
                "Entity: attribute 'name': STRING is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)",
                viewModel.errorProperty().get());
        assertTrue(viewModel.entities().isEmpty());
        viewModel.newEntityAttributesProperty().set("name:S");
        viewModel.addEntity();
        assertEquals("workspaceId", viewModel.entities().get(0).idAttributeProperty().get());
        viewModel.newPatternWordsProperty().set("list every invoice");
        viewModel.addPattern();
        assertEquals(
                "Access pattern: \"list every invoice\" names none of the entities (workspace)",
                viewModel.errorProperty().get());
    }

    @Test
    void editingAKeyTemplateCarriesThePatternsAndExamplesAlong() {
        seedEntitiesAndPatterns();
        viewModel.propose();
        assertEquals("", viewModel.errorProperty().get());
        viewModel.editKeys("project", "WORKSPACE#{workspaceId}", "P#{projectId}");
        assertEquals("", viewModel.errorProperty().get());
        TableModel model = viewModel.designProperty().get().model();
        AccessPattern list = model.accessPatterns().get(0);
        assertEquals("P#", list.sortKey().orElseThrow().value().text());
        assertEquals(
                "P#{projectId}",
                model.accessPatterns().get(1).sortKey().orElseThrow().value().text());
        assertTrue(
                viewModel.examples().stream().anyMatch(r -> r.key().equals("P#2026-0001")),
                viewModel.examples().toString());
        assertTrue(viewModel.modelJsonProperty().get().contains("\"sortKey\" : \"P#{projectId}\""));

        viewModel.editKeys("project", "WORKSPACE#{workspaceId", "P#{projectId}");
        assertTrue(
                viewModel
                        .errorProperty()
                        .get()
                        .startsWith("Keys of project: pattern 'WORKSPACE#{workspaceId'"),
                viewModel.errorProperty().get());
    }

    @Test
    void examplesAreLaidOutAsItemCollectionsParentFirst() {
        seedEntitiesAndPatterns();
        viewModel.propose();
        List<ModelPlannerViewModel.ExampleRow> rows = viewModel.examples();
        assertTrue(rows.get(0).header());
        assertEquals("WORKSPACE#acme", rows.get(0).key());
        assertEquals("4 items", rows.get(0).entity());
        assertEquals(
                new ModelPlannerViewModel.ExampleRow(
                        false, "META", "workspace", "name=Workspace 1"),
                rows.get(1));
        assertEquals("project", rows.get(2).entity());
        assertEquals(2 + 8, rows.size());
    }

    @Test
    void onAwsTheRequestIsShownWithAWarningAndNothingIsSentUntilConfirmed() {
        seedEntitiesAndPatterns();
        viewModel.tableNameProperty().set("planned");
        viewModel.propose();
        viewModel.prepareLoad();
        assertTrue(viewModel.awaitingConfirmationProperty().get());
        String request = viewModel.createTableRequestProperty().get();
        assertTrue(
                request.startsWith(
                        "This creates a table in your AWS account through prod (eu-west-1) and is billed as PAY_PER_REQUEST.\n"),
                request);
        assertTrue(request.contains("\"TableName\" : \"planned\""), request);
        viewModel.cancelLoad();
        assertFalse(viewModel.awaitingConfirmationProperty().get());
        assertEquals("Nothing was created", viewModel.statusProperty().get());
        assertTrue(viewModel.loadedTableProperty().get().isEmpty());
    }

    @Test
    void aModelJsonEditIsAppliedOrItsMistakeShown() {
        seedEntitiesAndPatterns();
        viewModel.propose();
        String json = viewModel.modelJsonProperty().get();
        viewModel.modelJsonProperty().set(json.replace("\"entities\"", "\"entitys\""));
        viewModel.applyJson();
        assertTrue(
                viewModel.errorProperty().get().startsWith("Model JSON: not a table model: "),
                viewModel.errorProperty().get());
        viewModel.modelJsonProperty().set(json.replace("PROJECT#", "PRJ#"));
        viewModel.applyJson();
        assertEquals("", viewModel.errorProperty().get());
        assertEquals("PRJ#{projectId}", viewModel.keys().get(1).sortKey());
    }

    @Test
    void aLiveTableIsInferredWithItsEvidence() throws Exception {
        String table = TestEngine.uniqueTableName("planner-infer");
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.BLOG, table);
        LoadTarget engine =
                new LoadTarget("engine", false, cancellation -> TestEngine.repository());
        ModelPlannerViewModel onEngine =
                new ModelPlannerViewModel(
                        List.of(engine), new BackgroundWork(background, UiExecutor.inline()), null);
        onEngine.tableNameProperty().set(table);
        onEngine.inferFromTable();
        for (int i = 0; i < 300 && onEngine.runningProperty().get(); i++) {
            Thread.sleep(50);
        }
        assertEquals("", onEngine.errorProperty().get());
        assertEquals(
                List.of("post", "user"),
                onEngine.keys().stream().map(ModelPlannerViewModel.KeyRow::entity).toList());
        assertEquals("PK", onEngine.partitionKeyProperty().get());
        assertTrue(
                onEngine.findings().stream()
                        .anyMatch(
                                f ->
                                        f.contains(
                                                ": entity user: 4 of 16 sampled items, e.g. USER#")),
                onEngine.findings().toString());
        assertTrue(
                onEngine.statusProperty()
                        .get()
                        .startsWith(
                                "Inferred 2 entities and 3 access patterns from 16 sampled items of "
                                        + table));
    }
}
