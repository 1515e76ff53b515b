package io.dynoscope.core.expression;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyConditionTest {

    private static final KeySchema SAAS = KeySchema.of("EntityRef", "Detail");

    @Test
    void theSeedsProjectsQueryCompilesToTheBuildersPlaceholders() {
        CompiledExpression compiled =
                KeyCondition.partition(SAAS, s("WS#acme"))
                        .and(SortKeyCondition.beginsWith("PROJ#"))
                        .compile();

        assertEquals("#er = :er AND begins_with(#d, :d)", compiled.text());
        assertEquals(Map.of("#er", "EntityRef", "#d", "Detail"), compiled.names());
        assertEquals(Map.of(":er", s("WS#acme"), ":d", s("PROJ#")), compiled.values());
    }

    @Test
    void betweenNamesItsTwoValues() {
        CompiledExpression compiled =
                KeyCondition.partition(KeySchema.of("pk", "seq"), s("a"))
                        .and(SortKeyCondition.between(n(1), n(9)))
                        .compile();

        assertEquals("#p = :p AND #s BETWEEN :s1 AND :s2", compiled.text());
        assertEquals(Map.of(":p", s("a"), ":s1", n(1), ":s2", n(9)), compiled.values());
    }

    @Test
    void aPartitionAloneIsOneComparison() {
        CompiledExpression compiled = KeyCondition.partition(SAAS, s("WS#acme")).compile();

        assertEquals("#er = :er", compiled.text());
        assertEquals(Map.of("#er", "EntityRef"), compiled.names());
    }

    @Test
    void aSortKeyConditionNeedsASortKey() {
        KeyCondition hashOnly = KeyCondition.partition(KeySchema.of("id", null), s("x"));

        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> hashOnly.and(SortKeyCondition.beginsWith("a")));
        assertTrue(e.getMessage().contains("no sort key"), e.getMessage());
    }

    @Test
    void anExpressionKeepsOnlyThePlaceholdersItUses() {
        CompiledExpression filter =
                CompiledExpression.using(
                        "#st = :st AND size(#t) > :n1",
                        Map.of("#st", "status", "#t", "tags", "#unused", "x"),
                        Map.of(":st", s("ACTIVE"), ":n1", n(2), ":n", n(5)));

        assertEquals(Map.of("#st", "status", "#t", "tags"), filter.names());
        assertEquals(Map.of(":st", s("ACTIVE"), ":n1", n(2)), filter.values());
    }
}
