package io.dynoscope.core.model;

import static io.dynoscope.core.model.JsonText.list;
import static io.dynoscope.core.model.JsonText.require;
import static io.dynoscope.core.model.JsonText.where;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Dynoscope's own model format: the JSON in which table models are saved (per table, in the
 * settings), exported, shared and printed by {@code dynoscope model infer}. It is described with a
 * full example in {@code docs/model.md}; version 1 reads:
 *
 * <pre>{@code
 * { "format": "dynoscope-model", "version": 1, "name": "saas", "tables": [ {
 *     "table": "saas",
 *     "partitionKey": { "name": "EntityRef", "type": "S" }, "sortKey": { "name": "Detail", "type": "S" },
 *     "billing": { "mode": "PAY_PER_REQUEST" },
 *     "indexes": [ ... ], "entities": [ ... ], "accessPatterns": [ ... ], "relationships": [ ... ],
 *     "copies": [ ...drift rules, as in rule files... ], "shardGroups": [ ... ],
 *     "items": [ ...DynamoDB JSON... ] } ] }
 * }</pre>
 *
 * Unknown fields are refused, so a typo is reported, not ignored. Items are DynamoDB JSON and keep
 * every digit, byte and type.
 */
public final class ModelJson {

    /** The value of the {@code format} field. */
    public static final String FORMAT = "dynoscope-model";

    /** The format version this class writes and reads. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    private ModelJson() {}

    @JsonPropertyOrder({"format", "version", "name", "author", "description", "tables"})
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record DocumentJson(
            String format,
            Integer version,
            String name,
            String author,
            String description,
            List<TableJson> tables) {}

    @JsonPropertyOrder({
        "table",
        "partitionKey",
        "sortKey",
        "billing",
        "indexes",
        "entities",
        "accessPatterns",
        "relationships",
        "copies",
        "shardGroups",
        "items"
    })
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record TableJson(
            String table,
            KeyJson partitionKey,
            KeyJson sortKey,
            BillingJson billing,
            List<IndexJson> indexes,
            List<EntityJson> entities,
            List<PatternJson> accessPatterns,
            List<RelationshipJson> relationships,
            ArrayNode copies,
            List<ShardGroupJson> shardGroups,
            List<JsonNode> items) {}

    @JsonPropertyOrder({"name", "type"})
    record KeyJson(String name, String type) {}

    @JsonPropertyOrder({
        "mode",
        "readCapacityUnits",
        "writeCapacityUnits",
        "autoScalingRead",
        "autoScalingWrite"
    })
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record BillingJson(
            Capacity.Mode mode,
            Long readCapacityUnits,
            Long writeCapacityUnits,
            AutoScalingJson autoScalingRead,
            AutoScalingJson autoScalingWrite) {}

    @JsonPropertyOrder({"minCapacity", "maxCapacity", "serviceRole", "targetValue"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record AutoScalingJson(
            Long minCapacity, Long maxCapacity, String serviceRole, BigDecimal targetValue) {}

    @JsonPropertyOrder({
        "name",
        "kind",
        "partitionKey",
        "sortKey",
        "projection",
        "nonKeyAttributes"
    })
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record IndexJson(
            String name,
            String kind,
            KeyJson partitionKey,
            KeyJson sortKey,
            String projection,
            List<String> nonKeyAttributes) {}

    @JsonPropertyOrder({
        "name",
        "partitionKey",
        "sortKey",
        "attributes",
        "indexKeys",
        "readsPerSecond",
        "writesPerSecond",
        "itemsPerParent",
        "itemBytes"
    })
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record EntityJson(
            String name,
            String partitionKey,
            String sortKey,
            List<AttributeJson> attributes,
            Map<String, TemplatesJson> indexKeys,
            BigDecimal readsPerSecond,
            BigDecimal writesPerSecond,
            BigDecimal itemsPerParent,
            BigDecimal itemBytes) {}

    @JsonPropertyOrder({"name", "type"})
    record AttributeJson(String name, AttributeValue.Type type) {}

    @JsonPropertyOrder({"partitionKey", "sortKey"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TemplatesJson(String partitionKey, String sortKey) {}

    @JsonPropertyOrder({
        "name",
        "operation",
        "entities",
        "index",
        "partitionKey",
        "sortKey",
        "newestFirst",
        "filter",
        "limit",
        "count",
        "question",
        "readsPerSecond"
    })
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record PatternJson(
            String name,
            AccessPattern.Operation operation,
            List<String> entities,
            String index,
            String partitionKey,
            SortKeyJson sortKey,
            Boolean newestFirst,
            String filter,
            Integer limit,
            Boolean count,
            QuestionJson question,
            BigDecimal readsPerSecond) {}

    @JsonPropertyOrder({"given", "range", "order"})
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record QuestionJson(List<String> given, RangeJson range, OrderJson order) {}

    @JsonPropertyOrder({"attribute", "kind"})
    record RangeJson(String attribute, Question.Range.Kind kind) {}

    @JsonPropertyOrder({"attribute", "descending"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record OrderJson(String attribute, Boolean descending) {}

    @JsonPropertyOrder({"operator", "value", "upper"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SortKeyJson(SortKeyCondition.Operator operator, String value, String upper) {}

    @JsonPropertyOrder({"name", "kind", "parent", "child", "index"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record RelationshipJson(
            String name, Relationship.Kind kind, String parent, String child, String index) {}

    @JsonPropertyOrder({"name", "template"})
    record ShardGroupJson(String name, String template) {}

    // ---- writing ---------------------------------------------------------------------------

    /** The document in Dynoscope's model format. */
    public static String write(ModelDocument document) {
        List<TableJson> tables = document.tables().stream().map(ModelJson::table).toList();
        return text(
                new DocumentJson(
                        FORMAT,
                        VERSION,
                        document.name(),
                        document.author(),
                        document.description(),
                        tables));
    }

    /** One table's design as the JSON tree the settings keep per table. */
    public static JsonNode tableTree(TableDesign design) {
        return MAPPER.valueToTree(table(design));
    }

    /** One table's design as JSON text (the {@code tables} element of a document). */
    public static String writeTable(TableDesign design) {
        return text(table(design));
    }

    private static String text(Object json) {
        try {
            return MAPPER.writeValueAsString(json) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a model", e);
        }
    }

    private static TableJson table(TableDesign design) {
        TableModel model = design.model();
        KeySchema keys = model.keys();
        return new TableJson(
                model.table(),
                key(model, keys.partitionKey()),
                keys.sortKey().map(sk -> key(model, sk)).orElse(null),
                billing(design.capacity()),
                model.indexes().stream().map(i -> index(model, i)).toList(),
                model.entities().stream().map(ModelJson::entity).toList(),
                model.accessPatterns().stream().map(ModelJson::pattern).toList(),
                model.relationships().stream()
                        .map(
                                r ->
                                        new RelationshipJson(
                                                r.name(),
                                                r.kind(),
                                                r.parent(),
                                                r.child(),
                                                r.index()))
                        .toList(),
                copies(model.copies()),
                model.shardGroups().stream()
                        .map(g -> new ShardGroupJson(g.name(), g.template().text()))
                        .toList(),
                design.items().stream().map(ModelJson::itemTree).toList());
    }

    private static KeyJson key(TableModel model, String attribute) {
        return new KeyJson(attribute, model.keyAttributeType(attribute));
    }

    private static BillingJson billing(Capacity capacity) {
        if (!capacity.provisioned()) {
            return new BillingJson(capacity.mode(), null, null, null, null);
        }
        return new BillingJson(
                capacity.mode(),
                capacity.readCapacityUnits(),
                capacity.writeCapacityUnits(),
                capacity.autoScalingRead().map(ModelJson::autoScaling).orElse(null),
                capacity.autoScalingWrite().map(ModelJson::autoScaling).orElse(null));
    }

    private static AutoScalingJson autoScaling(Capacity.AutoScaling a) {
        return new AutoScalingJson(
                a.minCapacity(), a.maxCapacity(), a.serviceRole(), a.targetValue());
    }

    private static IndexJson index(TableModel model, IndexModel index) {
        return new IndexJson(
                index.name(),
                index.global() ? "GSI" : "LSI",
                key(model, index.keys().partitionKey()),
                index.keys().sortKey().map(sk -> key(model, sk)).orElse(null),
                index.projectionType(),
                index.nonKeyAttributes());
    }

    private static EntityJson entity(Entity entity) {
        Map<String, TemplatesJson> indexKeys = new LinkedHashMap<>();
        entity.indexKeys().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> indexKeys.put(e.getKey(), templates(e.getValue())));
        TemplatesJson keys = templates(entity.keys());
        Workload w = entity.workload();
        return new EntityJson(
                entity.name(),
                keys.partitionKey(),
                keys.sortKey(),
                entity.attributes().stream()
                        .map(a -> new AttributeJson(a.name(), a.type()))
                        .toList(),
                indexKeys,
                figure(w.readsPerSecond()),
                figure(w.writesPerSecond()),
                figure(w.itemsPerParent()),
                figure(w.itemBytes()));
    }

    /**
     * A workload figure as written: none for zero, a plain number otherwise ({@code 40}, not 40.0).
     */
    private static BigDecimal figure(double value) {
        return value == 0 ? null : BigDecimal.valueOf(value).stripTrailingZeros();
    }

    private static double figure(BigDecimal value, String field) {
        if (value == null) {
            return 0;
        }
        if (value.signum() < 0) {
            throw new IllegalArgumentException("\"" + field + "\" cannot be negative");
        }
        return value.doubleValue();
    }

    private static TemplatesJson templates(KeyTemplates keys) {
        return new TemplatesJson(
                keys.partitionKey().text(), keys.sortKey().map(KeyTemplate::text).orElse(null));
    }

    private static PatternJson pattern(AccessPattern pattern) {
        return new PatternJson(
                pattern.name(),
                pattern.operation(),
                pattern.entities(),
                pattern.index(),
                pattern.partitionKey() == null ? null : pattern.partitionKey().text(),
                pattern.sortKey()
                        .map(
                                sk ->
                                        new SortKeyJson(
                                                sk.operator(),
                                                sk.value().text(),
                                                sk.upper() == null ? null : sk.upper().text()))
                        .orElse(null),
                pattern.newestFirst() ? Boolean.TRUE : null,
                pattern.filter(),
                pattern.limit() == 0 ? null : pattern.limit(),
                pattern.count() ? Boolean.TRUE : null,
                pattern.question().map(ModelJson::question).orElse(null),
                figure(pattern.workload().readsPerSecond()));
    }

    private static QuestionJson question(Question question) {
        return new QuestionJson(
                question.given(),
                question.range().map(r -> new RangeJson(r.attribute(), r.kind())).orElse(null),
                question.order()
                        .map(o -> new OrderJson(o.attribute(), o.descending() ? true : null))
                        .orElse(null));
    }

    private static ArrayNode copies(List<DenormalizationRule> rules) {
        if (rules.isEmpty()) {
            return null;
        }
        try {
            return (ArrayNode) MAPPER.readTree(RuleFiles.write(rules)).get("rules");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the copies", e);
        }
    }

    /** An item as a DynamoDB JSON tree: numbers stay strings, so no digit is lost. */
    static JsonNode itemTree(Item item) {
        try {
            return MAPPER.readTree(DynamoJson.write(item));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an item", e);
        }
    }

    // ---- reading ---------------------------------------------------------------------------

    /** Reads a document; throws {@link IllegalArgumentException} saying what is wrong and where. */
    public static ModelDocument read(String text) {
        DocumentJson json;
        try {
            json = MAPPER.readValue(text, DocumentJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a Dynoscope model: " + e.getOriginalMessage() + " at " + where(e), e);
        }
        if (json == null || !FORMAT.equals(json.format())) {
            throw new IllegalArgumentException(
                    "not a Dynoscope model: \"format\" must be \"" + FORMAT + "\"");
        }
        if (json.version() == null || json.version() != VERSION) {
            throw new IllegalArgumentException(
                    "model format version "
                            + json.version()
                            + " is not supported (expected "
                            + VERSION
                            + ")");
        }
        List<TableJson> entries = json.tables() == null ? List.of() : json.tables();
        List<TableDesign> tables = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            tables.add(table(entries.get(i), "table " + (i + 1)));
        }
        return new ModelDocument(
                json.name() == null ? "" : json.name(), json.author(), json.description(), tables);
    }

    /** Reads one table's design from its JSON text (as {@link #writeTable} writes it). */
    public static TableDesign readTable(String text) {
        try {
            return table(MAPPER.readValue(text, TableJson.class), "the table");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a table model: " + e.getOriginalMessage() + " at " + where(e), e);
        }
    }

    /** Reads one table's design from the JSON tree the settings keep. */
    public static TableDesign readTable(JsonNode tree) {
        try {
            return table(MAPPER.treeToValue(tree, TableJson.class), "the table");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a table model: " + e.getOriginalMessage(), e);
        }
    }

    private static TableDesign table(TableJson json, String where) {
        if (json == null) {
            throw new IllegalArgumentException(where + " is empty");
        }
        String at = where + (json.table() == null ? "" : " ('" + json.table() + "')");
        try {
            return tableOrThrow(json);
        } catch (IllegalArgumentException | NullPointerException e) {
            String message = e.getMessage();
            throw new IllegalArgumentException(
                    message != null && message.startsWith(at) ? message : at + ": " + message, e);
        }
    }

    private static TableDesign tableOrThrow(TableJson json) {
        String table = require(json.table(), "\"table\"");
        KeyJson partition = require(json.partitionKey(), "\"partitionKey\"");
        Map<String, String> types = new LinkedHashMap<>();
        KeySchema keys =
                KeySchema.of(
                        keyName(partition, "partitionKey", types),
                        json.sortKey() == null ? null : keyName(json.sortKey(), "sortKey", types));
        List<IndexModel> indexes = new ArrayList<>();
        for (IndexJson index : list(json.indexes())) {
            require(index.name(), "an index's \"name\"");
            String kind = index.kind() == null ? "GSI" : index.kind();
            if (!kind.equals("GSI") && !kind.equals("LSI")) {
                throw new IllegalArgumentException(
                        "index '" + index.name() + "': \"kind\" is GSI or LSI, not " + kind);
            }
            KeySchema indexKeys =
                    KeySchema.of(
                            keyName(
                                    require(
                                            index.partitionKey(),
                                            "index '" + index.name() + "' partitionKey"),
                                    "index partitionKey",
                                    types),
                            index.sortKey() == null
                                    ? null
                                    : keyName(index.sortKey(), "index sortKey", types));
            indexes.add(
                    new IndexModel(
                            index.name(),
                            kind.equals("GSI"),
                            indexKeys,
                            index.projection(),
                            list(index.nonKeyAttributes())));
        }
        List<Entity> entities = new ArrayList<>();
        for (EntityJson entity : list(json.entities())) {
            entities.add(entity(entity));
        }
        List<AccessPattern> patterns = new ArrayList<>();
        for (PatternJson pattern : list(json.accessPatterns())) {
            patterns.add(pattern(pattern));
        }
        List<Relationship> relationships = new ArrayList<>();
        for (RelationshipJson r : list(json.relationships())) {
            relationships.add(
                    new Relationship(r.name(), r.kind(), r.parent(), r.child(), r.index()));
        }
        List<ShardGroup> shardGroups = new ArrayList<>();
        for (ShardGroupJson g : list(json.shardGroups())) {
            shardGroups.add(
                    new ShardGroup(
                            require(g.name(), "a shard group's \"name\""),
                            KeyTemplate.parse(require(g.template(), "\"template\""))));
        }
        TableModel model =
                new TableModel(
                        table,
                        keys,
                        types,
                        indexes,
                        entities,
                        patterns,
                        relationships,
                        copies(json.copies()),
                        shardGroups);
        List<Item> items = new ArrayList<>();
        List<JsonNode> itemNodes = list(json.items());
        for (int i = 0; i < itemNodes.size(); i++) {
            try {
                items.add(DynamoJson.readItem(itemNodes.get(i).toString()));
            } catch (ItemFormatException e) {
                throw new IllegalArgumentException("item " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new TableDesign(model, capacity(json.billing()), items);
    }

    private static String keyName(KeyJson key, String field, Map<String, String> types) {
        String name = require(key.name(), "\"" + field + ".name\"");
        String type = key.type() == null ? "S" : key.type();
        if (!type.equals("S") && !type.equals("N") && !type.equals("B")) {
            throw new IllegalArgumentException(
                    "key attribute '" + name + "' has type " + type + "; keys are S, N or B");
        }
        String previous = types.putIfAbsent(name, type);
        if (previous != null && !previous.equals(type)) {
            throw new IllegalArgumentException(
                    "key attribute '" + name + "' is both " + previous + " and " + type);
        }
        return name;
    }

    private static Entity entity(EntityJson json) {
        String name = require(json.name(), "an entity's \"name\"");
        try {
            Map<String, KeyTemplates> indexKeys = new LinkedHashMap<>();
            if (json.indexKeys() != null) {
                json.indexKeys()
                        .forEach(
                                (index, t) ->
                                        indexKeys.put(
                                                index,
                                                KeyTemplates.of(
                                                        require(
                                                                t.partitionKey(),
                                                                "indexKeys."
                                                                        + index
                                                                        + ".partitionKey"),
                                                        t.sortKey())));
            }
            List<AttributeModel> attributes = new ArrayList<>();
            for (AttributeJson a : list(json.attributes())) {
                attributes.add(new AttributeModel(a.name(), a.type()));
            }
            return new Entity(
                    name,
                    KeyTemplates.of(
                            require(json.partitionKey(), "\"partitionKey\""), json.sortKey()),
                    attributes,
                    indexKeys,
                    new Workload(
                            figure(json.readsPerSecond(), "readsPerSecond"),
                            figure(json.writesPerSecond(), "writesPerSecond"),
                            figure(json.itemsPerParent(), "itemsPerParent"),
                            figure(json.itemBytes(), "itemBytes")));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("entity '" + name + "': " + e.getMessage(), e);
        }
    }

    private static AccessPattern pattern(PatternJson json) {
        String name = require(json.name(), "an access pattern's \"name\"");
        try {
            Optional<AccessPattern.SortKeyPattern> sortKey =
                    Optional.ofNullable(json.sortKey())
                            .map(
                                    sk ->
                                            new AccessPattern.SortKeyPattern(
                                                    require(sk.operator(), "\"sortKey.operator\""),
                                                    KeyTemplate.parse(
                                                            require(
                                                                    sk.value(),
                                                                    "\"sortKey.value\"")),
                                                    sk.upper() == null
                                                            ? null
                                                            : KeyTemplate.parse(sk.upper())));
            return new AccessPattern(
                    name,
                    require(json.operation(), "\"operation\""),
                    list(json.entities()),
                    json.index(),
                    json.partitionKey() == null ? null : KeyTemplate.parse(json.partitionKey()),
                    sortKey,
                    Boolean.TRUE.equals(json.newestFirst()),
                    json.filter(),
                    json.limit() == null ? 0 : json.limit(),
                    Boolean.TRUE.equals(json.count()),
                    Optional.ofNullable(json.question()).map(ModelJson::question),
                    new Workload(figure(json.readsPerSecond(), "readsPerSecond"), 0, 0, 0));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(
                    "access pattern '" + name + "': " + e.getMessage(), e);
        }
    }

    private static Question question(QuestionJson json) {
        return new Question(
                list(json.given()),
                Optional.ofNullable(json.range())
                        .map(
                                r ->
                                        new Question.Range(
                                                require(r.attribute(), "\"range.attribute\""),
                                                require(r.kind(), "\"range.kind\""))),
                Optional.ofNullable(json.order())
                        .map(
                                o ->
                                        new Question.Order(
                                                require(o.attribute(), "\"order.attribute\""),
                                                Boolean.TRUE.equals(o.descending()))));
    }

    private static List<DenormalizationRule> copies(ArrayNode rules) {
        if (rules == null || rules.isEmpty()) {
            return List.of();
        }
        ObjectNode file = MAPPER.createObjectNode();
        file.put("version", RuleFiles.VERSION);
        file.set("rules", rules);
        try {
            return RuleFiles.read(MAPPER.writeValueAsString(file));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read the copies", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("copies: " + e.getMessage(), e);
        }
    }

    private static Capacity capacity(BillingJson json) {
        if (json == null || json.mode() == null || json.mode() == Capacity.Mode.PAY_PER_REQUEST) {
            if (json != null
                    && (json.readCapacityUnits() != null || json.autoScalingRead() != null)) {
                throw new IllegalArgumentException(
                        "\"billing\": an on-demand table has no capacity units or auto scaling");
            }
            return Capacity.ON_DEMAND;
        }
        return new Capacity(
                Capacity.Mode.PROVISIONED,
                require(json.readCapacityUnits(), "\"billing.readCapacityUnits\""),
                require(json.writeCapacityUnits(), "\"billing.writeCapacityUnits\""),
                Optional.ofNullable(json.autoScalingRead()).map(ModelJson::autoScaling),
                Optional.ofNullable(json.autoScalingWrite()).map(ModelJson::autoScaling));
    }

    private static Capacity.AutoScaling autoScaling(AutoScalingJson json) {
        return new Capacity.AutoScaling(
                require(json.minCapacity(), "\"minCapacity\""),
                require(json.maxCapacity(), "\"maxCapacity\""),
                json.serviceRole(),
                require(json.targetValue(), "\"targetValue\""));
    }
}
