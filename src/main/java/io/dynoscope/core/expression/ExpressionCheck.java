package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checks of one parsed expression: its conditions, operands, paths and placeholders, and the
 * problems found. Key conditions and updates have rules of their own ({@link KeyConditionCheck},
 * {@link UpdateCheck}); {@link ExpressionValidator} runs one check an expression.
 */
final class ExpressionCheck {
    private final ExpressionKind kind;
    final Map<String, String> names;
    final Map<String, AttributeValue> values;
    final RequestContext context;
    final Optional<KeySchema> keys;
    final List<ExpressionProblem> problems = new ArrayList<>();
    final Set<String> usedNames = new LinkedHashSet<>();
    final Set<String> usedValues = new LinkedHashSet<>();
    int operators;

    ExpressionCheck(
            ExpressionKind kind,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            RequestContext context) {
        this.kind = kind;
        this.names = names;
        this.values = values;
        this.context = context;
        this.keys = context.keysRead();
    }

    List<ExpressionProblem> sortedProblems() {
        return problems.stream()
                .sorted(Comparator.comparingInt(ExpressionProblem::column))
                .toList();
    }

    void expression(Expression expression) {
        if (expression instanceof Expression.ConditionExpression c) {
            condition(c.condition());
            if (kind == ExpressionKind.KEY_CONDITION) {
                new KeyConditionCheck(this).check(c.condition());
            }
        } else if (expression instanceof Expression.ProjectionExpression p) {
            List<DocumentPath> seen = new ArrayList<>();
            for (DocumentPath path : p.paths()) {
                path(path);
                overlap(seen, path);
                seen.add(path);
            }
        } else {
            new UpdateCheck(this).check((Expression.UpdateExpression) expression);
        }
        if (operators > ExpressionValidator.MAX_OPERATORS) {
            report(
                    ExpressionProblem.NO_COLUMN,
                    "the expression has "
                            + operators
                            + " operators and functions; DynamoDB allows at most "
                            + ExpressionValidator.MAX_OPERATORS);
        }
    }

    // ---- conditions --------------------------------------------------------------------

    void condition(Condition c) {
        operators++;
        if (c instanceof Condition.And and) {
            condition(and.left());
            condition(and.right());
        } else if (c instanceof Condition.Or or) {
            condition(or.left());
            condition(or.right());
        } else if (c instanceof Condition.Not not) {
            condition(not.operand());
        } else if (c instanceof Condition.Comparison cmp) {
            operand(cmp.left());
            operand(cmp.right());
            distinct(cmp.comparator().symbol(), cmp.left(), cmp.right(), cmp.column());
        } else if (c instanceof Condition.Between b) {
            operand(b.subject());
            operand(b.lower());
            operand(b.upper());
            bounds(b);
        } else if (c instanceof Condition.In in) {
            operand(in.subject());
            in.candidates().forEach(this::operand);
            if (in.candidates().size() > ExpressionValidator.MAX_IN_OPERANDS) {
                report(
                        in.column(),
                        "IN has "
                                + in.candidates().size()
                                + " operands; DynamoDB allows at most "
                                + ExpressionValidator.MAX_IN_OPERANDS);
            }
        } else if (c instanceof Condition.FunctionCall f) {
            operand(f.subject());
            f.argument().ifPresent(this::operand);
            function(f);
        }
    }

    void function(Condition.FunctionCall f) {
        String name = f.function().functionName();
        switch (f.function()) {
            case ATTRIBUTE_TYPE -> {
                Operand.ValueRef ref = (Operand.ValueRef) f.argument().orElseThrow();
                AttributeValue code = values.get(ref.name());
                if (code == null) {
                    return;
                }
                if (!(code instanceof AttributeValue.Str s)) {
                    report(
                            ref.column(),
                            "attribute_type needs a string type code, but "
                                    + ref.name()
                                    + " holds "
                                    + code.type());
                } else if (!AttributeValue.Type.isDescriptor(s.value())) {
                    report(
                            ref.column(),
                            "'"
                                    + s.value()
                                    + "' in "
                                    + ref.name()
                                    + " is not a DynamoDB type; use one of S, SS, N, NS, B, BS, BOOL, NULL, L, M");
                }
            }
            case BEGINS_WITH -> {
                Operand argument = f.argument().orElseThrow();
                stringOrBinary(f.subject(), "begins_with");
                stringOrBinary(argument, "begins_with");
                distinct(name, f.subject(), argument, f.column());
            }
            case CONTAINS -> distinct(name, f.subject(), f.argument().orElseThrow(), f.column());
            default -> {}
        }
    }

    void stringOrBinary(Operand operand, String what) {
        if (operand instanceof Operand.Size size) {
            report(size.column(), what + " compares strings or binary, but size(...) is a number");
        } else if (operand instanceof Operand.ValueRef ref) {
            AttributeValue v = values.get(ref.name());
            if (v != null
                    && v.type() != AttributeValue.Type.S
                    && v.type() != AttributeValue.Type.B) {
                report(
                        ref.column(),
                        what
                                + " compares with a string or binary, but "
                                + ref.name()
                                + " holds "
                                + v.type());
            }
        }
    }

    void distinct(String operator, Operand left, Operand right, int column) {
        if (left instanceof DocumentPath a
                && right instanceof DocumentPath b
                && resolve(a).equals(resolve(b))) {
            report(column, operator + " needs two different operands, but both are " + a.text());
        }
    }

    void bounds(Condition.Between b) {
        if (!(b.lower() instanceof Operand.ValueRef lo)
                || !(b.upper() instanceof Operand.ValueRef hi)) {
            return;
        }
        AttributeValue lower = values.get(lo.name());
        AttributeValue upper = values.get(hi.name());
        if (lower == null || upper == null) {
            return;
        }
        if (lower.type() != upper.type()) {
            report(
                    lo.column(),
                    "BETWEEN bounds must have the same type, but "
                            + lo.name()
                            + " holds "
                            + lower.type()
                            + " and "
                            + hi.name()
                            + " holds "
                            + upper.type());
            return;
        }
        Optional<Integer> order = ExpressionValidator.compare(lower, upper);
        if (order.isPresent() && order.get() > 0) {
            report(
                    lo.column(),
                    "BETWEEN lower bound "
                            + lo.name()
                            + " is greater than upper bound "
                            + hi.name());
        }
    }

    /** Checks a SET value and the functions and arithmetic inside it. */
    void updateValue(Operand value) {
        if (value instanceof Operand.Arithmetic a) {
            operators++;
            updateValue(a.left());
            updateValue(a.right());
            valueType(a.left(), AttributeValue.Type.N, a.symbol(), "numbers");
            valueType(a.right(), AttributeValue.Type.N, a.symbol(), "numbers");
        } else if (value instanceof Operand.ListAppend l) {
            operators++;
            updateValue(l.first());
            updateValue(l.second());
            valueType(l.first(), AttributeValue.Type.L, "list_append", "lists");
            valueType(l.second(), AttributeValue.Type.L, "list_append", "lists");
        } else if (value instanceof Operand.IfNotExists i) {
            operators++;
            path(i.path());
            updateValue(i.fallback());
        } else {
            operand(value);
        }
    }

    void valueType(
            Operand operand, AttributeValue.Type wanted, String operator, String wantedWords) {
        if (operand instanceof Operand.ValueRef ref) {
            AttributeValue v = values.get(ref.name());
            if (v != null && v.type() != wanted) {
                report(
                        ref.column(),
                        operator
                                + " needs "
                                + wantedWords
                                + ", but "
                                + ref.name()
                                + " holds "
                                + v.type());
            }
        }
    }

    void overlap(List<DocumentPath> earlier, DocumentPath path) {
        List<Object> mine = resolve(path);
        for (DocumentPath other : earlier) {
            List<Object> theirs = resolve(other);
            int common = Math.min(mine.size(), theirs.size());
            boolean diverge = false;
            for (int i = 0; i < common && !diverge; i++) {
                Object a = mine.get(i);
                Object b = theirs.get(i);
                if (a.getClass() != b.getClass()) {
                    report(
                            path.column(),
                            "paths "
                                    + other.text()
                                    + " and "
                                    + path.text()
                                    + " conflict: one treats "
                                    + show(mine.subList(0, i))
                                    + " as a list, the other as a map");
                    return;
                }
                diverge = !a.equals(b);
            }
            if (!diverge) {
                String verb =
                        kind == ExpressionKind.UPDATE
                                ? "an update may touch each path once"
                                : "a projection names each path once";
                report(
                        path.column(),
                        "paths " + other.text() + " and " + path.text() + " overlap; " + verb);
                return;
            }
        }
    }

    // ---- operands, paths and placeholders ----------------------------------------------

    void operand(Operand operand) {
        if (operand instanceof DocumentPath path) {
            path(path);
        } else if (operand instanceof Operand.ValueRef ref) {
            usedValues.add(ref.name());
            length(ref.name(), ref.column());
            if (!values.containsKey(ref.name())) {
                report(ref.column(), ref.name() + " is not defined in ExpressionAttributeValues");
            }
        } else if (operand instanceof Operand.Size size) {
            operators++;
            operand(size.subject());
            sizeable(size);
        } else {
            updateValue(operand);
        }
    }

    /**
     * size() measures strings, binary, sets, lists and maps; a number, boolean or NULL has no size.
     */
    void sizeable(Operand.Size size) {
        if (size.subject() instanceof Operand.Size inner) {
            report(inner.column(), "size() of size() is the size of a number, which has none");
        } else if (size.subject() instanceof Operand.ValueRef ref) {
            AttributeValue v = values.get(ref.name());
            if (v != null
                    && (v.type() == AttributeValue.Type.N
                            || v.type() == AttributeValue.Type.BOOL
                            || v.type() == AttributeValue.Type.NULL)) {
                report(
                        ref.column(),
                        "size() measures strings, binary, sets, lists and maps, but "
                                + ref.name()
                                + " holds "
                                + v.type());
            }
        }
    }

    void path(DocumentPath path) {
        if (kind == ExpressionKind.FILTER && context.isQuery()) {
            queriedKey(path);
        }
        for (DocumentPath.Element element : path.elements()) {
            if (!(element instanceof DocumentPath.Member m)) {
                continue;
            }
            if (m.placeholder()) {
                usedNames.add(m.text());
                length(m.text(), m.column());
                if (!names.containsKey(m.text())) {
                    report(m.column(), m.text() + " is not defined in ExpressionAttributeNames");
                }
            } else if (ReservedWords.isReserved(m.text())) {
                report(
                        m.column(),
                        "'"
                                + m.text()
                                + "' is a reserved word in DynamoDB; use a #name placeholder, e.g. #"
                                + m.text().toLowerCase(Locale.ROOT));
            } else if (!Character.isLetter(m.text().charAt(0)) && m.text().charAt(0) != '_') {
                report(
                        m.column(),
                        "'"
                                + m.text()
                                + "' cannot be written bare (a bare name starts with a letter "
                                + "or _); use a #name placeholder");
            }
        }
    }

    /** DynamoDB: "Filter Expression can only contain non-primary key attributes". */
    void queriedKey(DocumentPath path) {
        String attribute = resolveMember(path.head());
        if (keys.isPresent() && keys.get().isKeyAttribute(attribute)) {
            report(
                    path.column(),
                    "a Query's filter cannot use "
                            + attribute
                            + ", a key of the "
                            + context.index().map(i -> "index " + i).orElse("table")
                            + " it reads; put the condition in the key condition");
        }
    }

    void length(String placeholder, int column) {
        int bytes = placeholder.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > ExpressionValidator.MAX_PLACEHOLDER_BYTES) {
            report(
                    column,
                    "the placeholder "
                            + placeholder.substring(0, 16)
                            + "... is "
                            + bytes
                            + " bytes; DynamoDB allows at most "
                            + ExpressionValidator.MAX_PLACEHOLDER_BYTES);
        }
    }

    /** The path with placeholders replaced by the names they stand for (kept when undefined). */
    List<Object> resolve(DocumentPath path) {
        return path.elements().stream()
                .map(
                        e ->
                                e instanceof DocumentPath.Member m
                                        ? resolveMember(m)
                                        : (Object) ((DocumentPath.Index) e).index())
                .toList();
    }

    String resolveMember(DocumentPath.Member m) {
        return m.placeholder() ? names.getOrDefault(m.text(), m.text()) : m.text();
    }

    private static String show(List<Object> segments) {
        StringBuilder out = new StringBuilder();
        for (Object s : segments) {
            if (s instanceof Integer i) {
                out.append('[').append(i).append(']');
            } else {
                out.append(out.length() > 0 ? "." : "").append(s);
            }
        }
        return out.toString();
    }

    void report(int column, String message) {
        problems.add(ExpressionProblem.at(kind, column, message));
    }

    static boolean isEmptyKeyValue(AttributeValue v) {
        return v instanceof AttributeValue.Str str && str.value().isEmpty()
                || v instanceof AttributeValue.Bin bin && bin.length() == 0;
    }
}
