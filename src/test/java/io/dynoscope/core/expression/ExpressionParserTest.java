package io.dynoscope.core.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynoscope.core.expression.Condition.Comparator;
import io.dynoscope.core.expression.Expression.ConditionExpression;
import io.dynoscope.core.expression.Expression.ProjectionExpression;
import io.dynoscope.core.expression.Expression.UpdateExpression;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {

    private static Condition condition(String text) {
        return ((ConditionExpression) ExpressionParser.parse(ExpressionKind.FILTER, text))
                .condition();
    }

    private static ExpressionSyntaxException failure(ExpressionKind kind, String text) {
        return assertThrows(
                ExpressionSyntaxException.class, () -> ExpressionParser.parse(kind, text));
    }

    @Test
    void parsesTheSeedKeyCondition() {
        Expression parsed =
                ExpressionParser.parse(
                        ExpressionKind.KEY_CONDITION, "#er = :er AND begins_with(#d, :p)");
        Condition.And and =
                assertInstanceOf(Condition.And.class, ((ConditionExpression) parsed).condition());
        Condition.Comparison eq = assertInstanceOf(Condition.Comparison.class, and.left());
        assertEquals(Comparator.EQ, eq.comparator());
        assertEquals("#er", ((DocumentPath) eq.left()).text());
        assertEquals(":er", ((Operand.ValueRef) eq.right()).name());
        Condition.FunctionCall begins = assertInstanceOf(Condition.FunctionCall.class, and.right());
        assertEquals(Condition.Function.BEGINS_WITH, begins.function());
        assertEquals("#d", ((DocumentPath) begins.subject()).text());
        assertEquals(15, begins.column());
    }

    @Test
    void andBindsTighterThanOr() {
        Condition.Or or =
                assertInstanceOf(Condition.Or.class, condition("a = :a OR b = :b AND c = :c"));
        assertInstanceOf(Condition.Comparison.class, or.left());
        Condition.And and = assertInstanceOf(Condition.And.class, or.right());
        assertEquals(11, and.column());
    }

    @Test
    void parenthesesOverridePrecedence() {
        Condition.And and =
                assertInstanceOf(Condition.And.class, condition("(a = :a OR b = :b) AND c = :c"));
        assertInstanceOf(Condition.Or.class, and.left());
    }

    @Test
    void notBindsTighterThanAnd() {
        Condition.And and =
                assertInstanceOf(Condition.And.class, condition("NOT a = :a AND b = :b"));
        assertInstanceOf(Condition.Not.class, and.left());
    }

    @Test
    void notMayNegateNot() {
        Condition.And and =
                assertInstanceOf(Condition.And.class, condition("not NOT a = :a AND b = :b"));
        Condition.Not outer = assertInstanceOf(Condition.Not.class, and.left());
        Condition.Not inner = assertInstanceOf(Condition.Not.class, outer.operand());
        assertInstanceOf(Condition.Comparison.class, inner.operand());
        assertEquals(5, inner.column());
    }

    @Test
    void orAndAndAreLeftAssociative() {
        Condition.Or or =
                assertInstanceOf(Condition.Or.class, condition("a = :a OR b = :b OR c = :c"));
        assertInstanceOf(Condition.Or.class, or.left());
    }

    @Test
    void keywordsAreCaseInsensitive() {
        Condition.Or or =
                assertInstanceOf(
                        Condition.Or.class, condition("a between :x and :y or not b in (:p, :q)"));
        assertInstanceOf(Condition.Between.class, or.left());
        Condition.Not not = assertInstanceOf(Condition.Not.class, or.right());
        assertEquals(2, ((Condition.In) not.operand()).candidates().size());
    }

    @Test
    void parsesAllComparators() {
        for (Comparator c : Comparator.values()) {
            Condition.Comparison cmp =
                    assertInstanceOf(
                            Condition.Comparison.class, condition("a " + c.symbol() + " :v"));
            assertEquals(c, cmp.comparator());
        }
    }

    @Test
    void parsesNestedPathsAndIndexes() {
        Condition.Comparison cmp = (Condition.Comparison) condition("#pr.FiveStar[2].#x = :v");
        DocumentPath path = (DocumentPath) cmp.left();
        assertEquals(4, path.elements().size());
        assertEquals(new DocumentPath.Index(2, 13), path.elements().get(2));
        assertEquals("#pr.FiveStar[2].#x", path.text());
    }

    @Test
    void parsesSizeAsAnOperand() {
        Condition.Comparison cmp = (Condition.Comparison) condition("size(tags) > :n");
        assertEquals("tags", ((DocumentPath) ((Operand.Size) cmp.left()).subject()).text());
    }

    @Test
    void parsesEveryConditionFunction() {
        assertEquals(
                Condition.Function.ATTRIBUTE_EXISTS,
                ((Condition.FunctionCall) condition("attribute_exists(a)")).function());
        assertEquals(
                Condition.Function.ATTRIBUTE_NOT_EXISTS,
                ((Condition.FunctionCall) condition("attribute_not_exists(a.b)")).function());
        assertEquals(
                Condition.Function.ATTRIBUTE_TYPE,
                ((Condition.FunctionCall) condition("attribute_type(a, :t)")).function());
        assertEquals(
                Condition.Function.CONTAINS,
                ((Condition.FunctionCall) condition("contains(tags, :t)")).function());
    }

    @Test
    void parsesProjection() {
        ProjectionExpression p =
                (ProjectionExpression)
                        ExpressionParser.parse(
                                ExpressionKind.PROJECTION, "EntityRef, #d, author.name, items[0]");
        assertEquals(
                List.of("EntityRef", "#d", "author.name", "items[0]"),
                p.paths().stream().map(DocumentPath::text).toList());
    }

    @Test
    void parsesEveryUpdateClause() {
        UpdateExpression u =
                (UpdateExpression)
                        ExpressionParser.parse(
                                ExpressionKind.UPDATE,
                                "SET a = :v, b = c + :x, d = list_append(d, :l), e = if_not_exists(e, :z) "
                                        + "REMOVE f, g[1] add n :one delete s :members");
        assertEquals(
                List.of(
                        UpdateClause.Keyword.SET,
                        UpdateClause.Keyword.REMOVE,
                        UpdateClause.Keyword.ADD,
                        UpdateClause.Keyword.DELETE),
                u.clauses().stream().map(UpdateClause::keyword).toList());
        List<UpdateClause.Action> set = u.clauses().get(0).actions();
        assertEquals(4, set.size());
        assertInstanceOf(Operand.Arithmetic.class, ((UpdateClause.Set) set.get(1)).value());
        assertInstanceOf(Operand.ListAppend.class, ((UpdateClause.Set) set.get(2)).value());
        assertInstanceOf(Operand.IfNotExists.class, ((UpdateClause.Set) set.get(3)).value());
        assertEquals("g[1]", u.clauses().get(1).actions().get(1).path().text());
        assertEquals(
                ":one", ((UpdateClause.Add) u.clauses().get(2).actions().get(0)).value().name());
    }

    @Test
    void updateClausesMayComeInAnyOrderAndRepeatForTheValidatorToReport() {
        UpdateExpression u =
                (UpdateExpression)
                        ExpressionParser.parse(
                                ExpressionKind.UPDATE, "REMOVE a SET b = :b SET c = :c");
        assertEquals(3, u.clauses().size());
        assertEquals(21, u.clauses().get(2).column());
    }

    @Test
    void parsesNestedUpdateFunctions() {
        UpdateExpression u =
                (UpdateExpression)
                        ExpressionParser.parse(
                                ExpressionKind.UPDATE,
                                "SET l = list_append(if_not_exists(l, :empty), :new)");
        Operand.ListAppend append =
                (Operand.ListAppend)
                        ((UpdateClause.Set) u.clauses().get(0).actions().get(0)).value();
        assertInstanceOf(Operand.IfNotExists.class, append.first());
    }

    @ParameterizedTest(name = "{0} -> column {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "#er = :er AND begins_with(#d)               | 15 | begins_with      | begins_with takes a path and a value",
                "begins_with(a, :p, :q)                      | 1  | begins_with      | begins_with takes a path and a value",
                "((a)) = :a                                  | 1  | (                | redundant parentheses: DynamoDB rejects an operand wrapped in two pairs",
                "a = ((:a))                                  | 5  | (                | redundant parentheses: DynamoDB rejects an operand wrapped in two pairs",
                "attribute_exists(a, :b)                     | 1  | attribute_exists | attribute_exists takes one path",
                "attribute_type(a, S)                        | 1  | attribute_type   | attribute_type takes a path and a :value holding the type code",
                "a = :a AND                                  | 11 | end of expression | the condition is incomplete: expected an attribute, a :value or a function",
                "a                                           | 2  | end of expression | the condition is incomplete: expected a comparator (= <> < <= > >=), BETWEEN or IN after 'a'",
                "a == :a                                     | 4  | =                | expected an attribute, a :value or size(path) but found '='",
                "(a = :a                                     | 8  | end of expression | missing ')' to close the '(' at column 1",
                "a = :a)                                     | 7  | )                | unexpected ')' after the end of the expression",
                "a BETWEEN :x :y                             | 14 | :y               | BETWEEN needs AND between its lower and upper bound",
                "a IN :x                                     | 6  | :x               | IN needs a parenthesised list, e.g. IN (:a, :b)",
                "Begins_With(a, :p)                          | 1  | Begins_With      | function names are case-sensitive: write begins_with",
                "starts_with(a, :p)                          | 1  | starts_with      | unknown function 'starts_with'",
                "size(a)                                     | 1  | size             | size returns a number; compare it, e.g. size(a) > :n",
                "begins_with(a, :p) = :t                     | 1  | begins_with      | begins_with is a condition on its own and cannot be compared; only size() can",
                "a = \"x\"                                   | 5  | \"               | values cannot be written inline; use a :value placeholder",
                "a != :v                                     | 3  | !                | '!=' is not a DynamoDB comparator; use <>",
                "a = : v                                     | 5  | :                | ':' must be followed by a placeholder name such as :value",
                "a[x] = :v                                   | 3  | x                | a list index is a whole number, e.g. [0]",
                "a[1 = :v                                    | 5  | =                | missing ']' to close the '[' at column 2",
                "((a = :a))                                  | 1  | (                | redundant parentheses: DynamoDB rejects a condition wrapped in two pairs",
                "a = :a and or b = :b                        | 12 | or               | expected an attribute, a :value or size(path) but found 'or'",
                "if_not_exists(a, :b) = :c                   | 1  | if_not_exists    | if_not_exists can only be used in an update's SET action",
                "shirt-size = :s                             | 6  | -                | '-' cannot be part of a bare name; write a name such as shirt-size as a #name placeholder",
            })
    void reportsConditionErrorsWithTheirColumn(
            String text, int column, String token, String reason) {
        ExpressionSyntaxException e = failure(ExpressionKind.FILTER, text.strip());
        assertEquals(reason, e.reason());
        assertEquals(column, e.column());
        assertEquals(token, e.token());
        assertEquals("column " + column + ": " + reason, e.getMessage());
    }

    @ParameterizedTest(name = "{0} -> column {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a = :v                          | 1  | an update starts with SET, REMOVE, ADD or DELETE, not 'a'",
                "SET a = :v b = :w               | 12 | expected ',' or one of SET, REMOVE, ADD, DELETE but found 'b'",
                "SET a :v                        | 7  | SET takes path = value, e.g. SET a = :v",
                "SET                             | 4  | SET needs at least one action after it",
                "SET a = :v REMOVE               | 18 | REMOVE needs at least one action after it",
                "ADD n 1                         | 7  | ADD takes a path and a :value, e.g. ADD n :v",
                "DELETE s t                      | 10 | DELETE takes a path and a :value, e.g. DELETE s :v",
                "SET a = if_not_exists(:v, a)    | 9  | if_not_exists takes a path and a value",
                "SET a = list_append(:l)         | 9  | list_append takes two lists",
                "SET a = size(b)                 | 9  | size cannot be used in an update; SET accepts if_not_exists and list_append",
                "SET a = List_Append(a, :l)      | 9  | function names are case-sensitive: write list_append",
                "SET a = :v,                     | 12 | expected an attribute path but found the end of the expression",
                "SET a = b + :c + :d             | 16 | expected ',' or one of SET, REMOVE, ADD, DELETE but found '+'",
            })
    void reportsUpdateErrorsWithTheirColumn(String text, int column, String reason) {
        ExpressionSyntaxException e = failure(ExpressionKind.UPDATE, text.strip());
        assertEquals(reason, e.reason());
        assertEquals(column, e.column());
    }

    @ParameterizedTest(name = "{0} -> column {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a, , b     | 4 | expected an attribute path but found ','",
                "a b        | 3 | expected ',' between projected paths but found 'b'",
                "shirt-size | 6 | '-' cannot be part of a bare name; write a name such as shirt-size as a #name placeholder",
                "a.         | 3 | expected a map member name after '.' but found the end of the expression",
                ":v         | 1 | expected an attribute path but found ':v'",
            })
    void reportsProjectionErrorsWithTheirColumn(String text, int column, String reason) {
        ExpressionSyntaxException e = failure(ExpressionKind.PROJECTION, text.strip());
        assertEquals(reason, e.reason());
        assertEquals(column, e.column());
    }

    @Test
    void rejectsAnEmptyExpression() {
        for (ExpressionKind kind : ExpressionKind.values()) {
            ExpressionSyntaxException e = failure(kind, "   ");
            assertEquals("column 1: the expression is empty", e.getMessage());
        }
    }

    @Test
    void keyConditionUsesTheConditionGrammar() {
        ExpressionSyntaxException e = failure(ExpressionKind.KEY_CONDITION, "pk = :pk AND");
        assertEquals(13, e.column());
    }
}
