package io.dynoscope.service.model;

import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.settings.SettingsService;
import java.util.Objects;
import java.util.Optional;

/** Keeps each table's model in the settings (Dynoscope's model format, one table each). */
public final class ModelStore {

    private final SettingsService settings;

    public ModelStore(SettingsService settings) {
        this.settings = Objects.requireNonNull(settings);
    }

    /** The saved design of {@code table}, if any; a saved model that no longer reads is skipped. */
    public Optional<TableDesign> load(String table) {
        return settings.tableModel(table).map(ModelJson::readTable);
    }

    /** Saves {@code design} as its table's model (written soon, like every settings change). */
    public void save(TableDesign design) {
        settings.saveTableModel(design.table(), ModelJson.tableTree(design));
    }

    /** Forgets the model of {@code table}. */
    public void remove(String table) {
        settings.saveTableModel(table, null);
    }
}
