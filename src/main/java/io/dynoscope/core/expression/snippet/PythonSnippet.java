package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Writes a snippet as a Python script for boto3's low-level client, which speaks DynamoDB JSON. */
final class PythonSnippet {

    private PythonSnippet() {}

    static String write(SnippetRequest request, SnippetOptions options) {
        Operation op = request.operation();
        StringBuilder out = new StringBuilder();
        out.append("import base64\nimport json\n\nimport boto3\n\n\n").append(PRINTER);
        out.append("dynamodb = boto3.client(").append(client(options)).append(")\n\n");
        List<String> arguments = new ArrayList<>();
        arguments.add("TableName=" + string(request.table()));
        request.index().ifPresent(i -> arguments.add("IndexName=" + string(i)));
        request.key()
                .ifPresent(k -> arguments.add("Key=" + dict(k.attributes(), PythonSnippet::value)));
        for (Map.Entry<ExpressionKind, String> e : request.expressions().entrySet()) {
            arguments.add(e.getKey().parameterName() + "=" + string(e.getValue()));
        }
        if (!request.names().isEmpty()) {
            arguments.add(
                    "ExpressionAttributeNames=" + dict(request.names(), PythonSnippet::string));
        }
        if (!request.values().isEmpty()) {
            arguments.add(
                    "ExpressionAttributeValues=" + dict(request.values(), PythonSnippet::value));
        }
        if (!request.scanForward()) {
            arguments.add("ScanIndexForward=False");
        }
        if (op == Operation.UPDATE_ITEM) {
            arguments.add("ReturnValues=\"ALL_NEW\"");
        } else if (op == Operation.DELETE_ITEM) {
            arguments.add("ReturnValues=\"ALL_OLD\"");
        }
        String args = arguments.stream().map(a -> "    " + a + ",\n").collect(Collectors.joining());
        switch (op) {
            case QUERY, SCAN ->
                    out.append("paginator = dynamodb.get_paginator(\"")
                            .append(op == Operation.QUERY ? "query" : "scan")
                            .append("\")\nfor page in paginator.paginate(\n")
                            .append(args)
                            .append("):\n")
                            .append("    for item in page[\"Items\"]:\n        print_item(item)\n");
            case GET_ITEM ->
                    out.append("response = dynamodb.get_item(\n")
                            .append(args)
                            .append(")\n")
                            .append(
                                    "if \"Item\" in response:\n    print_item(response[\"Item\"])\n");
            case UPDATE_ITEM ->
                    out.append("response = dynamodb.update_item(\n")
                            .append(args)
                            .append(")\n")
                            .append("print_item(response[\"Attributes\"])\n");
            case DELETE_ITEM ->
                    out.append("response = dynamodb.delete_item(\n")
                            .append(args)
                            .append(")\n")
                            .append(
                                    "if \"Attributes\" in response:\n    print_item(response[\"Attributes\"])\n");
        }
        return out.toString();
    }

    static final String PRINTER =
            """
            def print_item(item):
                \"""Prints an item as one line of DynamoDB JSON; binary values in base64.\"""
                print(json.dumps(item, default=lambda b: base64.b64encode(b).decode("ascii")))


            """;

    static String client(SnippetOptions options) {
        if (options.endpoint().isEmpty()) {
            return "\"dynamodb\"";
        }
        return "\n    \"dynamodb\",\n"
                + "    endpoint_url="
                + string(options.endpoint().get().toString())
                + ",\n"
                + "    region_name="
                + string(options.region())
                + ",\n"
                + "    aws_access_key_id="
                + string(options.accessKeyId())
                + ",\n"
                + "    aws_secret_access_key="
                + string(SnippetOptions.LOCAL_SECRET)
                + ",\n";
    }

    static <V> String dict(Map<String, V> entries, Function<V, String> literal) {
        return entries.entrySet().stream()
                .map(e -> string(e.getKey()) + ": " + literal.apply(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    static String value(AttributeValue value) {
        return switch (value.type()) {
            case S -> "{\"S\": " + string(((AttributeValue.Str) value).value()) + "}";
            case N -> "{\"N\": " + string(((AttributeValue.Num) value).text()) + "}";
            case B -> "{\"B\": " + bytes(((AttributeValue.Bin) value).base64()) + "}";
            case BOOL ->
                    "{\"BOOL\": "
                            + (((AttributeValue.Bool) value).value() ? "True" : "False")
                            + "}";
            case NULL -> "{\"NULL\": True}";
            case M ->
                    "{\"M\": "
                            + dict(
                                    ((AttributeValue.MapValue) value).entries(),
                                    PythonSnippet::value)
                            + "}";
            case L ->
                    ((AttributeValue.ListValue) value)
                            .elements().stream()
                                    .map(PythonSnippet::value)
                                    .collect(Collectors.joining(", ", "{\"L\": [", "]}"));
            case SS ->
                    ((AttributeValue.StrSet) value)
                            .members().stream()
                                    .map(PythonSnippet::string)
                                    .collect(Collectors.joining(", ", "{\"SS\": [", "]}"));
            case NS ->
                    ((AttributeValue.NumSet) value)
                            .members().stream()
                                    .map(n -> string(n.text()))
                                    .collect(Collectors.joining(", ", "{\"NS\": [", "]}"));
            case BS ->
                    ((AttributeValue.BinSet) value)
                            .members().stream()
                                    .map(b -> bytes(b.base64()))
                                    .collect(Collectors.joining(", ", "{\"BS\": [", "]}"));
        };
    }

    private static String bytes(String base64) {
        return "base64.b64decode(" + string(base64) + ")";
    }

    /**
     * A Python string literal. Non-ASCII is escaped by code point ({@code \\U0001f600}), since
     * Python does not join the surrogate pairs a JSON-style escape would write.
     */
    static String string(String text) {
        StringBuilder out = new StringBuilder("\"");
        text.codePoints()
                .forEach(
                        c -> {
                            switch (c) {
                                case '"' -> out.append("\\\"");
                                case '\\' -> out.append("\\\\");
                                case '\n' -> out.append("\\n");
                                case '\r' -> out.append("\\r");
                                case '\t' -> out.append("\\t");
                                default -> {
                                    if (c < 0x20 || c == 0x7f) {
                                        out.append(String.format("\\x%02x", c));
                                    } else if (c > 0xffff) {
                                        out.append(String.format("\\U%08x", c));
                                    } else if (c > 0x7e) {
                                        out.append(String.format("\\u%04x", c));
                                    } else {
                                        out.append((char) c);
                                    }
                                }
                            }
                        });
        return out.append('"').toString();
    }
}
