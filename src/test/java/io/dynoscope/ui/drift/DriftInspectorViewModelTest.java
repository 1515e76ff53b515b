package io.dynoscope.ui.drift;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.sandbox.PlantedDrift;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The inspector's flow against the test engine, with the UI executor running inline. */
class DriftInspectorViewModelTest {

    private static BackgroundWork work;
    private final DynamoRepository repository = TestEngine.repository();

    @BeforeAll
    static void startWork() {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
    }

    @AfterAll
    static void stopWork() {
        work.shutdown();
    }

    private static String seeded(Dataset dataset) {
        String table = TestEngine.uniqueTableName("drift-ui-" + dataset.id());
        SampleTables.seed(TestEngine.repository(), dataset, table);
        return table;
    }

    private static DriftInspectorViewModel inspectorWithSuggestedRule(
            String table, String copyPath) {
        DriftInspectorViewModel inspector =
                new DriftInspectorViewModel(
                        table, new ConnectionServices(TestEngine.repository()), work);
        inspector.suggestRules().await();
        DenormalizationRule rule =
                inspector.rules().stream()
                        .filter(r -> r.copies().attribute().toString().equals(copyPath))
                        .findFirst()
                        .orElseThrow();
        inspector.selectedRuleProperty().set(rule);
        return inspector;
    }

    @Test
    void detectShowsTheDriftedCopiesBesideTheirSource() {
        String table = seeded(Dataset.BLOG);
        DriftInspectorViewModel inspector = inspectorWithSuggestedRule(table, "authorName");
        assertEquals(2, inspector.rules().size());
        assertTrue(
                inspector
                        .costProperty()
                        .get()
                        .startsWith("Query: one Query per source on index byAuthor"));

        inspector.detect().await();

        assertEquals("", inspector.messageProperty().get());
        Set<Key> planted =
                SampleData.plantedDrift(Dataset.BLOG).stream()
                        .filter(p -> p.copyPath().equals("authorName"))
                        .map(PlantedDrift::copy)
                        .collect(Collectors.toSet());
        assertEquals(
                planted,
                inspector.copies().stream().map(r -> r.copy().copy()).collect(Collectors.toSet()));
        DriftInspectorViewModel.CopyRow c55 =
                inspector.copies().stream()
                        .filter(r -> r.copyKey().equals("POST#c55 / META"))
                        .findFirst()
                        .orElseThrow();
        assertEquals("Lionel Tan", c55.copyValue());
        assertEquals("Lio Tan", c55.sourceValue());
        assertEquals("USER#88 / META", c55.sourceKey());
        assertTrue(
                inspector
                        .sources()
                        .contains(
                                new DriftInspectorViewModel.SourceRow(
                                        "USER#88 / META", "Lio Tan", 3, 1)));
        assertTrue(
                inspector.readFiguresProperty().get().startsWith("5 requests · "),
                inspector.readFiguresProperty().get());
        assertTrue(
                inspector.readsTextProperty().get().startsWith("Read ")
                        && inspector.readsTextProperty().get().contains(" in 5 requests, "),
                inspector.readsTextProperty().get());
        assertEquals(
                inspector.copies().size()
                        + " of "
                        + inspector.reportProperty().get().copyCount()
                        + " copies have drifted from their source.",
                inspector.task().progressTextProperty().get());
        assertFalse(inspector.task().runningProperty().get());
        assertEquals(1.0, inspector.task().progressProperty().get());
    }

    @Test
    void propagatesOnlyTheChosenCopiesAfterThePreview() {
        String table = seeded(Dataset.BLOG);
        DriftInspectorViewModel inspector = inspectorWithSuggestedRule(table, "author.name");
        inspector.detect().await();
        assertEquals(2, inspector.copies().size());
        inspector.selectAll(false);
        DriftInspectorViewModel.CopyRow d20 =
                inspector.copies().stream()
                        .filter(r -> r.copyKey().equals("POST#d20 / META"))
                        .findFirst()
                        .orElseThrow();
        d20.selectedProperty().set(true);

        inspector.preview();

        // values as people read them, not DynamoDB JSON
        assertEquals(
                List.of("POST#d20 / META · author.name: “M. Vance” → “Mara Vance”"),
                inspector.previewLines());

        inspector.propagate().await();

        assertEquals(
                List.of("Updated POST#d20 / META · author.name: “M. Vance” → “Mara Vance”"),
                inspector.reportLines());
        assertEquals("Fixed 1 copy.", inspector.task().progressTextProperty().get());
        assertTrue(
                inspector.resultFiguresProperty().get().startsWith("1 updated · 0 already current"),
                inspector.resultFiguresProperty().get());
        // the fixed copy leaves the list; the other is still there to fix
        assertEquals(
                List.of("POST#e88 / META"),
                inspector.copies().stream().map(DriftInspectorViewModel.CopyRow::copyKey).toList());
        assertEquals(s("Mara Vance"), authorName(table, "POST#d20"));
        assertEquals(s("Ana R."), authorName(table, "POST#e88"));
        assertTrue(inspector.previewLines().isEmpty());
    }

    @Test
    void afterAFixThatEmptiesTheListTheSourcesPaneSaysWhatWasFixedNotThatNothingWasFound() {
        String table = seeded(Dataset.BLOG);
        DriftInspectorViewModel inspector = inspectorWithSuggestedRule(table, "author.name");
        assertEquals(DriftInspectorViewModel.NOT_DETECTED, inspector.sourcesNoteProperty().get());
        List<String> reads = new ArrayList<>();
        inspector.onReads(r -> reads.add(r.requests() + " requests"));
        inspector.detect().await();
        assertEquals(1, reads.size(), "the tab hears of the detection's reads");

        inspector.preview();
        inspector.propagate().await();

        assertTrue(inspector.sources().isEmpty());
        assertEquals(
                "Fixed 2 copies. Detect drift again to check the table anew.",
                inspector.sourcesNoteProperty().get());
    }

    @Test
    void nothingIsWrittenWithoutAPreviewAndAChangedSelectionDiscardsIt() {
        String table = seeded(Dataset.BLOG);
        DriftInspectorViewModel inspector = inspectorWithSuggestedRule(table, "author.name");
        inspector.detect().await();

        assertNull(inspector.propagate());
        assertTrue(inspector.messageProperty().get().contains("preview"));

        inspector.preview();
        assertEquals(2, inspector.previewLines().size());
        inspector.copies().get(0).selectedProperty().set(false);

        assertTrue(inspector.previewLines().isEmpty());
        assertNull(inspector.planProperty().get());
        assertNull(inspector.propagate());
        assertEquals(s("M. Vance"), authorName(table, "POST#d20"));
    }

    @Test
    void rulesImportAndExportAsRuleFiles() {
        String table = seeded(Dataset.SAAS);
        DriftInspectorViewModel inspector = inspectorWithSuggestedRule(table, "workspaceName");
        String exported = inspector.exportRules();

        DriftInspectorViewModel other =
                new DriftInspectorViewModel(table, new ConnectionServices(repository), work);
        other.importRules(exported);
        assertEquals(inspector.rules(), other.rules());
        assertEquals(RuleFiles.read(exported).get(0), other.selectedRuleProperty().get());

        other.importRules("{\"version\": 7}");
        assertTrue(other.messageProperty().get().contains("version 7"));
        assertEquals(1, other.rules().size());

        other.detect().await();
        assertEquals(2, other.copies().size());
    }

    private static AttributeValue authorName(String table, String post) {
        Item item =
                TestEngine.repository()
                        .getItem(table, SampleData.blogKey(post, "META"), true)
                        .item()
                        .orElseThrow();
        return ((AttributeValue.MapValue) item.get("author").orElseThrow()).entries().get("name");
    }
}
