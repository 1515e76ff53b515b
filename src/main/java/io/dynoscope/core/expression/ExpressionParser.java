package io.dynoscope.core.expression;

import static io.dynoscope.core.expression.TokenCursor.error;

import io.dynoscope.core.expression.Condition.Comparator;
import io.dynoscope.core.expression.Lexer.Token;
import io.dynoscope.core.expression.Lexer.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Parses the text of a DynamoDB expression into its tree.
 *
 * <p>Conditions follow DynamoDB's precedence, tightest first: comparators, IN, BETWEEN, functions,
 * parentheses, NOT, AND, OR. Keywords are case-insensitive; function names are case-sensitive, as
 * in DynamoDB. As in DynamoDB, an operand may be wrapped in one pair of parentheses, {@code NOT}
 * applies to one comparison, function, parenthesised condition or another {@code NOT} (the
 * documented {@code condition ::= NOT condition}; dynalite refuses {@code NOT NOT}), and a SET
 * value may be parenthesised. The parser checks the grammar only (including each function's
 * arguments); the rules that depend on placeholder maps, key schema or limits are {@link
 * ExpressionValidator}'s.
 */
public final class ExpressionParser {

    private static final Set<String> CONDITION_KEYWORDS =
            Set.of("AND", "OR", "NOT", "BETWEEN", "IN");
    private static final List<String> ALL_FUNCTIONS =
            List.of(
                    "attribute_exists",
                    "attribute_not_exists",
                    "attribute_type",
                    "begins_with",
                    "contains",
                    "size",
                    "if_not_exists",
                    "list_append");

    private static final String REDUNDANT_OPERAND_PARENTHESES =
            "redundant parentheses: DynamoDB rejects an operand wrapped in two pairs";

    private final ExpressionKind kind;
    private final TokenCursor tokens;

    /** Conditions that were written inside their own parentheses, to spot {@code ((x))}. */
    private final Set<Condition> parenthesized = Collections.newSetFromMap(new IdentityHashMap<>());

    private ExpressionParser(ExpressionKind kind, String text) {
        this.kind = kind;
        this.tokens = new TokenCursor(text);
    }

    /**
     * Parses one expression.
     *
     * @throws ExpressionSyntaxException with the column and offending token when the text does not
     *     follow the grammar of that kind
     */
    public static Expression parse(ExpressionKind kind, String text) {
        ExpressionParser parser = new ExpressionParser(kind, text);
        if (parser.tokens.peek().type() == Type.END) {
            throw new ExpressionSyntaxException(1, "end of expression", "the expression is empty");
        }
        Expression expression =
                switch (kind) {
                    case KEY_CONDITION, FILTER, CONDITION ->
                            new Expression.ConditionExpression(kind, parser.condition());
                    case PROJECTION -> parser.projection();
                    case UPDATE -> parser.update();
                };
        Token rest = parser.tokens.peek();
        if (rest.type() != Type.END) {
            throw parser.unexpected(
                    rest, "unexpected '" + rest.text() + "' after the end of the expression");
        }
        return expression;
    }

    // ---- conditions ------------------------------------------------------------------------

    private Condition condition() {
        Condition left = conjunction();
        while (tokens.peek().isKeyword("OR")) {
            Token or = tokens.next();
            left = new Condition.Or(left, conjunction(), or.column());
        }
        return left;
    }

    private Condition conjunction() {
        Condition left = negation();
        while (tokens.peek().isKeyword("AND")) {
            Token and = tokens.next();
            left = new Condition.And(left, negation(), and.column());
        }
        return left;
    }

    private Condition negation() {
        if (tokens.peek().isKeyword("NOT")) {
            Token not = tokens.next();
            // The documented grammar has condition ::= NOT condition, so NOT NOT a = :a is valid.
            return new Condition.Not(negation(), not.column());
        }
        return primary();
    }

    private Condition primary() {
        Token start = tokens.peek();
        if (start.type() == Type.LPAREN) {
            Optional<Condition> comparison = parenthesizedOperandComparison(start);
            if (comparison.isPresent()) {
                return comparison.get();
            }
            tokens.next();
            Condition inner = condition();
            tokens.expectClosing(start);
            if (parenthesized.contains(inner)) {
                throw error(
                        start,
                        "redundant parentheses: DynamoDB rejects a condition wrapped in two pairs");
            }
            parenthesized.add(inner);
            return inner;
        }
        if (start.type() == Type.END) {
            throw error(
                    start,
                    "the condition is incomplete: expected an attribute, a :value or a function");
        }
        if (tokens.atFunctionCall()) {
            Optional<Condition.Function> function = Condition.Function.named(start.text());
            if (function.isPresent()) {
                Condition call = functionCondition(function.get());
                Token after = tokens.peek();
                if (comparisonAt(after)) {
                    throw error(
                            start,
                            start.text()
                                    + " is a condition on its own and cannot be compared; only size() can");
                }
                return call;
            }
        }
        Operand left = conditionOperand();
        return comparisonTail(left, start);
    }

    /**
     * Reads {@code (operand) comparator ...}, e.g. {@code (a) = :v}, when that is what follows;
     * empty (and nothing consumed) when the parenthesis opens a condition instead.
     */
    private Optional<Condition> parenthesizedOperandComparison(Token start) {
        int mark = tokens.mark();
        try {
            Operand left = conditionOperand();
            if (comparisonAt(tokens.peek())) {
                return Optional.of(comparisonTail(left, start));
            }
        } catch (ExpressionSyntaxException e) {
            if (e.reason().equals(REDUNDANT_OPERAND_PARENTHESES)) {
                throw e;
            }
            // Not an operand in parentheses: read it as a parenthesised condition.
        }
        tokens.reset(mark);
        return Optional.empty();
    }

    /** Whether a comparator, BETWEEN or IN comes at {@code t}. */
    private static boolean comparisonAt(Token t) {
        return comparator(t) != null || t.isKeyword("BETWEEN") || t.isKeyword("IN");
    }

    private Condition comparisonTail(Operand left, Token start) {
        Token t = tokens.peek();
        Comparator comparator = comparator(t);
        if (comparator != null) {
            tokens.next();
            return new Condition.Comparison(left, comparator, conditionOperand(), start.column());
        }
        if (t.isKeyword("BETWEEN")) {
            tokens.next();
            Operand lower = conditionOperand();
            Token and = tokens.peek();
            if (!and.isKeyword("AND")) {
                throw error(and, "BETWEEN needs AND between its lower and upper bound");
            }
            tokens.next();
            Operand upper = conditionOperand();
            return new Condition.Between(left, lower, upper, start.column());
        }
        if (t.isKeyword("IN")) {
            tokens.next();
            Token open = tokens.peek();
            if (open.type() != Type.LPAREN) {
                throw error(open, "IN needs a parenthesised list, e.g. IN (:a, :b)");
            }
            tokens.next();
            List<Operand> candidates = new ArrayList<>();
            candidates.add(conditionOperand());
            while (tokens.peek().type() == Type.COMMA) {
                tokens.next();
                candidates.add(conditionOperand());
            }
            tokens.expectClosing(open);
            return new Condition.In(left, candidates, start.column());
        }
        if (left instanceof Operand.Size) {
            throw error(start, "size returns a number; compare it, e.g. size(a) > :n");
        }
        if (t.type() == Type.END) {
            throw error(
                    t,
                    "the condition is incomplete: expected a comparator (= <> < <= > >=), BETWEEN or IN after '"
                            + tokens.textBetween(start, t)
                            + "'");
        }
        throw unexpected(
                t,
                "expected a comparator (= <> < <= > >=), BETWEEN or IN but found '"
                        + t.text()
                        + "'");
    }

    private Condition functionCondition(Condition.Function function) {
        Token name = tokens.next();
        List<Operand> args = arguments();
        String usage =
                switch (function) {
                    case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS ->
                            function.functionName() + " takes one path";
                    case ATTRIBUTE_TYPE ->
                            "attribute_type takes a path and a :value holding the type code";
                    case BEGINS_WITH -> "begins_with takes a path and a value";
                    case CONTAINS -> "contains takes a path and a value";
                };
        int arity = function.takesArgument() ? 2 : 1;
        if (args.size() != arity
                || (!function.takesArgument() && !(args.get(0) instanceof DocumentPath))) {
            throw error(name, usage);
        }
        Optional<Operand> argument = Optional.empty();
        if (arity == 2) {
            Operand second = args.get(1);
            if (function == Condition.Function.ATTRIBUTE_TYPE
                    && !(second instanceof Operand.ValueRef)) {
                throw error(name, usage);
            }
            argument = Optional.of(second);
        }
        return new Condition.FunctionCall(function, args.get(0), argument, name.column());
    }

    /**
     * A path, a :value or size(...), optionally in one pair of parentheses: what a comparison,
     * BETWEEN, IN or a function compares.
     */
    private Operand conditionOperand() {
        Token t = tokens.peek();
        if (t.type() == Type.LPAREN) {
            tokens.next();
            boolean twoPairs = tokens.peek().type() == Type.LPAREN;
            Operand inner = conditionOperand();
            tokens.expectClosing(t);
            if (twoPairs) {
                throw error(t, REDUNDANT_OPERAND_PARENTHESES);
            }
            return inner;
        }
        if (tokens.atFunctionCall()) {
            if (t.text().equals("size")) {
                tokens.next();
                List<Operand> args = arguments();
                if (args.size() != 1) {
                    throw error(t, "size takes one path");
                }
                return new Operand.Size(args.get(0), t.column());
            }
            if (Condition.Function.named(t.text()).isPresent()) {
                throw error(
                        t,
                        t.text()
                                + " is a condition on its own and cannot be compared; only size() can");
            }
            throw unknownFunction(t);
        }
        return pathOrValue("an attribute, a :value or size(path)");
    }

    /** The parenthesised, comma-separated arguments of a function whose name was just read. */
    private List<Operand> arguments() {
        Token open = tokens.next();
        List<Operand> args = new ArrayList<>();
        if (tokens.peek().type() == Type.RPAREN) {
            tokens.next();
            return args;
        }
        args.add(argument());
        while (tokens.peek().type() == Type.COMMA) {
            tokens.next();
            args.add(argument());
        }
        tokens.expectClosing(open);
        return args;
    }

    private Operand argument() {
        Token t = tokens.peek();
        if (kind == ExpressionKind.UPDATE) {
            if (t.type() == Type.LPAREN) {
                tokens.next();
                Operand inner = updateOperand();
                tokens.expectClosing(t);
                return inner;
            }
            return updateOperand();
        }
        if (tokens.atFunctionCall() && Condition.Function.named(t.text()).isPresent()) {
            throw error(t, t.text() + " cannot be used as an argument");
        }
        return conditionOperand();
    }

    // ---- update ----------------------------------------------------------------------------

    private Expression.UpdateExpression update() {
        List<UpdateClause> clauses = new ArrayList<>();
        while (tokens.peek().type() != Type.END) {
            Token keyword = tokens.peek();
            UpdateClause.Keyword clauseKeyword = clauseKeyword(keyword);
            if (clauseKeyword == null) {
                String found = keyword.text();
                throw error(
                        keyword,
                        clauses.isEmpty()
                                ? "an update starts with SET, REMOVE, ADD or DELETE, not '"
                                        + found
                                        + "'"
                                : "expected ',' or one of SET, REMOVE, ADD, DELETE but found '"
                                        + found
                                        + "'");
            }
            tokens.next();
            List<UpdateClause.Action> actions = new ArrayList<>();
            actions.add(action(clauseKeyword, true));
            while (tokens.peek().type() == Type.COMMA) {
                tokens.next();
                actions.add(action(clauseKeyword, false));
            }
            clauses.add(new UpdateClause(clauseKeyword, actions, keyword.column()));
        }
        return new Expression.UpdateExpression(clauses);
    }

    private UpdateClause.Action action(UpdateClause.Keyword clause, boolean first) {
        Token start = tokens.peek();
        if (first && (start.type() == Type.END || clauseKeyword(start) != null)) {
            throw error(start, clause + " needs at least one action after it");
        }
        DocumentPath path = path("an attribute path");
        switch (clause) {
            case SET -> {
                Token eq = tokens.peek();
                if (comparator(eq) != Comparator.EQ) {
                    throw error(eq, "SET takes path = value, e.g. SET a = :v");
                }
                tokens.next();
                return new UpdateClause.Set(path, setValue());
            }
            case REMOVE -> {
                return new UpdateClause.Remove(path);
            }
            default -> {
                Token value = tokens.peek();
                if (value.type() != Type.VALUE_REF) {
                    throw error(
                            value,
                            clause
                                    + " takes a path and a :value, e.g. "
                                    + clause
                                    + " "
                                    + path.text()
                                    + " :v");
                }
                tokens.next();
                Operand.ValueRef ref = new Operand.ValueRef(value.text(), value.column());
                return clause == UpdateClause.Keyword.ADD
                        ? new UpdateClause.Add(path, ref)
                        : new UpdateClause.Delete(path, ref);
            }
        }
    }

    private Operand setValue() {
        return setValue(0);
    }

    /**
     * A SET value as DynamoDB reads it: {@code left + right} or {@code left - right}, where only
     * the right operand may be parenthesised, or a single operand; the whole value may be in one
     * pair of parentheses, and a single operand in two.
     */
    private Operand setValue(int pairs) {
        Token open = tokens.peek();
        if (open.type() == Type.LPAREN) {
            if (pairs == 2) {
                throw error(open, "a SET value takes at most two pairs of parentheses");
            }
            tokens.next();
            Operand inner = pairs == 0 ? setValue(1) : setValue(2);
            tokens.expectClosing(open);
            if (pairs == 1 && inner instanceof Operand.Arithmetic) {
                throw error(
                        open,
                        "DynamoDB takes only a single operand, not + or -, in two pairs of parentheses");
            }
            return inner;
        }
        Operand left = updateOperand();
        Token t = tokens.peek();
        if (t.type() == Type.PLUS || t.type() == Type.MINUS) {
            tokens.next();
            Operand right = argument();
            return new Operand.Arithmetic(left, t.type() == Type.PLUS, right, left.column());
        }
        return left;
    }

    private Operand updateOperand() {
        Token t = tokens.peek();
        if (tokens.atFunctionCall()) {
            tokens.next();
            List<Operand> args = arguments();
            switch (t.text()) {
                case "if_not_exists" -> {
                    if (args.size() != 2 || !(args.get(0) instanceof DocumentPath path)) {
                        throw error(t, "if_not_exists takes a path and a value");
                    }
                    return new Operand.IfNotExists(path, args.get(1), t.column());
                }
                case "list_append" -> {
                    if (args.size() != 2) {
                        throw error(t, "list_append takes two lists");
                    }
                    return new Operand.ListAppend(args.get(0), args.get(1), t.column());
                }
                default -> {
                    if (Condition.Function.named(t.text()).isPresent() || t.text().equals("size")) {
                        throw error(
                                t,
                                t.text()
                                        + " cannot be used in an update; SET accepts if_not_exists and list_append");
                    }
                    throw unknownFunction(t);
                }
            }
        }
        return pathOrValue("an attribute, a :value, if_not_exists or list_append");
    }

    private static UpdateClause.Keyword clauseKeyword(Token t) {
        if (t.type() != Type.WORD) {
            return null;
        }
        for (UpdateClause.Keyword k : UpdateClause.Keyword.values()) {
            if (t.isKeyword(k.name())) {
                return k;
            }
        }
        return null;
    }

    // ---- projection ------------------------------------------------------------------------

    private Expression.ProjectionExpression projection() {
        List<DocumentPath> paths = new ArrayList<>();
        paths.add(path("an attribute path"));
        while (tokens.peek().type() == Type.COMMA) {
            tokens.next();
            paths.add(path("an attribute path"));
        }
        Token rest = tokens.peek();
        if (rest.type() != Type.END) {
            throw unexpected(
                    rest, "expected ',' between projected paths but found '" + rest.text() + "'");
        }
        return new Expression.ProjectionExpression(paths);
    }

    // ---- paths and values ------------------------------------------------------------------

    private Operand pathOrValue(String expected) {
        Token t = tokens.peek();
        if (t.type() == Type.VALUE_REF) {
            tokens.next();
            return new Operand.ValueRef(t.text(), t.column());
        }
        return path(expected);
    }

    private DocumentPath path(String expected) {
        List<DocumentPath.Element> elements = new ArrayList<>();
        elements.add(member(expected));
        while (true) {
            Token t = tokens.peek();
            if (t.type() == Type.DOT) {
                tokens.next();
                elements.add(member("a map member name after '.'"));
            } else if (t.type() == Type.LBRACKET) {
                tokens.next();
                Token index = tokens.peek();
                if (index.type() != Type.WORD
                        || !index.text().chars().allMatch(Character::isDigit)) {
                    throw error(index, "a list index is a whole number, e.g. [0]");
                }
                tokens.next();
                Token close = tokens.peek();
                if (close.type() != Type.RBRACKET) {
                    throw error(close, "missing ']' to close the '[' at column " + t.column());
                }
                tokens.next();
                int value;
                try {
                    value = Integer.parseInt(index.text());
                } catch (NumberFormatException e) {
                    throw error(index, "list index " + index.text() + " is too large");
                }
                elements.add(new DocumentPath.Index(value, t.column()));
            } else {
                return new DocumentPath(elements);
            }
        }
    }

    private DocumentPath.Member member(String expected) {
        Token t = tokens.peek();
        if (t.type() == Type.NAME_REF) {
            tokens.next();
            return new DocumentPath.Member(t.text(), true, t.column());
        }
        boolean keyword =
                t.type() == Type.WORD
                        && (kind.isCondition()
                                ? CONDITION_KEYWORDS.contains(t.text().toUpperCase(Locale.ROOT))
                                : clauseKeyword(t) != null);
        if (t.type() != Type.WORD || keyword) {
            String found =
                    t.type() == Type.END ? "the end of the expression" : "'" + t.text() + "'";
            throw error(t, "expected " + expected + " but found " + found);
        }
        tokens.next();
        return new DocumentPath.Member(t.text(), false, t.column());
    }

    // ---- helpers ---------------------------------------------------------------------------

    /** The error for a stray token, explaining the usual cause of a stray '-'. */
    private ExpressionSyntaxException unexpected(Token t, String reason) {
        if (t.type() == Type.MINUS && kind != ExpressionKind.UPDATE) {
            return error(
                    t,
                    "'-' cannot be part of a bare name; write a name such as shirt-size as a #name placeholder");
        }
        return error(t, reason);
    }

    private ExpressionSyntaxException unknownFunction(Token t) {
        if (kind.isCondition()
                && (t.text().equals("if_not_exists") || t.text().equals("list_append"))) {
            return error(t, t.text() + " can only be used in an update's SET action");
        }
        for (String known : ALL_FUNCTIONS) {
            if (known.equalsIgnoreCase(t.text())) {
                return error(t, "function names are case-sensitive: write " + known);
            }
        }
        return error(t, "unknown function '" + t.text() + "'");
    }

    /** The comparator a token is, or null. */
    private static Comparator comparator(Token t) {
        if (t.type() == Type.COMPARATOR) {
            for (Comparator comparator : Comparator.values()) {
                if (comparator.symbol().equals(t.text())) {
                    return comparator;
                }
            }
        }
        return null;
    }
}
