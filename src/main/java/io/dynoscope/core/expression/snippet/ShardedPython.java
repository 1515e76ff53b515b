package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;

/** The Python (boto3) code of {@link ShardedKeySnippets}. */
final class ShardedPython {

    private ShardedPython() {}

    static String write(ShardedKeyCode code, SnippetOptions options) {
        boolean calculated = code.suffix() == ShardedKeyCode.Suffix.CALCULATED;
        StringBuilder out = new StringBuilder();
        out.append("import base64\nimport json\n");
        if (!calculated) {
            out.append("import random\n");
        }
        out.append("\nimport boto3\n\n\n").append(PythonSnippet.PRINTER);
        out.append("dynamodb = boto3.client(")
                .append(PythonSnippet.client(options))
                .append(")\n\n");
        constants(out, code);
        if (calculated) {
            out.append(
                    """
                    def calculated_shard(sort_key):
                        \"""The shard the sort key decides: the same in every language, so a reader finds it.\"""
                        h = 0
                        for b in sort_key.encode("utf-8"):
                            h = (h * 31 + b) % 4294967296
                        return shard(h % SHARDS + 1)


                    """);
        } else {
            out.append(
                    """
                    def random_shard():
                        \"""Any shard: writes spread evenly, and every read asks every shard.\"""
                        return shard(random.randint(1, SHARDS))


                    """);
        }
        out.append("item = ")
                .append(
                        PythonSnippet.LITERALS.map(
                                code.example().attributes(), PythonSnippet.LITERALS::value))
                .append("\n");
        String shard =
                calculated
                        ? "calculated_shard(item["
                                + PythonSnippet.string(code.keys().sortKey().orElseThrow())
                                + "][\""
                                + code.sortKeyType().descriptor()
                                + "\"])"
                        : "random_shard()";
        out.append("item[")
                .append(PythonSnippet.string(code.keys().partitionKey()))
                .append("] = {\"S\": ")
                .append(shard)
                .append("}\n");
        out.append("dynamodb.put_item(TableName=")
                .append(PythonSnippet.string(code.table()))
                .append(", Item=item)\n");
        out.append("print_item(item)\n");
        return out.toString();
    }

    static String read(ShardedKeyCode code, SnippetOptions options) {
        CompiledExpression keyCondition = code.keyCondition();
        String sortKey = code.keys().sortKey().orElse(null);
        boolean number = sortKey != null && code.sortKeyType() == AttributeValue.Type.N;
        StringBuilder out = new StringBuilder();
        out.append(
                "import base64\nimport json\nfrom concurrent.futures import ThreadPoolExecutor\n");
        if (number) {
            out.append("from decimal import Decimal\n");
        }
        out.append("\nimport boto3\n\n\n").append(PythonSnippet.PRINTER);
        out.append("dynamodb = boto3.client(")
                .append(PythonSnippet.client(options))
                .append(")\n\n");
        constants(out, code);
        out.append("def read_shard(number):\n");
        out.append("    \"\"\"Every item of one shard, in sort-key order.\"\"\"\n");
        out.append("    paginator = dynamodb.get_paginator(\"query\")\n");
        out.append("    pages = paginator.paginate(\n");
        out.append("        TableName=").append(PythonSnippet.string(code.table())).append(",\n");
        out.append("        KeyConditionExpression=")
                .append(PythonSnippet.string(keyCondition.text()))
                .append(",\n");
        out.append("        ExpressionAttributeNames=")
                .append(PythonSnippet.LITERALS.map(keyCondition.names(), PythonSnippet::string))
                .append(",\n");
        out.append("        ExpressionAttributeValues={")
                .append(PythonSnippet.string(code.shardPlaceholder()))
                .append(": {\"S\": shard(number)}},\n");
        if (!code.scanForward()) {
            out.append("        ScanIndexForward=False,\n");
        }
        out.append("    )\n");
        out.append("    return [item for page in pages for item in page[\"Items\"]]\n\n\n");
        out.append("with ThreadPoolExecutor(max_workers=4) as pool:\n");
        out.append("    shards = list(pool.map(read_shard, range(1, SHARDS + 1)))\n");
        out.append("items = [item for shard in shards for item in shard]\n");
        if (sortKey != null) {
            String key =
                    switch (code.sortKeyType()) {
                        case N -> "Decimal(item[" + PythonSnippet.string(sortKey) + "][\"N\"])";
                        case B -> "item[" + PythonSnippet.string(sortKey) + "][\"B\"]";
                        default ->
                                "item["
                                        + PythonSnippet.string(sortKey)
                                        + "][\"S\"].encode(\"utf-8\")";
                    };
            out.append(
                    "# DynamoDB's order of sort keys; the sort is stable, so ties stay in shard order\n");
            out.append("items.sort(key=lambda item: ")
                    .append(key)
                    .append(code.scanForward() ? ")\n" : ", reverse=True)\n");
        }
        out.append("for item in items:\n    print_item(item)\n");
        return out.toString();
    }

    private static void constants(StringBuilder out, ShardedKeyCode code) {
        out.append("SHARD_PREFIX = ").append(PythonSnippet.string(code.shardPrefix())).append("\n");
        out.append("SHARDS = ").append(code.shards()).append("\n\n\n");
        out.append("def shard(number):\n");
        out.append("    return SHARD_PREFIX + \"%0")
                .append(code.width())
                .append("d\" % number\n\n\n");
    }
}
