package io.dynoscope.core.expression.snippet;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The AWS CLI v2 code of {@link ShardedKeySnippets}: a POSIX shell script around {@code aws
 * dynamodb}, whose arithmetic computes the calculated suffix and loops over the shards.
 */
final class ShardedAwsCli {

    private ShardedAwsCli() {}

    static String write(ShardedKeyCode code, SnippetOptions options) {
        String partitionKey = code.keys().partitionKey();
        Map<String, AttributeValue> rest = new LinkedHashMap<>(code.example().attributes());
        rest.remove(partitionKey);
        String restJson = ItemJson.DYNAMODB.write(Item.of(rest));
        String others = rest.isEmpty() ? "" : "," + restJson.substring(1, restJson.length() - 1);
        StringBuilder out = new StringBuilder();
        out.append(credentials(options));
        constants(out, code);
        if (code.suffix() == ShardedKeyCode.Suffix.CALCULATED) {
            String sortKey =
                    ShardedKeyCode.sortKeyText(
                            code.example().attributes().get(code.keys().sortKey().orElseThrow()));
            out.append(
                    "# The shard the sort key decides: the same in every language, so a reader finds it.\n");
            out.append("SORT_KEY=").append(AwsCliSnippet.quote(sortKey)).append("\n");
            out.append("h=0\n");
            out.append("for b in $(printf '%s' \"$SORT_KEY\" | od -An -v -tu1); do\n");
            out.append("    h=$(( (h * 31 + b) % 4294967296 ))\n");
            out.append("done\n");
            out.append("NUMBER=$(( h % SHARDS + 1 ))\n");
        } else {
            out.append("# Any shard: writes spread evenly, and every read asks every shard.\n");
            out.append("NUMBER=$(( $(od -An -N4 -tu4 /dev/urandom) % SHARDS + 1 ))\n");
        }
        // User text goes in as printf arguments, never into its format.
        out.append("ITEM=$(printf '{%s:{\"S\":\"%s%0")
                .append(code.width())
                .append("d\"}%s}' ")
                .append(AwsCliSnippet.quote(jsonString(partitionKey)))
                .append(" \"$SHARD_PREFIX_JSON\" \"$NUMBER\" ")
                .append(AwsCliSnippet.quote(others))
                .append(")\n");
        out.append("aws dynamodb put-item \\\n    --table-name ")
                .append(AwsCliSnippet.quote(code.table()))
                .append(" \\\n    --item \"$ITEM\"")
                .append(endpoint(options))
                .append("\n");
        out.append("printf '%s\\n' \"$ITEM\"\n");
        return out.toString();
    }

    static String read(ShardedKeyCode code, SnippetOptions options) {
        CompiledExpression keyCondition = code.keyCondition();
        String names =
                keyCondition.names().entrySet().stream()
                        .map(e -> jsonString(e.getKey()) + ":" + jsonString(e.getValue()))
                        .collect(Collectors.joining(",", "{", "}"));
        StringBuilder out = new StringBuilder();
        out.append(credentials(options));
        constants(out, code);
        out.append(
                "# One JSON array per shard, each in sort-key order (the CLI does not merge them).\n");
        out.append("NUMBER=1\n");
        out.append("while [ \"$NUMBER\" -le \"$SHARDS\" ]; do\n");
        out.append("    VALUES=$(printf '{%s:{\"S\":\"%s%0")
                .append(code.width())
                .append("d\"}}' ")
                .append(AwsCliSnippet.quote(jsonString(code.shardPlaceholder())))
                .append(" \"$SHARD_PREFIX_JSON\" \"$NUMBER\")\n");
        out.append("    aws dynamodb query \\\n        --table-name ")
                .append(AwsCliSnippet.quote(code.table()))
                .append(" \\\n        --key-condition-expression ")
                .append(AwsCliSnippet.quote(keyCondition.text()))
                .append(" \\\n        --expression-attribute-names ")
                .append(AwsCliSnippet.quote(names))
                .append(" \\\n        --expression-attribute-values \"$VALUES\"");
        if (!code.scanForward()) {
            out.append(" \\\n        --no-scan-index-forward");
        }
        out.append(endpoint(options).replace("\n    ", "\n        "));
        out.append(" \\\n        --output json --query Items\n");
        out.append("    NUMBER=$((NUMBER + 1))\n");
        out.append("done\n");
        return out.toString();
    }

    private static void constants(StringBuilder out, ShardedKeyCode code) {
        String prefixJson = jsonString(code.shardPrefix());
        out.append("SHARD_PREFIX_JSON=")
                .append(AwsCliSnippet.quote(prefixJson.substring(1, prefixJson.length() - 1)))
                .append("  # ")
                .append(code.shards())
                .append(" shards, ")
                .append(code.shardValue(1).replace("\n", " "))
                .append(" …\n");
        out.append("SHARDS=").append(code.shards()).append("\n");
    }

    private static String credentials(SnippetOptions options) {
        if (options.endpoint().isEmpty()) {
            return "";
        }
        return "export AWS_ACCESS_KEY_ID="
                + AwsCliSnippet.quote(options.accessKeyId())
                + " AWS_SECRET_ACCESS_KEY="
                + AwsCliSnippet.quote(SnippetOptions.LOCAL_SECRET)
                + "\n";
    }

    private static String endpoint(SnippetOptions options) {
        return options.endpoint()
                .map(
                        e ->
                                " \\\n    --endpoint-url "
                                        + AwsCliSnippet.quote(e.toString())
                                        + " --region "
                                        + AwsCliSnippet.quote(options.region()))
                .orElse("");
    }

    private static String jsonString(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }
}
