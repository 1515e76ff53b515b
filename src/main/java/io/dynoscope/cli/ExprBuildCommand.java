package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionProblem;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.RowInput;
import io.dynoscope.core.expression.UpdateClause.Keyword;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.expression.ValueInput;
import io.dynoscope.core.expression.Verdict;
import io.dynoscope.core.expression.snippet.RequestAssembly;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.expression.snippet.Snippets;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.service.store.ConnectionSpec;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope expr build}: writes the expressions of a common request with readable
 * placeholders and prints them with both maps as the request's JSON (ready for {@code aws dynamodb
 * ... --cli-input-json}), or as a snippet.
 */
@Command(
        name = "build",
        mixinStandardHelpOptions = true,
        description = {
            "Build the expressions of a common request with their placeholder maps, without connecting.",
            "A Query: --pk NAME=VALUE [--sk 'NAME OP VALUE'] [--filter ...] [--projection ...]. "
                    + "A Scan: --filter and/or --projection alone. A guarded update: --set NAME=VALUE [--guard ...] "
                    + "[--key JSON].",
            "Rows are 'ATTRIBUTE OP VALUE' with OP one of = <> < <= > >= begins_with contains between (VALUE and "
                    + "VALUE) in ([JSON array]) exists not_exists attribute_type. ATTRIBUTE may be a path "
                    + "(author.name, tags[0]).",
            "A VALUE is DynamoDB JSON ({\"SS\": [\"a\"]}), else plain JSON (12, \"12\", true, null, [..], {..}), "
                    + "else the text itself as a string.",
            "Prints the request's JSON (TableName, expressions, ExpressionAttributeNames, "
                    + "ExpressionAttributeValues), or with --snippet the code to run it."
        })
final class ExprBuildCommand implements Callable<Integer> {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @ParentCommand private ExprCommand expr;

    @Option(
            names = "--table",
            paramLabel = "TABLE",
            description = "The table (needed for --snippet).")
    private String table;

    @Option(names = "--index", paramLabel = "INDEX", description = "Query or scan this index.")
    private String index;

    @Option(
            names = "--pk",
            paramLabel = "NAME=VALUE",
            description = "The partition key and its value: a Query.")
    private String partitionKey;

    @Option(
            names = "--sk",
            paramLabel = "ROW",
            description = "The sort-key condition, e.g. 'Detail begins_with PROJ#'.")
    private String sortKey;

    @Option(names = "--desc", description = "Read the Query newest first (ScanIndexForward false).")
    private boolean descending;

    @Option(
            names = "--filter",
            paramLabel = "ROW",
            description = "A filter row; rows are joined with AND.")
    private List<String> filters = new ArrayList<>();

    @Option(
            names = "--projection",
            paramLabel = "PATH",
            split = ",",
            description = "Attributes to return.")
    private List<String> projection = new ArrayList<>();

    @Option(
            names = "--set",
            paramLabel = "NAME=VALUE",
            description = "SET an attribute: an UpdateItem.")
    private List<String> sets = new ArrayList<>();

    @Option(
            names = "--guard",
            paramLabel = "ROW",
            description = "A condition row the update is guarded by.")
    private List<String> guards = new ArrayList<>();

    @Option(
            names = "--key",
            paramLabel = "JSON",
            description = "The item's key for the update, plain or DynamoDB JSON.")
    private String key;

    @Option(
            names = "--snippet",
            paramLabel = "LANGUAGE",
            description = "Print code instead: java, python, js or cli.")
    private String snippet;

    @Override
    public Integer call() {
        boolean update = !sets.isEmpty();
        boolean query = partitionKey != null;
        if (update
                && (query
                        || !filters.isEmpty()
                        || !projection.isEmpty()
                        || descending
                        || index != null)) {
            throw CliException.usage(
                    "--set builds an update; it does not go with --pk, --sk, --filter, --projection, "
                            + "--desc or --index");
        }
        if (!update && (!guards.isEmpty() || key != null)) {
            throw CliException.usage("--guard and --key go with --set");
        }
        if (!query && (sortKey != null || descending)) {
            throw CliException.usage("--sk and --desc go with --pk");
        }
        if (!update && !query && filters.isEmpty() && projection.isEmpty()) {
            throw CliException.usage(
                    "nothing to build: give --pk, --filter, --projection or --set");
        }
        SnippetLanguage language = snippet == null ? null : language(snippet);
        RequestAssembly assembly = new RequestAssembly();
        Optional<KeySchema> keys = Optional.empty();
        if (update) {
            assembly.update(sets.stream().map(ExprBuildCommand::setRow).toList())
                    .condition(rows(guards, "--guard"));
        } else {
            if (query) {
                List<Row> keyRows = keyRows();
                keys =
                        Optional.of(
                                new KeySchema(
                                        keyRows.get(0).path().attribute(),
                                        keyRows.size() > 1
                                                ? Optional.of(keyRows.get(1).path().attribute())
                                                : Optional.empty()));
                assembly.keyCondition(keyRows);
            }
            assembly.filter(rows(filters, "--filter"))
                    .projection(
                            projection.stream().map(p -> path(p.strip(), "--projection")).toList());
        }
        RequestAssembly.Assembled assembled = assembly.assemble();
        Verdict verdict =
                ExpressionValidator.validate(
                        assembled.expressions(), assembled.names(), assembled.values(), keys);
        if (!verdict.ok()) {
            for (ExpressionProblem problem : verdict.problems()) {
                String where = problem.expression().map(k -> k.parameterName() + " ").orElse("");
                expr.cli().err().println(where + problem.column() + ": " + problem.message());
            }
            return ExitCodes.USAGE;
        }
        Optional<Key> itemKey = key == null ? Optional.empty() : Optional.of(itemKey(key));
        if (language != null) {
            if (table == null) {
                throw CliException.usage("--snippet needs --table");
            }
            if (update && itemKey.isEmpty()) {
                throw CliException.usage("a snippet for an update needs the item's --key");
            }
            SnippetRequest request =
                    RequestAssembly.request(
                            table, assembled, index, descending, itemKey.orElse(null));
            expr.cli().out().print(Snippets.write(language, request, snippetOptions()));
            return ExitCodes.OK;
        }
        expr.cli().out().println(requestJson(assembled, itemKey));
        return ExitCodes.OK;
    }

    /** The partition key's row from {@code --pk NAME=VALUE}, and the sort key's from --sk. */
    private List<Row> keyRows() {
        int equals = partitionKey.indexOf('=');
        if (equals <= 0) {
            throw CliException.usage("--pk takes NAME=VALUE, e.g. --pk EntityRef=WS#acme");
        }
        List<Row> keyRows = new ArrayList<>();
        keyRows.add(
                Row.of(
                        AttributePath.of(partitionKey.substring(0, equals).strip()),
                        Row.Operator.EQ,
                        value(partitionKey.substring(equals + 1).strip(), "--pk")));
        if (sortKey != null) {
            keyRows.add(row(sortKey, "--sk"));
        }
        return keyRows;
    }

    /** A snippet for the endpoint this command line would use, or for AWS (nothing named). */
    private SnippetOptions snippetOptions() {
        ConnectionSpec connection = expr.cli().connection();
        if (connection instanceof ConnectionSpec.Endpoint endpoint) {
            return SnippetOptions.local(
                    endpoint.endpoint(), endpoint.region(), endpoint.accessKeyId());
        }
        return SnippetOptions.aws();
    }

    private String requestJson(RequestAssembly.Assembled assembled, Optional<Key> itemKey) {
        ObjectNode request = JSON.createObjectNode();
        if (table != null) {
            request.put("TableName", table);
        }
        if (index != null) {
            request.put("IndexName", index);
        }
        itemKey.ifPresent(k -> request.set("Key", tree(ItemJson.DYNAMODB.write(k.asItem()))));
        assembled.expressions().forEach((kind, text) -> request.put(kind.parameterName(), text));
        if (!assembled.names().isEmpty()) {
            ObjectNode names = request.putObject("ExpressionAttributeNames");
            assembled.names().forEach(names::put);
        }
        if (!assembled.values().isEmpty()) {
            ObjectNode values = request.putObject("ExpressionAttributeValues");
            assembled
                    .values()
                    .forEach(
                            (placeholder, value) ->
                                    values.set(placeholder, tree(ItemJson.DYNAMODB.write(value))));
        }
        if (descending) {
            request.put("ScanIndexForward", false);
        }
        try {
            return JSON.writeValueAsString(request);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SnippetLanguage language(String id) {
        return CliException.orUsage("--snippet", () -> SnippetLanguage.fromId(id));
    }

    private static List<Row> rows(List<String> texts, String option) {
        return texts.stream().map(t -> row(t, option)).toList();
    }

    /** One builder row from {@code ATTRIBUTE OP VALUE}. */
    static Row row(String text, String option) {
        try {
            return RowInput.parse(text);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(option + " " + e.getMessage());
        }
    }

    private static UpdateRow setRow(String text) {
        int equals = text.indexOf('=');
        if (equals <= 0) {
            throw CliException.usage("--set takes NAME=VALUE, e.g. --set 'authorName=Mara Vance'");
        }
        return new UpdateRow(
                Keyword.SET,
                path(text.substring(0, equals).strip(), "--set"),
                Optional.of(value(text.substring(equals + 1).strip(), "--set")),
                Optional.empty());
    }

    private static AttributePath path(String text, String option) {
        return CliException.orUsage(option, () -> AttributePath.parse(text));
    }

    static AttributeValue value(String text, String option) {
        if (text.isEmpty()) {
            throw CliException.usage(option + ": a value is missing");
        }
        return ValueInput.read(text);
    }

    private static Key itemKey(String json) {
        Item item =
                ItemInput.parse(
                        json, ItemInput.resolve(Formats.InputFormat.AUTO, json, ""), "--key");
        return CliException.orUsage("--key", () -> new Key(item.attributes()));
    }
}
