package io.dynoscope.core.model;

import static io.dynoscope.core.model.JsonText.list;
import static io.dynoscope.core.model.JsonText.require;
import static io.dynoscope.core.model.ModelJson.FORMAT;
import static io.dynoscope.core.model.ModelJson.MAPPER;
import static io.dynoscope.core.model.ModelJson.VERSION;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.JsonErrors;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.ModelJson.AttributeJson;
import io.dynoscope.core.model.ModelJson.AutoScalingJson;
import io.dynoscope.core.model.ModelJson.BillingJson;
import io.dynoscope.core.model.ModelJson.DocumentJson;
import io.dynoscope.core.model.ModelJson.EntityJson;
import io.dynoscope.core.model.ModelJson.IndexJson;
import io.dynoscope.core.model.ModelJson.KeyJson;
import io.dynoscope.core.model.ModelJson.PatternJson;
import io.dynoscope.core.model.ModelJson.QuestionJson;
import io.dynoscope.core.model.ModelJson.RelationshipJson;
import io.dynoscope.core.model.ModelJson.ShardGroupJson;
import io.dynoscope.core.model.ModelJson.TableJson;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads Dynoscope's model format ({@link ModelJson}), refusing what it does not know and saying
 * where.
 */
final class ModelJsonReader {

    private ModelJsonReader() {}

    private static double figure(BigDecimal value, String field) {
        if (value == null) {
            return 0;
        }
        if (value.signum() < 0) {
            throw new IllegalArgumentException("\"" + field + "\" cannot be negative");
        }
        return value.doubleValue();
    }

    /** Reads a document; throws {@link IllegalArgumentException} saying what is wrong and where. */
    static ModelDocument read(String text) {
        DocumentJson json;
        try {
            json = MAPPER.readValue(text, DocumentJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a Dynoscope model: " + JsonErrors.describe(e), e);
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
    static TableDesign readTable(String text) {
        try {
            return table(MAPPER.readValue(text, TableJson.class), "the table");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a table model: " + JsonErrors.describe(e), e);
        }
    }

    /** Reads one table's design from the JSON tree the settings keep. */
    static TableDesign readTable(JsonNode tree) {
        try {
            return table(MAPPER.treeToValue(tree, TableJson.class), "the table");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a table model: " + JsonErrors.describe(e), e);
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
        List<SecondaryIndex> indexes = new ArrayList<>();
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
                    new SecondaryIndex(
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
        ModelReferences.check(model);
        List<Item> items = new ArrayList<>();
        List<JsonNode> itemNodes = list(json.items());
        for (int i = 0; i < itemNodes.size(); i++) {
            try {
                items.add(ItemJson.DYNAMODB.readItem(itemNodes.get(i).toString()));
            } catch (ItemFormatException e) {
                throw new IllegalArgumentException("item " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new TableDesign(model, capacity(json.billing()), items);
    }

    private static String keyName(KeyJson key, String field, Map<String, String> types) {
        String name = require(key.name(), "\"" + field + ".name\"");
        String type = KeyType.of(key.type(), "key attribute '" + name + "'").descriptor();
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
                    Optional.ofNullable(json.question()).map(ModelJsonReader::question),
                    new Workload(figure(json.readsPerSecond(), "readsPerSecond"), 0, 0, 0),
                    list(json.unsure()));
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
                                                Boolean.TRUE.equals(o.descending()))),
                Optional.ofNullable(json.limit()));
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
                Optional.ofNullable(json.autoScalingRead()).map(ModelJsonReader::autoScaling),
                Optional.ofNullable(json.autoScalingWrite()).map(ModelJsonReader::autoScaling));
    }

    private static Capacity.AutoScaling autoScaling(AutoScalingJson json) {
        return new Capacity.AutoScaling(
                require(json.minCapacity(), "\"minCapacity\""),
                require(json.maxCapacity(), "\"maxCapacity\""),
                json.serviceRole(),
                require(json.targetValue(), "\"targetValue\""));
    }
}
