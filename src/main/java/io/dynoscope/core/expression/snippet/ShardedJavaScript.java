package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.CompiledExpression;

/** The JavaScript (AWS SDK v3) code of {@link ShardedKeySnippets}, as an ES module. */
final class ShardedJavaScript {

    private ShardedJavaScript() {}

    static String write(ShardedKeyCode code, SnippetOptions options) {
        boolean calculated = code.suffix() == ShardedKeyCode.Suffix.CALCULATED;
        StringBuilder out = new StringBuilder();
        out.append(
                "import { DynamoDBClient, PutItemCommand } from \"@aws-sdk/client-dynamodb\";\n\n");
        out.append("const client = new DynamoDBClient(")
                .append(JavaScriptSnippet.client(options))
                .append(");\n\n");
        constants(out, code);
        if (calculated) {
            out.append(
                    """
                    /** The shard the sort key decides: the same in every language, so a reader finds it. */
                    function calculatedShard(sortKey) {
                      let hash = 0;
                      for (const b of Buffer.from(sortKey, "utf8")) {
                        hash = (hash * 31 + b) % 4294967296;
                      }
                      return shard((hash % SHARDS) + 1);
                    }

                    """);
        } else {
            out.append(
                    """
                    /** Any shard: writes spread evenly, and every read asks every shard. */
                    function randomShard() {
                      return shard(Math.floor(Math.random() * SHARDS) + 1);
                    }

                    """);
        }
        out.append("const item = ")
                .append(
                        JavaScriptSnippet.LITERALS.map(
                                code.example().attributes(), JavaScriptSnippet.LITERALS::value))
                .append(";\n");
        String shard =
                calculated
                        ? "calculatedShard(item["
                                + JavaScriptSnippet.string(code.keys().sortKey().orElseThrow())
                                + "]."
                                + code.sortKeyType()
                                + ")"
                        : "randomShard()";
        out.append("item[")
                .append(JavaScriptSnippet.string(code.keys().partitionKey()))
                .append("] = { S: ")
                .append(shard)
                .append(" };\n");
        out.append("await client.send(new PutItemCommand({ TableName: ")
                .append(JavaScriptSnippet.string(code.table()))
                .append(", Item: item }));\n");
        out.append("printItem(item);\nclient.destroy();\n\n").append(JavaScriptSnippet.PRINTER);
        return out.toString();
    }

    static String read(ShardedKeyCode code, SnippetOptions options) {
        CompiledExpression keyCondition = code.keyCondition();
        String sortKey = code.keys().sortKey().orElse(null);
        StringBuilder out = new StringBuilder();
        out.append(
                "import { DynamoDBClient, paginateQuery } from \"@aws-sdk/client-dynamodb\";\n\n");
        out.append("const client = new DynamoDBClient(")
                .append(JavaScriptSnippet.client(options))
                .append(");\n\n");
        constants(out, code);
        out.append("/** Every item of one shard, in sort-key order. */\n");
        out.append("async function readShard(number) {\n");
        out.append("  const input = {\n");
        out.append("    TableName: ").append(JavaScriptSnippet.string(code.table())).append(",\n");
        out.append("    KeyConditionExpression: ")
                .append(JavaScriptSnippet.string(keyCondition.text()))
                .append(",\n");
        out.append("    ExpressionAttributeNames: ")
                .append(
                        JavaScriptSnippet.LITERALS.map(
                                keyCondition.names(), JavaScriptSnippet::string))
                .append(",\n");
        out.append("    ExpressionAttributeValues: { ")
                .append(JavaScriptSnippet.string(code.shardPlaceholder()))
                .append(": { S: shard(number) } },\n");
        if (!code.scanForward()) {
            out.append("    ScanIndexForward: false,\n");
        }
        out.append("  };\n");
        out.append("  const items = [];\n");
        out.append("  for await (const page of paginateQuery({ client }, input)) {\n");
        out.append("    items.push(...(page.Items ?? []));\n  }\n  return items;\n}\n\n");
        out.append(
                """
                // Four shards at a time.
                const shards = new Array(SHARDS);
                let next = 0;
                async function worker() {
                  while (next < SHARDS) {
                    const index = next++;
                    shards[index] = await readShard(index + 1);
                  }
                }
                await Promise.all(Array.from({ length: Math.min(4, SHARDS) }, worker));
                const items = shards.flat();
                """);
        if (sortKey != null) {
            String key = JavaScriptSnippet.string(sortKey);
            out.append(
                    "// DynamoDB's order of sort keys; the sort is stable, so ties stay in shard order\n");
            out.append("items.sort((a, b) => ")
                    .append(code.scanForward() ? "" : "-")
                    .append("compareKeys(a[")
                    .append(key)
                    .append("], b[")
                    .append(key)
                    .append("]));\n");
        }
        out.append("for (const item of items) {\n  printItem(item);\n}\nclient.destroy();\n\n");
        if (sortKey != null) {
            out.append(COMPARE_KEYS);
        }
        return out.append(JavaScriptSnippet.PRINTER).toString();
    }

    /** DynamoDB's key order without losing digits: strings by UTF-8 bytes, numbers by value. */
    private static final String COMPARE_KEYS =
            """
            function compareKeys(a, b) {
              if (a.S !== undefined) {
                return Buffer.compare(Buffer.from(a.S, "utf8"), Buffer.from(b.S, "utf8"));
              }
              if (a.B !== undefined) {
                return Buffer.compare(Buffer.from(a.B), Buffer.from(b.B));
              }
              return compareNumbers(a.N, b.N);
            }

            /** Compares two DynamoDB numbers (up to 38 digits) as decimals, not as doubles. */
            function compareNumbers(a, b) {
              const x = decimal(a);
              const y = decimal(b);
              if (x.sign !== y.sign) {
                return x.sign - y.sign;
              }
              let order = x.exponent - y.exponent;
              if (order === 0) {
                const width = Math.max(x.digits.length, y.digits.length);
                const dx = x.digits.padEnd(width, "0");
                const dy = y.digits.padEnd(width, "0");
                order = dx < dy ? -1 : dx > dy ? 1 : 0;
              }
              return x.sign * Math.sign(order);
            }

            /** A number as sign, significant digits and the power of ten of the first digit. */
            function decimal(text) {
              let [mantissa, power = "0"] = text.trim().toLowerCase().split("e");
              let sign = 1;
              if (mantissa.startsWith("-")) {
                sign = -1;
                mantissa = mantissa.slice(1);
              } else if (mantissa.startsWith("+")) {
                mantissa = mantissa.slice(1);
              }
              const [whole, fraction = ""] = mantissa.split(".");
              const all = whole + fraction;
              const leading = all.length - all.replace(/^0+/, "").length;
              const digits = all.slice(leading).replace(/0+$/, "");
              if (digits === "") {
                return { sign: 0, digits: "", exponent: 0 };
              }
              return { sign, digits, exponent: whole.length - leading + Number(power) };
            }

            """;

    private static void constants(StringBuilder out, ShardedKeyCode code) {
        out.append("const SHARD_PREFIX = ")
                .append(JavaScriptSnippet.string(code.shardPrefix()))
                .append(";\n");
        out.append("const SHARDS = ").append(code.shards()).append(";\n\n");
        out.append("function shard(number) {\n");
        out.append("  return SHARD_PREFIX + String(number).padStart(")
                .append(code.width())
                .append(", \"0\");\n}\n\n");
    }
}
