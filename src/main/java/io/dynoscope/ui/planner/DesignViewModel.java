package io.dynoscope.ui.planner;

import io.dynoscope.core.codegen.CodeFormat;
import io.dynoscope.core.codegen.GeneratedCode;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.planner.EntitySpec;
import io.dynoscope.core.planner.ExampleItems;
import io.dynoscope.core.planner.Finding;
import io.dynoscope.core.planner.ModelReadings;
import io.dynoscope.core.planner.ModelReview;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.core.planner.PatternWords;
import io.dynoscope.core.planner.PlanInput;
import io.dynoscope.service.model.ModelPlanning;
import io.dynoscope.service.model.ModelStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The design side of the Model tab: entities and access patterns in the user's words (each
 * pattern's reading shown and correctable), the design the planner proposes through {@link
 * ModelPlanning} (keys, indexes, how each pattern is served, findings, example items), hand edits
 * of key templates and of the whole JSON, and opening, exporting and saving models. Whatever design
 * is shown, the entity and pattern lists show the same model.
 */
public final class DesignViewModel {

    /** An entity's proposed keys; the templates can be edited in place. */
    public record KeyRow(String entity, String partitionKey, String sortKey, String indexKeys) {}

    /** How one access pattern is served. */
    public record ServedRow(String pattern, String how) {}

    private final TabStatus status;
    private final ModelStore store;

    private final StringProperty tableName = new SimpleStringProperty("my-table");
    private final StringProperty partitionKey = new SimpleStringProperty("PK");
    private final StringProperty sortKey = new SimpleStringProperty("SK");
    private final ObservableList<EntityRow> entities = FXCollections.observableArrayList();
    private final ObservableList<PatternRow> patterns = FXCollections.observableArrayList();
    private final EntityRow newEntity = new EntityRow();
    private final StringProperty newPatternWords = new SimpleStringProperty("");

    private final ReadOnlyObjectWrapper<TableDesign> design = new ReadOnlyObjectWrapper<>();
    private final ObservableList<KeyRow> keys = FXCollections.observableArrayList();
    private final ObservableList<String> indexes = FXCollections.observableArrayList();
    private final ObservableList<ServedRow> served = FXCollections.observableArrayList();
    private final ObservableList<String> findings = FXCollections.observableArrayList();
    private final ObservableList<ExampleRows.Row> examples = FXCollections.observableArrayList();
    private final StringProperty modelJson = new SimpleStringProperty("");

    DesignViewModel(TabStatus status, ModelStore store) {
        this.status = status;
        this.store = store;
    }

    public StringProperty tableNameProperty() {
        return tableName;
    }

    public StringProperty partitionKeyProperty() {
        return partitionKey;
    }

    public StringProperty sortKeyProperty() {
        return sortKey;
    }

    public ObservableList<EntityRow> entities() {
        return entities;
    }

    public ObservableList<PatternRow> patterns() {
        return patterns;
    }

    /** The entity being typed in the form below the list. */
    public EntityRow newEntity() {
        return newEntity;
    }

    public StringProperty newPatternWordsProperty() {
        return newPatternWords;
    }

    public ReadOnlyObjectProperty<TableDesign> designProperty() {
        return design.getReadOnlyProperty();
    }

    public ObservableList<KeyRow> keys() {
        return keys;
    }

    public ObservableList<String> indexes() {
        return indexes;
    }

    public ObservableList<ServedRow> served() {
        return served;
    }

    public ObservableList<String> findings() {
        return findings;
    }

    public ObservableList<ExampleRows.Row> examples() {
        return examples;
    }

    public StringProperty modelJsonProperty() {
        return modelJson;
    }

    // ---- entities and patterns -------------------------------------------------------------

    /** Adds the entity typed in the form; a missing name or bad attribute list is an error. */
    public void addEntity() {
        status.clearError();
        try {
            EntitySpec spec = newEntity.spec();
            if (entities.stream().anyMatch(e -> e.nameProperty().get().equals(spec.name()))) {
                throw new IllegalArgumentException(
                        "there is already an entity called '" + spec.name() + "'");
            }
            entities.add(EntityRow.of(spec));
        } catch (IllegalArgumentException e) {
            status.error("Entity: " + e.getMessage());
            return;
        }
        clearForm();
    }

    private void clearForm() {
        List.of(
                        newEntity.nameProperty(),
                        newEntity.idsProperty(),
                        newEntity.parentProperty(),
                        newEntity.attributesProperty(),
                        newEntity.writesPerSecondProperty(),
                        newEntity.itemsPerParentProperty())
                .forEach(p -> p.set(""));
    }

    /**
     * A blank page: no entities or patterns, the default table and key names, and nothing left of
     * the last design on the design side (keys, indexes, how each pattern is served, findings,
     * examples, JSON).
     */
    void clear() {
        status.clearError();
        tableName.set("my-table");
        partitionKey.set("PK");
        sortKey.set("SK");
        entities.clear();
        patterns.clear();
        clearForm();
        newPatternWords.set("");
        design.set(null);
        keys.clear();
        indexes.clear();
        served.clear();
        findings.clear();
        examples.clear();
        modelJson.set("");
    }

    public void removeEntity(EntityRow row) {
        entities.remove(row);
    }

    /**
     * Adds the access pattern typed in the form, read from its words; the reading can be corrected
     * in the list, and an ambiguous one says the alternative.
     */
    public void addPattern() {
        status.clearError();
        String words = newPatternWords.get().strip();
        if (words.isEmpty()) {
            status.error(
                    "Access pattern: write what the application reads, e.g. \"list the projects"
                            + " of a workspace, newest first\"");
            return;
        }
        try {
            PatternSpec spec = PatternWords.read(words, specs());
            patterns.add(PatternRow.of(spec));
            newPatternWords.set("");
            status.say(
                    "Read \""
                            + words
                            + "\" as returning "
                            + String.join(" with ", spec.returns())
                            + spec.alternative().map(a -> " (" + a + ")").orElse(""));
        } catch (IllegalArgumentException e) {
            status.error("Access pattern: " + e.getMessage());
        }
    }

    public void removePattern(PatternRow row) {
        patterns.remove(row);
    }

    private List<EntitySpec> specs() {
        return entities.stream().map(EntityRow::spec).toList();
    }

    // ---- the design ------------------------------------------------------------------------

    /** Asks the planner for a design from the entities and the patterns' readings. */
    public void propose() {
        status.clearError();
        try {
            List<EntitySpec> specs = specs();
            if (specs.isEmpty()) {
                throw new IllegalArgumentException("add an entity first");
            }
            PlanInput input =
                    new PlanInput(
                            tableName.get().strip(),
                            partitionKey.get(),
                            sortKey.get(),
                            specs,
                            patterns.stream().map(PatternRow::spec).toList());
            ModelPlanning.Proposal proposal = ModelPlanning.plan(input);
            TableDesign planned = proposal.plan().design();
            show(planned, proposal.plan().findings(), false);
            int indexCount = planned.model().indexes().size();
            status.say(
                    "Proposed "
                            + planned.model().entities().size()
                            + " entities, "
                            + indexCount
                            + (indexCount == 1 ? " index, " : " indexes, ")
                            + planned.items().size()
                            + " example items; "
                            + (proposal.allServed()
                                    ? "every access pattern is one request"
                                    : proposal.notServed().size() + " not served by one request"));
        } catch (IllegalArgumentException e) {
            status.error("Cannot propose a design: " + e.getMessage());
        }
    }

    /**
     * Replaces one entity's key templates by hand; the access patterns that used the old templates
     * and the examples follow.
     */
    public void editKeys(String entityName, String partitionTemplate, String sortTemplate) {
        TableDesign current = design.get();
        if (current == null) {
            return;
        }
        status.clearError();
        TableModel model = current.model();
        try {
            Entity entity = model.entity(entityName).orElseThrow();
            KeyTemplates edited =
                    KeyTemplates.of(
                            partitionTemplate.strip(),
                            model.keys().sortKey().isPresent() ? sortTemplate.strip() : null);
            List<Entity> changed = new ArrayList<>();
            for (Entity e : model.entities()) {
                changed.add(
                        e.name().equals(entityName)
                                ? new Entity(
                                        e.name(),
                                        edited,
                                        e.attributes(),
                                        e.indexKeys(),
                                        e.workload())
                                : e);
            }
            List<AccessPattern> followed = new ArrayList<>();
            for (AccessPattern p : model.accessPatterns()) {
                followed.add(p.index() == null ? follow(p, entity.keys(), edited) : p);
            }
            TableModel edit = model.with(b -> b.entities(changed).accessPatterns(followed));
            TableDesign redesigned =
                    current.withModel(edit).withItems(ExampleItems.of(edit, specs()));
            show(redesigned, ModelReview.review(redesigned), false);
        } catch (IllegalArgumentException | NoSuchElementException e) {
            status.error("Keys of " + entityName + ": " + e.getMessage());
        }
    }

    private static AccessPattern follow(AccessPattern p, KeyTemplates old, KeyTemplates edited) {
        if (p.partitionKey() == null || !p.partitionKey().equals(old.partitionKey())) {
            return p;
        }
        Optional<AccessPattern.SortKeyPattern> sortKey = p.sortKey();
        if (sortKey.isPresent() && old.sortKey().isPresent() && edited.sortKey().isPresent()) {
            AccessPattern.SortKeyPattern sk = sortKey.get();
            if (sk.operator() == SortKeyCondition.Operator.EQ
                    && sk.value().equals(old.sortKey().get())) {
                sortKey =
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        sk.operator(), edited.sortKey().get(), null));
            } else if (sk.operator() == SortKeyCondition.Operator.BEGINS_WITH
                    && sk.value().text().equals(old.sortKey().get().literalPrefix())
                    && !edited.sortKey().get().literalPrefix().isEmpty()) {
                sortKey =
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        sk.operator(),
                                        KeyTemplate.parse(edited.sortKey().get().literalPrefix()),
                                        null));
            }
        }
        return p.servedBy(
                p.operation(),
                p.index(),
                edited.partitionKey(),
                sortKey,
                p.newestFirst(),
                p.filter());
    }

    /** Replaces the design by the model JSON as edited (Dynoscope's format, one table). */
    public void applyJson() {
        status.clearError();
        try {
            TableDesign edited = ModelJson.readTable(modelJson.get());
            show(edited, ModelReview.review(edited), true);
            status.say("Applied the edited model of " + edited.table());
        } catch (IllegalArgumentException e) {
            status.error("Model JSON: " + e.getMessage());
        }
    }

    /** Opens a model file (Dynoscope's format or NoSQL Workbench's); its first table is shown. */
    public void importModel(String text) {
        status.clearError();
        try {
            ModelFiles.Read read = ModelFiles.read(text);
            if (read.document() == null || read.document().tables().isEmpty()) {
                throw new IllegalArgumentException(
                        "the file holds no table (a drift rule file holds only copies)");
            }
            TableDesign first = read.document().tables().get(0);
            open(first, List.of());
            status.say(
                    "Opened "
                            + first.table()
                            + (read.document().tables().size() > 1
                                    ? " (the first of "
                                            + read.document().tables().size()
                                            + " tables)"
                                    : "")
                            + (read.notes().isEmpty()
                                    ? ""
                                    : "; " + String.join("; ", read.notes())));
        } catch (IllegalArgumentException e) {
            status.error("Cannot open the model: " + e.getMessage());
        }
    }

    /** Shows a finished design (saved, opened, inferred) on both sides of the tab. */
    void open(TableDesign opened, List<Finding> more) {
        tableName.set(opened.table());
        partitionKey.set(opened.model().keys().partitionKey());
        opened.model().keys().sortKey().ifPresent(sortKey::set);
        List<Finding> found = new ArrayList<>(ModelReview.review(opened));
        found.addAll(more);
        show(opened, found, true);
    }

    /** The design in Dynoscope's format. */
    public String exportDynoscope() {
        return ModelJson.write(ModelDocument.of(requireDesign()));
    }

    /** The design as a NoSQL Workbench data model; what it cannot hold is said in the status. */
    public String exportWorkbench() {
        NoSqlWorkbenchFormat.Exported exported =
                NoSqlWorkbenchFormat.write(ModelDocument.of(requireDesign()));
        status.say(
                exported.lost().isEmpty()
                        ? "Exported for NoSQL Workbench"
                        : "Exported for NoSQL Workbench, without: "
                                + String.join("; ", exported.lost()));
        return exported.json();
    }

    /**
     * The design as code of {@code format}; what the format cannot express is said in the status.
     */
    public GeneratedCode exportCode(CodeFormat format) {
        GeneratedCode code = format.generator().generate(ModelDocument.of(requireDesign()));
        status.say(
                code.notExpressed().isEmpty()
                        ? "Generated " + format.title()
                        : "Generated "
                                + format.title()
                                + ", without: "
                                + String.join("; ", code.notExpressed()));
        return code;
    }

    /** Saves the design as its table's model in the settings. */
    public void save() {
        if (store == null || design.get() == null) {
            return;
        }
        store.save(design.get());
        status.say("Saved the model of " + design.get().table());
    }

    private TableDesign requireDesign() {
        TableDesign current = design.get();
        if (current == null) {
            throw new IllegalStateException("propose or open a design first");
        }
        return current;
    }

    /** The design as shown, under the table name typed. */
    TableDesign named(TableDesign shown) {
        String name = tableName.get().strip();
        return name.isEmpty() || shown.table().equals(name)
                ? shown
                : shown.withModel(shown.model().with(b -> b.table(name)));
    }

    /**
     * Shows a design on the design side and, with {@code fillLists}, its entities and patterns on
     * the input side, so both sides show one model.
     */
    void show(TableDesign shown, List<Finding> found, boolean fillLists) {
        TableDesign current = named(shown);
        if (fillLists) {
            entities.setAll(
                    ModelReadings.entities(current.model()).stream().map(EntityRow::of).toList());
            patterns.setAll(
                    ModelReadings.patterns(current.model()).stream().map(PatternRow::of).toList());
        }
        design.set(current);
        TableModel model = current.model();
        keys.setAll(model.entities().stream().map(DesignViewModel::keyRow).toList());
        indexes.setAll(
                model.indexes().stream()
                        .map(
                                i ->
                                        (i.global() ? "GSI " : "LSI ")
                                                + i.name()
                                                + ": "
                                                + i.keySchema().partitionKey()
                                                + i.keySchema()
                                                        .sortKey()
                                                        .map(sk -> " / " + sk)
                                                        .orElse("")
                                                + " ("
                                                + i.projectionType()
                                                + ")")
                        .toList());
        served.setAll(
                model.accessPatterns().stream().map(p -> new ServedRow(p.name(), how(p))).toList());
        findings.setAll(
                found.stream()
                        .map(f -> f.severity() + "  " + f.subject() + ": " + f.message())
                        .toList());
        examples.setAll(ExampleRows.of(current));
        modelJson.set(ModelJson.writeTable(current));
    }

    private static KeyRow keyRow(Entity e) {
        return new KeyRow(
                e.name(),
                e.keys().partitionKey().text(),
                e.keys().sortKey().map(KeyTemplate::text).orElse(""),
                e.indexKeys().entrySet().stream()
                        .sorted(Map.Entry.comparingByKey())
                        .map(
                                x ->
                                        x.getKey()
                                                + ": "
                                                + x.getValue().partitionKey()
                                                + x.getValue()
                                                        .sortKey()
                                                        .map(sk -> " / " + sk)
                                                        .orElse(""))
                        .collect(Collectors.joining("; ")));
    }

    /** How a pattern is served, in DynamoDB's words. */
    static String how(AccessPattern p) {
        String on = p.index() == null ? "" : " on " + p.index();
        String extras =
                (p.newestFirst() ? ", descending" : "")
                        + (p.limit() > 0 ? ", Limit " + p.limit() : "")
                        + (p.count() ? ", Select COUNT" : "");
        return switch (p.operation()) {
            case GET_ITEM ->
                    "GetItem "
                            + p.partitionKey()
                            + p.sortKey().map(sk -> " / " + sk.value()).orElse("");
            case SCAN -> "Scan" + on + " (reads the whole table)";
            case QUERY ->
                    "Query"
                            + on
                            + " "
                            + p.partitionKey()
                            + p.sortKey().map(DesignViewModel::condition).orElse("")
                            + (p.filter() == null ? "" : " filter " + p.filter())
                            + extras;
        };
    }

    private static String condition(AccessPattern.SortKeyPattern sk) {
        return switch (sk.operator()) {
            case BEGINS_WITH -> " begins_with " + sk.value();
            case BETWEEN -> " between " + sk.value() + " and " + sk.upper();
            default -> " " + sk.operator() + " " + sk.value();
        };
    }
}
