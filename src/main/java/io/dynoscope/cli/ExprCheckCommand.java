package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionPrinter;
import io.dynoscope.core.expression.ExpressionProblem;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.expression.Verdict;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.RepositoryException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope expr check}: whether DynamoDB would accept an expression with its maps, without
 * sending it. A valid expression is echoed in canonical form (exit 0); an invalid one gives one
 * {@code position: message} line a problem on stderr (exit 2), where position is the 1-based
 * column, or 0 for a problem with the expression as a whole or with the maps.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Check an expression and its placeholder maps the way DynamoDB would, without sending it.",
            "Valid: the expression in canonical form on stdout, exit 0. Invalid: 'position: message' lines on "
                    + "stderr (position is the 1-based column, 0 for the whole expression or the maps), exit 2.",
            "The rules depend on the call (--operation): a Query's filter may not use the keys it reads, an "
                    + "update may not touch the table's keys; without --operation a filter is checked as for a Scan. "
                    + "--table (or --partition-key/--sort-key) gives the keys and, with --table, their types.",
            "With --batch FILE (- for stdin): one JSON object a line {\"kind\", \"expression\", \"names\", \"values\" "
                    + "(DynamoDB JSON), \"operation\", and \"table\"/\"index\" or \"partitionKey\"/\"sortKey\"}; "
                    + "one JSON verdict a line {\"valid\", \"position\", \"message\"} in the same order; "
                    + "blank lines are skipped. Exit 0 when every expression is valid, else 2."
        })
final class ExprCheckCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParentCommand private ExprCommand expr;

    @Option(
            names = "--kind",
            paramLabel = "KIND",
            description = "key-condition, filter, projection, condition or update.")
    private String kind;

    @Option(
            names = "--operation",
            paramLabel = "CALL",
            description =
                    "The call the expression is for: Query, Scan, GetItem, PutItem, UpdateItem or DeleteItem.")
    private String operation;

    @Option(
            names = "--table",
            paramLabel = "TABLE",
            description = "Check against this table's keys and key types (connects to read them).")
    private String table;

    @Option(
            names = "--index",
            paramLabel = "INDEX",
            description = "With --table: against this index's keys.")
    private String index;

    @Option(
            names = "--partition-key",
            paramLabel = "NAME",
            description = "Check against this partition key, without connecting.")
    private String partitionKey;

    @Option(
            names = "--sort-key",
            paramLabel = "NAME",
            description = "With --partition-key: the sort key, if any.")
    private String sortKey;

    @Option(
            names = "--names",
            paramLabel = "JSON",
            description = "ExpressionAttributeNames, e.g. {\"#d\": \"Detail\"}.")
    private String names;

    @Option(
            names = "--values",
            paramLabel = "JSON",
            description =
                    "ExpressionAttributeValues in DynamoDB JSON, e.g. {\":p\": {\"S\": \"PROJ#\"}}.")
    private String values;

    @Option(
            names = "--batch",
            paramLabel = "FILE",
            description = "Check one JSON request a line from FILE (- for stdin).")
    private Path batch;

    @Parameters(arity = "0..1", paramLabel = "EXPRESSION", description = "The expression text.")
    private String expression;

    private ConnectionServices services;
    private final Map<String, TableKeys> describedTables = new HashMap<>();

    @Override
    public Integer call() {
        try {
            return batch != null ? checkBatch() : checkOne();
        } finally {
            if (services != null) {
                services.close();
            }
        }
    }

    private int checkOne() {
        if (kind == null || expression == null) {
            throw CliException.usage("give --kind and the EXPRESSION, or --batch FILE");
        }
        ExpressionKind expressionKind = kind(kind);
        Map<String, String> nameMap;
        Map<String, AttributeValue> valueMap;
        RequestContext context;
        try {
            nameMap = names(names == null ? null : readTree(names, "--names"), "--names");
            valueMap = values(values, "--values");
            context = context(operation, table, index, partitionKey, sortKey);
        } catch (BadInput e) {
            throw CliException.usage(e.getMessage());
        }
        Verdict verdict =
                ExpressionValidator.validate(
                        Map.of(expressionKind, expression), nameMap, valueMap, context);
        if (verdict.ok()) {
            expr.cli()
                    .out()
                    .println(
                            ExpressionPrinter.print(
                                    verdict.expression(expressionKind).orElseThrow()));
            return ExitCodes.OK;
        }
        for (ExpressionProblem problem : verdict.problems()) {
            expr.cli().err().println(problem.column() + ": " + problem.message());
        }
        return ExitCodes.USAGE;
    }

    private int checkBatch() {
        if (kind != null
                || expression != null
                || operation != null
                || table != null
                || index != null
                || partitionKey != null
                || sortKey != null
                || names != null
                || values != null) {
            throw CliException.usage(
                    "--batch takes everything from its file; give no other options or EXPRESSION");
        }
        List<String> lines = TextFiles.readLines(batch, expr.cli().in());
        boolean allValid = true;
        int number = 0;
        for (String line : lines) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> verdict = verdictOf(line, number);
            allValid &= (Boolean) verdict.get("valid");
            try {
                expr.cli().out().println(JSON.writeValueAsString(verdict));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
        return allValid ? ExitCodes.OK : ExitCodes.USAGE;
    }

    /** The verdict for one batch line; a line that cannot be read is itself an invalid verdict. */
    private Map<String, Object> verdictOf(String line, int number) {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            JsonNode request = readTree(line, "line " + number);
            if (!request.isObject()) {
                throw new BadInput("line " + number + ": expected a JSON object");
            }
            ExpressionKind lineKind = kind(text(request, "kind", number, true));
            String text = text(request, "expression", number, true);
            Map<String, String> nameMap = names(request.get("names"), "line " + number + ": names");
            JsonNode valuesNode = request.get("values");
            Map<String, AttributeValue> valueMap =
                    values(
                            valuesNode == null || valuesNode.isNull()
                                    ? null
                                    : valuesNode.toString(),
                            "line " + number + ": values");
            RequestContext context =
                    context(
                            text(request, "operation", number, false),
                            text(request, "table", number, false),
                            text(request, "index", number, false),
                            text(request, "partitionKey", number, false),
                            text(request, "sortKey", number, false));
            Verdict verdict =
                    ExpressionValidator.validate(
                            Map.of(lineKind, text), nameMap, valueMap, context);
            out.put("valid", verdict.ok());
            if (verdict.ok()) {
                out.put("position", null);
                out.put("message", null);
                out.put(
                        "normalised",
                        ExpressionPrinter.print(verdict.expression(lineKind).orElseThrow()));
            } else {
                ExpressionProblem first = verdict.problems().get(0);
                out.put("position", first.column());
                out.put("message", first.message());
                List<Map<String, Object>> all = new ArrayList<>();
                for (ExpressionProblem problem : verdict.problems()) {
                    Map<String, Object> one = new LinkedHashMap<>();
                    one.put("position", problem.column());
                    one.put("message", problem.message());
                    all.add(one);
                }
                out.put("problems", all);
            }
        } catch (BadInput | CliException | RepositoryException e) {
            out.put("valid", false);
            out.put("position", ExpressionProblem.NO_COLUMN);
            out.put("message", e.getMessage());
        }
        return out;
    }

    /**
     * The call and the keys an expression is held to: the keys given by name (no types), read from
     * the table (with their types), or none.
     */
    private RequestContext context(
            String operationName,
            String tableName,
            String indexName,
            String partitionKeyName,
            String sortKeyName) {
        if (partitionKeyName != null && tableName != null) {
            throw CliException.usage("give the keys by --table or by --partition-key, not both");
        }
        if (sortKeyName != null && partitionKeyName == null) {
            throw CliException.usage("--sort-key goes with --partition-key");
        }
        if (indexName != null && tableName == null) {
            throw CliException.usage("--index goes with --table");
        }
        Optional<Operation> call = Optional.empty();
        if (operationName != null) {
            call = Operation.byApiName(operationName);
            if (call.isEmpty()) {
                throw new BadInput(
                        "the operation '"
                                + operationName
                                + "' is not one of "
                                + Operation.apiNames());
            }
        }
        Optional<TableKeys> keys = Optional.empty();
        if (partitionKeyName != null) {
            keys =
                    Optional.of(
                            TableKeys.of(
                                    new KeySchema(
                                            partitionKeyName, Optional.ofNullable(sortKeyName))));
        } else if (tableName != null) {
            keys = Optional.of(described(tableName, indexName));
        }
        return new RequestContext(call, keys, Optional.ofNullable(indexName));
    }

    private TableKeys described(String tableName, String indexName) {
        TableKeys keys = describedTables.get(tableName);
        if (keys == null) {
            if (services == null) {
                services = expr.cli().services();
            }
            keys = services.metadata().describeTable(tableName).tableKeys();
            describedTables.put(tableName, keys);
        }
        if (indexName != null && !keys.indexes().containsKey(indexName)) {
            throw CliException.usage("table '" + tableName + "' has no index '" + indexName + "'");
        }
        return keys;
    }

    /** Input that cannot be read; a usage error for one check, an invalid verdict in a batch. */
    private static final class BadInput extends RuntimeException {
        BadInput(String message) {
            super(message);
        }
    }

    private static JsonNode readTree(String json, String where) {
        try {
            JsonNode tree = JSON.readTree(json);
            if (tree == null) {
                throw new BadInput(where + ": expected JSON");
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw new BadInput(where + ": malformed JSON: " + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode request, String field, int number, boolean required) {
        JsonNode node = request.get(field);
        if (node == null || node.isNull()) {
            if (required) {
                throw new BadInput("line " + number + ": \"" + field + "\" is missing");
            }
            return null;
        }
        if (!node.isTextual()) {
            throw new BadInput("line " + number + ": \"" + field + "\" must be a string");
        }
        return node.textValue();
    }

    /**
     * The names map as given, or null when none was; keys that are not placeholders are left for
     * the validator to report.
     */
    private static Map<String, String> names(JsonNode tree, String where) {
        Map<String, String> map = new LinkedHashMap<>();
        if (tree == null || tree.isNull()) {
            return null;
        }
        if (!tree.isObject()) {
            throw new BadInput(where + ": expected a JSON object such as {\"#d\": \"Detail\"}");
        }
        for (Map.Entry<String, JsonNode> field : tree.properties()) {
            if (!field.getValue().isTextual()) {
                throw new BadInput(
                        where + ": " + field.getKey() + " must name an attribute with a string");
            }
            map.put(field.getKey(), field.getValue().textValue());
        }
        return map;
    }

    private static Map<String, AttributeValue> values(String json, String where) {
        if (json == null) {
            return null;
        }
        try {
            return ItemJson.DYNAMODB.readItem(json).attributes();
        } catch (ItemFormatException e) {
            throw new BadInput(
                    where
                            + ": "
                            + e.getMessage()
                            + " (values are DynamoDB JSON, e.g. {\":s\": {\"S\": \"ACTIVE\"}})");
        }
    }

    /** The kind as typed on the command line: {@code key-condition}, {@code filter}, ... */
    private static String id(ExpressionKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static ExpressionKind kind(String id) {
        for (ExpressionKind kind : ExpressionKind.values()) {
            if (id(kind).equals(id)) {
                return kind;
            }
        }
        throw CliException.usage("'" + id + "' is not an expression kind; use one of " + kinds());
    }

    private static String kinds() {
        return Arrays.stream(ExpressionKind.values())
                .map(ExprCheckCommand::id)
                .collect(Collectors.joining(", "));
    }
}
