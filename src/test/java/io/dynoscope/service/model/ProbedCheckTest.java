package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The check does not trust the design's examples: a model whose examples were written to fit its
 * keys passes on them, and fails on items made from its entities alone. On the engine.
 */
class ProbedCheckTest {

    /** Customers with orders and invoices in one collection; examples hold only two orders. */
    static final String SHOP =
            """
            { "format": "dynoscope-model", "version": 1, "tables": [ {
              "table": "shop",
              "partitionKey": { "name": "PK", "type": "S" },
              "sortKey": { "name": "SK", "type": "S" },
              "entities": [
                { "name": "customer", "partitionKey": "CUST#{customerId}", "sortKey": "META",
                  "attributes": [ { "name": "name", "type": "S" } ] },
                { "name": "order", "partitionKey": "CUST#{customerId}", "sortKey": "ORDER#{orderId}",
                  "attributes": [ { "name": "createdAt", "type": "S" } ] },
                { "name": "invoice", "partitionKey": "CUST#{customerId}",
                  "sortKey": "INVOICE#{invoiceId}", "attributes": [ { "name": "total", "type": "N" } ] } ],
              "accessPatterns": [
                { "name": "orders of a customer, keyed by the customer alone", "operation": "QUERY",
                  "entities": [ "order" ], "partitionKey": "CUST#{customerId}",
                  "question": { "given": [ "customerId" ] } },
                { "name": "orders of a customer, one page of 10", "operation": "QUERY",
                  "entities": [ "order" ], "partitionKey": "CUST#{customerId}",
                  "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" }, "limit": 10,
                  "question": { "given": [ "customerId" ], "limit": 0 } },
                { "name": "orders of a customer", "operation": "QUERY",
                  "entities": [ "order" ], "partitionKey": "CUST#{customerId}",
                  "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" },
                  "question": { "given": [ "customerId" ], "limit": 0 } },
                { "name": "the customer's things", "operation": "QUERY",
                  "entities": [ "order" ], "partitionKey": "CUST#{customerId}",
                  "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" },
                  "question": { "given": [ "customerId" ] },
                  "unsure": [ "the words name no entity: read as order" ] } ],
              "items": [
                { "PK": { "S": "CUST#c1" }, "SK": { "S": "ORDER#2026-0001" },
                  "customerId": { "S": "c1" }, "orderId": { "S": "2026-0001" } },
                { "PK": { "S": "CUST#c1" }, "SK": { "S": "ORDER#2026-0002" },
                  "customerId": { "S": "c1" }, "orderId": { "S": "2026-0002" } } ] } ] }
            """;

    private static AccessPatternCheck.Report report;

    @BeforeAll
    static void check() {
        String table = TestEngine.uniqueTableName("shop-probed");
        TableDesign read = ModelJson.read(SHOP).tables().get(0);
        TableDesign design = read.withModel(read.model().with(b -> b.table(table)));
        new SchemaLoad(TestEngine.repository())
                .load(SchemaLoad.prepare(design), true, p -> {}, Cancellation.none());
        report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(design, table, Map.of(), o -> {}, Cancellation.none());
    }

    private static AccessPatternCheck.Outcome outcome(int index) {
        return report.outcomes().get(index);
    }

    @Test
    void aKeyThatAlsoReturnsAnotherEntitysItemsFailsThoughItsExamplesCameBackRight() {
        AccessPatternCheck.Outcome outcome = outcome(0);
        assertEquals(outcome.expectedKeys(), outcome.returnedKeys(), "the examples pass");
        assertFalse(outcome.asDesigned());
        assertEquals(AccessPatternCheck.Verdict.FAILED, outcome.verdict());
        assertTrue(
                outcome.reason().contains("items made from the entities alone"), outcome.reason());
        assertTrue(
                outcome.probe().contains("is an invoice")
                        || outcome.probe().contains("is a customer"),
                outcome.probe());
    }

    @Test
    void aRequestThatMissesAParentsSecondPageFails() {
        AccessPatternCheck.Outcome outcome = outcome(1);
        assertEquals(2, outcome.returnedKeys().size(), "the examples pass");
        assertEquals(AccessPatternCheck.Verdict.FAILED, outcome.verdict());
        assertTrue(outcome.probe().contains("expected items are missing"), outcome.probe());
    }

    @Test
    void theRightKeyIsOkOnBoth() {
        AccessPatternCheck.Outcome outcome = outcome(2);
        assertEquals(AccessPatternCheck.Verdict.OK, outcome.verdict(), outcome.reason());
        assertTrue(outcome.probe().startsWith("right on items made from the entities alone"));
    }

    @Test
    void anUnsureUncorrectedReadingIsUnconfirmedNeverOk() {
        AccessPatternCheck.Outcome outcome = outcome(3);
        assertTrue(outcome.asDesigned(), outcome.reason());
        assertEquals(AccessPatternCheck.Verdict.UNCONFIRMED, outcome.verdict());
        assertFalse(report.allOk());
        assertEquals(1, report.unconfirmed());
    }
}
