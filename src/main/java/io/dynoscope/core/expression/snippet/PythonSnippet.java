package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.Operation;
import java.util.Map;
import java.util.stream.Collectors;

/** Writes a snippet as a Python script for boto3's low-level client, which speaks DynamoDB JSON. */
final class PythonSnippet {

    private PythonSnippet() {}

    static String write(SnippetRequest request, SnippetOptions options) {
        Operation op = request.operation();
        StringBuilder out = new StringBuilder();
        out.append("import base64\nimport json\n\nimport boto3\n\n\n").append(PRINTER);
        out.append("dynamodb = boto3.client(").append(client(options)).append(")\n\n");
        String args =
                LITERALS.parameters(request).stream()
                        .map(p -> "    " + p.name() + "=" + p.literal() + ",\n")
                        .collect(Collectors.joining());
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

    static final SnippetLiterals LITERALS =
            new SnippetLiterals(
                    PythonSnippet::string,
                    PythonSnippet::bytes,
                    b -> b ? "True" : "False",
                    (type, content) -> "{\"" + type + "\": " + content + "}",
                    elements -> elements.collect(Collectors.joining(", ", "[", "]")),
                    PythonSnippet::dict,
                    PythonSnippet::dict,
                    (type, name) -> string(name));

    private static String dict(Map<String, String> entries) {
        return entries.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String bytes(String base64) {
        return "base64.b64decode(" + string(base64) + ")";
    }

    /**
     * A Python string literal. Non-ASCII is escaped by code point ({@code \\U0001f600}), since
     * Python does not join the surrogate pairs a JSON-style escape would write.
     */
    static String string(String text) {
        return SnippetLiterals.quoted(
                text.codePoints(),
                c -> {
                    if (c < 0x20 || c == 0x7f) {
                        return String.format("\\x%02x", c);
                    } else if (c > 0xffff) {
                        return String.format("\\U%08x", c);
                    } else if (c > 0x7e) {
                        return String.format("\\u%04x", c);
                    }
                    return null;
                });
    }
}
