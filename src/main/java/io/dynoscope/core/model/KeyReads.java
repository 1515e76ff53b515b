package io.dynoscope.core.model;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What DynamoDB returns for a request of {@link PatternRequests} over items held in memory: the
 * request exactly as it would be sent (its key conditions and filter read back from their text),
 * the items of the table or of the index (an index holds only items with its key attributes), in
 * sort-key order or reversed, at most Limit items evaluated before the filter. Paging past 1 MB is
 * not modelled: every page is read. The engine's answer to the same requests is compared with this
 * one in {@code KeyReadsEngineTest}.
 */
public final class KeyReads {

    private KeyReads() {}

    /** The items {@code request} returns from {@code items} (the table's items). */
    public static List<Item> read(
            TableModel model, PatternRequests.PatternRequest request, List<Item> items) {
        if (request instanceof PatternRequests.Get get) {
            KeySchema keys = model.keys();
            return items.stream().filter(i -> keys.keyOf(i).equals(get.key())).limit(1).toList();
        }
        KeySchema keys = model.keysOf(request.index());
        List<Item> held = items.stream().filter(i -> holds(keys, i)).toList();
        if (request instanceof PatternRequests.Scan scan) {
            return filtered(held, scan.filter());
        }
        PatternRequests.Query query = (PatternRequests.Query) request;
        Comparator<Item> bySortKey =
                Comparator.comparing(
                        (Item i) -> keys.sortKey().map(sk -> i.attributes().get(sk)).orElse(null),
                        Comparator.nullsFirst(KeyOrder::compare));
        List<Item> returned = new ArrayList<>();
        for (CompiledExpression keyCondition : query.keyConditions()) {
            List<Row> rows = rows(ExpressionKind.KEY_CONDITION, keyCondition);
            List<Item> read =
                    new ArrayList<>(
                            held.stream()
                                    .filter(i -> rows.stream().allMatch(r -> meets(r, i)))
                                    .toList());
            read.sort(query.scanForward() ? bySortKey : bySortKey.reversed());
            if (query.limit() > 0 && read.size() > query.limit()) {
                read = read.subList(0, query.limit());
            }
            returned.addAll(filtered(read, query.filter()));
        }
        if (query.keyConditions().size() > 1) {
            returned.sort(query.scanForward() ? bySortKey : bySortKey.reversed());
        }
        return returned;
    }

    private static boolean holds(KeySchema keys, Item item) {
        return keys.attributes().stream().allMatch(item.attributes()::containsKey);
    }

    private static List<Item> filtered(List<Item> items, CompiledExpression filter) {
        if (filter == null) {
            return items;
        }
        List<Row> rows = rows(ExpressionKind.FILTER, filter);
        return items.stream().filter(i -> rows.stream().allMatch(r -> meets(r, i))).toList();
    }

    private static List<Row> rows(ExpressionKind kind, CompiledExpression expression) {
        AsRows<Row> rows =
                ExpressionCompiler.conditionRows(
                        kind, expression.text(), expression.names(), expression.values());
        if (rows instanceof AsRows.Shown<Row> shown) {
            return shown.rows();
        }
        throw new IllegalArgumentException(
                "'"
                        + expression.text()
                        + "' cannot be evaluated in memory: "
                        + ((AsRows.NotShown<Row>) rows).reason());
    }

    /** Whether {@code item} meets one row of a key condition or filter, as DynamoDB compares. */
    static boolean meets(Row row, Item item) {
        Optional<AttributeValue> value = top(row.path()).map(item.attributes()::get);
        List<AttributeValue> operands = row.values();
        return switch (row.operator()) {
            case ATTRIBUTE_EXISTS -> value.isPresent();
            case ATTRIBUTE_NOT_EXISTS -> value.isEmpty();
            case NE ->
                    value.isEmpty()
                            || !comparable(value.get(), operands.get(0))
                            || KeyOrder.compare(value.get(), operands.get(0)) != 0;
            default -> value.isPresent() && meetsValue(row, value.get(), operands);
        };
    }

    private static boolean meetsValue(
            Row row, AttributeValue value, List<AttributeValue> operands) {
        AttributeValue first = operands.get(0);
        return switch (row.operator()) {
            case EQ -> same(value, first);
            case LT -> comparable(value, first) && KeyOrder.compare(value, first) < 0;
            case LE -> comparable(value, first) && KeyOrder.compare(value, first) <= 0;
            case GT -> comparable(value, first) && KeyOrder.compare(value, first) > 0;
            case GE -> comparable(value, first) && KeyOrder.compare(value, first) >= 0;
            case BETWEEN ->
                    comparable(value, first)
                            && KeyOrder.compare(value, first) >= 0
                            && KeyOrder.compare(value, operands.get(1)) <= 0;
            case IN -> operands.stream().anyMatch(o -> same(value, o));
            case BEGINS_WITH ->
                    value instanceof AttributeValue.Str s
                            && first instanceof AttributeValue.Str p
                            && s.value().startsWith(p.value());
            case CONTAINS ->
                    value instanceof AttributeValue.Str s
                            && first instanceof AttributeValue.Str p
                            && s.value().contains(p.value());
            case ATTRIBUTE_TYPE ->
                    first instanceof AttributeValue.Str t
                            && value.type().descriptor().equals(t.value());
            default -> false;
        };
    }

    private static boolean same(AttributeValue a, AttributeValue b) {
        return comparable(a, b) ? KeyOrder.compare(a, b) == 0 : a.equals(b);
    }

    /** Strings, numbers and binaries compare within their own type. */
    private static boolean comparable(AttributeValue a, AttributeValue b) {
        return a.type() == b.type()
                && (a instanceof AttributeValue.Str
                        || a instanceof AttributeValue.Num
                        || a instanceof AttributeValue.Bin);
    }

    private static Optional<String> top(AttributePath path) {
        return path.segments().size() == 1
                        && path.segments().get(0) instanceof AttributePath.Name name
                ? Optional.of(name.name())
                : Optional.empty();
    }
}
