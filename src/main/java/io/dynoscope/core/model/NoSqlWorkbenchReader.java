package io.dynoscope.core.model;

import static io.dynoscope.core.model.JsonText.list;
import static io.dynoscope.core.model.JsonText.require;
import static io.dynoscope.core.model.NoSqlWorkbenchFormat.MAPPER;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.JsonErrors;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AliasJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AttributeJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.AutoScalingJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.CapacityJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.FacetJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.Imported;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.IndexJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.KeysJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.MetadataJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.PolicyJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.ProjectionJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.TableJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.TargetJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.ThroughputJson;
import io.dynoscope.core.model.NoSqlWorkbenchFormat.WorkbenchJson;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads NoSQL Workbench models ({@link NoSqlWorkbenchFormat}): facets become entities, with key
 * templates inferred from their items where the format keeps only aliases.
 */
final class NoSqlWorkbenchReader {

    private static final Pattern UPPER_WORD = Pattern.compile("[A-Z][A-Z_]+");

    private NoSqlWorkbenchReader() {}

    /**
     * Reads a NoSQL Workbench model; throws {@link IllegalArgumentException} saying what is wrong
     * and where.
     */
    static Imported read(String text) {
        WorkbenchJson json;
        try {
            json = MAPPER.readValue(text, WorkbenchJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a NoSQL Workbench model: " + JsonErrors.describe(e), e);
        }
        if (json == null || json.dataModel() == null) {
            throw new IllegalArgumentException(
                    "not a NoSQL Workbench model: \"DataModel\" is missing");
        }
        List<String> notes = new ArrayList<>();
        List<TableDesign> tables = new ArrayList<>();
        for (int i = 0; i < json.dataModel().size(); i++) {
            TableJson table = json.dataModel().get(i);
            String where =
                    "DataModel["
                            + i
                            + "]"
                            + (table != null && table.tableName() != null
                                    ? " ('" + table.tableName() + "')"
                                    : "");
            try {
                tables.add(table(table, notes));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        MetadataJson metadata = json.metadata();
        return new Imported(
                new ModelDocument(
                        json.modelName() == null ? "" : json.modelName(),
                        metadata == null ? "" : metadata.author(),
                        metadata == null ? "" : metadata.description(),
                        tables),
                notes);
    }

    private static TableDesign table(TableJson json, List<String> notes) {
        String name = require(json.tableName(), "\"TableName\"");
        KeysJson keyJson = require(json.keyAttributes(), "\"KeyAttributes\"");
        Map<String, String> keyTypes = new LinkedHashMap<>();
        KeySchema keys = keys(keyJson, keyTypes, "KeyAttributes");
        Map<String, AttributeValue.Type> declared = new LinkedHashMap<>();
        for (AttributeJson a : list(json.nonKeyAttributes())) {
            declared.put(
                    require(a.attributeName(), "\"NonKeyAttributes[].AttributeName\""),
                    type(a.attributeType(), a.attributeName()));
        }
        List<SecondaryIndex> indexes = new ArrayList<>();
        for (IndexJson index : list(json.globalSecondaryIndexes())) {
            String indexName = require(index.indexName(), "\"IndexName\"");
            ProjectionJson projection = index.projection();
            indexes.add(
                    new SecondaryIndex(
                            indexName,
                            true,
                            keys(
                                    require(
                                            index.keyAttributes(),
                                            "index '" + indexName + "' KeyAttributes"),
                                    keyTypes,
                                    "index '" + indexName + "'"),
                            projection == null ? "ALL" : projection.projectionType(),
                            projection == null ? List.of() : list(projection.nonKeyAttributes())));
        }

        Map<Key, Item> items = new LinkedHashMap<>();
        int[] replaced = {0};
        readItems(json.tableData(), keys, items, replaced, "TableData");
        List<FacetJson> facets = list(json.tableFacets());
        Map<String, List<Item>> facetItems = new LinkedHashMap<>();
        Set<String> facetNames = new LinkedHashSet<>();
        for (FacetJson facet : facets) {
            String facetName = require(facet.facetName(), "\"FacetName\"");
            if (!facetNames.add(facetName)) {
                throw new IllegalArgumentException(
                        name
                                + ": two facets are named '"
                                + facetName
                                + "' (the second would replace the first's key templates)");
            }
            Map<Key, Item> own = new LinkedHashMap<>();
            readItems(
                    facet.tableData(),
                    keys,
                    own,
                    new int[1],
                    "facet '" + facetName + "' TableData");
            facetItems.put(facetName, List.copyOf(own.values()));
            for (Item item : own.values()) {
                if (items.put(keys.keyOf(item), item) != null) {
                    replaced[0]++;
                }
            }
        }
        if (replaced[0] > 0) {
            notes.add(
                    name
                            + ": "
                            + replaced[0]
                            + " items repeat the key of an earlier one; the last of each is kept");
        }
        List<Item> allItems = List.copyOf(items.values());
        List<String> keyValues = new ArrayList<>();
        Set<String> keyAttributes = new LinkedHashSet<>(keyTypes.keySet());
        for (Item item : allItems) {
            for (String attribute : keyAttributes) {
                String text = KeyShapes.keyText(item, attribute);
                if (text != null) {
                    keyValues.add(text);
                }
            }
        }
        KeyShapes shapes = KeyShapes.of(keyValues);

        TableModel model =
                new TableModel(
                        name, keys, keyTypes, indexes, List.of(), List.of(), List.of(), List.of(),
                        List.of());
        if (facets.isEmpty()) {
            if (!allItems.isEmpty()) {
                InferredModel inferred =
                        ModelInference.infer(name, keys, keyTypes, indexes, allItems);
                model = inferred.model();
                notes.add(
                        name
                                + ": no facets; "
                                + model.entities().size()
                                + " entities inferred from its TableData");
            }
        } else {
            List<Entity> entities = new ArrayList<>();
            for (FacetJson facet : facets) {
                entities.add(
                        entity(
                                facet,
                                facetItems.get(facet.facetName()),
                                keys,
                                indexes,
                                declared,
                                shapes,
                                notes,
                                name));
            }
            model = ModelInference.withProposals(model.with(b -> b.entities(entities)), allItems);
        }
        ModelReferences.check(model);
        return new TableDesign(model, capacity(json), allItems);
    }

    private static Entity entity(
            FacetJson facet,
            List<Item> items,
            KeySchema keys,
            List<SecondaryIndex> indexes,
            Map<String, AttributeValue.Type> declared,
            KeyShapes shapes,
            List<String> notes,
            String table) {
        AliasJson alias = facet.keyAttributeAlias();
        KeyTemplates templates = aliasTemplates(alias, keys, items);
        if (templates == null) {
            if (!items.isEmpty()) {
                templates = ModelInference.templatesOf(items, keys, shapes);
                notes.add(
                        table
                                + ": facet '"
                                + facet.facetName()
                                + "' key templates "
                                + describe(templates)
                                + " inferred from its "
                                + items.size()
                                + " items");
            } else {
                templates = variablesOf(alias, keys);
                notes.add(
                        table
                                + ": facet '"
                                + facet.facetName()
                                + "' has no items; its aliases became the templates "
                                + describe(templates));
            }
        }
        List<AttributeModel> attributes = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>(list(facet.nonKeyAttributes()));
        if (facet.nonKeyAttributes() == null) {
            items.forEach(i -> names.addAll(i.attributes().keySet()));
        }
        for (String attribute : names) {
            if (keys.isKeyAttribute(attribute)) {
                continue;
            }
            AttributeValue.Type type = declared.get(attribute);
            if (type == null) {
                type =
                        items.stream()
                                .map(i -> i.attributes().get(attribute))
                                .filter(v -> v != null)
                                .map(AttributeValue::type)
                                .findFirst()
                                .orElse(AttributeValue.Type.S);
            }
            attributes.add(new AttributeModel(attribute, type));
        }
        Map<String, KeyTemplates> indexKeys = new LinkedHashMap<>();
        for (SecondaryIndex index : indexes) {
            List<Item> carrying = ModelInference.carrying(items, index);
            if (!carrying.isEmpty()) {
                indexKeys.put(
                        index.name(),
                        ModelInference.indexTemplates(carrying, index.keySchema(), shapes));
            }
        }
        return new Entity(facet.facetName(), templates, attributes, indexKeys);
    }

    /**
     * The aliases as templates, when they are templates (braces, or an upper-case constant such as
     * META) that every item of the facet matches; else null.
     */
    private static KeyTemplates aliasTemplates(AliasJson alias, KeySchema keys, List<Item> items) {
        if (alias == null || alias.partitionKeyAlias() == null) {
            return null;
        }
        if (keys.sortKey().isPresent() && alias.sortKeyAlias() == null) {
            return null;
        }
        if (!looksLikeTemplate(alias.partitionKeyAlias())
                || (keys.sortKey().isPresent() && !looksLikeTemplate(alias.sortKeyAlias()))) {
            return null;
        }
        KeyTemplates templates;
        try {
            templates =
                    KeyTemplates.of(
                            alias.partitionKeyAlias(),
                            keys.sortKey().isPresent() ? alias.sortKeyAlias() : null);
        } catch (IllegalArgumentException notATemplate) {
            return null;
        }
        Entity probe = new Entity("probe", templates, List.of(), Map.of());
        return items.stream().allMatch(i -> probe.match(i, keys).isPresent()) ? templates : null;
    }

    private static boolean looksLikeTemplate(String alias) {
        return alias.contains("{") || UPPER_WORD.matcher(alias).matches();
    }

    /** {@code SubId#SKU} becomes {@code {SubId}#{SKU}}: a variable for each part of the alias. */
    private static KeyTemplates variablesOf(AliasJson alias, KeySchema keys) {
        Set<String> used = new LinkedHashSet<>();
        String pk =
                variables(
                        alias == null ? null : alias.partitionKeyAlias(),
                        keys.partitionKey(),
                        used);
        String sk =
                keys.sortKey()
                        .map(a -> variables(alias == null ? null : alias.sortKeyAlias(), a, used))
                        .orElse(null);
        return KeyTemplates.of(pk, sk);
    }

    private static String variables(String alias, String attribute, Set<String> used) {
        String text = alias == null || alias.isBlank() ? attribute : alias;
        List<String> parts = new ArrayList<>();
        for (String part : KeyShapes.segments(text)) {
            String name = KeyShapes.camel(part.isEmpty() ? attribute : part);
            String unique = name;
            for (int n = 2; !used.add(unique); n++) {
                unique = name + n;
            }
            parts.add("{" + unique + "}");
        }
        return String.join("#", parts);
    }

    private static String describe(KeyTemplates templates) {
        return templates.partitionKey().text()
                + templates.sortKey().map(sk -> " / " + sk.text()).orElse("");
    }

    private static void readItems(
            List<JsonNode> nodes,
            KeySchema keys,
            Map<Key, Item> into,
            int[] replaced,
            String where) {
        List<JsonNode> list = list(nodes);
        for (int i = 0; i < list.size(); i++) {
            Item item;
            try {
                item = ItemJson.DYNAMODB.readItem(list.get(i).toString());
            } catch (ItemFormatException e) {
                throw new IllegalArgumentException(where + "[" + i + "]: " + e.getMessage(), e);
            }
            Key key;
            try {
                key = keys.keyOf(item);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "[" + i + "]: " + e.getMessage(), e);
            }
            if (into.put(key, item) != null) {
                replaced[0]++;
            }
        }
    }

    private static KeySchema keys(KeysJson json, Map<String, String> types, String where) {
        AttributeJson partition = require(json.partitionKey(), where + ".PartitionKey");
        String pk = keyAttribute(partition, types, where);
        String sk = json.sortKey() == null ? null : keyAttribute(json.sortKey(), types, where);
        return KeySchema.of(pk, sk);
    }

    private static String keyAttribute(
            AttributeJson json, Map<String, String> types, String where) {
        String name = require(json.attributeName(), where + " AttributeName");
        String type =
                KeyType.of(json.attributeType(), where + ": key attribute '" + name + "'")
                        .descriptor();
        types.putIfAbsent(name, type);
        return name;
    }

    private static AttributeValue.Type type(String descriptor, String attribute) {
        try {
            return AttributeValue.Type.fromDescriptor(descriptor == null ? "S" : descriptor);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "attribute '" + attribute + "': " + e.getMessage(), e);
        }
    }

    private static Capacity capacity(TableJson json) {
        String mode = json.billingMode();
        CapacityJson settings = json.capacity();
        if ("PAY_PER_REQUEST".equals(mode) || (mode == null && settings == null)) {
            return Capacity.ON_DEMAND;
        }
        if (mode != null && !mode.equals("PROVISIONED")) {
            throw new IllegalArgumentException(
                    "\"BillingMode\" is PROVISIONED or PAY_PER_REQUEST, not " + mode);
        }
        ThroughputJson throughput = settings == null ? null : settings.provisionedThroughput();
        long read =
                throughput == null || throughput.readCapacityUnits() == null
                        ? 5
                        : throughput.readCapacityUnits();
        long write =
                throughput == null || throughput.writeCapacityUnits() == null
                        ? 5
                        : throughput.writeCapacityUnits();
        return new Capacity(
                Capacity.Mode.PROVISIONED,
                read,
                write,
                Optional.ofNullable(settings == null ? null : settings.autoScalingRead())
                        .map(NoSqlWorkbenchReader::autoScaling),
                Optional.ofNullable(settings == null ? null : settings.autoScalingWrite())
                        .map(NoSqlWorkbenchReader::autoScaling));
    }

    private static Capacity.AutoScaling autoScaling(AutoScalingJson json) {
        TargetJson target = require(json.scalableTargetRequest(), "\"ScalableTargetRequest\"");
        PolicyJson policy =
                require(json.scalingPolicyConfiguration(), "\"ScalingPolicyConfiguration\"");
        return new Capacity.AutoScaling(
                require(target.minCapacity(), "\"MinCapacity\""),
                require(target.maxCapacity(), "\"MaxCapacity\""),
                target.serviceRole(),
                require(policy.targetValue(), "\"TargetValue\""));
    }
}
