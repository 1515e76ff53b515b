package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.Operation;
import java.util.Map;
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
        out.append("const input = {\n")
                .append(
                        LITERALS.parameters(request).stream()
                                .map(p -> "  " + p.name() + ": " + p.literal() + ",\n")
                                .collect(Collectors.joining()))
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

    static final SnippetLiterals LITERALS =
            new SnippetLiterals(
                    JavaScriptSnippet::string,
                    JavaScriptSnippet::bytes,
                    String::valueOf,
                    (type, content) -> "{ " + type + ": " + content + " }",
                    elements -> elements.collect(Collectors.joining(", ", "[", "]")),
                    JavaScriptSnippet::object,
                    JavaScriptSnippet::object,
                    (type, name) -> string(name));

    private static String object(Map<String, String> entries) {
        if (entries.isEmpty()) {
            return "{}";
        }
        return entries.entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", ", "{ ", " }"));
    }

    private static String bytes(String base64) {
        return "Buffer.from(" + string(base64) + ", \"base64\")";
    }

    /** A JavaScript string literal in plain ASCII (UTF-16 escapes). */
    static String string(String text) {
        return SnippetLiterals.utf16String(text);
    }
}
