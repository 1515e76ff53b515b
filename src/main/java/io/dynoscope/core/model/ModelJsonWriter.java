package io.dynoscope.core.model;

import static io.dynoscope.core.model.ModelJson.FORMAT;
import static io.dynoscope.core.model.ModelJson.MAPPER;
import static io.dynoscope.core.model.ModelJson.VERSION;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.ModelJson.AttributeJson;
import io.dynoscope.core.model.ModelJson.AutoScalingJson;
import io.dynoscope.core.model.ModelJson.BillingJson;
import io.dynoscope.core.model.ModelJson.DocumentJson;
import io.dynoscope.core.model.ModelJson.EntityJson;
import io.dynoscope.core.model.ModelJson.IndexJson;
import io.dynoscope.core.model.ModelJson.KeyJson;
import io.dynoscope.core.model.ModelJson.OrderJson;
import io.dynoscope.core.model.ModelJson.PatternJson;
import io.dynoscope.core.model.ModelJson.QuestionJson;
import io.dynoscope.core.model.ModelJson.RangeJson;
import io.dynoscope.core.model.ModelJson.RelationshipJson;
import io.dynoscope.core.model.ModelJson.ShardGroupJson;
import io.dynoscope.core.model.ModelJson.SortKeyJson;
import io.dynoscope.core.model.ModelJson.TableJson;
import io.dynoscope.core.model.ModelJson.TemplatesJson;
import io.dynoscope.core.table.SecondaryIndex;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes Dynoscope's model format ({@link ModelJson}): a design becomes the format's JSON shapes.
 */
final class ModelJsonWriter {

    private ModelJsonWriter() {}

    /** The document in Dynoscope's model format. */
    static String write(ModelDocument document) {
        List<TableJson> tables = document.tables().stream().map(ModelJsonWriter::table).toList();
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
    static JsonNode tableTree(TableDesign design) {
        return MAPPER.valueToTree(table(design));
    }

    /** One table's design as JSON text (the {@code tables} element of a document). */
    static String writeTable(TableDesign design) {
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
                model.entities().stream().map(ModelJsonWriter::entity).toList(),
                model.accessPatterns().stream().map(ModelJsonWriter::pattern).toList(),
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
                design.items().stream().map(ModelJsonWriter::itemTree).toList());
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
                capacity.autoScalingRead().map(ModelJsonWriter::autoScaling).orElse(null),
                capacity.autoScalingWrite().map(ModelJsonWriter::autoScaling).orElse(null));
    }

    private static AutoScalingJson autoScaling(Capacity.AutoScaling a) {
        return new AutoScalingJson(
                a.minCapacity(), a.maxCapacity(), a.serviceRole(), a.targetValue());
    }

    private static IndexJson index(TableModel model, SecondaryIndex index) {
        return new IndexJson(
                index.name(),
                index.global() ? "GSI" : "LSI",
                key(model, index.keySchema().partitionKey()),
                index.keySchema().sortKey().map(sk -> key(model, sk)).orElse(null),
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
        if (value == 0) {
            return null;
        }
        // stripping 40.0's zeros leaves 4E+1, which Jackson writes as such
        BigDecimal stripped = BigDecimal.valueOf(value).stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
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
                pattern.question().map(ModelJsonWriter::question).orElse(null),
                figure(pattern.workload().readsPerSecond()),
                pattern.unsure());
    }

    private static QuestionJson question(Question question) {
        return new QuestionJson(
                question.given(),
                question.range().map(r -> new RangeJson(r.attribute(), r.kind())).orElse(null),
                question.order()
                        .map(o -> new OrderJson(o.attribute(), o.descending() ? true : null))
                        .orElse(null),
                question.limit().orElse(null));
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
            return MAPPER.readTree(ItemJson.DYNAMODB.write(item));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an item", e);
        }
    }
}
