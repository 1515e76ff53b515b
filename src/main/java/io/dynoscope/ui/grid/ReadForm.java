package io.dynoscope.ui.grid;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.TableInfo;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Turns the grid's read form into a {@link ReadRequest}, or says which field is wrong and why, so
 * nothing is sent for bad input.
 */
final class ReadForm {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReadForm() {}

    static ReadRequest toRequest(ItemGridViewModel form, TableInfo info) {
        String index = form.selectedIndex();
        KeySchema keys = info.keySchemaOf(index);
        Map<String, String> names = names(form.expressionNamesProperty().get());
        Map<String, AttributeValue> values = values(form.expressionValuesProperty().get());
        String filterText = strip(form.filterExpressionProperty().get());
        String projectionText = strip(form.projectionExpressionProperty().get());
        CompiledExpression filter =
                filterText.isEmpty()
                        ? null
                        : new CompiledExpression(filterText, used(names, filterText), values);
        CompiledExpression projection =
                projectionText.isEmpty()
                        ? null
                        : new CompiledExpression(
                                projectionText, used(names, projectionText), Map.of());
        if (filter == null && !values.isEmpty()) {
            throw new IllegalArgumentException(
                    "Values: there is no filter expression to use them in");
        }
        int limit = form.limitProperty().get();
        if (limit < 0) {
            throw new IllegalArgumentException("Limit: must be 0 (no limit) or more");
        }
        if (form.modeProperty().get() == ItemGridViewModel.ReadMode.SCAN) {
            int segments = form.segmentsProperty().get();
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException("Segments: must be between 1 and 1000000");
            }
            return new ReadRequest(
                    info.name(),
                    ItemGridViewModel.ReadMode.SCAN,
                    index,
                    null,
                    true,
                    filter,
                    projection,
                    segments,
                    limit);
        }
        String pkText = form.partitionKeyValueProperty().get();
        if (pkText == null || pkText.isEmpty()) {
            throw new IllegalArgumentException(
                    keys.partitionKey() + ": a Query needs a partition-key value");
        }
        AttributeValue pk =
                keyValue(
                        keys.partitionKey(),
                        info.keyAttributeTypes().get(keys.partitionKey()),
                        pkText);
        SortKeyCondition sortKey = null;
        ItemGridViewModel.SortKeyOperator op = form.sortKeyOperatorProperty().get();
        if (op != null && op != ItemGridViewModel.SortKeyOperator.NONE) {
            String skName =
                    keys.sortKey()
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    (index == null ? "The table" : "Index " + index)
                                                            + " has no sort key to compare"));
            String skType = info.keyAttributeTypes().get(skName);
            AttributeValue value =
                    keyValue(skName, skType, nonEmpty(skName, form.sortKeyValueProperty().get()));
            sortKey =
                    switch (op) {
                        case EQ -> SortKeyCondition.of(SortKeyCondition.Operator.EQ, value);
                        case LT -> SortKeyCondition.of(SortKeyCondition.Operator.LT, value);
                        case LE -> SortKeyCondition.of(SortKeyCondition.Operator.LE, value);
                        case GT -> SortKeyCondition.of(SortKeyCondition.Operator.GT, value);
                        case GE -> SortKeyCondition.of(SortKeyCondition.Operator.GE, value);
                        case BEGINS_WITH -> {
                            if ("N".equals(skType)) {
                                throw new IllegalArgumentException(
                                        skName + ": begins_with needs a string or binary sort key");
                            }
                            yield SortKeyCondition.of(SortKeyCondition.Operator.BEGINS_WITH, value);
                        }
                        case BETWEEN ->
                                SortKeyCondition.between(
                                        value,
                                        keyValue(
                                                skName,
                                                skType,
                                                nonEmpty(
                                                        skName + " (upper bound)",
                                                        form.sortKeyUpperProperty().get())));
                        case NONE -> throw new IllegalStateException();
                    };
        }
        return new ReadRequest(
                info.name(),
                ItemGridViewModel.ReadMode.QUERY,
                index,
                KeyCondition.partition(keys, pk).and(sortKey),
                !form.newestFirstProperty().get(),
                filter,
                projection,
                1,
                limit);
    }

    private static String nonEmpty(String field, String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException(field + ": enter a value to compare with");
        }
        return text;
    }

    /** A key value typed as text, read as the key's type: S as is, N exactly, B as base64. */
    static AttributeValue keyValue(String name, String type, String text) {
        if (type == null || "S".equals(type)) {
            return AttributeValue.s(text);
        }
        if ("N".equals(type)) {
            try {
                return AttributeValue.n(text.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + " is a number key: " + e.getMessage());
            }
        }
        try {
            return AttributeValue.b(Base64.getDecoder().decode(text.strip()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    name + " is a binary key: enter it as base64 (" + e.getMessage() + ")");
        }
    }

    private static Map<String, String> names(String json) {
        Map<String, String> names = new LinkedHashMap<>();
        String text = strip(json);
        if (text.isEmpty()) {
            return names;
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "Names: not JSON at line "
                            + e.getLocation().getLineNr()
                            + ", column "
                            + e.getLocation().getColumnNr()
                            + ": "
                            + e.getOriginalMessage());
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(
                    "Names: expected an object such as {\"#n\": \"name\"}");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().startsWith("#") || !e.getValue().isTextual()) {
                throw new IllegalArgumentException(
                        "Names: \""
                                + e.getKey()
                                + "\" must start with # and map to an attribute name");
            }
            names.put(e.getKey(), e.getValue().asText());
        }
        return names;
    }

    private static Map<String, AttributeValue> values(String json) {
        String text = strip(json);
        if (text.isEmpty()) {
            return Map.of();
        }
        try {
            Map<String, AttributeValue> values = DynamoJson.readItem(text).attributes();
            for (String key : values.keySet()) {
                if (!key.startsWith(":")) {
                    throw new IllegalArgumentException("Values: \"" + key + "\" must start with :");
                }
            }
            return values;
        } catch (ItemFormatException e) {
            throw new IllegalArgumentException("Values (DynamoDB JSON): " + e.getMessage());
        }
    }

    /** Only the names an expression uses, because DynamoDB rejects unused ones. */
    private static Map<String, String> used(Map<String, String> names, String expression) {
        Map<String, String> used = new LinkedHashMap<>();
        names.forEach(
                (placeholder, name) -> {
                    if (expression.matches(
                            "(?s).*" + Pattern.quote(placeholder) + "(?![A-Za-z0-9_]).*")) {
                        used.put(placeholder, name);
                    }
                });
        return used;
    }

    private static String strip(String text) {
        return text == null ? "" : text.strip();
    }
}
