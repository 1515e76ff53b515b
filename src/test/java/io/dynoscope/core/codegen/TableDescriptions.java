package io.dynoscope.core.codegen;

import com.fasterxml.jackson.databind.JsonNode;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputDescription;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Tables created on the test engine from the properties of a generated file, and DescribeTable's
 * answer reduced to what a design decides (keys, attribute definitions, indexes with their
 * projections, billing and capacity), so two tables compare field by field.
 */
final class TableDescriptions {

    private static DynamoDbClient client;

    private TableDescriptions() {}

    static synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoClients.create(TestEngine.connection());
        }
        return client;
    }

    /** The fields of DescribeTable a design decides, in a form that compares with equals. */
    static Map<String, Object> describe(String table) {
        TableDescription d = client().describeTable(b -> b.tableName(table)).table();
        Map<String, Object> fields = new TreeMap<>();
        fields.put("KeySchema", keys(d.keySchema()));
        TreeSet<String> attributes = new TreeSet<>();
        d.attributeDefinitions()
                .forEach(a -> attributes.add(a.attributeName() + ":" + a.attributeTypeAsString()));
        fields.put("AttributeDefinitions", attributes);
        String billing =
                d.billingModeSummary() != null
                        ? d.billingModeSummary().billingModeAsString()
                        : throughput(d.provisionedThroughput()).equals("0/0")
                                ? "PAY_PER_REQUEST"
                                : "PROVISIONED";
        fields.put("BillingMode", billing);
        fields.put("ProvisionedThroughput", throughput(d.provisionedThroughput()));
        Map<String, String> globals = new TreeMap<>();
        d.globalSecondaryIndexes()
                .forEach(
                        i ->
                                globals.put(
                                        i.indexName(),
                                        keys(i.keySchema())
                                                + " "
                                                + projection(i.projection())
                                                + " "
                                                + throughput(i.provisionedThroughput())));
        fields.put("GlobalSecondaryIndexes", globals);
        Map<String, String> locals = new TreeMap<>();
        d.localSecondaryIndexes()
                .forEach(
                        i ->
                                locals.put(
                                        i.indexName(),
                                        keys(i.keySchema()) + " " + projection(i.projection())));
        fields.put("LocalSecondaryIndexes", locals);
        return fields;
    }

    private static String keys(List<KeySchemaElement> keys) {
        List<String> out = new ArrayList<>();
        keys.forEach(k -> out.add(k.attributeName() + ":" + k.keyTypeAsString()));
        return String.join(",", out);
    }

    private static String projection(Projection projection) {
        return projection.projectionTypeAsString()
                + (projection.nonKeyAttributes().isEmpty()
                        ? ""
                        : new TreeSet<>(projection.nonKeyAttributes()).toString());
    }

    private static String throughput(ProvisionedThroughputDescription t) {
        if (t == null) {
            return "0/0";
        }
        long read = t.readCapacityUnits() == null ? 0 : t.readCapacityUnits();
        long write = t.writeCapacityUnits() == null ? 0 : t.writeCapacityUnits();
        return read + "/" + write;
    }

    /**
     * Creates a table from an {@code AWS::DynamoDB::Table}'s Properties (which name CreateTable's
     * parameters) under {@code name}: only what the file says, nothing from the model.
     */
    static void createFromCloudFormation(JsonNode p, String name) {
        CreateTableRequest.Builder request =
                CreateTableRequest.builder()
                        .tableName(name)
                        .keySchema(cfnKeys(p.path("KeySchema")))
                        .attributeDefinitions(cfnAttributes(p.path("AttributeDefinitions")));
        if (p.has("BillingMode")) {
            request.billingMode(p.get("BillingMode").asText());
        }
        if (p.has("ProvisionedThroughput")) {
            request.provisionedThroughput(cfnThroughput(p.get("ProvisionedThroughput")));
        }
        List<GlobalSecondaryIndex> globals = new ArrayList<>();
        for (JsonNode i : p.path("GlobalSecondaryIndexes")) {
            GlobalSecondaryIndex.Builder index =
                    GlobalSecondaryIndex.builder()
                            .indexName(i.get("IndexName").asText())
                            .keySchema(cfnKeys(i.get("KeySchema")))
                            .projection(cfnProjection(i.get("Projection")));
            if (i.has("ProvisionedThroughput")) {
                index.provisionedThroughput(cfnThroughput(i.get("ProvisionedThroughput")));
            }
            globals.add(index.build());
        }
        List<LocalSecondaryIndex> locals = new ArrayList<>();
        for (JsonNode i : p.path("LocalSecondaryIndexes")) {
            locals.add(
                    LocalSecondaryIndex.builder()
                            .indexName(i.get("IndexName").asText())
                            .keySchema(cfnKeys(i.get("KeySchema")))
                            .projection(cfnProjection(i.get("Projection")))
                            .build());
        }
        create(request, globals, locals);
    }

    /** Creates a table from an {@code aws_dynamodb_table} resource of Terraform's JSON syntax. */
    static void createFromTerraform(JsonNode t, String name) {
        String hash = t.get("hash_key").asText();
        CreateTableRequest.Builder request =
                CreateTableRequest.builder()
                        .tableName(name)
                        .keySchema(keys(hash, t.path("range_key").asText(null)));
        List<AttributeDefinition> attributes = new ArrayList<>();
        for (JsonNode a : t.path("attribute")) {
            attributes.add(
                    AttributeDefinition.builder()
                            .attributeName(a.get("name").asText())
                            .attributeType(a.get("type").asText())
                            .build());
        }
        request.attributeDefinitions(attributes);
        if (t.has("billing_mode")) {
            request.billingMode(t.get("billing_mode").asText());
        }
        if (t.has("read_capacity")) {
            request.provisionedThroughput(tfThroughput(t));
        }
        List<GlobalSecondaryIndex> globals = new ArrayList<>();
        for (JsonNode i : t.path("global_secondary_index")) {
            GlobalSecondaryIndex.Builder index =
                    GlobalSecondaryIndex.builder()
                            .indexName(i.get("name").asText())
                            .keySchema(
                                    keys(
                                            i.get("hash_key").asText(),
                                            i.path("range_key").asText(null)))
                            .projection(tfProjection(i));
            if (i.has("read_capacity")) {
                index.provisionedThroughput(tfThroughput(i));
            }
            globals.add(index.build());
        }
        List<LocalSecondaryIndex> locals = new ArrayList<>();
        for (JsonNode i : t.path("local_secondary_index")) {
            locals.add(
                    LocalSecondaryIndex.builder()
                            .indexName(i.get("name").asText())
                            .keySchema(keys(hash, i.get("range_key").asText()))
                            .projection(tfProjection(i))
                            .build());
        }
        create(request, globals, locals);
    }

    private static void create(
            CreateTableRequest.Builder request,
            List<GlobalSecondaryIndex> globals,
            List<LocalSecondaryIndex> locals) {
        if (!globals.isEmpty()) {
            request.globalSecondaryIndexes(globals);
        }
        if (!locals.isEmpty()) {
            request.localSecondaryIndexes(locals);
        }
        client().createTable(request.build());
    }

    private static List<KeySchemaElement> cfnKeys(JsonNode keys) {
        List<KeySchemaElement> out = new ArrayList<>();
        for (JsonNode k : keys) {
            out.add(
                    KeySchemaElement.builder()
                            .attributeName(k.get("AttributeName").asText())
                            .keyType(k.get("KeyType").asText())
                            .build());
        }
        return out;
    }

    private static List<KeySchemaElement> keys(String hash, String range) {
        List<KeySchemaElement> out = new ArrayList<>();
        out.add(KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build());
        if (range != null) {
            out.add(KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
        }
        return out;
    }

    private static List<AttributeDefinition> cfnAttributes(JsonNode attributes) {
        List<AttributeDefinition> out = new ArrayList<>();
        for (JsonNode a : attributes) {
            out.add(
                    AttributeDefinition.builder()
                            .attributeName(a.get("AttributeName").asText())
                            .attributeType(a.get("AttributeType").asText())
                            .build());
        }
        return out;
    }

    private static Projection cfnProjection(JsonNode p) {
        List<String> names = new ArrayList<>();
        p.path("NonKeyAttributes").forEach(n -> names.add(n.asText()));
        Projection.Builder projection =
                Projection.builder().projectionType(p.get("ProjectionType").asText());
        return (names.isEmpty() ? projection : projection.nonKeyAttributes(names)).build();
    }

    private static Projection tfProjection(JsonNode i) {
        List<String> names = new ArrayList<>();
        i.path("non_key_attributes").forEach(n -> names.add(n.asText()));
        Projection.Builder projection =
                Projection.builder().projectionType(i.get("projection_type").asText());
        return (names.isEmpty() ? projection : projection.nonKeyAttributes(names)).build();
    }

    private static ProvisionedThroughput cfnThroughput(JsonNode t) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(t.get("ReadCapacityUnits").asLong())
                .writeCapacityUnits(t.get("WriteCapacityUnits").asLong())
                .build();
    }

    private static ProvisionedThroughput tfThroughput(JsonNode t) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(t.get("read_capacity").asLong())
                .writeCapacityUnits(t.get("write_capacity").asLong())
                .build();
    }
}
