package io.dynoscope.app;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.ui.expression.ExpressionBuilderView;
import io.dynoscope.ui.expression.ExpressionBuilderViewModel;
import io.dynoscope.ui.expression.RequestSpecs;
import io.dynoscope.ui.grid.ItemGridViewModel;
import javafx.collections.ListChangeListener;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;

/**
 * Joins a table's expression builder to its grid: reads run into the grid; writes run after the
 * user confirms the exact request, and the grid shows the result.
 */
final class ExpressionPanel {
    private ExpressionPanel() {}

    static Parent create(ItemGridViewModel grid, TableInfo info) {
        SnippetOptions options =
                grid.repository()
                        .connection()
                        .filter(ConnectionSpec.Endpoint.class::isInstance)
                        .map(ConnectionSpec.Endpoint.class::cast)
                        .map(e -> SnippetOptions.local(e.endpoint(), e.region(), e.accessKeyId()))
                        .orElse(SnippetOptions.aws());
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(info, options);
        builder.knownAttributes().setAll(grid.columns());
        grid.columns()
                .addListener(
                        (ListChangeListener<String>)
                                change -> {
                                    for (String column : grid.columns()) {
                                        if (!builder.knownAttributes().contains(column)) {
                                            builder.knownAttributes().add(column);
                                        }
                                    }
                                });
        builder.setOnRun(request -> run(grid, request));
        Parent view = ExpressionBuilderView.load(builder);
        view.setId("expressionBuilder");
        return view;
    }

    private static void run(ItemGridViewModel grid, SnippetRequest request) {
        switch (request.operation()) {
            case QUERY -> grid.run(RequestSpecs.query(request));
            case SCAN -> grid.run(RequestSpecs.scan(request));
            case UPDATE_ITEM -> {
                var update = RequestSpecs.update(request);
                if (confirm("UpdateItem", request, update.condition() == null)) {
                    grid.runUpdate(update);
                }
            }
            case DELETE_ITEM -> {
                var condition = RequestSpecs.deleteCondition(request);
                if (confirm("DeleteItem", request, condition == null)) {
                    grid.runDelete(request.key().orElseThrow(), condition);
                }
            }
            case GET_ITEM -> grid.run(keyQuery(grid, request));
        }
    }

    /**
     * A GetItem shown in the grid as the Query for exactly that key (same item, same projection).
     */
    private static QuerySpec keyQuery(ItemGridViewModel grid, SnippetRequest request) {
        TableInfo info = grid.tableInfoProperty().get();
        var key = request.key().orElseThrow();
        var keys = info.keySchema();
        var condition = KeyCondition.partition(keys, key.attributes().get(keys.partitionKey()));
        if (keys.sortKey().isPresent()) {
            condition =
                    condition.and(
                            SortKeyCondition.of(
                                    Operator.EQ, key.attributes().get(keys.sortKey().get())));
        }
        return QuerySpec.of(request.table(), condition)
                .withProjection(request.expression(ExpressionKind.PROJECTION));
    }

    /** Shows the exact write and asks before sending it; a write without a condition says so. */
    private static boolean confirm(
            String operation, SnippetRequest request, boolean unconditional) {
        StringBuilder text = new StringBuilder();
        text.append("Table: ").append(request.table()).append('\n');
        request.key()
                .ifPresent(
                        key ->
                                text.append("Key: ")
                                        .append(DynamoJson.write(key.asItem()))
                                        .append('\n'));
        request.expressions()
                .forEach(
                        (kind, expression) ->
                                text.append(kind.parameterName())
                                        .append(": ")
                                        .append(expression)
                                        .append('\n'));
        if (unconditional) {
            text.append(
                    "\nThis write has no condition: it changes the item whatever it holds now.");
        }
        Alert alert =
                new Alert(
                        Alert.AlertType.CONFIRMATION,
                        text.toString(),
                        ButtonType.OK,
                        ButtonType.CANCEL);
        alert.setTitle("Run " + operation);
        alert.setHeaderText("Run this " + operation + "?");
        return alert.showAndWait().filter(ButtonType.OK::equals).isPresent();
    }
}
