package io.dynoscope.core.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

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
 *
 * <p>This class holds the format's JSON shapes; {@link NoSqlWorkbenchReader} reads them and {@link
 * NoSqlWorkbenchWriter} writes them.
 */
public final class NoSqlWorkbenchFormat {

    /** The {@code ModelMetadata.Version} this class writes. */
    public static final String VERSION = "3.0";

    static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    // capacity units are whole numbers: 1.5 is refused, not sent as 1
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    // the last of two equal keys silently won before
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
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

    /**
     * Reads a NoSQL Workbench model; throws {@link IllegalArgumentException} saying what is wrong
     * and where.
     */
    public static Imported read(String text) {
        return NoSqlWorkbenchReader.read(text);
    }

    /** The document as a NoSQL Workbench model, dated now. */
    public static Exported write(ModelDocument document) {
        return write(document, Instant.now());
    }

    /** The document as a NoSQL Workbench model, dated {@code now} (in the local time zone). */
    public static Exported write(ModelDocument document, Instant now) {
        return NoSqlWorkbenchWriter.write(document, now);
    }
}
