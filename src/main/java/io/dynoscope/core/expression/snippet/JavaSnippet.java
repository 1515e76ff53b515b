package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Writes a snippet as a complete Java class for the AWS SDK v2 ({@code DynamoDbClient}). */
final class JavaSnippet {

    private static final String INDENT = "                ";

    private JavaSnippet() {}

    static String write(SnippetRequest request, SnippetOptions options) {
        Operation op = request.operation();
        String className = className(op);
        String requestType = op.apiName() + "Request";
        StringBuilder out = new StringBuilder();
        List<String> imports =
                imports(options, "software.amazon.awssdk.services.dynamodb.model." + requestType);
        if (op == Operation.GET_ITEM || op == Operation.DELETE_ITEM) {
            imports.add(
                    "software.amazon.awssdk.services.dynamodb.model." + op.apiName() + "Response");
        }
        if (op == Operation.UPDATE_ITEM || op == Operation.DELETE_ITEM) {
            imports.add("software.amazon.awssdk.services.dynamodb.model.ReturnValue");
        }
        imports.stream().sorted().forEach(i -> out.append("import ").append(i).append(";\n"));
        out.append("\n/** ")
                .append(op.apiName())
                .append(" on ")
                .append(request.table())
                .append(", printing each item as a line of DynamoDB JSON. */\n");
        out.append("public class ").append(className).append(" {\n\n");
        out.append("    public static void main(String[] args) {\n");
        out.append("        try (DynamoDbClient dynamo = ").append(client(options)).append(") {\n");
        out.append("            ")
                .append(requestType)
                .append(" request = ")
                .append(requestType)
                .append(".builder()\n");
        for (SnippetLiterals.Parameter p : LITERALS.parameters(request)) {
            out.append(INDENT)
                    .append('.')
                    .append(Character.toLowerCase(p.name().charAt(0)))
                    .append(p.name().substring(1))
                    .append('(')
                    .append(p.literal())
                    .append(")\n");
        }
        out.append(INDENT).append(".build();\n");
        out.append(call(op));
        out.append("        }\n    }\n\n");
        out.append(PRINTER.replace("SNIPPET", className));
        out.append("}\n");
        return out.toString();
    }

    private static String className(Operation op) {
        return switch (op) {
            case QUERY -> "QueryItems";
            case SCAN -> "ScanItems";
            case GET_ITEM -> "GetOneItem";
            case UPDATE_ITEM -> "UpdateOneItem";
            case DELETE_ITEM -> "DeleteOneItem";
            case PUT_ITEM ->
                    throw new IllegalArgumentException("snippets are not written for PutItem");
        };
    }

    static String client(SnippetOptions options) {
        if (options.endpoint().isEmpty()) {
            return "DynamoDbClient.create()";
        }
        return "DynamoDbClient.builder()\n"
                + INDENT
                + ".endpointOverride(URI.create("
                + string(options.endpoint().get().toString())
                + "))\n"
                + INDENT
                + ".region(Region.of("
                + string(options.region())
                + "))\n"
                + INDENT
                + ".credentialsProvider(StaticCredentialsProvider.create(\n"
                + INDENT
                + "        AwsBasicCredentials.create("
                + string(options.accessKeyId())
                + ", "
                + string(SnippetOptions.LOCAL_SECRET)
                + ")))\n"
                + INDENT
                + ".build()";
    }

    private static String call(Operation op) {
        String print = "System.out.println(toJson(";
        return switch (op) {
            case QUERY ->
                    "            for (Map<String, AttributeValue> item : dynamo.queryPaginator(request).items()) {\n"
                            + "                "
                            + print
                            + "item));\n            }\n";
            case SCAN ->
                    "            for (Map<String, AttributeValue> item : dynamo.scanPaginator(request).items()) {\n"
                            + "                "
                            + print
                            + "item));\n            }\n";
            case GET_ITEM ->
                    "            GetItemResponse response = dynamo.getItem(request);\n"
                            + "            if (response.hasItem()) {\n                "
                            + print
                            + "response.item()));\n            }\n";
            case UPDATE_ITEM ->
                    "            " + print + "dynamo.updateItem(request).attributes()));\n";
            case DELETE_ITEM ->
                    "            DeleteItemResponse response = dynamo.deleteItem(request);\n"
                            + "            if (response.hasAttributes()) {\n                "
                            + print
                            + "response.attributes()));\n            }\n";
            case PUT_ITEM ->
                    throw new IllegalArgumentException("snippets are not written for PutItem");
        };
    }

    static final SnippetLiterals LITERALS =
            new SnippetLiterals(
                    JavaSnippet::string,
                    JavaSnippet::bytes,
                    String::valueOf,
                    (type, content) -> "AttributeValue.from" + typeName(type) + "(" + content + ")",
                    elements -> elements.collect(Collectors.joining(", ", "List.of(", ")")),
                    JavaSnippet::inlineMap,
                    entries -> lines(entries, 2),
                    (type, name) -> type + "." + name);

    /** The name in the SDK's {@code AttributeValue.fromX} factories: fromS, fromBool, fromNul… */
    private static String typeName(AttributeValue.Type type) {
        if (type == AttributeValue.Type.NULL) {
            return "Nul";
        }
        return type.name().charAt(0) + type.name().substring(1).toLowerCase(Locale.ROOT);
    }

    /**
     * {@code Map.ofEntries(...)} with one entry a line, {@code depth} levels in from the builder.
     */
    static <V> String map(Map<String, V> entries, Function<V, String> literal, int depth) {
        return lines(LITERALS.written(entries, literal), depth);
    }

    private static String lines(Map<String, String> entries, int depth) {
        if (entries.isEmpty()) {
            return "Map.of()";
        }
        String pad = INDENT + "        ".repeat(depth - 1);
        return entries.entrySet().stream()
                .map(e -> pad + "Map.entry(" + e.getKey() + ", " + e.getValue() + ")")
                .collect(Collectors.joining(",\n", "Map.ofEntries(\n", ")"));
    }

    private static String inlineMap(Map<String, String> entries) {
        if (entries.isEmpty()) {
            return "Map.of()";
        }
        return entries.entrySet().stream()
                .map(e -> "Map.entry(" + e.getKey() + ", " + e.getValue() + ")")
                .collect(Collectors.joining(", ", "Map.ofEntries(", ")"));
    }

    private static String bytes(String base64) {
        return "SdkBytes.fromByteArray(Base64.getDecoder().decode(" + string(base64) + "))";
    }

    /**
     * A Java string literal in plain ASCII: quotes, backslashes, controls and non-ASCII escaped.
     */
    static String string(String text) {
        return SnippetLiterals.utf16String(text);
    }

    /** The helper every Java snippet carries: the SDK has no DynamoDB JSON printer of its own. */
    static final String PRINTER =
            """
                /** One item as a line of DynamoDB JSON, e.g. {"pk":{"S":"WS#acme"}}. */
                static String toJson(Map<String, AttributeValue> item) {
                    return item.entrySet().stream()
                            .map(e -> quote(e.getKey()) + ":" + toJson(e.getValue()))
                            .collect(Collectors.joining(",", "{", "}"));
                }

                static String toJson(AttributeValue v) {
                    switch (v.type()) {
                        case S: return "{\\"S\\":" + quote(v.s()) + "}";
                        case N: return "{\\"N\\":" + quote(v.n()) + "}";
                        case B: return "{\\"B\\":" + quote(base64(v.b())) + "}";
                        case BOOL: return "{\\"BOOL\\":" + v.bool() + "}";
                        case NUL: return "{\\"NULL\\":true}";
                        case M: return "{\\"M\\":" + toJson(v.m()) + "}";
                        case L: return v.l().stream().map(SNIPPET::toJson)
                                .collect(Collectors.joining(",", "{\\"L\\":[", "]}"));
                        case SS: return v.ss().stream().map(SNIPPET::quote)
                                .collect(Collectors.joining(",", "{\\"SS\\":[", "]}"));
                        case NS: return v.ns().stream().map(SNIPPET::quote)
                                .collect(Collectors.joining(",", "{\\"NS\\":[", "]}"));
                        case BS: return v.bs().stream().map(b -> quote(base64(b)))
                                .collect(Collectors.joining(",", "{\\"BS\\":[", "]}"));
                        default: throw new IllegalStateException("unknown attribute type: " + v);
                    }
                }

                static String base64(SdkBytes bytes) {
                    return Base64.getEncoder().encodeToString(bytes.asByteArray());
                }

                static String quote(String text) {
                    StringBuilder out = new StringBuilder("\\"");
                    for (char c : text.toCharArray()) {
                        if (c == '"' || c == '\\\\') {
                            out.append('\\\\').append(c);
                        } else if (c < 0x20) {
                            out.append(String.format("\\\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                    return out.append('"').toString();
                }
            """;

    /** The imports every Java snippet needs, those of a local endpoint, and {@code more}. */
    static List<String> imports(SnippetOptions options, String... more) {
        List<String> imports =
                new ArrayList<>(
                        List.of(
                                "java.util.Base64",
                                "java.util.List",
                                "java.util.Map",
                                "java.util.stream.Collectors",
                                "software.amazon.awssdk.core.SdkBytes",
                                "software.amazon.awssdk.services.dynamodb.DynamoDbClient",
                                "software.amazon.awssdk.services.dynamodb.model.AttributeValue"));
        imports.addAll(List.of(more));
        if (options.endpoint().isPresent()) {
            imports.addAll(
                    List.of(
                            "java.net.URI",
                            "software.amazon.awssdk.auth.credentials.AwsBasicCredentials",
                            "software.amazon.awssdk.auth.credentials.StaticCredentialsProvider",
                            "software.amazon.awssdk.regions.Region"));
        }
        return imports;
    }
}
