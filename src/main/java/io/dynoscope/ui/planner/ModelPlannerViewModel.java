package io.dynoscope.ui.planner;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.InferredModel;
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
import io.dynoscope.core.planner.ModelReview;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.core.planner.PatternWords;
import io.dynoscope.core.planner.Plan;
import io.dynoscope.core.planner.PlanInput;
import io.dynoscope.core.planner.Planner;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.service.model.LiveModelInference;
import io.dynoscope.service.model.ModelStore;
import io.dynoscope.service.model.SchemaLoad;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The table model and planner tab: entities and access patterns in the user's words, the key design
 * the planner proposes (keys, indexes, how each pattern is served, what will hurt), its example
 * items as item collections, hand edits (key templates inline, anything in the JSON), loading the
 * design on a chosen connection after its CreateTable request was shown and confirmed, and the
 * check that runs every access pattern against the loaded table.
 */
public final class ModelPlannerViewModel {

    /** An entity as typed: attributes as {@code name:S, status:S}. */
    public static final class EntityRow {
        private final StringProperty name = new SimpleStringProperty("");
        private final StringProperty idAttribute = new SimpleStringProperty("");
        private final StringProperty parent = new SimpleStringProperty("");
        private final StringProperty attributes = new SimpleStringProperty("");
        private final BooleanProperty unbounded = new SimpleBooleanProperty();

        public StringProperty nameProperty() {
            return name;
        }

        public StringProperty idAttributeProperty() {
            return idAttribute;
        }

        public StringProperty parentProperty() {
            return parent;
        }

        public StringProperty attributesProperty() {
            return attributes;
        }

        public BooleanProperty unboundedProperty() {
            return unbounded;
        }

        EntitySpec spec() {
            return new EntitySpec(
                    name.get(),
                    idAttribute.get(),
                    parent.get(),
                    attributeModels(attributes.get()),
                    unbounded.get());
        }
    }

    /** An access pattern as typed, with what the words were read as (editable). */
    public static final class PatternRow {
        private final StringProperty words = new SimpleStringProperty("");
        private final StringProperty entity = new SimpleStringProperty("");
        private final StringProperty parameters = new SimpleStringProperty("");
        private final BooleanProperty many = new SimpleBooleanProperty();
        private final ObjectProperty<PatternSpec.Order> order =
                new SimpleObjectProperty<>(PatternSpec.Order.ANY);
        private final BooleanProperty withParent = new SimpleBooleanProperty();

        public StringProperty wordsProperty() {
            return words;
        }

        public StringProperty entityProperty() {
            return entity;
        }

        public StringProperty parametersProperty() {
            return parameters;
        }

        public BooleanProperty manyProperty() {
            return many;
        }

        public ObjectProperty<PatternSpec.Order> orderProperty() {
            return order;
        }

        public BooleanProperty withParentProperty() {
            return withParent;
        }

        PatternSpec spec() {
            return new PatternSpec(
                    words.get(),
                    entity.get(),
                    List.of(parameters.get().split("[,\\s]+")),
                    many.get(),
                    order.get(),
                    withParent.get());
        }
    }

    /** An entity's proposed keys; the templates can be edited in place. */
    public record KeyRow(String entity, String partitionKey, String sortKey, String indexKeys) {}

    /** How one access pattern is served. */
    public record ServedRow(String pattern, String how) {}

    /** One row of the examples laid out as item collections. */
    public record ExampleRow(boolean header, String key, String entity, String attributes) {}

    /** One access pattern's check. */
    public record CheckRow(
            String pattern,
            String operation,
            int requests,
            double capacity,
            long scanned,
            long returned,
            boolean asDesigned,
            String reason,
            String request,
            String items) {
        public String verdict() {
            return asDesigned ? "one request" : "not as designed";
        }
    }

    private final BackgroundWork work;
    private final ModelStore store;

    private final StringProperty tableName = new SimpleStringProperty("my-table");
    private final StringProperty partitionKey = new SimpleStringProperty("PK");
    private final StringProperty sortKey = new SimpleStringProperty("SK");
    private final ObservableList<EntityRow> entities = FXCollections.observableArrayList();
    private final ObservableList<PatternRow> patterns = FXCollections.observableArrayList();

    private final StringProperty newEntityName = new SimpleStringProperty("");
    private final StringProperty newEntityId = new SimpleStringProperty("");
    private final StringProperty newEntityParent = new SimpleStringProperty("");
    private final StringProperty newEntityAttributes = new SimpleStringProperty("");
    private final BooleanProperty newEntityUnbounded = new SimpleBooleanProperty();
    private final StringProperty newPatternWords = new SimpleStringProperty("");

    private final ReadOnlyObjectWrapper<TableDesign> design = new ReadOnlyObjectWrapper<>();
    private final ObservableList<KeyRow> keys = FXCollections.observableArrayList();
    private final ObservableList<String> indexes = FXCollections.observableArrayList();
    private final ObservableList<ServedRow> served = FXCollections.observableArrayList();
    private final ObservableList<String> findings = FXCollections.observableArrayList();
    private final ObservableList<ExampleRow> examples = FXCollections.observableArrayList();
    private final StringProperty modelJson = new SimpleStringProperty("");

    private final ObservableList<LoadTarget> targets = FXCollections.observableArrayList();
    private final ObjectProperty<LoadTarget> target = new SimpleObjectProperty<>();
    private final BooleanProperty withItems = new SimpleBooleanProperty(true);
    private final ReadOnlyStringWrapper createTableRequest = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper awaitingConfirmation = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper loadedTable = new ReadOnlyStringWrapper("");
    private final ObservableList<CheckRow> checks = FXCollections.observableArrayList();

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");

    private SchemaLoad.Prepared prepared;
    private LoadTarget loadedOn;
    private BackgroundWork.Handle handle;

    /**
     * @param targets the connections a design can be loaded on
     * @param store where the design is saved per table, or null to keep it in the tab only
     */
    public ModelPlannerViewModel(List<LoadTarget> targets, BackgroundWork work, ModelStore store) {
        this.work = work;
        this.store = store;
        this.targets.setAll(targets);
        if (!targets.isEmpty()) {
            target.set(targets.get(0));
        }
    }

    // ---- properties ------------------------------------------------------------------------

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

    public StringProperty newEntityNameProperty() {
        return newEntityName;
    }

    public StringProperty newEntityIdProperty() {
        return newEntityId;
    }

    public StringProperty newEntityParentProperty() {
        return newEntityParent;
    }

    public StringProperty newEntityAttributesProperty() {
        return newEntityAttributes;
    }

    public BooleanProperty newEntityUnboundedProperty() {
        return newEntityUnbounded;
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

    public ObservableList<ExampleRow> examples() {
        return examples;
    }

    public StringProperty modelJsonProperty() {
        return modelJson;
    }

    public ObservableList<LoadTarget> targets() {
        return targets;
    }

    public ObjectProperty<LoadTarget> targetProperty() {
        return target;
    }

    public BooleanProperty withItemsProperty() {
        return withItems;
    }

    public ReadOnlyStringProperty createTableRequestProperty() {
        return createTableRequest.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty awaitingConfirmationProperty() {
        return awaitingConfirmation.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty loadedTableProperty() {
        return loadedTable.getReadOnlyProperty();
    }

    public ObservableList<CheckRow> checks() {
        return checks;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    // ---- entities and patterns -------------------------------------------------------------

    /** Adds the entity typed in the form; a missing name or bad attribute list is an error. */
    public void addEntity() {
        error.set("");
        EntityRow row = new EntityRow();
        row.name.set(newEntityName.get().strip());
        row.idAttribute.set(newEntityId.get().strip());
        row.parent.set(newEntityParent.get().strip());
        row.attributes.set(newEntityAttributes.get().strip());
        row.unbounded.set(newEntityUnbounded.get());
        try {
            EntitySpec spec = row.spec();
            if (entities.stream().anyMatch(e -> e.name.get().equals(spec.name()))) {
                throw new IllegalArgumentException(
                        "there is already an entity called '" + spec.name() + "'");
            }
            row.idAttribute.set(spec.idAttribute());
        } catch (IllegalArgumentException e) {
            error.set("Entity: " + e.getMessage());
            return;
        }
        entities.add(row);
        newEntityName.set("");
        newEntityId.set("");
        newEntityParent.set("");
        newEntityAttributes.set("");
        newEntityUnbounded.set(false);
    }

    public void removeEntity(EntityRow row) {
        entities.remove(row);
    }

    /**
     * Adds the access pattern typed in the form, read from its words (entity, parameters, one or
     * many, order); the reading can be corrected in the list.
     */
    public void addPattern() {
        error.set("");
        String words = newPatternWords.get().strip();
        if (words.isEmpty()) {
            error.set(
                    "Access pattern: write what the application reads, e.g. \"list the projects of a workspace, newest first\"");
            return;
        }
        List<EntitySpec> specs;
        try {
            specs = specs();
        } catch (IllegalArgumentException e) {
            error.set("Entity: " + e.getMessage());
            return;
        }
        Optional<PatternSpec> guess = PatternWords.guess(words, specs);
        if (guess.isEmpty()) {
            error.set(
                    "Access pattern: \""
                            + words
                            + "\" names none of the entities ("
                            + specs.stream().map(EntitySpec::name).collect(Collectors.joining(", "))
                            + ")");
            return;
        }
        PatternSpec spec = guess.get();
        PatternRow row = new PatternRow();
        row.words.set(spec.words());
        row.entity.set(spec.entity());
        row.parameters.set(String.join(", ", spec.parameters()));
        row.many.set(spec.many());
        row.order.set(spec.order());
        row.withParent.set(spec.withParent());
        patterns.add(row);
        newPatternWords.set("");
    }

    public void removePattern(PatternRow row) {
        patterns.remove(row);
    }

    private List<EntitySpec> specs() {
        List<EntitySpec> specs = new ArrayList<>();
        for (EntityRow row : entities) {
            specs.add(row.spec());
        }
        return specs;
    }

    /** {@code name:S, status:S, createdAt} (S when the type is left out). */
    static List<AttributeModel> attributeModels(String text) {
        List<AttributeModel> attributes = new ArrayList<>();
        for (String part : text.split(",")) {
            String entry = part.strip();
            if (entry.isEmpty()) {
                continue;
            }
            int colon = entry.indexOf(':');
            String name = colon < 0 ? entry : entry.substring(0, colon).strip();
            String type =
                    colon < 0 ? "S" : entry.substring(colon + 1).strip().toUpperCase(Locale.ROOT);
            try {
                attributes.add(new AttributeModel(name, AttributeValue.Type.fromDescriptor(type)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "attribute '"
                                + name
                                + "': "
                                + type
                                + " is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)",
                        e);
            }
        }
        return attributes;
    }

    // ---- the design ------------------------------------------------------------------------

    /** Asks the planner for a design from the entities and patterns typed. */
    public void propose() {
        error.set("");
        try {
            PlanInput input =
                    new PlanInput(
                            tableName.get().strip(),
                            partitionKey.get(),
                            sortKey.get(),
                            specs(),
                            patterns.stream().map(PatternRow::spec).toList());
            if (input.entities().isEmpty()) {
                throw new IllegalArgumentException("add an entity first");
            }
            Plan plan = Planner.plan(input);
            show(plan.design(), plan.findings());
            status.set(
                    "Proposed "
                            + plan.design().model().entities().size()
                            + " entities, "
                            + plan.design().model().indexes().size()
                            + (plan.design().model().indexes().size() == 1
                                    ? " index, "
                                    : " indexes, ")
                            + plan.design().items().size()
                            + " example items");
        } catch (IllegalArgumentException e) {
            error.set("Cannot propose a design: " + e.getMessage());
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
        error.set("");
        TableModel model = current.model();
        try {
            Entity entity = model.entity(entityName).orElseThrow();
            KeyTemplates edited =
                    KeyTemplates.of(
                            partitionTemplate.strip(),
                            model.keys().sortKey().isPresent() ? sortTemplate.strip() : null);
            List<Entity> entities = new ArrayList<>();
            for (Entity e : model.entities()) {
                entities.add(
                        e.name().equals(entityName)
                                ? new Entity(e.name(), edited, e.attributes(), e.indexKeys())
                                : e);
            }
            List<AccessPattern> patterns = new ArrayList<>();
            for (AccessPattern p : model.accessPatterns()) {
                patterns.add(p.index() == null ? follow(p, entity.keys(), edited) : p);
            }
            TableModel changed = model.withEntities(entities).withAccessPatterns(patterns);
            // planned examples follow the new keys; an opened model keeps its own items
            List<Item> items =
                    entities().isEmpty() ? current.items() : ExampleItems.of(changed, specs());
            TableDesign redesigned = current.withModel(changed).withItems(items);
            show(redesigned, ModelReview.review(redesigned, unbounded()));
        } catch (IllegalArgumentException | NoSuchElementException e) {
            error.set("Keys of " + entityName + ": " + e.getMessage());
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
        return new AccessPattern(
                p.name(),
                p.operation(),
                p.entities(),
                p.index(),
                edited.partitionKey(),
                sortKey,
                p.newestFirst(),
                p.filter());
    }

    private Set<String> unbounded() {
        Set<String> names = new LinkedHashSet<>();
        entities.stream().filter(e -> e.unbounded.get()).forEach(e -> names.add(e.name.get()));
        return names;
    }

    /** Replaces the design by the model JSON as edited (Dynoscope's format, one table). */
    public void applyJson() {
        error.set("");
        try {
            TableDesign edited = ModelJson.readTable(modelJson.get());
            show(edited, ModelReview.review(edited, unbounded()));
            status.set("Applied the edited model of " + edited.table());
        } catch (IllegalArgumentException e) {
            error.set("Model JSON: " + e.getMessage());
        }
    }

    /** Opens a model file (Dynoscope's format or NoSQL Workbench's); its first table is shown. */
    public void importModel(String text) {
        error.set("");
        try {
            ModelFiles.Read read = ModelFiles.read(text);
            if (read.document() == null || read.document().tables().isEmpty()) {
                throw new IllegalArgumentException(
                        "the file holds no table (a drift rule file holds only copies)");
            }
            TableDesign first = read.document().tables().get(0);
            tableName.set(first.table());
            partitionKey.set(first.model().keys().partitionKey());
            first.model().keys().sortKey().ifPresent(sortKey::set);
            show(first, ModelReview.review(first, unbounded()));
            status.set(
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
            error.set("Cannot open the model: " + e.getMessage());
        }
    }

    /** The design in Dynoscope's format. */
    public String exportDynoscope() {
        return ModelJson.write(ModelDocument.of(requireDesign()));
    }

    /** The design as a NoSQL Workbench data model; what it cannot hold is said in the status. */
    public String exportWorkbench() {
        NoSqlWorkbenchFormat.Exported exported =
                NoSqlWorkbenchFormat.write(ModelDocument.of(requireDesign()));
        status.set(
                exported.lost().isEmpty()
                        ? "Exported for NoSQL Workbench"
                        : "Exported for NoSQL Workbench, without: "
                                + String.join("; ", exported.lost()));
        return exported.json();
    }

    /** Saves the design as its table's model in the settings. */
    public void save() {
        if (store == null || design.get() == null) {
            return;
        }
        store.save(design.get());
        status.set("Saved the model of " + design.get().table());
    }

    private TableDesign requireDesign() {
        TableDesign current = design.get();
        if (current == null) {
            throw new IllegalStateException("propose or open a design first");
        }
        return current;
    }

    private void show(TableDesign shown, List<Finding> found) {
        TableDesign named =
                shown.table().equals(tableName.get().strip()) || tableName.get().isBlank()
                        ? shown
                        : shown.withModel(shown.model().withTable(tableName.get().strip()));
        design.set(named);
        TableModel model = named.model();
        keys.setAll(
                model.entities().stream()
                        .map(
                                e ->
                                        new KeyRow(
                                                e.name(),
                                                e.keys().partitionKey().text(),
                                                e.keys()
                                                        .sortKey()
                                                        .map(KeyTemplate::text)
                                                        .orElse(""),
                                                e.indexKeys().entrySet().stream()
                                                        .map(
                                                                x ->
                                                                        x.getKey()
                                                                                + ": "
                                                                                + x.getValue()
                                                                                        .partitionKey()
                                                                                + x.getValue()
                                                                                        .sortKey()
                                                                                        .map(
                                                                                                sk ->
                                                                                                        " / "
                                                                                                                + sk)
                                                                                        .orElse(""))
                                                        .collect(Collectors.joining("; "))))
                        .toList());
        indexes.setAll(
                model.indexes().stream()
                        .map(
                                i ->
                                        (i.global() ? "GSI " : "LSI ")
                                                + i.name()
                                                + ": "
                                                + i.keys().partitionKey()
                                                + i.keys()
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
        examples.setAll(exampleRows(named));
        modelJson.set(ModelJson.writeTable(named));
        prepared = null;
        awaitingConfirmation.set(false);
        createTableRequest.set("");
    }

    /** How a pattern is served, in DynamoDB's words. */
    static String how(AccessPattern p) {
        String on = p.index() == null ? "" : " on " + p.index();
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
                            + p.sortKey()
                                    .map(
                                            sk ->
                                                    sk.operator()
                                                                    == SortKeyCondition.Operator
                                                                            .BEGINS_WITH
                                                            ? " begins_with " + sk.value()
                                                            : " "
                                                                    + sk.operator()
                                                                    + " "
                                                                    + sk.value())
                                    .orElse("")
                            + (p.filter() == null ? "" : " filter " + p.filter())
                            + (p.newestFirst() ? ", newest first" : "");
        };
    }

    private static List<ExampleRow> exampleRows(TableDesign design) {
        TableModel model = design.model();
        KeySchema keySchema = model.keys();
        GroupingOptions options = GroupingOptions.of(keySchema);
        Optional<String> parent =
                model.entities().stream()
                        .map(e -> e.keys().sortKey())
                        .flatMap(Optional::stream)
                        .filter(KeyTemplate::isConstant)
                        .map(KeyTemplate::text)
                        .findFirst();
        if (parent.isPresent() && keySchema.sortKey().isPresent()) {
            options = options.withParentMarker(parent.get());
        }
        ItemCollections collections = new ItemCollections(options, ItemSize::of);
        collections.addPage(design.items());
        List<ExampleRow> rows = new ArrayList<>();
        for (int i = 0; i < collections.rowCount(); i++) {
            CollectionRow row = collections.row(i);
            if (row instanceof CollectionRow.Header header) {
                rows.add(
                        new ExampleRow(
                                true,
                                ValueText.of(header.collection().partitionKey()),
                                header.collection().itemCount()
                                        + (header.collection().itemCount() == 1
                                                ? " item"
                                                : " items"),
                                header.collection().sizeBytes() + " bytes"));
            } else {
                Item item = ((CollectionRow.ItemRow) row).item();
                Map<String, AttributeValue> rest = new LinkedHashMap<>(item.attributes());
                rest.remove(keySchema.partitionKey());
                String sort =
                        keySchema
                                .sortKey()
                                .map(sk -> rest.remove(sk))
                                .map(ValueText::of)
                                .orElse("");
                rows.add(
                        new ExampleRow(
                                false,
                                sort,
                                design.entityOf(item).map(Entity::name).orElse(""),
                                rest.entrySet().stream()
                                        .map(e -> e.getKey() + "=" + ValueText.of(e.getValue()))
                                        .collect(Collectors.joining("  "))));
            }
        }
        return rows;
    }

    // ---- load and check --------------------------------------------------------------------

    /**
     * Proposes a model of the table named in the tab from a sample of it on the chosen connection;
     * the evidence for each entity and access pattern joins the findings.
     */
    public void inferFromTable() {
        error.set("");
        LoadTarget on = target.get();
        String table = tableName.get().strip();
        if (on == null || table.isEmpty()) {
            error.set("Choose a connection and name the table to infer its model");
            return;
        }
        start("Sampling " + table + " on " + on.label());
        handle =
                work.submit(
                        "Infer the model of " + table,
                        cancellation ->
                                new LiveModelInference(on.repositories().repository(cancellation))
                                        .infer(
                                                table,
                                                LiveModelInference.DEFAULT_SAMPLE,
                                                n ->
                                                        work.ui()
                                                                .execute(
                                                                        () ->
                                                                                status.set(
                                                                                        "Sampled "
                                                                                                + n
                                                                                                + " items of "
                                                                                                + table)),
                                                cancellation),
                        result -> {
                            InferredModel inferred = result.model();
                            TableDesign proposed = inferred.design();
                            List<Finding> found =
                                    new ArrayList<>(ModelReview.review(proposed, Set.of()));
                            inferred.describe()
                                    .forEach(
                                            line ->
                                                    found.add(
                                                            new Finding(
                                                                    Finding.Severity.INFO,
                                                                    Finding.Kind.NOTE,
                                                                    table,
                                                                    line)));
                            partitionKey.set(proposed.model().keys().partitionKey());
                            proposed.model().keys().sortKey().ifPresent(sortKey::set);
                            show(proposed, found);
                            loadedOn = on;
                            loadedTable.set(table);
                            status.set(
                                    "Inferred "
                                            + proposed.model().entities().size()
                                            + " entities and "
                                            + proposed.model().accessPatterns().size()
                                            + " access patterns from "
                                            + inferred.sampled()
                                            + " sampled items of "
                                            + table
                                            + " ("
                                            + result.reads().summary()
                                            + ")");
                            finish();
                        },
                        this::failed);
    }

    /** Builds the CreateTable request for the design and asks for its confirmation. */
    public void prepareLoad() {
        error.set("");
        TableDesign current = design.get();
        if (current == null) {
            error.set("Propose or open a design first");
            return;
        }
        if (target.get() == null) {
            error.set("Choose a connection to load the design on");
            return;
        }
        try {
            TableDesign named =
                    tableName.get().isBlank()
                            ? current
                            : current.withModel(current.model().withTable(tableName.get().strip()));
            prepared = SchemaLoad.prepare(withItems.get() ? named : named.withItems(List.of()));
            design.set(named);
        } catch (IllegalArgumentException e) {
            error.set("Cannot load: " + e.getMessage());
            return;
        }
        StringBuilder text = new StringBuilder();
        if (target.get().aws()) {
            text.append("This creates a table in your AWS account through ")
                    .append(target.get().label())
                    .append(" and is billed as ")
                    .append(prepared.design().capacity().mode())
                    .append(".\n");
        }
        prepared.notes().forEach(n -> text.append("Note: ").append(n).append('\n'));
        text.append(prepared.createTableRequest());
        createTableRequest.set(text.toString());
        awaitingConfirmation.set(true);
        status.set(
                "Confirm the CreateTable request for "
                        + prepared.table()
                        + " on "
                        + target.get().label()
                        + (withItems.get()
                                ? " (then "
                                        + prepared.design().items().size()
                                        + " items are written)"
                                : ""));
    }

    /** Creates the table shown in the confirmed request and writes its items. */
    public void confirmLoad() {
        if (prepared == null || !awaitingConfirmation.get()) {
            return;
        }
        SchemaLoad.Prepared confirmed = prepared;
        LoadTarget on = target.get();
        awaitingConfirmation.set(false);
        start("Loading " + confirmed.table());
        handle =
                work.submit(
                        "Load " + confirmed.table(),
                        cancellation -> {
                            DynamoRepository repository =
                                    on.repositories().repository(cancellation);
                            return new SchemaLoad(repository)
                                    .load(
                                            confirmed,
                                            true,
                                            p -> work.ui().execute(() -> showLoadProgress(p)),
                                            cancellation);
                        },
                        result -> {
                            loadedOn = on;
                            loadedTable.set(result.table());
                            status.set(
                                    (result.complete() ? "Loaded " : "Stopped loading ")
                                            + result.table()
                                            + " on "
                                            + on.label()
                                            + ": "
                                            + result.itemsWritten()
                                            + " of "
                                            + result.itemsTotal()
                                            + " items in "
                                            + result.requests()
                                            + " BatchWriteItem requests");
                            finish();
                        },
                        this::failed);
    }

    private void showLoadProgress(SchemaLoad.Progress p) {
        progress.set(p.total() == 0 ? 1 : (double) p.written() / p.total());
        status.set(
                "Created " + p.table() + "; wrote " + p.written() + " of " + p.total() + " items");
    }

    /** Drops the CreateTable request without sending it. */
    public void cancelLoad() {
        prepared = null;
        awaitingConfirmation.set(false);
        createTableRequest.set("");
        status.set("Nothing was created");
    }

    /** Runs every access pattern of the design against the table it was loaded into. */
    public void check() {
        error.set("");
        TableDesign current = design.get();
        if (current == null) {
            error.set("Propose or open a design first");
            return;
        }
        LoadTarget on = loadedOn != null ? loadedOn : target.get();
        String table = loadedTable.get().isEmpty() ? current.table() : loadedTable.get();
        if (on == null) {
            error.set("Choose the connection the table is on");
            return;
        }
        checks.clear();
        start(
                "Checking "
                        + current.model().accessPatterns().size()
                        + " access patterns on "
                        + table);
        handle =
                work.submit(
                        "Check " + table,
                        cancellation ->
                                new AccessPatternCheck(on.repositories().repository(cancellation))
                                        .check(
                                                current.model(),
                                                table,
                                                Map.of(),
                                                current.items(),
                                                outcome ->
                                                        work.ui()
                                                                .execute(
                                                                        () ->
                                                                                checks.add(
                                                                                        row(
                                                                                                outcome))),
                                                cancellation),
                        report -> {
                            long good =
                                    report.outcomes().stream()
                                            .filter(AccessPatternCheck.Outcome::asDesigned)
                                            .count();
                            status.set(
                                    good
                                            + " of "
                                            + report.outcomes().size()
                                            + " access patterns served as designed on "
                                            + table);
                            finish();
                        },
                        this::failed);
    }

    private static CheckRow row(AccessPatternCheck.Outcome outcome) {
        ReadStatistics s = outcome.statistics();
        return new CheckRow(
                outcome.pattern().name(),
                outcome.pattern().operation().name(),
                s.requests(),
                s.consumedCapacity(),
                s.scannedCount(),
                s.returnedCount(),
                outcome.asDesigned(),
                outcome.reason(),
                outcome.request(),
                outcome.items().stream()
                        .map(
                                i ->
                                        i.attributes().entrySet().stream()
                                                .map(
                                                        e ->
                                                                e.getKey()
                                                                        + "="
                                                                        + ValueText.of(
                                                                                e.getValue()))
                                                .collect(Collectors.joining("  ")))
                        .collect(Collectors.joining("\n")));
    }

    /** Stops a load or a check between requests. */
    public void cancel() {
        if (handle != null) {
            handle.cancel();
        }
    }

    private void start(String what) {
        running.set(true);
        progress.set(-1);
        status.set(what);
    }

    private void finish() {
        running.set(false);
        progress.set(1);
    }

    private void failed(Throwable e) {
        finish();
        error.set(ErrorMessages.describe(e));
        status.set("");
    }
}
