package io.dynoscope.core.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

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
 *
 * <p>This class holds the format's JSON shapes; {@link ModelJsonWriter} writes them and {@link
 * ModelJsonReader} reads them.
 */
public final class ModelJson {

    /** The value of the {@code format} field. */
    public static final String FORMAT = "dynoscope-model";

    /** The format version this class writes and reads. */
    public static final int VERSION = 1;

    static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    // capacity units are whole numbers: 1.5 is refused, not sent as 1
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    // the last of two equal keys silently won before
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    private ModelJson() {}

    /** The document in Dynoscope's model format. */
    public static String write(ModelDocument document) {
        return ModelJsonWriter.write(document);
    }

    /** One table's design as the JSON tree the settings keep per table. */
    public static JsonNode tableTree(TableDesign design) {
        return ModelJsonWriter.tableTree(design);
    }

    /** One table's design as JSON text (the {@code tables} element of a document). */
    public static String writeTable(TableDesign design) {
        return ModelJsonWriter.writeTable(design);
    }

    /** Reads a document; throws {@link IllegalArgumentException} saying what is wrong and where. */
    public static ModelDocument read(String text) {
        return ModelJsonReader.read(text);
    }

    /** Reads one table's design from its JSON text (as {@link #writeTable} writes it). */
    public static TableDesign readTable(String text) {
        return ModelJsonReader.readTable(text);
    }

    /** Reads one table's design from the JSON tree the settings keep. */
    public static TableDesign readTable(JsonNode tree) {
        return ModelJsonReader.readTable(tree);
    }

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
        "readsPerSecond",
        "unsure"
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
            BigDecimal readsPerSecond,
            List<String> unsure) {}

    @JsonPropertyOrder({"given", "range", "order", "limit"})
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record QuestionJson(List<String> given, RangeJson range, OrderJson order, Integer limit) {}

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
}
