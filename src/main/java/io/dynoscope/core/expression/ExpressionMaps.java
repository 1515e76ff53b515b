package io.dynoscope.core.expression;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code ExpressionAttributeNames} and {@code ExpressionAttributeValues} maps as people type
 * them: a JSON object of {@code #placeholder} to attribute name, and one of {@code :placeholder} to
 * a DynamoDB JSON value. Reading checks the sigils and says where the text is wrong; blank text is
 * an empty map.
 */
public final class ExpressionMaps {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExpressionMaps() {}

    /**
     * Reads a names map.
     *
     * @throws IllegalArgumentException naming the line and column or the placeholder at fault
     */
    public static Map<String, String> names(String json) {
        Map<String, String> names = new LinkedHashMap<>();
        if (json == null || json.isBlank()) {
            return names;
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IllegalArgumentException(
                    (at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr())
                            + ": not JSON: "
                            + e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException(
                    "expected a JSON object such as {\"#d\": \"Detail\"}");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getKey().startsWith("#")) {
                throw new IllegalArgumentException(
                        "the placeholder '" + field.getKey() + "' must start with #");
            }
            if (!field.getValue().isTextual()) {
                throw new IllegalArgumentException(
                        "'" + field.getKey() + "' must name an attribute with a string");
            }
            names.put(field.getKey(), field.getValue().textValue());
        }
        return names;
    }

    /**
     * Reads a values map of DynamoDB JSON values.
     *
     * @throws IllegalArgumentException naming where the text is wrong
     */
    public static Map<String, AttributeValue> values(String json) {
        if (json == null || json.isBlank()) {
            return new LinkedHashMap<>();
        }
        Map<String, AttributeValue> values;
        try {
            values = new LinkedHashMap<>(ItemJson.DYNAMODB.readItem(json).attributes());
        } catch (ItemFormatException e) {
            throw new IllegalArgumentException(
                    e.getMessage()
                            + " (values are DynamoDB JSON, e.g. {\":s\": {\"S\": \"ACTIVE\"}})");
        }
        for (String placeholder : values.keySet()) {
            if (!placeholder.startsWith(":")) {
                throw new IllegalArgumentException(
                        "the placeholder '" + placeholder + "' must start with :");
            }
        }
        return values;
    }

    /** A names map as JSON on one line; empty text for an empty map. */
    public static String namesJson(Map<String, String> names) {
        return namesJson(names, false);
    }

    /** A names map as JSON, indented when {@code pretty}; empty text for an empty map. */
    public static String namesJson(Map<String, String> names, boolean pretty) {
        ObjectNode node = JSON.createObjectNode();
        names.forEach(node::put);
        return write(node, pretty);
    }

    /** A values map as DynamoDB JSON on one line; empty text for an empty map. */
    public static String valuesJson(Map<String, AttributeValue> values) {
        return valuesJson(values, false);
    }

    /** A values map as DynamoDB JSON, indented when {@code pretty}; empty text for an empty map. */
    public static String valuesJson(Map<String, AttributeValue> values, boolean pretty) {
        ObjectNode node = JSON.createObjectNode();
        values.forEach(
                (placeholder, value) -> {
                    try {
                        node.set(placeholder, JSON.readTree(ItemJson.DYNAMODB.write(value)));
                    } catch (JsonProcessingException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        return write(node, pretty);
    }

    private static String write(ObjectNode node, boolean pretty) {
        if (node.isEmpty()) {
            return "";
        }
        try {
            return pretty
                    ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node)
                    : JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
