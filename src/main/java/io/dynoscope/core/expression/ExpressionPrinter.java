package io.dynoscope.core.expression;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints a parsed expression in canonical form: keywords upper case, single spaces, {@code ", "}
 * between list items, parentheses only where precedence needs them, and update clauses in the order
 * SET, REMOVE, ADD, DELETE. Parsing the printed text gives back an equal tree (columns aside).
 */
public final class ExpressionPrinter {

    private ExpressionPrinter() {}

    /** The canonical text of an expression. */
    public static String print(Expression expression) {
        if (expression instanceof Expression.ConditionExpression c) {
            return condition(c.condition());
        }
        if (expression instanceof Expression.ProjectionExpression p) {
            return p.paths().stream().map(DocumentPath::text).collect(Collectors.joining(", "));
        }
        Expression.UpdateExpression u = (Expression.UpdateExpression) expression;
        return u.clauses().stream()
                .sorted(Comparator.comparing(UpdateClause::keyword))
                .map(ExpressionPrinter::clause)
                .collect(Collectors.joining(" "));
    }

    /** The canonical text of one condition. */
    public static String condition(Condition condition) {
        return condition(condition, Level.OR);
    }

    /** How loosely a position binds: a child looser than its slot gets parentheses. */
    private enum Level {
        OR,
        AND,
        NOT
    }

    private static String condition(Condition c, Level slot) {
        if (c instanceof Condition.Or or) {
            String text =
                    condition(or.left(), Level.OR) + " OR " + condition(or.right(), Level.AND);
            return slot == Level.OR ? text : "(" + text + ")";
        }
        if (c instanceof Condition.And and) {
            String text =
                    condition(and.left(), Level.AND) + " AND " + condition(and.right(), Level.NOT);
            return slot == Level.NOT ? "(" + text + ")" : text;
        }
        if (c instanceof Condition.Not not) {
            // dynalite reads NOT NOT as an error (DynamoDB's grammar does not), so a negated NOT
            // keeps its parentheses.
            return not.operand() instanceof Condition.Not
                    ? "NOT (" + condition(not.operand(), Level.OR) + ")"
                    : "NOT " + condition(not.operand(), Level.NOT);
        }
        if (c instanceof Condition.Comparison cmp) {
            return operand(cmp.left())
                    + " "
                    + cmp.comparator().symbol()
                    + " "
                    + operand(cmp.right());
        }
        if (c instanceof Condition.Between b) {
            return operand(b.subject())
                    + " BETWEEN "
                    + operand(b.lower())
                    + " AND "
                    + operand(b.upper());
        }
        if (c instanceof Condition.In in) {
            return operand(in.subject())
                    + " IN ("
                    + in.candidates().stream()
                            .map(ExpressionPrinter::operand)
                            .collect(Collectors.joining(", "))
                    + ")";
        }
        Condition.FunctionCall f = (Condition.FunctionCall) c;
        return f.function().functionName()
                + "("
                + operand(f.subject())
                + f.argument().map(a -> ", " + operand(a)).orElse("")
                + ")";
    }

    /** The canonical text of an operand. */
    public static String operand(Operand operand) {
        if (operand instanceof DocumentPath p) {
            return p.text();
        }
        if (operand instanceof Operand.ValueRef v) {
            return v.name();
        }
        if (operand instanceof Operand.Size s) {
            return "size(" + operand(s.subject()) + ")";
        }
        if (operand instanceof Operand.IfNotExists i) {
            return "if_not_exists(" + i.path().text() + ", " + operand(i.fallback()) + ")";
        }
        if (operand instanceof Operand.ListAppend l) {
            return "list_append(" + operand(l.first()) + ", " + operand(l.second()) + ")";
        }
        Operand.Arithmetic a = (Operand.Arithmetic) operand;
        return operand(a.left()) + " " + a.symbol() + " " + operand(a.right());
    }

    private static String clause(UpdateClause clause) {
        List<String> actions = clause.actions().stream().map(ExpressionPrinter::action).toList();
        return clause.keyword() + " " + String.join(", ", actions);
    }

    private static String action(UpdateClause.Action action) {
        if (action instanceof UpdateClause.Set s) {
            return s.path().text() + " = " + operand(s.value());
        }
        if (action instanceof UpdateClause.Remove r) {
            return r.path().text();
        }
        if (action instanceof UpdateClause.Add a) {
            return a.path().text() + " " + a.value().name();
        }
        UpdateClause.Delete d = (UpdateClause.Delete) action;
        return d.path().text() + " " + d.value().name();
    }
}
