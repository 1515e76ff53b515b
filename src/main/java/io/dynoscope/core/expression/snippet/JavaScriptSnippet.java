package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes a snippet as an ES module for the AWS SDK v3 ({@code @aws-sdk/client-dynamodb}); save it
 * as {@code .mjs}.
 */
final class JavaScriptSnippet {

    private JavaScriptSnippet() {}

    static String write(SnippetRequest request, SnippetOptions options) {
        Operation op = request.operation();
        String imported =
                switch (op) {
                    case QUERY -> "paginateQuery";
                    case SCAN -> "paginateScan";
                    default -> op.apiName() + "Command";
                };
        StringBuilder out = new StringBuilder();
        out.append("import { DynamoDBClient, ")
                .append(imported)
                .append(" } from \"@aws-sdk/client-dynamodb\";\n\n");
        out.append("const client = new DynamoDBClient(").append(client(options)).append(");\n\n");
        List<String> fields = new ArrayList<>();
        fields.add("TableName: " + string(request.table()));
        request.index().ifPresent(i -> fields.add("IndexName: " + string(i)));
        request.key()
                .ifPresent(
                        k ->
                                fields.add(
                                        "Key: "
                                                + object(
                                                        k.attributes(), JavaScriptSnippet::value)));
        for (Map.Entry<ExpressionKind, String> e : request.expressions().entrySet()) {
            fields.add(e.getKey().parameterName() + ": " + string(e.getValue()));
        }
        if (!request.names().isEmpty()) {
            fields.add(
                    "ExpressionAttributeNames: "
                            + object(request.names(), JavaScriptSnippet::string));
        }
        if (!request.values().isEmpty()) {
            fields.add(
                    "ExpressionAttributeValues: "
                            + object(request.values(), JavaScriptSnippet::value));
        }
        if (!request.scanForward()) {
            fields.add("ScanIndexForward: false");
        }
        if (op == Operation.UPDATE_ITEM) {
            fields.add("ReturnValues: \"ALL_NEW\"");
        } else if (op == Operation.DELETE_ITEM) {
            fields.add("ReturnValues: \"ALL_OLD\"");
        }
        out.append("const input = {\n")
                .append(fields.stream().map(f -> "  " + f + ",\n").collect(Collectors.joining()))
                .append("};\n\n");
        switch (op) {
            case QUERY, SCAN ->
                    out.append("for await (const page of ")
                            .append(imported)
                            .append("({ client }, input)) {\n")
                            .append(
                                    "  for (const item of page.Items ?? []) {\n    printItem(item);\n  }\n}\n");
            case GET_ITEM ->
                    out.append("const { Item } = await client.send(new GetItemCommand(input));\n")
                            .append("if (Item) {\n  printItem(Item);\n}\n");
            case UPDATE_ITEM ->
                    out.append(
                                    "const { Attributes } = await client.send(new UpdateItemCommand(input));\n")
                            .append("printItem(Attributes);\n");
            case DELETE_ITEM ->
                    out.append(
                                    "const { Attributes } = await client.send(new DeleteItemCommand(input));\n")
                            .append("if (Attributes) {\n  printItem(Attributes);\n}\n");
        }
        out.append("client.destroy();\n\n").append(PRINTER);
        return out.toString();
    }

    static final String PRINTER =
            """
            /** Prints an item as one line of DynamoDB JSON; binary values (Uint8Array) in base64. */
            function printItem(item) {
              console.log(JSON.stringify(item, function (key, value) {
                const raw = this[key];
                return raw instanceof Uint8Array ? Buffer.from(raw).toString("base64") : value;
              }));
            }
            """;

    static String client(SnippetOptions options) {
        if (options.endpoint().isEmpty()) {
            return "{}";
        }
        return "{\n  endpoint: "
                + string(options.endpoint().get().toString())
                + ",\n"
                + "  region: "
                + string(options.region())
                + ",\n"
                + "  credentials: { accessKeyId: "
                + string(options.accessKeyId())
                + ", secretAccessKey: "
                + string(SnippetOptions.LOCAL_SECRET)
                + " },\n}";
    }

    static <V> String object(Map<String, V> entries, Function<V, String> literal) {
        if (entries.isEmpty()) {
            return "{}";
        }
        return entries.entrySet().stream()
                .map(e -> string(e.getKey()) + ": " + literal.apply(e.getValue()))
                .collect(Collectors.joining(", ", "{ ", " }"));
    }

    static String value(AttributeValue value) {
        return switch (value.type()) {
            case S -> "{ S: " + string(((AttributeValue.Str) value).value()) + " }";
            case N -> "{ N: " + string(((AttributeValue.Num) value).text()) + " }";
            case B -> "{ B: " + bytes(((AttributeValue.Bin) value).base64()) + " }";
            case BOOL -> "{ BOOL: " + ((AttributeValue.Bool) value).value() + " }";
            case NULL -> "{ NULL: true }";
            case M ->
                    "{ M: "
                            + object(
                                    ((AttributeValue.MapValue) value).entries(),
                                    JavaScriptSnippet::value)
                            + " }";
            case L ->
                    ((AttributeValue.ListValue) value)
                            .elements().stream()
                                    .map(JavaScriptSnippet::value)
                                    .collect(Collectors.joining(", ", "{ L: [", "] }"));
            case SS ->
                    ((AttributeValue.StrSet) value)
                            .members().stream()
                                    .map(JavaScriptSnippet::string)
                                    .collect(Collectors.joining(", ", "{ SS: [", "] }"));
            case NS ->
                    ((AttributeValue.NumSet) value)
                            .members().stream()
                                    .map(n -> string(n.text()))
                                    .collect(Collectors.joining(", ", "{ NS: [", "] }"));
            case BS ->
                    ((AttributeValue.BinSet) value)
                            .members().stream()
                                    .map(b -> bytes(b.base64()))
                                    .collect(Collectors.joining(", ", "{ BS: [", "] }"));
        };
    }

    private static String bytes(String base64) {
        return "Buffer.from(" + string(base64) + ", \"base64\")";
    }

    /**
     * A JavaScript string literal in plain ASCII (UTF-16 escapes, which JavaScript joins into code
     * points).
     */
    static String string(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
