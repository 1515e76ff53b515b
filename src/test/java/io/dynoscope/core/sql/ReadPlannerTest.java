package io.dynoscope.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.sql.ColumnPredicate.Operator;
import io.dynoscope.core.table.SecondaryIndex;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The push-down rules, on a table keyed EntityRef/Detail with a GSI on status/createdAt. */
class ReadPlannerTest {

    private static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");
    private static final List<SecondaryIndex> INDEXES =
            List.of(
                    new SecondaryIndex(
                            "byStatus",
                            true,
                            KeySchema.of("status", "createdAt"),
                            "ALL",
                            List.of()));
    private static final SqlRelation TABLE =
            SqlRelation.table(
                    "saas",
                    KEYS,
                    Map.of("EntityRef", "S", "Detail", "S", "status", "S", "createdAt", "S"),
                    INDEXES,
                    List.of(
                            new Item(
                                    Map.of(
                                            "EntityRef", AttributeValue.s("WS#a"),
                                            "Detail", AttributeValue.s("META"),
                                            "budget", AttributeValue.n("12.5")))));
    private static final SqlRelation PROJECT =
            SqlRelation.entity(
                    TABLE,
                    new Entity(
                            "project",
                            KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                            List.of(new AttributeModel("budget", Type.N)),
                            Map.of()),
                    List.of());

    private static int column(SqlRelation relation, String name) {
        return relation.columnIndex(name);
    }

    @Test
    void partitionEqualityAndASortKeyPrefixMakeAQueryWithAFilterAndAProjection() {
        List<PlannedRead> reads =
                ReadPlanner.plan(
                        TABLE,
                        List.of(
                                ColumnPredicate.of(column(TABLE, "EntityRef"), Operator.EQ, "WS#a"),
                                ColumnPredicate.of(
                                        column(TABLE, "Detail"), Operator.BEGINS_WITH, "PROJ#"),
                                ColumnPredicate.of(
                                        column(TABLE, "budget"),
                                        Operator.GT,
                                        new BigDecimal("100"))),
                        new int[] {column(TABLE, "Detail"), column(TABLE, "budget")});

        assertEquals(1, reads.size());
        PlannedRead read = reads.get(0);
        assertNull(read.index());
        assertEquals("#er = :er AND begins_with(#d, :d)", read.keyConditionExpression().text());
        assertEquals("#b > :b", read.filter().text());
        assertEquals(AttributeValue.n("100"), read.filter().values().get(":b"));
        assertEquals("#d, #b", read.projection().text());
    }

    @Test
    void anEntitysTemplateVariablesAndPrefixBecomeTheKeyCondition() {
        PlannedRead byWorkspace =
                ReadPlanner.plan(
                                PROJECT,
                                List.of(
                                        ColumnPredicate.of(
                                                column(PROJECT, "workspaceId"),
                                                Operator.EQ,
                                                "acme")),
                                null)
                        .get(0);
        assertEquals(
                Map.of(":er", AttributeValue.s("WS#acme"), ":d", AttributeValue.s("PROJ#")),
                byWorkspace.keyConditionExpression().values());
        assertEquals(
                "#er = :er AND begins_with(#d, :d)", byWorkspace.keyConditionExpression().text());

        PlannedRead one =
                ReadPlanner.plan(
                                PROJECT,
                                List.of(
                                        ColumnPredicate.of(
                                                column(PROJECT, "workspaceId"),
                                                Operator.EQ,
                                                "acme"),
                                        ColumnPredicate.of(
                                                column(PROJECT, "projectId"), Operator.EQ, "7")),
                                null)
                        .get(0);
        assertEquals(AttributeValue.s("PROJ#7"), one.keyConditionExpression().values().get(":d"));
    }

    @Test
    void anIndexPartitionKeyMakesAQueryOfTheIndexAndNoKeyAScanWithItsFilter() {
        PlannedRead index =
                ReadPlanner.plan(
                                TABLE,
                                List.of(
                                        ColumnPredicate.of(
                                                column(TABLE, "status"), Operator.EQ, "ACTIVE")),
                                null)
                        .get(0);
        assertEquals("byStatus", index.index());

        PlannedRead scan =
                ReadPlanner.plan(
                                TABLE,
                                List.of(
                                        ColumnPredicate.of(
                                                column(TABLE, "budget"),
                                                Operator.BETWEEN,
                                                new BigDecimal("1"),
                                                new BigDecimal("2"))),
                                null)
                        .get(0);
        assertTrue(scan.isScan());
        assertEquals("#b BETWEEN :b1 AND :b2", scan.filter().text());
        assertTrue(scan.reason().startsWith("Scan: no equality on the partition key EntityRef"));
    }

    @Test
    void anInListOnThePartitionKeyIsOneQueryPerValueAndEmptyKeysAreNeverSent() {
        assertEquals(
                2,
                ReadPlanner.plan(
                                TABLE,
                                List.of(
                                        new ColumnPredicate(
                                                column(TABLE, "EntityRef"),
                                                Operator.IN,
                                                List.of("WS#a", "WS#b"))),
                                null)
                        .size());
        assertTrue(
                ReadPlanner.plan(
                                TABLE,
                                List.of(
                                        ColumnPredicate.of(
                                                column(TABLE, "EntityRef"), Operator.EQ, "")),
                                null)
                        .get(0)
                        .isScan());
    }

    @Test
    void partiqlRowsOnKeysThatAQueryCannotSendAreLeftForTheItems() {
        ReadPlanner.Plan plan =
                ReadPlanner.planRows(
                        "saas",
                        KEYS,
                        Map.of("EntityRef", "S", "Detail", "S"),
                        null,
                        List.of(
                                Row.of("EntityRef", Row.Operator.EQ, AttributeValue.s("WS#a")),
                                Row.of(
                                        "Detail",
                                        Row.Operator.BEGINS_WITH,
                                        AttributeValue.s("PROJ#")),
                                Row.of("Detail", Row.Operator.NE, AttributeValue.s("PROJ#3")),
                                Row.of(
                                        AttributePath.parse("owner.email"),
                                        Row.Operator.ATTRIBUTE_EXISTS)),
                        null);
        assertEquals("attribute_exists(#o.#e)", plan.reads().get(0).filter().text());
        assertEquals(1, plan.unsent().size());
        Row unsent = plan.unsent().get(0);
        assertTrue(
                KeyRowMatcher.matches(
                        new Item(Map.of("Detail", AttributeValue.s("PROJ#4"))), unsent));
        assertTrue(
                !KeyRowMatcher.matches(
                        new Item(Map.of("Detail", AttributeValue.s("PROJ#3"))), unsent));
    }
}
