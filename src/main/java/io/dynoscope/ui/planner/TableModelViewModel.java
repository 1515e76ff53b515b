package io.dynoscope.ui.planner;

import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.ui.common.BackgroundWork;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringExpression;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * The Model tab: one table's model, designed from entities and access patterns in the user's words
 * ({@link DesignViewModel}), then loaded into a new table and checked pattern by pattern ({@link
 * LoadCheckViewModel}); both share what the tab's foot says.
 */
public final class TableModelViewModel {

    private final TabStatus status = new TabStatus();
    private final DesignViewModel design;
    private final LoadCheckViewModel loadCheck;
    private final ReadOnlyBooleanWrapper migratable = new ReadOnlyBooleanWrapper();
    private Consumer<TableDesign> onMigrate;

    /**
     * @param targets the connections a design can be loaded on
     * @param store where the design is saved per table, or null to keep it in the tab only
     */
    public TableModelViewModel(List<LoadTarget> targets, BackgroundWork work, ModelStore store) {
        this.design = new DesignViewModel(status, store);
        this.loadCheck = new LoadCheckViewModel(targets, work, status, design);
    }

    public DesignViewModel design() {
        return design;
    }

    public LoadCheckViewModel loadCheck() {
        return loadCheck;
    }

    /**
     * Opens the tab on a live table: its saved model on both sides, checked against that table and
     * loaded, if asked, as a new table ({@code table-model}, never over the table itself); without
     * a saved model, one inferred from a sample of the table.
     */
    public void openTable(String table, LoadTarget on, Optional<TableDesign> saved) {
        design.tableNameProperty().set(table);
        loadCheck.targetProperty().set(on);
        loadCheck.loadAsProperty().set(table + "-model");
        if (saved.isPresent()) {
            design.open(saved.get(), List.of());
            loadCheck.checkOn(table, on);
            status.say("Opened the saved model of " + table);
        } else {
            loadCheck.inferFromTable();
        }
    }

    /**
     * Starts a new model on a blank page: the design side shows nothing of the last one, and
     * nothing is loaded or checked until a design is proposed again.
     */
    public void newModel() {
        design.clear();
        loadCheck.clear();
        status.say("A new model: add its entities and access patterns, then propose a design");
    }

    /** The tab's title: the table whose model it shows. */
    public StringExpression titleProperty() {
        return Bindings.concat("Model · ", design.tableNameProperty());
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return status.runningProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return status.progressProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.statusProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return status.errorProperty();
    }

    /**
     * What Migrate… does with the edited design: the app opens the migration of the live table from
     * its current model to it. Without one, the tab offers no Migrate….
     */
    public void setOnMigrate(Consumer<TableDesign> handler) {
        onMigrate = handler;
        migratable.set(handler != null);
    }

    /** Whether the tab offers Migrate… (it was opened on a live table). */
    public ReadOnlyBooleanProperty migratableProperty() {
        return migratable.getReadOnlyProperty();
    }

    /** Opens the migration of the live table to the edited design, once there is one. */
    public void migrate() {
        TableDesign edited = design.designProperty().get();
        if (onMigrate == null) {
            return;
        }
        if (edited == null) {
            status.error("Propose or open a design first: Migrate… moves the table to it.");
            return;
        }
        onMigrate.accept(edited);
    }

    /** Stops a load, a check or an inference between requests. */
    public void cancel() {
        loadCheck.cancel();
    }
}
