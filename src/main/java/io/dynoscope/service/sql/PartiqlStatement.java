package io.dynoscope.service.sql;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.partiql.ast.AstNode;
import org.partiql.ast.FromExpr;
import org.partiql.ast.Identifier;
import org.partiql.ast.Literal;
import org.partiql.ast.Order;
import org.partiql.ast.Query;
import org.partiql.ast.QueryBody;
import org.partiql.ast.SelectItem;
import org.partiql.ast.SelectList;
import org.partiql.ast.SelectStar;
import org.partiql.ast.Sort;
import org.partiql.ast.Statement;
import org.partiql.ast.dml.Delete;
import org.partiql.ast.dml.Insert;
import org.partiql.ast.dml.InsertSource;
import org.partiql.ast.dml.SetClause;
import org.partiql.ast.dml.Update;
import org.partiql.ast.dml.UpdateTargetStep;
import org.partiql.ast.expr.Expr;
import org.partiql.ast.expr.ExprAnd;
import org.partiql.ast.expr.ExprArray;
import org.partiql.ast.expr.ExprBag;
import org.partiql.ast.expr.ExprBetween;
import org.partiql.ast.expr.ExprCall;
import org.partiql.ast.expr.ExprInCollection;
import org.partiql.ast.expr.ExprLit;
import org.partiql.ast.expr.ExprMissingPredicate;
import org.partiql.ast.expr.ExprNullPredicate;
import org.partiql.ast.expr.ExprOperator;
import org.partiql.ast.expr.ExprPath;
import org.partiql.ast.expr.ExprQuerySet;
import org.partiql.ast.expr.ExprRowValue;
import org.partiql.ast.expr.ExprStruct;
import org.partiql.ast.expr.ExprValues;
import org.partiql.ast.expr.ExprVarRef;
import org.partiql.ast.expr.PathStep;
import org.partiql.parser.PartiQLParser;
import org.partiql.spi.errors.PError;
import org.partiql.spi.errors.PRuntimeException;

/**
 * One of DynamoDB's PartiQL statements, read by PartiQL's reference parser ({@code
 * org.partiql:partiql-parser}) and turned into Dynoscope's own terms: condition rows, update rows
 * and items.
 *
 * <p>DynamoDB's dialect is older than the parser's: {@code INSERT INTO t VALUE {...}} and an UPDATE
 * with several {@code SET} and {@code REMOVE} clauses. {@link #dialect} rewrites those keywords
 * (outside strings and brackets) into the parser's syntax: {@code VALUES {...}}, {@code SET a = 1,
 * b = 2, c = MISSING}.
 *
 * <p>Conditions must be an AND of comparisons of a path with literals ({@code =, <>, <, <=, >, >=},
 * BETWEEN, IN), begins_with, contains, attribute_exists / attribute_not_exists, {@code IS [NOT]
 * MISSING}: what DynamoDB's requests can express as rows.
 */
sealed interface PartiqlStatement {

    /** A SELECT: its table (and index), WHERE rows, projected paths (null: all) and direction. */
    record Select(
            String table,
            String index,
            List<Row> where,
            List<AttributePath> projection,
            boolean descending)
            implements PartiqlStatement {}

    /** An INSERT of one item. */
    record Insert(String table, Item item) implements PartiqlStatement {}

    /** An UPDATE: its WHERE rows and the SET (and REMOVE) actions. */
    record Update(String table, List<Row> where, List<UpdateRow> actions)
            implements PartiqlStatement {}

    /** A DELETE: its WHERE rows. */
    record Delete(String table, List<Row> where) implements PartiqlStatement {}

    /** Reads a DynamoDB PartiQL statement; throws {@link SqlStatementException} saying why not. */
    static PartiqlStatement parse(String statement) {
        // PartiQL's parser backtracks on nesting: a deep statement would take it minutes.
        StatementErrors.checkLimits(statement);
        Statement parsed;
        try {
            List<Statement> statements =
                    PartiQLParser.standard().parse(dialect(statement)).statements;
            if (statements.size() != 1) {
                throw new SqlStatementException("give one PartiQL statement at a time");
            }
            parsed = statements.get(0);
        } catch (PRuntimeException e) {
            PError error = e.getError();
            throw new SqlStatementException(
                    "PartiQL: "
                            + error.name().toLowerCase(Locale.ROOT).replace('_', ' ')
                            + (error.location == null
                                    ? ""
                                    : " at line "
                                            + error.location.line
                                            + ", column "
                                            + error.location.offset),
                    e);
        }
        return Translation.statement(parsed);
    }

    /** DynamoDB's PartiQL keywords rewritten into the reference parser's syntax. */
    static String dialect(String statement) {
        List<int[]> words = topLevelWords(statement);
        if (words.isEmpty()) {
            return statement;
        }
        String first = word(statement, words.get(0));
        StringBuilder out = new StringBuilder();
        int at = 0;
        if (first.equals("INSERT")) {
            for (int[] w : words) {
                if (word(statement, w).equals("VALUE")) {
                    out.append(statement, at, w[0]).append("VALUES");
                    at = w[1];
                    break;
                }
            }
        } else if (first.equals("UPDATE")) {
            boolean assigned = false;
            for (int i = 0; i < words.size(); i++) {
                int[] w = words.get(i);
                String keyword = word(statement, w);
                if (keyword.equals("SET")) {
                    out.append(statement, at, w[0]).append(assigned ? "," : "SET");
                    at = w[1];
                    assigned = true;
                } else if (keyword.equals("REMOVE")) {
                    int end = statement.length();
                    for (int j = i + 1; j < words.size(); j++) {
                        String next = word(statement, words.get(j));
                        if (Set.of("SET", "REMOVE", "WHERE", "RETURNING").contains(next)) {
                            end = words.get(j)[0];
                            break;
                        }
                    }
                    out.append(statement, at, w[0])
                            .append(assigned ? ", " : "SET ")
                            .append(statement.substring(w[1], end).strip())
                            .append(" = MISSING ");
                    at = end;
                    assigned = true;
                } else if (keyword.equals("WHERE")) {
                    break;
                }
            }
        }
        return out.append(statement.substring(at)).toString();
    }

    private static String word(String text, int[] span) {
        return text.substring(span[0], span[1]).toUpperCase(Locale.ROOT);
    }

    /** The spans of the bare words outside quotes and brackets. */
    private static List<int[]> topLevelWords(String text) {
        List<int[]> words = new ArrayList<>();
        int depth = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, i + 1);
                while (close >= 0 && close + 1 < text.length() && text.charAt(close + 1) == c) {
                    close = text.indexOf(c, close + 2);
                }
                i = close < 0 ? text.length() : close + 1;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
                i++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < text.length()
                        && (Character.isLetterOrDigit(text.charAt(end))
                                || text.charAt(end) == '_')) {
                    end++;
                }
                if (depth == 0) {
                    words.add(new int[] {i, end});
                }
                i = end;
            } else {
                i++;
            }
        }
        return words;
    }

    /** From the parser's tree to Dynoscope's terms. */
    final class Translation {
        private Translation() {}

        static PartiqlStatement statement(Statement statement) {
            if (statement instanceof Query query && query.getExpr() instanceof ExprQuerySet set) {
                return select(set);
            }
            if (statement instanceof org.partiql.ast.dml.Insert insert) {
                return insert(insert);
            }
            if (statement instanceof org.partiql.ast.dml.Update update) {
                List<UpdateRow> actions = new ArrayList<>();
                for (SetClause clause : update.getSetClauses()) {
                    AttributePath path = target(clause);
                    if (clause.getExpr() instanceof ExprLit lit
                            && lit.getLit().code() == Literal.MISSING) {
                        actions.add(UpdateRow.remove(path));
                    } else {
                        actions.add(UpdateRow.set(path, value(clause.getExpr())));
                    }
                }
                return new Update(
                        table(update.getTableName()), where(update.getCondition()), actions);
            }
            if (statement instanceof org.partiql.ast.dml.Delete delete) {
                return new Delete(table(delete.getTableName()), where(delete.getCondition()));
            }
            throw unsupported(statement, "DynamoDB takes SELECT, INSERT, UPDATE and DELETE");
        }

        private static Select select(ExprQuerySet set) {
            if (!(set.getBody() instanceof QueryBody.SFW sfw)
                    || sfw.getFrom() == null
                    || sfw.getFrom().getTableRefs().size() != 1
                    || !(sfw.getFrom().getTableRefs().get(0) instanceof FromExpr from)
                    || sfw.getGroupBy() != null
                    || set.getLimit() != null) {
                throw new SqlStatementException(
                        "a DynamoDB PartiQL SELECT reads one table or index: SELECT ... FROM"
                                + " \"table\"[.\"index\"] [WHERE ...] [ORDER BY sort key]; joins,"
                                + " GROUP BY and LIMIT are the SQL console's");
            }
            String table;
            String index = null;
            if (from.getExpr() instanceof ExprVarRef ref) {
                table = table(ref.getIdentifier());
            } else if (from.getExpr() instanceof ExprPath path
                    && path.getRoot() instanceof ExprVarRef root
                    && path.getSteps().size() == 1
                    && path.getSteps().get(0) instanceof PathStep.Field field) {
                table = table(root.getIdentifier());
                index = field.getField().getText();
            } else {
                throw unsupported(from, "FROM names a table or \"table\".\"index\"");
            }
            List<AttributePath> projection = null;
            if (sfw.getSelect() instanceof SelectList list) {
                projection = new ArrayList<>();
                for (SelectItem item : list.getItems()) {
                    if (!(item instanceof SelectItem.Expr e) || e.getAsAlias() != null) {
                        throw unsupported(item, "SELECT lists attribute paths (no aliases)");
                    }
                    projection.add(path(e.getExpr()));
                }
            } else if (!(sfw.getSelect() instanceof SelectStar)) {
                throw unsupported(sfw.getSelect(), "SELECT * or a list of paths");
            }
            boolean descending = false;
            if (set.getOrderBy() != null) {
                List<Sort> sorts = set.getOrderBy().getSorts();
                if (sorts.size() != 1) {
                    throw unsupported(set.getOrderBy(), "ORDER BY takes the sort key alone");
                }
                descending =
                        sorts.get(0).getOrder() != null
                                && sorts.get(0).getOrder().code() == Order.DESC;
            }
            return new Select(table, index, where(sfw.getWhere()), projection, descending);
        }

        private static Insert insert(org.partiql.ast.dml.Insert insert) {
            Expr source =
                    insert.getSource() instanceof InsertSource.FromExpr from
                            ? from.getExpr()
                            : null;
            if (source instanceof ExprValues values
                    && values.getRows().size() == 1
                    && values.getRows().get(0) instanceof ExprRowValue row
                    && row.getValues().size() == 1) {
                source = row.getValues().get(0);
            }
            if (source instanceof ExprBag bag && bag.getValues().size() == 1) {
                source = bag.getValues().get(0);
            }
            if (!(source instanceof ExprStruct struct)) {
                throw new SqlStatementException(
                        "INSERT INTO \"table\" VALUE {'attribute': value, ...} inserts one item");
            }
            AttributeValue.MapValue item = (AttributeValue.MapValue) value(struct);
            return new Insert(table(insert.getTableName()), new Item(item.entries()));
        }

        private static String table(Identifier identifier) {
            if (!identifier.getQualifier().isEmpty()) {
                throw new SqlStatementException(
                        "the table is named alone: \""
                                + identifier.getIdentifier().getText()
                                + "\"");
            }
            return identifier.getIdentifier().getText();
        }

        private static AttributePath target(SetClause clause) {
            List<AttributePath.Segment> segments = new ArrayList<>();
            segments.add(new AttributePath.Name(clause.getTarget().getRoot().getText()));
            for (UpdateTargetStep step : clause.getTarget().getSteps()) {
                if (step instanceof UpdateTargetStep.Field field) {
                    segments.add(new AttributePath.Name(field.getKey().getText()));
                } else {
                    Literal key = ((UpdateTargetStep.Element) step).getKey();
                    segments.add(new AttributePath.Index(Integer.parseInt(key.numberValue())));
                }
            }
            return new AttributePath(segments);
        }

        /** The WHERE clause as rows joined with AND (none: empty). */
        static List<Row> where(Expr condition) {
            List<Row> rows = new ArrayList<>();
            if (condition != null) {
                conjuncts(condition, rows);
            }
            return rows;
        }

        private static void conjuncts(Expr condition, List<Row> rows) {
            if (condition instanceof ExprAnd and) {
                conjuncts(and.getLhs(), rows);
                conjuncts(and.getRhs(), rows);
                return;
            }
            rows.add(row(condition));
        }

        private static Row row(Expr condition) {
            if (condition instanceof ExprOperator op && op.getLhs() != null) {
                Row.Operator operator = comparison(op.getSymbol());
                if (operator != null) {
                    if (isPath(op.getLhs())) {
                        return Row.of(path(op.getLhs()), operator, value(op.getRhs()));
                    }
                    return Row.of(path(op.getRhs()), mirrored(operator), value(op.getLhs()));
                }
            }
            if (condition instanceof ExprBetween between && !between.isNot()) {
                return Row.of(
                        path(between.getValue()),
                        Row.Operator.BETWEEN,
                        value(between.getFrom()),
                        value(between.getTo()));
            }
            if (condition instanceof ExprInCollection in && !in.isNot()) {
                List<Expr> candidates =
                        in.getRhs() instanceof ExprArray array
                                ? array.getValues()
                                : in.getRhs() instanceof ExprBag bag ? bag.getValues() : null;
                if (candidates != null && !candidates.isEmpty()) {
                    return Row.of(
                            path(in.getLhs()),
                            Row.Operator.IN,
                            candidates.stream()
                                    .map(Translation::value)
                                    .toArray(AttributeValue[]::new));
                }
            }
            if (condition instanceof ExprMissingPredicate missing) {
                return Row.of(
                        path(missing.getValue()),
                        missing.isNot()
                                ? Row.Operator.ATTRIBUTE_EXISTS
                                : Row.Operator.ATTRIBUTE_NOT_EXISTS);
            }
            if (condition instanceof ExprNullPredicate isNull && !isNull.isNot()) {
                return Row.of(
                        path(isNull.getValue()),
                        Row.Operator.ATTRIBUTE_TYPE,
                        AttributeValue.s("NULL"));
            }
            if (condition instanceof ExprCall call) {
                String name = call.getFunction().getIdentifier().getText().toLowerCase(Locale.ROOT);
                List<Expr> args = call.getArgs();
                switch (name) {
                    case "begins_with", "contains", "attribute_type" -> {
                        if (args.size() == 2) {
                            return Row.of(
                                    path(args.get(0)),
                                    Row.Operator.valueOf(name.toUpperCase(Locale.ROOT)),
                                    value(args.get(1)));
                        }
                    }
                    case "attribute_exists", "attribute_not_exists" -> {
                        if (args.size() == 1) {
                            return Row.of(
                                    path(args.get(0)),
                                    Row.Operator.valueOf(name.toUpperCase(Locale.ROOT)));
                        }
                    }
                    default -> {}
                }
            }
            throw unsupported(
                    condition,
                    "a condition here is an AND of comparisons of an attribute with values,"
                            + " BETWEEN, IN, IS [NOT] MISSING, begins_with, contains and"
                            + " attribute_exists (OR and NOT need ExecuteStatement on AWS)");
        }

        private static Row.Operator comparison(String symbol) {
            return switch (symbol) {
                case "=" -> Row.Operator.EQ;
                case "<>", "!=" -> Row.Operator.NE;
                case "<" -> Row.Operator.LT;
                case "<=" -> Row.Operator.LE;
                case ">" -> Row.Operator.GT;
                case ">=" -> Row.Operator.GE;
                default -> null;
            };
        }

        private static Row.Operator mirrored(Row.Operator operator) {
            return switch (operator) {
                case LT -> Row.Operator.GT;
                case LE -> Row.Operator.GE;
                case GT -> Row.Operator.LT;
                case GE -> Row.Operator.LE;
                default -> operator;
            };
        }

        private static boolean isPath(Expr expr) {
            return expr instanceof ExprVarRef || expr instanceof ExprPath;
        }

        static AttributePath path(Expr expr) {
            if (expr instanceof ExprVarRef ref && ref.getIdentifier().getQualifier().isEmpty()) {
                return AttributePath.of(ref.getIdentifier().getIdentifier().getText());
            }
            if (expr instanceof ExprPath path && path.getRoot() instanceof ExprVarRef root) {
                List<AttributePath.Segment> segments = new ArrayList<>(path(root).segments());
                for (PathStep step : path.getSteps()) {
                    if (step instanceof PathStep.Field field) {
                        segments.add(new AttributePath.Name(field.getField().getText()));
                    } else if (step instanceof PathStep.Element element
                            && element.getElement() instanceof ExprLit lit
                            && lit.getLit().code() == Literal.INT_NUM) {
                        segments.add(
                                new AttributePath.Index(
                                        Integer.parseInt(lit.getLit().numberValue())));
                    } else {
                        throw unsupported(expr, "a path is attribute, attribute.member or list[n]");
                    }
                }
                return new AttributePath(segments);
            }
            throw unsupported(expr, "expected an attribute path");
        }

        /** A literal as a DynamoDB value: {...} a map, [...] a list, <<...>> a set. */
        static AttributeValue value(Expr expr) {
            if (expr instanceof ExprLit lit) {
                Literal literal = lit.getLit();
                int code = literal.code();
                if (code == Literal.STRING) {
                    return AttributeValue.s(literal.stringValue());
                }
                if (code == Literal.INT_NUM
                        || code == Literal.EXACT_NUM
                        || code == Literal.APPROX_NUM) {
                    return AttributeValue.n(literal.numberValue());
                }
                if (code == Literal.BOOL) {
                    return AttributeValue.bool(literal.booleanValue());
                }
                if (code == Literal.NULL) {
                    return AttributeValue.nul();
                }
            }
            if (expr instanceof ExprStruct struct) {
                Map<String, AttributeValue> entries = new LinkedHashMap<>();
                for (ExprStruct.Field field : struct.getFields()) {
                    AttributeValue name = value(field.getName());
                    if (!(name instanceof AttributeValue.Str s)) {
                        throw unsupported(field.getName(), "a map's keys are strings");
                    }
                    entries.put(s.value(), value(field.getValue()));
                }
                return AttributeValue.m(entries);
            }
            if (expr instanceof ExprArray array) {
                return AttributeValue.l(
                        array.getValues().stream().map(Translation::value).toList());
            }
            if (expr instanceof ExprBag bag && !bag.getValues().isEmpty()) {
                List<AttributeValue> members =
                        bag.getValues().stream().map(Translation::value).toList();
                if (members.stream().allMatch(m -> m instanceof AttributeValue.Str)) {
                    Set<String> strings = new LinkedHashSet<>();
                    members.forEach(m -> strings.add(((AttributeValue.Str) m).value()));
                    return new AttributeValue.StrSet(strings);
                }
                if (members.stream().allMatch(m -> m instanceof AttributeValue.Num)) {
                    return new AttributeValue.NumSet(
                            members.stream().map(m -> (AttributeValue.Num) m).toList());
                }
            }
            throw unsupported(
                    expr,
                    "expected a value: 'text', a number, true/false, NULL, {...}, [...] or <<...>>");
        }

        private static SqlStatementException unsupported(AstNode node, String what) {
            return new SqlStatementException(
                    "PartiQL: " + what + " (found " + node.getClass().getSimpleName() + ")");
        }
    }
}
