package io.dynoscope.core.expression;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition.Operator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which sort-key values a condition lets through, in DynamoDB's key order. */
class SortKeyConditionTest {

    @Test
    void beginsWithPassesOnlyItsPrefix() {
        SortKeyCondition projects = SortKeyCondition.beginsWith("PROJ#");
        assertTrue(projects.admits(s("PROJ#2026-0042")));
        assertFalse(projects.admits(s("META")), "a newest-first read of projects has no parent");
        assertTrue(
                SortKeyCondition.of(Operator.BEGINS_WITH, b(bytes("ab"))).admits(b(bytes("abc"))));
        assertFalse(
                SortKeyCondition.of(Operator.BEGINS_WITH, b(bytes("ab"))).admits(b(bytes("a"))));
    }

    @Test
    void comparisonsFollowKeyOrder() {
        assertTrue(SortKeyCondition.of(Operator.LT, s("PROJ#")).admits(s("META")));
        assertFalse(SortKeyCondition.of(Operator.GT, s("PROJ#")).admits(s("META")));
        assertTrue(SortKeyCondition.of(Operator.GE, s("META")).admits(s("META")));
        assertTrue(SortKeyCondition.of(Operator.EQ, s("META")).admits(s("META")));
        assertTrue(SortKeyCondition.between(s("A"), s("N")).admits(s("META")));
        assertFalse(SortKeyCondition.between(s("N"), s("Z")).admits(s("META")));
        // numbers by value, not by their text
        assertTrue(SortKeyCondition.of(Operator.GT, n(9)).admits(n(10)));
    }

    @Test
    void aValueOfAnotherTypeNeverPasses() {
        assertFalse(SortKeyCondition.of(Operator.GE, n(0)).admits(s("META")));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
