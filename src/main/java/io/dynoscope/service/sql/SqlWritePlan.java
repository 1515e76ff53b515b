package io.dynoscope.service.sql;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.ReadStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact writes a PartiQL INSERT, UPDATE or DELETE will send, shown before anything is written:
 * each a conditional single-item request (PutItem only where no item has the key; UpdateItem and
 * DeleteItem only while the item still holds every value that was read).
 *
 * @param seen the items as read before planning (empty for an INSERT)
 * @param lookup what reading them cost
 */
public record SqlWritePlan(
        String statement,
        String table,
        List<GuardedWrite.Plan> writes,
        List<Item> seen,
        ReadStatistics lookup) {

    public SqlWritePlan {
        writes = List.copyOf(writes);
        seen = List.copyOf(seen);
    }

    /** The UpdateItem and DeleteItem requests as the expression builder takes them. */
    public List<SnippetRequest> requests() {
        List<SnippetRequest> requests = new ArrayList<>();
        for (GuardedWrite.Plan write : writes) {
            if (write instanceof GuardedWrite.Update update) {
                requests.add(
                        with(
                                with(
                                        SnippetRequest.updateItem(
                                                table, update.key(), update.update().text()),
                                        update.update(),
                                        null),
                                update.condition(),
                                ExpressionKind.CONDITION));
            } else if (write instanceof GuardedWrite.Delete delete) {
                requests.add(
                        with(
                                SnippetRequest.deleteItem(table, delete.key()),
                                delete.condition(),
                                ExpressionKind.CONDITION));
            }
        }
        return requests;
    }

    private static SnippetRequest with(
            SnippetRequest request, CompiledExpression expression, ExpressionKind kind) {
        SnippetRequest more =
                kind == null ? request : request.withExpression(kind, expression.text());
        return more.withNames(expression.names()).withValues(expression.values());
    }

    /** One block per write: the call, the key or item, and its expressions with their maps. */
    public String describe() {
        List<String> lines = new ArrayList<>();
        lines.add(
                writes.size()
                        + (writes.size() == 1 ? " conditional write" : " conditional writes")
                        + " to "
                        + table
                        + (seen.isEmpty() ? "" : " (" + seen.size() + " item(s) read first)")
                        + ":");
        for (GuardedWrite.Plan write : writes) {
            if (write instanceof GuardedWrite.Put put) {
                lines.add("PutItem " + ItemJson.DYNAMODB.write(put.item()));
            } else if (write instanceof GuardedWrite.Update update) {
                lines.add("UpdateItem key " + key(update.key()));
                lines.add("  UpdateExpression     " + text(update.update()));
            } else {
                lines.add("DeleteItem key " + key(((GuardedWrite.Delete) write).key()));
            }
            lines.add("  ConditionExpression  " + text(write.condition()));
        }
        return String.join(System.lineSeparator(), lines);
    }

    private static String key(Key key) {
        return ItemJson.DYNAMODB.write(key.asItem());
    }

    private static String text(CompiledExpression expression) {
        return expression.text()
                + (expression.names().isEmpty() ? "" : "   names " + expression.names())
                + (expression.values().isEmpty()
                        ? ""
                        : "   values " + ItemJson.DYNAMODB.write(new Item(expression.values())));
    }
}
