package io.dynoscope.core.expression;

import io.dynoscope.core.expression.Condition.Comparator;
import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Turns builder rows into expression text and placeholder maps, and expression text back into rows
 * when rows can express it.
 *
 * <p>One compiler holds the placeholders of one request, so a Query's key condition, filter and
 * projection (or an update and its condition) share one names map and one values map. Every
 * attribute name goes through a {@code #placeholder}, so reserved words and odd names need no care.
 * Placeholder naming is described in {@link Placeholders}: {@code EntityRef} becomes {@code #er}
 * and its value {@code :er} unless the row names it. The same rows always give the same text.
 */
public final class ExpressionCompiler {

    private final Placeholders placeholders = new Placeholders();

    /** A compiler with no placeholders handed out yet. */
    public ExpressionCompiler() {}

    /**
     * A compiler for expressions that go into one request with {@code alongside} (a filter the user
     * wrote, say): placeholders they use for something else are not handed out again.
     */
    public ExpressionCompiler(CompiledExpression... alongside) {
        for (CompiledExpression other : alongside) {
            if (other != null) {
                placeholders.reserve(other);
            }
        }
    }

    // ---- rows to text ----------------------------------------------------------------------

    /** The condition text for rows joined with AND (key condition, filter or condition). */
    public String condition(List<Row> rows) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a condition needs at least one row");
        }
        return rows.stream().map(this::row).collect(Collectors.joining(" AND "));
    }

    /** The projection text for the given paths. */
    public String projection(List<AttributePath> paths) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("a projection needs at least one path");
        }
        return paths.stream().map(this::path).collect(Collectors.joining(", "));
    }

    /** The update text, clauses in the order SET, REMOVE, ADD, DELETE and actions as given. */
    public String update(List<UpdateRow> actions) {
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("an update needs at least one action");
        }
        List<String> clauses = new ArrayList<>();
        for (UpdateClause.Keyword keyword : UpdateClause.Keyword.values()) {
            List<String> texts = new ArrayList<>();
            for (UpdateRow action : actions) {
                if (action.action() == keyword) {
                    texts.add(action(action));
                }
            }
            if (!texts.isEmpty()) {
                clauses.add(keyword + " " + String.join(", ", texts));
            }
        }
        return String.join(" ", clauses);
    }

    /** The names map for everything compiled so far. */
    public Map<String, String> names() {
        return placeholders.names();
    }

    /** The values map for everything compiled so far. */
    public Map<String, AttributeValue> values() {
        return placeholders.values();
    }

    /**
     * {@code text}, compiled by this compiler, with the entries of this compiler's maps that it
     * uses: one expression of the request these placeholders were handed out for.
     */
    public CompiledExpression expression(String text) {
        return CompiledExpression.using(text, names(), values());
    }

    /** Compiles condition rows of one kind on their own. */
    public static CompiledExpression compile(ExpressionKind kind, List<Row> rows) {
        if (!kind.isCondition()) {
            throw new IllegalArgumentException(kind + " is not built from condition rows");
        }
        ExpressionCompiler compiler = new ExpressionCompiler();
        return compiler.expression(compiler.condition(rows));
    }

    /** Compiles an update that applies only while the guard rows hold, sharing one set of maps. */
    public static GuardedUpdate guardedUpdate(List<UpdateRow> actions, List<Row> guard) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        String update = compiler.update(actions);
        String condition = compiler.condition(guard);
        return new GuardedUpdate(compiler.expression(update), compiler.expression(condition));
    }

    private String row(Row row) {
        String path = path(row.path());
        List<String> values = new ArrayList<>();
        String stem = valueStem(row.path());
        for (int i = 0; i < row.values().size(); i++) {
            String wanted =
                    !row.valueNames().isEmpty()
                            ? row.valueNames().get(i)
                            : row.values().size() == 1 ? stem : stem + (i + 1);
            values.add(placeholders.value(wanted, row.values().get(i)));
        }
        Row.Operator op = row.operator();
        return switch (op) {
            case BETWEEN -> path + " BETWEEN " + values.get(0) + " AND " + values.get(1);
            case IN -> path + " IN (" + String.join(", ", values) + ")";
            case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> op.symbol() + "(" + path + ")";
            case BEGINS_WITH, CONTAINS, ATTRIBUTE_TYPE ->
                    op.symbol() + "(" + path + ", " + values.get(0) + ")";
            default -> path + " " + op.symbol() + " " + values.get(0);
        };
    }

    private String action(UpdateRow action) {
        String path = path(action.path());
        if (action.value().isEmpty()) {
            return path;
        }
        String value =
                placeholders.value(
                        action.valueName().orElse(valueStem(action.path())), action.value().get());
        return action.action() == UpdateClause.Keyword.SET
                ? path + " = " + value
                : path + " " + value;
    }

    private String path(AttributePath path) {
        StringBuilder out = new StringBuilder();
        for (AttributePath.Segment s : path.segments()) {
            if (s instanceof AttributePath.Name n) {
                out.append(out.length() > 0 ? "." : "").append(placeholders.name(n.name()));
            } else {
                out.append('[').append(((AttributePath.Index) s).index()).append(']');
            }
        }
        return out.toString();
    }

    /**
     * Default value names follow the last name in the path: {@code author.name} gives {@code :n}.
     */
    private static String valueStem(AttributePath path) {
        String last = path.attribute();
        for (AttributePath.Segment s : path.segments()) {
            if (s instanceof AttributePath.Name n) {
                last = n.name();
            }
        }
        return Placeholders.base(last);
    }

    // ---- text to rows ----------------------------------------------------------------------

    /**
     * Reads a key condition, filter or condition back into rows: possible when it is an AND of
     * comparisons, BETWEEN, IN and functions on a path against {@code :values}.
     */
    public static AsRows<Row> conditionRows(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        if (!kind.isCondition()) {
            throw new IllegalArgumentException(kind + " is not a condition kind");
        }
        return rows(
                () -> {
                    Condition condition =
                            ((Expression.ConditionExpression) ExpressionParser.parse(kind, text))
                                    .condition();
                    List<Condition> parts = new ArrayList<>();
                    flattenAnd(condition, parts);
                    return parts.stream().map(part -> toRow(part, names, values)).toList();
                });
    }

    /** Reads an update back into rows: possible when every SET assigns a {@code :value}. */
    public static AsRows<UpdateRow> updateRows(
            String text, Map<String, String> names, Map<String, AttributeValue> values) {
        return rows(
                () -> {
                    Expression.UpdateExpression update =
                            (Expression.UpdateExpression)
                                    ExpressionParser.parse(ExpressionKind.UPDATE, text);
                    List<UpdateRow> rows = new ArrayList<>();
                    for (UpdateClause clause : update.clauses()) {
                        for (UpdateClause.Action action : clause.actions()) {
                            rows.add(toUpdateRow(action, names, values));
                        }
                    }
                    return rows;
                });
    }

    /** Reads a projection back into its paths. */
    public static AsRows<AttributePath> projectionRows(String text, Map<String, String> names) {
        return rows(
                () -> {
                    Expression.ProjectionExpression projection =
                            (Expression.ProjectionExpression)
                                    ExpressionParser.parse(ExpressionKind.PROJECTION, text);
                    List<AttributePath> paths = new ArrayList<>();
                    for (DocumentPath path : projection.paths()) {
                        paths.add(resolve(path, names));
                    }
                    return paths;
                });
    }

    /** The rows {@code reading} makes, or why the expression cannot be shown as rows. */
    private static <R> AsRows<R> rows(Supplier<List<R>> reading) {
        try {
            return new AsRows.Shown<>(reading.get());
        } catch (ExpressionSyntaxException | CannotShow e) {
            return new AsRows.NotShown<>(e.getMessage());
        }
    }

    /** Why one part of an expression has no row form; caught within this class. */
    private static final class CannotShow extends RuntimeException {
        CannotShow(String message) {
            super(message, null, false, false);
        }
    }

    private static void flattenAnd(Condition c, List<Condition> out) {
        if (c instanceof Condition.And and) {
            flattenAnd(and.left(), out);
            flattenAnd(and.right(), out);
        } else if (c instanceof Condition.Or or) {
            throw new CannotShow(
                    "column "
                            + or.keywordColumn()
                            + ": OR cannot be shown as rows; rows are joined with AND");
        } else if (c instanceof Condition.Not) {
            throw new CannotShow("column " + c.column() + ": NOT cannot be shown as rows");
        } else {
            out.add(c);
        }
    }

    private static Row toRow(
            Condition part, Map<String, String> names, Map<String, AttributeValue> values) {
        if (part instanceof Condition.Comparison cmp) {
            Operand left = cmp.left();
            Operand right = cmp.right();
            Comparator comparator = cmp.comparator();
            if (left instanceof Operand.ValueRef && right instanceof DocumentPath) {
                left = cmp.right();
                right = cmp.left();
                comparator = mirrored(comparator);
            }
            Row.Operator op = Row.Operator.valueOf(comparator.name());
            return row(subject(left, part, names), op, List.of(value(right, part, values)), values);
        }
        if (part instanceof Condition.Between b) {
            return row(
                    subject(b.subject(), part, names),
                    Row.Operator.BETWEEN,
                    List.of(value(b.lower(), part, values), value(b.upper(), part, values)),
                    values);
        }
        if (part instanceof Condition.In in) {
            List<Operand.ValueRef> refs = new ArrayList<>();
            for (Operand candidate : in.candidates()) {
                refs.add(value(candidate, part, values));
            }
            return row(subject(in.subject(), part, names), Row.Operator.IN, refs, values);
        }
        Condition.FunctionCall f = (Condition.FunctionCall) part;
        Row.Operator op = Row.Operator.valueOf(f.function().name());
        List<Operand.ValueRef> refs = new ArrayList<>();
        if (f.argument().isPresent()) {
            refs.add(value(f.argument().get(), part, values));
        }
        return row(subject(f.subject(), part, names), op, refs, values);
    }

    private static Row row(
            AttributePath path,
            Row.Operator op,
            List<Operand.ValueRef> refs,
            Map<String, AttributeValue> values) {
        return new Row(
                path,
                op,
                refs.stream().map(r -> values.get(r.name())).toList(),
                refs.stream().map(r -> r.name().substring(1)).toList());
    }

    private static UpdateRow toUpdateRow(
            UpdateClause.Action action,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        AttributePath path = resolve(action.path(), names);
        if (action instanceof UpdateClause.Remove) {
            return UpdateRow.remove(path);
        }
        Operand value;
        UpdateClause.Keyword keyword;
        if (action instanceof UpdateClause.Set set) {
            value = set.value();
            keyword = UpdateClause.Keyword.SET;
        } else if (action instanceof UpdateClause.Add add) {
            value = add.value();
            keyword = UpdateClause.Keyword.ADD;
        } else {
            value = ((UpdateClause.Delete) action).value();
            keyword = UpdateClause.Keyword.DELETE;
        }
        if (!(value instanceof Operand.ValueRef ref)) {
            throw new CannotShow(
                    "column "
                            + value.column()
                            + ": SET "
                            + action.path().text()
                            + " = "
                            + ExpressionPrinter.operand(value)
                            + " cannot be shown as rows; a row sets a path to a :value");
        }
        AttributeValue resolved = values.get(ref.name());
        if (resolved == null) {
            throw undefined(ref);
        }
        return new UpdateRow(
                keyword, path, Optional.of(resolved), Optional.of(ref.name().substring(1)));
    }

    private static AttributePath subject(
            Operand operand, Condition part, Map<String, String> names) {
        if (operand instanceof DocumentPath path) {
            return resolve(path, names);
        }
        throw notARow(part);
    }

    private static Operand.ValueRef value(
            Operand operand, Condition part, Map<String, AttributeValue> values) {
        if (!(operand instanceof Operand.ValueRef ref)) {
            throw notARow(part);
        }
        if (!values.containsKey(ref.name())) {
            throw undefined(ref);
        }
        return ref;
    }

    private static CannotShow notARow(Condition part) {
        return new CannotShow(
                "column "
                        + part.column()
                        + ": "
                        + ExpressionPrinter.condition(part)
                        + " cannot be shown as a row; a row tests an attribute against :values");
    }

    private static CannotShow undefined(Operand.ValueRef ref) {
        return new CannotShow(
                "column "
                        + ref.column()
                        + ": "
                        + ref.name()
                        + " is not defined in ExpressionAttributeValues");
    }

    private static AttributePath resolve(DocumentPath path, Map<String, String> names) {
        List<AttributePath.Segment> segments = new ArrayList<>();
        for (DocumentPath.Element e : path.elements()) {
            if (e instanceof DocumentPath.Member m) {
                String name = m.text();
                if (m.placeholder()) {
                    name = names.get(m.text());
                    if (name == null) {
                        throw new CannotShow(
                                "column "
                                        + m.column()
                                        + ": "
                                        + m.text()
                                        + " is not defined in ExpressionAttributeNames");
                    }
                }
                segments.add(new AttributePath.Name(name));
            } else {
                segments.add(new AttributePath.Index(((DocumentPath.Index) e).index()));
            }
        }
        return new AttributePath(segments);
    }

    private static Comparator mirrored(Comparator c) {
        return switch (c) {
            case LT -> Comparator.GT;
            case LE -> Comparator.GE;
            case GT -> Comparator.LT;
            case GE -> Comparator.LE;
            default -> c;
        };
    }
}
