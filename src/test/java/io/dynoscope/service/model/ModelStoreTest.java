package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.TableDesign;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each table's model is kept in the settings. */
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
}
