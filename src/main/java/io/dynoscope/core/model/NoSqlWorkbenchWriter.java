package io.dynoscope.core.model;

import static io.dynoscope.core.model.NoSqlWorkbenchFormat.MAPPER;
import static io.dynoscope.core.model.NoSqlWorkbenchFormat.VERSION;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AliasJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AttributeJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AutoScalingJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.CapacityJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.Exported;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.FacetJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.IndexJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.KeysJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.MetadataJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.PolicyJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.ProjectionJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.TableJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.TargetJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.ThroughputJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.WorkbenchJson;
import io.dynoscope.core.table.SecondaryIndex;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes NoSQL Workbench models ({@link NoSqlWorkbenchFormat}): entities become facets holding
 * their items, and what the format cannot hold is listed as lost.
 */
final class NoSqlWorkbenchWriter {

    private static final String AWS_SERVICE = "Amazon DynamoDB";
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("MMM dd, yyyy, hh:mm a", Locale.US);

    private NoSqlWorkbenchWriter() {}

    /** The document as a NoSQL Workbench model, dated {@code now} (in the local time zone). */
    static Exported write(ModelDocument document, Instant now) {
        List<String> lost = new ArrayList<>();
        String date = DATE.format(now.atZone(ZoneId.systemDefault()));
        List<TableJson> tables = new ArrayList<>();
        for (TableDesign design : document.tables()) {
            tables.add(table(design, lost));
        }
        WorkbenchJson json =
                new WorkbenchJson(
                        document.name(),
                        new MetadataJson(
                                document.author(),
                                date,
                                date,
                                document.description(),
                                AWS_SERVICE,
                                VERSION),
                        tables);
        try {
            return new Exported(MAPPER.writeValueAsString(json) + "\n", lost);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a NoSQL Workbench model", e);
        }
    }

    private static TableJson table(TableDesign design, List<String> lost) {
        TableModel model = design.model();
        KeySchema keys = model.keys();
        String table = model.table();
        List<AttributeJson> nonKey = nonKeyAttributes(design, lost);
        List<FacetJson> facets = facets(design, lost);
        List<IndexJson> indexes = indexes(model, lost);
        List<Item> tableData =
                model.entities().isEmpty() ? design.items() : design.unassignedItems();
        lostParts(model, lost);
        Capacity capacity = design.capacity();
        return new TableJson(
                table,
                keysJson(model, keys),
                nonKey,
                facets.isEmpty() ? null : facets,
                indexes.isEmpty() ? null : indexes,
                tableData.isEmpty()
                        ? null
                        : tableData.stream().map(ModelJsonWriter::itemTree).toList(),
                dataAccess(),
                capacity.mode().name(),
                capacityJson(capacity));
    }

    /**
     * The attributes outside the table's key, of every entity, item and index key; an attribute of
     * two types keeps the first, and the other is lost.
     */
    private static List<AttributeJson> nonKeyAttributes(TableDesign design, List<String> lost) {
        TableModel model = design.model();
        KeySchema keys = model.keys();
        String table = model.table();
        Map<String, AttributeValue.Type> types = new LinkedHashMap<>();
        for (Entity entity : model.entities()) {
            for (AttributeModel a : entity.attributes()) {
                AttributeValue.Type previous = types.putIfAbsent(a.name(), a.type());
                if (previous != null && previous != a.type()) {
                    lost.add(
                            table
                                    + ": attribute '"
                                    + a.name()
                                    + "' is "
                                    + previous
                                    + " and "
                                    + a.type()
                                    + "; NoSQL Workbench keeps one type ("
                                    + previous
                                    + ")");
                }
            }
        }
        for (Item item : design.items()) {
            item.attributes().forEach((name, value) -> types.putIfAbsent(name, value.type()));
        }
        for (SecondaryIndex index : model.indexes()) {
            index.keySchema()
                    .sortKey()
                    .ifPresent(
                            sk ->
                                    types.putIfAbsent(
                                            sk,
                                            AttributeValue.Type.valueOf(
                                                    model.keyAttributeType(sk))));
            types.putIfAbsent(
                    index.keySchema().partitionKey(),
                    AttributeValue.Type.valueOf(
                            model.keyAttributeType(index.keySchema().partitionKey())));
        }
        List<AttributeJson> nonKey = new ArrayList<>();
        types.forEach(
                (name, type) -> {
                    if (!keys.isKeyAttribute(name)) {
                        nonKey.add(new AttributeJson(name, type.descriptor()));
                    }
                });
        return nonKey;
    }

    /** A facet per entity, holding its items; its index key templates are lost. */
    private static List<FacetJson> facets(TableDesign design, List<String> lost) {
        TableModel model = design.model();
        KeySchema keys = model.keys();
        String table = model.table();
        List<FacetJson> facets = new ArrayList<>();
        for (Entity entity : model.entities()) {
            List<Item> items = design.itemsOf(entity.name());
            Set<String> names = new LinkedHashSet<>();
            entity.attributes().forEach(a -> names.add(a.name()));
            items.forEach(
                    i ->
                            i.attributes().keySet().stream()
                                    .filter(n -> !keys.isKeyAttribute(n))
                                    .forEach(names::add));
            facets.add(
                    new FacetJson(
                            entity.name(),
                            new AliasJson(
                                    entity.keys().partitionKey().text(),
                                    keys.sortKey().isPresent()
                                            ? entity.keys()
                                                    .sortKey()
                                                    .map(KeyTemplate::text)
                                                    .orElse(keys.sortKey().get())
                                            : null),
                            items.isEmpty()
                                    ? null
                                    : items.stream().map(ModelJsonWriter::itemTree).toList(),
                            List.copyOf(names),
                            dataAccess()));
            if (!entity.indexKeys().isEmpty()) {
                lost.add(
                        table
                                + ": entity '"
                                + entity.name()
                                + "' index key templates (re-inferred from its items on import)");
            }
        }
        return facets;
    }

    /** The global indexes; a local one is lost. */
    private static List<IndexJson> indexes(TableModel model, List<String> lost) {
        String table = model.table();
        List<IndexJson> indexes = new ArrayList<>();
        for (SecondaryIndex index : model.indexes()) {
            if (!index.global()) {
                lost.add(
                        table
                                + ": local secondary index '"
                                + index.name()
                                + "' (NoSQL Workbench models hold global ones only)");
                continue;
            }
            indexes.add(
                    new IndexJson(
                            index.name(),
                            keysJson(model, index.keySchema()),
                            new ProjectionJson(
                                    index.projectionType(),
                                    index.nonKeyAttributes().isEmpty()
                                            ? null
                                            : index.nonKeyAttributes())));
        }
        return indexes;
    }

    /** What NoSQL Workbench has no place for: patterns, relationships, copies, shard groups. */
    private static void lostParts(TableModel model, List<String> lost) {
        String table = model.table();
        if (!model.accessPatterns().isEmpty()) {
            lost.add(table + ": " + model.accessPatterns().size() + " access patterns");
        }
        if (!model.relationships().isEmpty()) {
            lost.add(table + ": " + model.relationships().size() + " relationships");
        }
        if (!model.copies().isEmpty()) {
            lost.add(table + ": " + model.copies().size() + " denormalized copies (drift rules)");
        }
        if (!model.shardGroups().isEmpty()) {
            lost.add(table + ": " + model.shardGroups().size() + " shard groups");
        }
    }

    /** The provisioned capacity and its auto scaling; null on demand. */
    private static CapacityJson capacityJson(Capacity capacity) {
        return capacity.provisioned()
                ? new CapacityJson(
                        new ThroughputJson(
                                capacity.readCapacityUnits(), capacity.writeCapacityUnits()),
                        capacity.autoScalingRead()
                                .map(NoSqlWorkbenchWriter::autoScalingJson)
                                .orElse(null),
                        capacity.autoScalingWrite()
                                .map(NoSqlWorkbenchWriter::autoScalingJson)
                                .orElse(null))
                : null;
    }

    private static AutoScalingJson autoScalingJson(Capacity.AutoScaling a) {
        return new AutoScalingJson(
                new TargetJson(a.minCapacity(), a.maxCapacity(), a.serviceRole()),
                new PolicyJson(a.targetValue()));
    }

    private static KeysJson keysJson(TableModel model, KeySchema keys) {
        return new KeysJson(
                new AttributeJson(keys.partitionKey(), model.keyAttributeType(keys.partitionKey())),
                keys.sortKey()
                        .map(sk -> new AttributeJson(sk, model.keyAttributeType(sk)))
                        .orElse(null));
    }

    private static JsonNode dataAccess() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.putObject("MySql");
        return node;
    }
}
