package io.dynoscope.ui.expression;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.ExpressionProblem;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.RequestContext;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.RowInput;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.expression.ValueInput;
import io.dynoscope.core.expression.Verdict;
import io.dynoscope.core.expression.snippet.RequestAssembly;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.ui.common.IndexChoices;
import io.dynoscope.ui.expression.ExpressionBuilderViewModel.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the expression builder's rows build, computed afresh on every change: the expression text
 * (and an update's guard), both placeholder maps as JSON, the problems DynamoDB would report (on
 * the row each came from), and the request to run, or null while there are problems or nothing to
 * send. Computed on the calling thread; no JavaFX here.
 */
record BuiltRequest(
        String expression,
        String guard,
        String namesJson,
        String valuesJson,
        List<Problem> problems,
        SnippetRequest request) {

    /** The index choice that means "the table itself". */
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * What {@code rows} (and an update's {@code guardRows}) build as {@code k} on {@code table}: on
     * the {@code index} chosen ({@link IndexChoices}), read {@code newestFirst}, for the item whose
     * key is {@code itemKey} (plain or DynamoDB JSON) where the kind needs one.
     */
    static BuiltRequest of(
            TableInfo table,
            ExpressionKind k,
            List<BuilderRow> rows,
            List<BuilderRow> guardRows,
            String index,
            boolean newestFirst,
            String itemKey) {
        List<Problem> found = new ArrayList<>();
        // which of the builder's rows each row given to the assembly is (blank ones are left out)
        List<Integer> mainRows = new ArrayList<>();
        List<Integer> guardRowsGiven = new ArrayList<>();
        RequestAssembly assembly = new RequestAssembly();
        switch (k) {
            case PROJECTION -> assembly.projection(paths(rows, found));
            case UPDATE -> {
                List<UpdateRow> actions = actions(rows, found);
                assembly.update(actions);
                if (!actions.isEmpty()) {
                    assembly.condition(
                            conditionRows(
                                    ExpressionKind.CONDITION,
                                    guardRows,
                                    true,
                                    found,
                                    guardRowsGiven));
                }
            }
            case KEY_CONDITION ->
                    assembly.keyCondition(conditionRows(k, rows, false, found, mainRows));
            case FILTER -> assembly.filter(conditionRows(k, rows, false, found, mainRows));
            case CONDITION -> assembly.condition(conditionRows(k, rows, false, found, mainRows));
        }
        RequestAssembly.Assembled assembled = assembly.assemble();
        if (!assembled.isEmpty() && found.isEmpty()) {
            check(assembled, k, context(table, k, index), mainRows, guardRowsGiven, found);
        }
        Optional<Key> key = needsKey(k) ? itemKey(itemKey, found) : Optional.empty();
        SnippetRequest request = null;
        if (!assembled.isEmpty() && found.isEmpty() && (!needsKey(k) || key.isPresent())) {
            request =
                    RequestAssembly.request(
                            table.name(),
                            assembled,
                            IndexChoices.index(index),
                            newestFirst,
                            key.orElse(null));
        }
        return new BuiltRequest(
                assembled.expressions().getOrDefault(k, ""),
                k == ExpressionKind.UPDATE
                        ? assembled.expressions().getOrDefault(ExpressionKind.CONDITION, "")
                        : "",
                ExpressionMaps.namesJson(assembled.names(), true),
                ExpressionMaps.valuesJson(assembled.values(), true),
                List.copyOf(found),
                request);
    }

    /** What DynamoDB would reject in the expressions, on the row each problem came from. */
    private static void check(
            RequestAssembly.Assembled assembled,
            ExpressionKind k,
            RequestContext context,
            List<Integer> mainRows,
            List<Integer> guardRowsGiven,
            List<Problem> found) {
        Verdict verdict =
                ExpressionValidator.validate(
                        assembled.expressions(),
                        assembled.names().isEmpty() ? null : assembled.names(),
                        assembled.values().isEmpty() ? null : assembled.values(),
                        context);
        for (ExpressionProblem p : verdict.problems()) {
            boolean guard =
                    p.expression().orElse(null) == ExpressionKind.CONDITION
                            && k == ExpressionKind.UPDATE;
            int given = p.expression().map(kind -> assembled.rowAt(kind, p.column())).orElse(-1);
            List<Integer> rowsGiven = guard ? guardRowsGiven : mainRows;
            int row = given >= 0 && given < rowsGiven.size() ? rowsGiven.get(given) : -1;
            found.add(new Problem(p.expression(), p.column(), row, guard, p.message()));
        }
    }

    /**
     * The rows that are filled in, as rows of a condition; a row that cannot be one is a problem on
     * it. {@code given} receives the index of each row returned.
     */
    private static List<Row> conditionRows(
            ExpressionKind k,
            List<BuilderRow> source,
            boolean guard,
            List<Problem> found,
            List<Integer> given) {
        List<Row> built = new ArrayList<>();
        for (int i = 0; i < source.size(); i++) {
            BuilderRow row = source.get(i);
            if (row.isBlank()) {
                continue;
            }
            try {
                built.add(row(row));
                given.add(i);
            } catch (IllegalArgumentException e) {
                found.add(new Problem(Optional.of(k), 0, i, guard, e.getMessage()));
            }
        }
        return built;
    }

    private static List<AttributePath> paths(List<BuilderRow> rows, List<Problem> found) {
        List<AttributePath> paths = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).isBlank()) {
                try {
                    paths.add(AttributePath.parse(rows.get(i).attributeProperty().get().strip()));
                } catch (IllegalArgumentException e) {
                    found.add(
                            new Problem(
                                    Optional.of(ExpressionKind.PROJECTION),
                                    0,
                                    i,
                                    false,
                                    e.getMessage()));
                }
            }
        }
        return paths;
    }

    private static List<UpdateRow> actions(List<BuilderRow> rows, List<Problem> found) {
        List<UpdateRow> actions = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            BuilderRow row = rows.get(i);
            if (row.isBlank()) {
                continue;
            }
            try {
                AttributePath path = AttributePath.parse(row.attributeProperty().get().strip());
                UpdateClause.Keyword action = row.actionProperty().get();
                actions.add(
                        action == UpdateClause.Keyword.REMOVE
                                ? UpdateRow.remove(path)
                                : new UpdateRow(
                                        action,
                                        path,
                                        Optional.of(value(row.valueProperty().get())),
                                        Optional.empty()));
            } catch (IllegalArgumentException e) {
                found.add(
                        new Problem(
                                Optional.of(ExpressionKind.UPDATE), 0, i, false, e.getMessage()));
            }
        }
        return actions;
    }

    private static Row row(BuilderRow row) {
        Row built =
                RowInput.row(
                        row.attributeProperty().get(),
                        row.operatorProperty().get(),
                        row.valueProperty().get(),
                        row.upperProperty().get());
        // The seed's naming: a prefix is :p.
        return built.operator() == Row.Operator.BEGINS_WITH ? built.named("p") : built;
    }

    private static AttributeValue value(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a value is missing");
        }
        return ValueInput.read(text);
    }

    private static boolean needsKey(ExpressionKind k) {
        return k == ExpressionKind.UPDATE || k == ExpressionKind.CONDITION;
    }

    private static Optional<Key> itemKey(String itemKey, List<Problem> found) {
        String text = itemKey == null ? "" : itemKey.strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            Item item =
                    looksTyped(text)
                            ? ItemJson.DYNAMODB.readItem(text)
                            : ItemJson.PLAIN.readItem(text);
            return Optional.of(new Key(item.attributes()));
        } catch (ItemFormatException | IllegalArgumentException e) {
            found.add(
                    new Problem(Optional.empty(), 0, -1, false, "The item key: " + e.getMessage()));
            return Optional.empty();
        }
    }

    /**
     * DynamoDB JSON when the first value is an object with one type descriptor such as {"S": ...}.
     */
    private static boolean looksTyped(String json) {
        try {
            JsonNode tree = JSON.readTree(json);
            if (tree == null || !tree.isObject() || tree.isEmpty()) {
                return false;
            }
            JsonNode first = tree.elements().next();
            if (!first.isObject() || first.size() != 1) {
                return false;
            }
            AttributeValue.Type.fromDescriptor(first.fieldNames().next());
            return true;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return false;
        }
    }

    /** The call the built request makes (see {@link #request}), on the table or chosen index. */
    static RequestContext context(TableInfo table, ExpressionKind k, String chosen) {
        Operation operation =
                switch (k) {
                    case KEY_CONDITION -> Operation.QUERY;
                    case FILTER, PROJECTION -> Operation.SCAN;
                    case CONDITION -> Operation.DELETE_ITEM;
                    case UPDATE -> Operation.UPDATE_ITEM;
                };
        boolean onIndex =
                (operation == Operation.QUERY || operation == Operation.SCAN)
                        && chosen != null
                        && !chosen.equals(IndexChoices.TABLE);
        return RequestContext.of(operation, table.tableKeys(), onIndex ? chosen : null);
    }
}
