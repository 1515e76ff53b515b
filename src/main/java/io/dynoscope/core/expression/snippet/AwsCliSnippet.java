package io.dynoscope.core.expression.snippet;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.ItemJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes a snippet as one {@code aws dynamodb} command (AWS CLI v2) that pastes into a POSIX shell:
 * every argument that needs it is single-quoted, with embedded single quotes written {@code '\''}.
 * It prints the items as a JSON array of DynamoDB JSON ({@code --query Items}); the CLI reads every
 * page of a Query or Scan before printing.
 */
final class AwsCliSnippet {

    /** Characters a POSIX shell takes literally in a word. */
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private static final String CONTINUATION = " \\\n    ";

    private AwsCliSnippet() {}

    static String write(SnippetRequest request, SnippetOptions options) {
        Operation op = request.operation();
        List<String> words = new ArrayList<>();
        words.add("--table-name " + quote(request.table()));
        request.index().ifPresent(i -> words.add("--index-name " + quote(i)));
        request.key()
                .ifPresent(
                        k ->
                                words.add(
                                        "--key "
                                                + quote(
                                                        json(
                                                                k.attributes(),
                                                                ItemJson.DYNAMODB::write))));
        for (Map.Entry<ExpressionKind, String> e : request.expressions().entrySet()) {
            words.add(flag(e.getKey().parameterName()) + " " + quote(e.getValue()));
        }
        if (!request.names().isEmpty()) {
            words.add(
                    "--expression-attribute-names "
                            + quote(json(request.names(), AwsCliSnippet::jsonString)));
        }
        if (!request.values().isEmpty()) {
            words.add(
                    "--expression-attribute-values "
                            + quote(json(request.values(), ItemJson.DYNAMODB::write)));
        }
        if (!request.scanForward()) {
            words.add("--no-scan-index-forward");
        }
        switch (op) {
            case UPDATE_ITEM -> words.add("--return-values ALL_NEW");
            case DELETE_ITEM -> words.add("--return-values ALL_OLD");
            default -> {}
        }
        options.endpoint()
                .ifPresent(
                        endpoint -> {
                            words.add("--endpoint-url " + quote(endpoint.toString()));
                            words.add("--region " + quote(options.region()));
                        });
        words.add(
                "--output json --query "
                        + switch (op) {
                            case QUERY, SCAN -> "Items";
                            case GET_ITEM -> "Item";
                            case UPDATE_ITEM, DELETE_ITEM, PUT_ITEM -> "Attributes";
                        });
        String credentials =
                options.endpoint().isEmpty()
                        ? ""
                        : "AWS_ACCESS_KEY_ID="
                                + quote(options.accessKeyId())
                                + " AWS_SECRET_ACCESS_KEY="
                                + quote(SnippetOptions.LOCAL_SECRET)
                                + " ";
        return credentials
                + "aws dynamodb "
                + command(op)
                + CONTINUATION
                + String.join(CONTINUATION, words)
                + "\n";
    }

    private static String command(Operation op) {
        return flag(op.apiName()).substring(2);
    }

    /** {@code KeyConditionExpression} as the flag {@code --key-condition-expression}. */
    private static String flag(String parameterName) {
        return "--" + parameterName.replaceAll("(?<=[a-z])(?=[A-Z])", "-").toLowerCase(Locale.ROOT);
    }

    private static <V> String json(Map<String, V> entries, Function<V, String> valueJson) {
        return entries.entrySet().stream()
                .map(e -> jsonString(e.getKey()) + ":" + valueJson.apply(e.getValue()))
                .collect(Collectors.joining(",", "{", "}"));
    }

    private static String jsonString(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    /** One shell word: as is when every character is literal, else single-quoted. */
    static String quote(String word) {
        if (PLAIN_WORD.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
