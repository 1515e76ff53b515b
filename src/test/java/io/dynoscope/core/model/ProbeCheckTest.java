package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The probe on hand-written designs: right keys pass on items made from the entities alone, wrong
 * ones fail there even when the design's own examples would not show it.
 */
class ProbeCheckTest {

    /** Customers, their orders and invoices in one collection, orders' lines under each order. */
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
                  "attributes": [ { "name": "status", "type": "S" }, { "name": "createdAt", "type": "S" } ] },
                { "name": "invoice", "partitionKey": "CUST#{customerId}", "sortKey": "INVOICE#{invoiceId}",
                  "attributes": [ { "name": "total", "type": "N" } ] },
                { "name": "line", "partitionKey": "CUST#{customerId}",
                  "sortKey": "LINE#{orderId}#{lineId}",
                  "attributes": [ { "name": "sku", "type": "S" } ] } ],
              "accessPatterns": [ %s ] } ] }
            """;

    private static TableModel shop(String patterns) {
        return ModelJson.read(SHOP.formatted(patterns)).tables().get(0).model();
    }

    private static ProbeCheck.Result probe(String pattern) {
        TableModel model = shop(pattern);
        return ProbeCheck.check(model, model.accessPatterns().get(0), ProbeItems.of(model));
    }

    @Test
    void theRightKeysPassOnEveryParent() {
        ProbeCheck.Result orders =
                probe(
                        """
                        { "name": "orders of a customer", "operation": "QUERY", "entities": [ "order" ],
                          "partitionKey": "CUST#{customerId}",
                          "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" },
                          "question": { "given": [ "customerId" ], "limit": 0 } }""");
        assertTrue(orders.right(), orders.problem().orElse(""));
        assertEquals(3, orders.runs());
        ProbeCheck.Result lines =
                probe(
                        """
                        { "name": "lines of an order", "operation": "QUERY", "entities": [ "line" ],
                          "partitionKey": "CUST#{customerId}",
                          "sortKey": { "operator": "BEGINS_WITH", "value": "LINE#{orderId}#" },
                          "question": { "given": [ "customerId", "orderId" ] } }""");
        assertTrue(lines.right(), lines.problem().orElse(""));
        assertTrue(lines.runs() > 3, "every order is asked about: " + lines.runs());
    }

    @Test
    void aKeyThatAlsoReturnsAnotherEntitysItemsFails() {
        ProbeCheck.Result result =
                probe(
                        """
                        { "name": "orders of a customer", "operation": "QUERY", "entities": [ "order" ],
                          "partitionKey": "CUST#{customerId}",
                          "question": { "given": [ "customerId" ] } }""");
        String problem = result.problem().orElseThrow();
        assertTrue(problem.contains("is an invoice"), problem);
        assertTrue(problem.contains("not asked for"), problem);
    }

    @Test
    void aPrefixWithoutItsSeparatorReturnsTheNeighboursItems() {
        // lines of order 1 also match LINE#10#…
        ProbeCheck.Result result =
                probe(
                        """
                        { "name": "lines of an order", "operation": "QUERY", "entities": [ "line" ],
                          "partitionKey": "CUST#{customerId}",
                          "sortKey": { "operator": "BEGINS_WITH", "value": "LINE#{orderId}" },
                          "question": { "given": [ "customerId", "orderId" ] } }""");
        String problem = result.problem().orElseThrow();
        assertTrue(problem.contains("has orderId 1"), problem);
    }

    @Test
    void aLimitTheQuestionDidNotAskMissesTheSecondPage() {
        ProbeCheck.Result result =
                probe(
                        """
                        { "name": "orders of a customer", "operation": "QUERY", "entities": [ "order" ],
                          "partitionKey": "CUST#{customerId}",
                          "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" }, "limit": 10,
                          "question": { "given": [ "customerId" ], "limit": 0 } }""");
        String problem = result.problem().orElseThrow();
        assertTrue(problem.contains("expected items are missing of " + ProbeItems.MANY), problem);
        assertTrue(problem.contains("customerId=1"), problem);
    }

    @Test
    void aTopNAskedIsTheFirstItemsInTheOrderAsked() {
        String pattern =
                """
                { "name": "latest 3 orders of a customer", "operation": "QUERY", "entities": [ "order" ],
                  "partitionKey": "CUST#{customerId}",
                  "sortKey": { "operator": "BEGINS_WITH", "value": "ORDER#" }, "limit": 3, %s
                  "question": { "given": [ "customerId" ],
                                "order": { "attribute": "createdAt", "descending": true }, "limit": 3 } }""";
        ProbeCheck.Result right = probe(pattern.formatted("\"newestFirst\": true,"));
        assertTrue(right.right(), right.problem().orElse(""));
        ProbeCheck.Result oldest = probe(pattern.formatted(""));
        assertTrue(oldest.problem().orElseThrow().contains("missing"), oldest.problem().get());
    }

    @Test
    void twoEntitiesGivenOneKeyCollide() {
        TableModel model =
                ModelJson.read(
                                SHOP.formatted("")
                                        .replace(
                                                "\"INVOICE#{invoiceId}\"", "\"ORDER#{invoiceId}\""))
                        .tables()
                        .get(0)
                        .model();
        ProbeItems.Probes probes = ProbeItems.of(model);
        assertFalse(probes.collisions().isEmpty());
        assertTrue(
                probes.collisions().get(0).contains("are both given the key"),
                probes.collisions().get(0));
    }

    @Test
    void probeItemsHaveUniqueKeysPrefixCollidingIdsAndAParentWithManyChildren() {
        TableModel model = shop("");
        ProbeItems.Probes probes = ProbeItems.of(model);
        assertEquals(List.of(), probes.collisions());
        Set<Key> keys = new HashSet<>();
        for (ProbeItems.Probe probe : probes.items()) {
            assertTrue(keys.add(model.keys().keyOf(probe.item())), probe.toString());
            assertEquals(probe.entity(), model.entityOf(probe.item()).orElseThrow().name());
        }
        List<String> customers =
                probes.items().stream()
                        .filter(p -> p.entity().equals("customer"))
                        .map(p -> p.values().get("customerId"))
                        .toList();
        assertEquals(List.of("1", "10", "2"), customers);
        long firstOrders =
                probes.items().stream()
                        .filter(p -> p.entity().equals("order"))
                        .filter(p -> p.values().get("customerId").equals("1"))
                        .count();
        assertEquals(ProbeItems.MANY, firstOrders);
        Item line =
                probes.items().stream()
                        .filter(p -> p.entity().equals("line"))
                        .findFirst()
                        .orElseThrow()
                        .item();
        assertTrue(line.attributes().containsKey("orderId"), "parents' ids are plain attributes");
    }
}
