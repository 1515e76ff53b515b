package io.dynoscope.core.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionPrinterTest {

    private static String normalise(ExpressionKind kind, String text) {
        return ExpressionPrinter.print(ExpressionParser.parse(kind, text));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "#er=:er and begins_with( #d ,:p )            | #er = :er AND begins_with(#d, :p)",
                "a = :a or b = :b and c = :c                  | a = :a OR b = :b AND c = :c",
                "(a = :a or b = :b) and c = :c                | (a = :a OR b = :b) AND c = :c",
                "(a = :a and b = :b) or c = :c                | a = :a AND b = :b OR c = :c",
                "a = :a or (b = :b or c = :c)                 | a = :a OR (b = :b OR c = :c)",
                "not (a = :a)                                 | NOT a = :a",
                "not (a = :a and b = :b)                      | NOT (a = :a AND b = :b)",
                "not (not a = :a)                             | NOT (NOT a = :a)",
                "(a) = ( :b ) and begins_with((c), :d)        | a = :b AND begins_with(c, :d)",
                "a   between :x   AND :y                      | a BETWEEN :x AND :y",
                "a in(:x,:y ,  :z)                            | a IN (:x, :y, :z)",
                "size( a.b[0] )>=:n                           | size(a.b[0]) >= :n",
                "attribute_not_exists ( #pk )                 | attribute_not_exists(#pk)",
            })
    void printsConditionsCanonically(String text, String canonical) {
        assertEquals(canonical, normalise(ExpressionKind.FILTER, text));
    }

    @Test
    void printsUpdatesWithClausesInCanonicalOrder() {
        assertEquals(
                "SET a = :v, b = c + :x, d = list_append(d, :l), e = if_not_exists(e, :z) REMOVE f, g[1] "
                        + "ADD n :one DELETE s :members",
                normalise(
                        ExpressionKind.UPDATE,
                        "delete s :members add n :one remove f,g [ 1 ] "
                                + "set a=:v,b=c+:x,d=list_append(d,:l),e=if_not_exists(e,:z)"));
    }

    @Test
    void printsProjections() {
        assertEquals("a, #b.c, d[2]", normalise(ExpressionKind.PROJECTION, "a ,#b . c,d [2]"));
    }

    /** Random conditions: printing is stable, and the printed text parses to the same shape. */
    @Test
    void printingIsAFixedPointForRandomConditions() {
        Random random = new Random(20261130);
        for (int i = 0; i < 500; i++) {
            String text = randomCondition(random, 3);
            String once = normalise(ExpressionKind.FILTER, text);
            assertEquals(once, normalise(ExpressionKind.FILTER, once), text);
            assertEquals(
                    shape(ExpressionParser.parse(ExpressionKind.FILTER, text)),
                    shape(ExpressionParser.parse(ExpressionKind.FILTER, once)),
                    text);
        }
    }

    private static String randomCondition(Random random, int depth) {
        int pick = depth == 0 ? random.nextInt(4) : random.nextInt(8);
        String[] keywords = {"AND", "and", "And"};
        return switch (pick) {
            case 0 -> "a" + random.nextInt(3) + " = :v";
            case 1 -> "begins_with(b, :p)";
            case 2 -> "c BETWEEN :lo AND :hi";
            case 3 -> "d IN (:x, :y)";
            case 4 ->
                    randomCondition(random, depth - 1)
                            + " "
                            + keywords[random.nextInt(3)]
                            + " "
                            + randomCondition(random, depth - 1);
            case 5 ->
                    randomCondition(random, depth - 1)
                            + " OR "
                            + randomCondition(random, depth - 1);
            case 6 -> "NOT " + randomCondition(random, 0);
            // Only AND/OR get parentheses of their own: DynamoDB rejects ((x)).
            default ->
                    "("
                            + randomCondition(random, depth - 1)
                            + " OR "
                            + randomCondition(random, depth - 1)
                            + ")";
        };
    }

    /** The tree without columns, to compare two parses. */
    private static String shape(Expression expression) {
        return shape(((Expression.ConditionExpression) expression).condition());
    }

    private static String shape(Condition c) {
        if (c instanceof Condition.And and) {
            return "and(" + shape(and.left()) + "," + shape(and.right()) + ")";
        }
        if (c instanceof Condition.Or or) {
            return "or(" + shape(or.left()) + "," + shape(or.right()) + ")";
        }
        if (c instanceof Condition.Not not) {
            return "not(" + shape(not.operand()) + ")";
        }
        return ExpressionPrinter.condition(c);
    }
}
