package io.dynoscope.service.model;

import com.fasterxml.jackson.databind.JsonNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.settings.SettingsService;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Keeps each table's model in the settings (Dynoscope's model format, one table each). A table with
 * no model but with drift rules saved by the drift inspector reads as a model holding only those
 * rules as its denormalized copies.
 */
public final class ModelStore {

    private final SettingsService settings;

    public ModelStore(SettingsService settings) {
        this.settings = Objects.requireNonNull(settings);
    }

    /** The saved design of {@code table}, if any; a saved model that no longer reads is skipped. */
    public Optional<TableDesign> load(String table) {
        return settings.tableModel(table).map(ModelJson::readTable);
    }

    /**
     * The saved model of {@code table}, else a model holding only its saved drift rules, else
     * empty.
     */
    public Optional<TableModel> modelOf(
            String table, KeySchema keys, Map<String, String> keyAttributeTypes) {
        Optional<TableDesign> saved = load(table);
        if (saved.isPresent()) {
            return Optional.of(saved.get().model());
        }
        JsonNode rules = settings.current().driftRulesOf(table);
        if (rules == null) {
            return Optional.empty();
        }
        List<DenormalizationRule> copies = RuleFiles.read(rules.toString());
        return Optional.of(TableModel.ofCopies(table, keys, keyAttributeTypes, copies));
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
