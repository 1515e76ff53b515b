package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each table's model is kept in the settings; old drift rules read as a model's copies. */
class ModelStoreTest {

    @TempDir Path directory;

    @Test
    void aSavedModelIsThereAfterARestart() {
        TableDesign saas = ModelFixtures.saasModel().tables().get(0);
        SettingsStore store = new SettingsStore(directory);
        try (SettingsService settings = SettingsService.open(store)) {
            new ModelStore(settings).save(saas);
        }
        try (SettingsService settings = SettingsService.open(store)) {
            TableDesign back = new ModelStore(settings).load("saas").orElseThrow();
            assertEquals(saas.model(), back.model());
            assertEquals(new HashSet<>(saas.items()), new HashSet<>(back.items()));
            assertEquals(Optional.empty(), new ModelStore(settings).load("blog"));
            new ModelStore(settings).remove("saas");
            assertTrue(new ModelStore(settings).load("saas").isEmpty());
        }
    }

    @Test
    void aTableWithOnlyDriftRulesReadsAsAModelOfCopies() {
        TableModel saas = ModelFixtures.saasModel().tables().get(0).model();
        SettingsStore store = new SettingsStore(directory);
        try (SettingsService settings = SettingsService.open(store)) {
            settings.update(
                    s -> s.withDriftRulesOf("legacy", readTree(RuleFiles.write(saas.copies()))));
            TableModel model =
                    new ModelStore(settings)
                            .modelOf(
                                    "legacy",
                                    KeySchema.of("EntityRef", "Detail"),
                                    Map.of("EntityRef", "S", "Detail", "S"))
                            .orElseThrow();
            assertEquals(saas.copies(), model.copies());
            assertTrue(model.entities().isEmpty());
            assertEquals("legacy", model.table());
        }
    }

    private static JsonNode readTree(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
