package io.dynoscope.repository;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.dynoscope.core.item.KeySchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;

/**
 * Builds the CreateTable request for a table definition, and writes that very request as the JSON
 * DynamoDB receives (the same field names, as {@code aws dynamodb create-table --cli-input-json}
 * takes it), so what a person confirms is what is sent.
 */
public final class CreateTableRequests {

    private static final JsonFactory JSON = new JsonFactory();

    private CreateTableRequests() {}

    /** The request {@link DynamoRepository#createTable} sends for {@code definition}. */
    static CreateTableRequest request(TableDefinition definition) {
        ProvisionedThroughput throughput =
                definition.provisioned() == null
                        ? null
                        : ProvisionedThroughput.builder()
                                .readCapacityUnits(definition.provisioned().readCapacityUnits())
                                .writeCapacityUnits(definition.provisioned().writeCapacityUnits())
                                .build();
        CreateTableRequest.Builder request =
                CreateTableRequest.builder()
                        .tableName(definition.name())
                        .keySchema(keySchemaElements(definition.keySchema()))
                        .attributeDefinitions(
                                definition.attributeTypes().entrySet().stream()
                                        .sorted(Map.Entry.comparingByKey())
                                        .map(
                                                e ->
                                                        AttributeDefinition.builder()
                                                                .attributeName(e.getKey())
                                                                .attributeType(e.getValue())
                                                                .build())
                                        .toList());
        if (throughput == null) {
            request.billingMode(BillingMode.PAY_PER_REQUEST);
        } else {
            request.billingMode(BillingMode.PROVISIONED).provisionedThroughput(throughput);
        }
        if (!definition.globalSecondaryIndexes().isEmpty()) {
            request.globalSecondaryIndexes(
                    definition.globalSecondaryIndexes().stream()
                            .map(
                                    i ->
                                            GlobalSecondaryIndex.builder()
                                                    .indexName(i.name())
                                                    .keySchema(keySchemaElements(i.keySchema()))
                                                    .projection(projection(i))
                                                    .provisionedThroughput(throughput)
                                                    .build())
                            .toList());
        }
        if (!definition.localSecondaryIndexes().isEmpty()) {
            request.localSecondaryIndexes(
                    definition.localSecondaryIndexes().stream()
                            .map(
                                    i ->
                                            LocalSecondaryIndex.builder()
                                                    .indexName(i.name())
                                                    .keySchema(keySchemaElements(i.keySchema()))
                                                    .projection(projection(i))
                                                    .build())
                            .toList());
        }
        return request.build();
    }

    /** The CreateTable request for {@code definition} as DynamoDB JSON, indented. */
    public static String text(TableDefinition definition) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            g.setPrettyPrinter(
                    new DefaultPrettyPrinter()
                            .withObjectIndenter(indenter)
                            .withArrayIndenter(indenter));
            write(g, request(definition));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object value) throws IOException {
        if (value instanceof SdkPojo pojo) {
            g.writeStartObject();
            for (SdkField<?> field : pojo.sdkFields()) {
                Object member = field.getValueOrDefault(pojo);
                if (member == null
                        || member instanceof SdkAutoConstructList
                        || member instanceof SdkAutoConstructMap) {
                    continue;
                }
                g.writeFieldName(field.locationName());
                write(g, member);
            }
            g.writeEndObject();
        } else if (value instanceof Collection<?> list) {
            g.writeStartArray();
            for (Object element : list) {
                write(g, element);
            }
            g.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (value instanceof Long number) {
            g.writeNumber(number);
        } else if (value instanceof Integer number) {
            g.writeNumber(number);
        } else if (value instanceof Boolean bool) {
            g.writeBoolean(bool);
        } else {
            g.writeString(String.valueOf(value));
        }
    }

    private static List<KeySchemaElement> keySchemaElements(KeySchema schema) {
        List<KeySchemaElement> elements = new ArrayList<>(2);
        elements.add(
                KeySchemaElement.builder()
                        .attributeName(schema.partitionKey())
                        .keyType(KeyType.HASH)
                        .build());
        schema.sortKey()
                .ifPresent(
                        sk ->
                                elements.add(
                                        KeySchemaElement.builder()
                                                .attributeName(sk)
                                                .keyType(KeyType.RANGE)
                                                .build()));
        return elements;
    }

    private static Projection projection(TableDefinition.IndexDefinition index) {
        Projection.Builder projection = Projection.builder().projectionType(index.projectionType());
        if (!index.nonKeyAttributes().isEmpty()) {
            projection.nonKeyAttributes(index.nonKeyAttributes());
        }
        return projection.build();
    }
}
