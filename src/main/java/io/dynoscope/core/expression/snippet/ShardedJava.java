package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import java.util.List;

/** The Java (AWS SDK v2) code of {@link ShardedKeySnippets}. */
final class ShardedJava {

    private ShardedJava() {}

    static String write(ShardedKeyCode code, SnippetOptions options) {
        String className = "PutShardedItem";
        boolean calculated = code.suffix() == ShardedKeyCode.Suffix.CALCULATED;
        List<String> imports =
                JavaSnippet.imports(
                        options,
                        "software.amazon.awssdk.services.dynamodb.model.PutItemRequest",
                        "java.util.HashMap",
                        calculated
                                ? "java.nio.charset.StandardCharsets"
                                : "java.util.concurrent.ThreadLocalRandom");
        StringBuilder out = header(imports);
        out.append("/** Writes an item of ")
                .append(comment(code.base()))
                .append(" to one of its ")
                .append(code.shards())
                .append(" shards and prints it. */\n");
        out.append("public class ").append(className).append(" {\n\n");
        constants(out, code);
        if (calculated) {
            out.append(
                    """
                        /** The shard the sort key decides: the same in every language, so a reader finds it. */
                        static String calculatedShard(String sortKey) {
                            long hash = 0;
                            for (byte b : sortKey.getBytes(StandardCharsets.UTF_8)) {
                                hash = (hash * 31 + (b & 0xff)) % 4294967296L;
                            }
                            return shard((int) (hash % SHARDS) + 1);
                        }

                    """);
        } else {
            out.append(
                    """
                        /** Any shard: writes spread evenly, and every read asks every shard. */
                        static String randomShard() {
                            return shard(ThreadLocalRandom.current().nextInt(SHARDS) + 1);
                        }

                    """);
        }
        out.append(shardMethod(code));
        out.append("    public static void main(String[] args) {\n");
        out.append("        try (DynamoDbClient dynamo = ")
                .append(JavaSnippet.client(options))
                .append(") {\n");
        out.append("            Map<String, AttributeValue> item = new HashMap<>(")
                .append(
                        JavaSnippet.map(
                                code.example().attributes(), JavaSnippet.LITERALS::value, 1))
                .append(");\n");
        String sortKey = code.keys().sortKey().orElse(null);
        String shard =
                calculated
                        ? "calculatedShard(item.get("
                                + JavaSnippet.string(sortKey)
                                + ")."
                                + (code.sortKeyType() == AttributeValue.Type.N ? "n" : "s")
                                + "())"
                        : "randomShard()";
        out.append("            item.put(")
                .append(JavaSnippet.string(code.keys().partitionKey()))
                .append(", AttributeValue.fromS(")
                .append(shard)
                .append("));\n");
        out.append("            dynamo.putItem(PutItemRequest.builder()\n")
                .append(INDENT)
                .append(".tableName(")
                .append(JavaSnippet.string(code.table()))
                .append(")\n")
                .append(INDENT)
                .append(".item(item)\n")
                .append(INDENT)
                .append(".build());\n");
        out.append("            System.out.println(toJson(item));\n");
        out.append("        }\n    }\n\n");
        out.append(JavaSnippet.PRINTER.replace("SNIPPET", className));
        return out.append("}\n").toString();
    }

    static String read(ShardedKeyCode code, SnippetOptions options) {
        String className = "QueryShards";
        CompiledExpression keyCondition = code.keyCondition();
        String sortKey = code.keys().sortKey().orElse(null);
        List<String> imports =
                JavaSnippet.imports(
                        options,
                        "software.amazon.awssdk.services.dynamodb.model.QueryRequest",
                        "java.util.ArrayList",
                        "java.util.Comparator",
                        "java.util.concurrent.ExecutorService",
                        "java.util.concurrent.Executors",
                        "java.util.concurrent.Future");
        if (sortKey != null) {
            imports.add(
                    code.sortKeyType() == AttributeValue.Type.N
                            ? "java.math.BigDecimal"
                            : "java.util.Arrays");
            if (code.sortKeyType() == AttributeValue.Type.S) {
                imports.add("java.nio.charset.StandardCharsets");
            }
        }
        StringBuilder out = header(imports);
        out.append("/** Reads every shard of ")
                .append(comment(code.base()))
                .append(" (four at a time) and prints the items merged in sort-key order. */\n");
        out.append("public class ").append(className).append(" {\n\n");
        constants(out, code);
        out.append(shardMethod(code));
        out.append("    public static void main(String[] args) throws Exception {\n");
        out.append("        ExecutorService pool = Executors.newFixedThreadPool(4);\n");
        out.append("        try (DynamoDbClient dynamo = ")
                .append(JavaSnippet.client(options))
                .append(") {\n");
        out.append(
                "            List<Future<List<Map<String, AttributeValue>>>> shards = new ArrayList<>();\n");
        out.append("            for (int number = 1; number <= SHARDS; number++) {\n");
        out.append("                QueryRequest request = QueryRequest.builder()\n");
        String pad = INDENT + "    ";
        out.append(pad)
                .append(".tableName(")
                .append(JavaSnippet.string(code.table()))
                .append(")\n");
        out.append(pad)
                .append(".keyConditionExpression(")
                .append(JavaSnippet.string(keyCondition.text()))
                .append(")\n");
        out.append(pad)
                .append(".expressionAttributeNames(")
                .append(JavaSnippet.map(keyCondition.names(), JavaSnippet::string, 3))
                .append(")\n");
        out.append(pad)
                .append(".expressionAttributeValues(Map.of(")
                .append(JavaSnippet.string(code.shardPlaceholder()))
                .append(", AttributeValue.fromS(shard(number))))\n");
        if (!code.scanForward()) {
            out.append(pad).append(".scanIndexForward(false)\n");
        }
        out.append(pad).append(".build();\n");
        out.append(
                "                shards.add(pool.submit(() -> dynamo.queryPaginator(request).items().stream().toList()));\n");
        out.append("            }\n");
        out.append("            List<Map<String, AttributeValue>> items = new ArrayList<>();\n");
        out.append(
                "            for (Future<List<Map<String, AttributeValue>>> shard : shards) {\n");
        out.append("                items.addAll(shard.get());\n            }\n");
        if (sortKey != null) {
            out.append(
                    "            // DynamoDB's order of sort keys; a stable sort keeps ties in shard order\n");
            out.append("            items.sort(")
                    .append(
                            comparator(
                                    code.sortKeyType(),
                                    JavaSnippet.string(sortKey),
                                    code.scanForward()))
                    .append(");\n");
        }
        out.append("            items.forEach(item -> System.out.println(toJson(item)));\n");
        out.append("        } finally {\n            pool.shutdown();\n        }\n    }\n\n");
        out.append(JavaSnippet.PRINTER.replace("SNIPPET", className));
        return out.append("}\n").toString();
    }

    private static String comparator(AttributeValue.Type type, String sortKey, boolean ascending) {
        String order =
                switch (type) {
                    case N ->
                            "Comparator.comparing((Map<String, AttributeValue> item) -> new BigDecimal(item.get("
                                    + sortKey
                                    + ").n()))";
                    case B ->
                            "Comparator.comparing((Map<String, AttributeValue> item) -> item.get("
                                    + sortKey
                                    + ").b().asByteArray(), Arrays::compareUnsigned)";
                    default ->
                            "Comparator.comparing((Map<String, AttributeValue> item) -> item.get("
                                    + sortKey
                                    + ").s().getBytes(StandardCharsets.UTF_8), Arrays::compareUnsigned)";
                };
        return ascending ? order : order + ".reversed()";
    }

    private static final String INDENT = "                ";

    /** The method naming shard {@code number}, such as {@code WS#huge#07}. */
    private static String shardMethod(ShardedKeyCode code) {
        return """
                    static String shard(int number) {
                        return SHARD_PREFIX + String.format("%0WIDTHd", number);
                    }

                """
                .replace("WIDTH", Integer.toString(code.width()));
    }

    private static void constants(StringBuilder out, ShardedKeyCode code) {
        out.append("    static final String SHARD_PREFIX = ")
                .append(JavaSnippet.string(code.shardPrefix()))
                .append(";\n");
        out.append("    static final int SHARDS = ").append(code.shards()).append(";\n\n");
    }

    private static StringBuilder header(List<String> imports) {
        StringBuilder out = new StringBuilder();
        imports.stream()
                .distinct()
                .sorted()
                .forEach(i -> out.append("import ").append(i).append(";\n"));
        return out.append('\n');
    }

    /** Text safe inside a Javadoc comment. */
    private static String comment(String text) {
        return text.replace("*/", "*\\/");
    }
}
