package io.dynoscope.core.model;

import static io.dynoscope.core.model.JsonText.list;
import static io.dynoscope.core.model.JsonText.require;
import static io.dynoscope.core.model.JsonText.where;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads and writes NoSQL Workbench data models (format version 3.0: {@code ModelName}, {@code
 * ModelMetadata}, {@code DataModel[]} with {@code TableName}, {@code KeyAttributes}, {@code
 * NonKeyAttributes}, {@code TableFacets}, {@code GlobalSecondaryIndexes}, {@code TableData}, {@code
 * BillingMode} and {@code ProvisionedCapacitySettings}).
 *
 * <p>Facets become entities. NoSQL Workbench keeps no key templates, only display aliases, so on
 * import a facet's templates are inferred from its {@code TableData} (an alias that is itself a
 * template its items match, as Dynoscope writes them, is kept). A table's items are its own {@code
 * TableData} and every facet's. On export each entity's items go into its facet and the items of no
 * entity into the table's {@code TableData}; what the format cannot hold is listed in {@link
 * Exported#lost()}. Items stay DynamoDB JSON, exact.
 */
public final class NoSqlWorkbenchFormat {

    /** The {@code ModelMetadata.Version} this class writes. */
    public static final String VERSION = "3.0";

    private static final String AWS_SERVICE = "Amazon DynamoDB";
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("MMM dd, yyyy, hh:mm a", Locale.US);
    private static final Pattern UPPER_WORD = Pattern.compile("[A-Z][A-Z_]+");

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    private NoSqlWorkbenchFormat() {}

    /** A model read from NoSQL Workbench, with what was inferred or set aside on the way. */
    public record Imported(ModelDocument document, List<String> notes) {
        public Imported {
            notes = List.copyOf(notes);
        }
    }

    /** A model written for NoSQL Workbench, with what its format could not hold. */
    public record Exported(String json, List<String> lost) {
        public Exported {
            lost = List.copyOf(lost);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"ModelName", "ModelMetadata", "DataModel"})
    record WorkbenchJson(
            @JsonProperty("ModelName") String modelName,
            @JsonProperty("ModelMetadata") MetadataJson metadata,
            @JsonProperty("DataModel") List<TableJson> dataModel) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({
        "Author",
        "DateCreated",
        "DateLastModified",
        "Description",
        "AWSService",
        "Version"
    })
    record MetadataJson(
            @JsonProperty("Author") String author,
            @JsonProperty("DateCreated") String dateCreated,
            @JsonProperty("DateLastModified") String dateLastModified,
            @JsonProperty("Description") String description,
            @JsonProperty("AWSService") String awsService,
            @JsonProperty("Version") String version) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "TableName",
        "KeyAttributes",
        "NonKeyAttributes",
        "TableFacets",
        "GlobalSecondaryIndexes",
        "TableData",
        "DataAccess",
        "BillingMode",
        "ProvisionedCapacitySettings"
    })
    record TableJson(
            @JsonProperty("TableName") String tableName,
            @JsonProperty("KeyAttributes") KeysJson keyAttributes,
            @JsonProperty("NonKeyAttributes") List<AttributeJson> nonKeyAttributes,
            @JsonProperty("TableFacets") List<FacetJson> tableFacets,
            @JsonProperty("GlobalSecondaryIndexes") List<IndexJson> globalSecondaryIndexes,
            @JsonProperty("TableData") List<JsonNode> tableData,
            @JsonProperty("DataAccess") JsonNode dataAccess,
            @JsonProperty("BillingMode") String billingMode,
            @JsonProperty("ProvisionedCapacitySettings") CapacityJson capacity) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"PartitionKey", "SortKey"})
    record KeysJson(
            @JsonProperty("PartitionKey") AttributeJson partitionKey,
            @JsonProperty("SortKey") AttributeJson sortKey) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"AttributeName", "AttributeType"})
    record AttributeJson(
            @JsonProperty("AttributeName") String attributeName,
            @JsonProperty("AttributeType") String attributeType) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({
        "FacetName",
        "KeyAttributeAlias",
        "TableData",
        "NonKeyAttributes",
        "DataAccess"
    })
    record FacetJson(
            @JsonProperty("FacetName") String facetName,
            @JsonProperty("KeyAttributeAlias") AliasJson keyAttributeAlias,
            @JsonProperty("TableData") List<JsonNode> tableData,
            @JsonProperty("NonKeyAttributes") List<String> nonKeyAttributes,
            @JsonProperty("DataAccess") JsonNode dataAccess) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"PartitionKeyAlias", "SortKeyAlias"})
    record AliasJson(
            @JsonProperty("PartitionKeyAlias") String partitionKeyAlias,
            @JsonProperty("SortKeyAlias") String sortKeyAlias) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"IndexName", "KeyAttributes", "Projection"})
    record IndexJson(
            @JsonProperty("IndexName") String indexName,
            @JsonProperty("KeyAttributes") KeysJson keyAttributes,
            @JsonProperty("Projection") ProjectionJson projection) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"ProjectionType", "NonKeyAttributes"})
    record ProjectionJson(
            @JsonProperty("ProjectionType") String projectionType,
            @JsonProperty("NonKeyAttributes") List<String> nonKeyAttributes) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"ProvisionedThroughput", "AutoScalingRead", "AutoScalingWrite"})
    record CapacityJson(
            @JsonProperty("ProvisionedThroughput") ThroughputJson provisionedThroughput,
            @JsonProperty("AutoScalingRead") AutoScalingJson autoScalingRead,
            @JsonProperty("AutoScalingWrite") AutoScalingJson autoScalingWrite) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"ReadCapacityUnits", "WriteCapacityUnits"})
    record ThroughputJson(
            @JsonProperty("ReadCapacityUnits") Long readCapacityUnits,
            @JsonProperty("WriteCapacityUnits") Long writeCapacityUnits) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"ScalableTargetRequest", "ScalingPolicyConfiguration"})
    record AutoScalingJson(
            @JsonProperty("ScalableTargetRequest") TargetJson scalableTargetRequest,
            @JsonProperty("ScalingPolicyConfiguration") PolicyJson scalingPolicyConfiguration) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"MinCapacity", "MaxCapacity", "ServiceRole"})
    record TargetJson(
            @JsonProperty("MinCapacity") Long minCapacity,
            @JsonProperty("MaxCapacity") Long maxCapacity,
            @JsonProperty("ServiceRole") String serviceRole) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PolicyJson(@JsonProperty("TargetValue") BigDecimal targetValue) {}

    /** Whether {@code text} looks like a NoSQL Workbench model (it has a {@code DataModel}). */
    public static boolean looksLikeWorkbench(JsonNode tree) {
        return tree != null && tree.isObject() && tree.has("DataModel");
    }

    // ---- reading ---------------------------------------------------------------------------

    /**
     * Reads a NoSQL Workbench model; throws {@link IllegalArgumentException} saying what is wrong
     * and where.
     */
    public static Imported read(String text) {
        WorkbenchJson json;
        try {
            json = MAPPER.readValue(text, WorkbenchJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a NoSQL Workbench model: " + e.getOriginalMessage() + " at " + where(e),
                    e);
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
        List<IndexModel> indexes = new ArrayList<>();
        for (IndexJson index : list(json.globalSecondaryIndexes())) {
            String indexName = require(index.indexName(), "\"IndexName\"");
            ProjectionJson projection = index.projection();
            indexes.add(
                    new IndexModel(
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
        for (FacetJson facet : facets) {
            String facetName = require(facet.facetName(), "\"FacetName\"");
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
        return new TableDesign(model, capacity(json), allItems);
    }

    private static Entity entity(
            FacetJson facet,
            List<Item> items,
            KeySchema keys,
            List<IndexModel> indexes,
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
        for (IndexModel index : indexes) {
            List<Item> carrying = ModelInference.carrying(items, index);
            if (!carrying.isEmpty()) {
                indexKeys.put(
                        index.name(),
                        ModelInference.indexTemplates(carrying, index.keys(), shapes));
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
                item = DynamoJson.readItem(list.get(i).toString());
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
        String type = json.attributeType() == null ? "S" : json.attributeType();
        if (!type.equals("S") && !type.equals("N") && !type.equals("B")) {
            throw new IllegalArgumentException(
                    where
                            + ": key attribute '"
                            + name
                            + "' has type "
                            + type
                            + "; keys are S, N or B");
        }
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
                        .map(NoSqlWorkbenchFormat::autoScaling),
                Optional.ofNullable(settings == null ? null : settings.autoScalingWrite())
                        .map(NoSqlWorkbenchFormat::autoScaling));
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

    // ---- writing ---------------------------------------------------------------------------

    /** The document as a NoSQL Workbench model, dated now. */
    public static Exported write(ModelDocument document) {
        return write(document, Instant.now());
    }

    /** The document as a NoSQL Workbench model, dated {@code now} (in the local time zone). */
    public static Exported write(ModelDocument document, Instant now) {
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
        for (IndexModel index : model.indexes()) {
            index.keys()
                    .sortKey()
                    .ifPresent(
                            sk ->
                                    types.putIfAbsent(
                                            sk,
                                            AttributeValue.Type.valueOf(
                                                    model.keyAttributeType(sk))));
            types.putIfAbsent(
                    index.keys().partitionKey(),
                    AttributeValue.Type.valueOf(
                            model.keyAttributeType(index.keys().partitionKey())));
        }
        List<AttributeJson> nonKey = new ArrayList<>();
        types.forEach(
                (name, type) -> {
                    if (!keys.isKeyAttribute(name)) {
                        nonKey.add(new AttributeJson(name, type.descriptor()));
                    }
                });

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
                                    : items.stream().map(ModelJson::itemTree).toList(),
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
        List<IndexJson> indexes = new ArrayList<>();
        for (IndexModel index : model.indexes()) {
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
                            keysJson(model, index.keys()),
                            new ProjectionJson(
                                    index.projectionType(),
                                    index.nonKeyAttributes().isEmpty()
                                            ? null
                                            : index.nonKeyAttributes())));
        }
        List<Item> tableData =
                model.entities().isEmpty() ? design.items() : design.unassignedItems();
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
        Capacity capacity = design.capacity();
        return new TableJson(
                table,
                keysJson(model, keys),
                nonKey,
                facets.isEmpty() ? null : facets,
                indexes.isEmpty() ? null : indexes,
                tableData.isEmpty() ? null : tableData.stream().map(ModelJson::itemTree).toList(),
                dataAccess(),
                capacity.mode().name(),
                capacity.provisioned()
                        ? new CapacityJson(
                                new ThroughputJson(
                                        capacity.readCapacityUnits(),
                                        capacity.writeCapacityUnits()),
                                capacity.autoScalingRead()
                                        .map(NoSqlWorkbenchFormat::autoScalingJson)
                                        .orElse(null),
                                capacity.autoScalingWrite()
                                        .map(NoSqlWorkbenchFormat::autoScalingJson)
                                        .orElse(null))
                        : null);
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
