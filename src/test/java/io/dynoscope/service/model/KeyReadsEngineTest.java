package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.KeyReads;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.PatternRequests;
import io.dynoscope.core.model.ProbeCheck;
import io.dynoscope.core.model.ProbeItems;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The in-memory read the probe check relies on answers as the engine does: items made from a
 * planned shop's entities are loaded on the engine, and every request of every pattern, with every
 * set of values the probe asks, returns the same keys in the same order from both.
 */
class KeyReadsEngineTest {

    static final String SHOP =
            """
            { "table": "Shop",
              "entities": [
                { "name": "customer", "attributes": { "name": "S", "email": "S" } },
                { "name": "order", "belongsTo": "customer",
                  "attributes": { "status": "S", "createdAt": "S", "total": "N" } },
                { "name": "line", "belongsTo": "order", "attributes": { "sku": "S", "quantity": "N" } },
                { "name": "product", "attributes": { "category": "S", "price": "N" } } ],
              "accessPatterns": [
                "Get a customer by customerId",
                "List the orders of a customer, newest first",
                "List the orders of a customer with a given status placed between two dates",
                "Get an order with its lines",
                "List the products of a given category",
                "List the open orders across customers, most recent first",
                "Get the 3 most recent orders of a customer" ] }
            """;

    @Test
    void everyProbeRequestReturnsWhatTheEngineReturns() {
        TableDesign planned = ModelPlanning.plan(SHOP).plan().design();
        String table = TestEngine.uniqueTableName("probe-reads");
        TableModel model = planned.model().with(b -> b.table(table));
        ProbeItems.Probes probes = ProbeItems.of(model);
        List<Item> items = probes.items().stream().map(ProbeItems.Probe::item).toList();
        TableDesign design = planned.withModel(model).withItems(items);
        new SchemaLoad(TestEngine.repository())
                .load(SchemaLoad.prepare(design), true, p -> {}, Cancellation.none());
        AccessPatternCheck check = new AccessPatternCheck(TestEngine.repository());
        int compared = 0;
        for (AccessPattern pattern : model.accessPatterns()) {
            for (Map<String, AttributeValue> values :
                    ProbeCheck.runs(pattern, PatternAnswers.questionOf(pattern), probes)) {
                PatternRequests.PatternRequest request;
                try {
                    request = PatternRequests.build(model, pattern, values);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                List<Key> engine =
                        check.send(request, Cancellation.none()).items.stream()
                                .map(model.keys()::keyOf)
                                .toList();
                List<Key> memory =
                        KeyReads.read(model, request, items).stream()
                                .map(model.keys()::keyOf)
                                .toList();
                assertEquals(engine, memory, pattern.name() + " with " + values);
                compared++;
            }
        }
        assertTrue(compared >= 10, "compared " + compared);
    }
}
