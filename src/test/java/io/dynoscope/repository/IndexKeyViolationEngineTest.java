package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, item 7, through the real engine: adding a GSI over items whose key attribute has
 * another type ({@code G} is a number on some items, the index says S) killed node with {@code
 * TypeError … hashPrefix} in index-updates.js, and every table with it. As DynamoDB does, those
 * items stay out of the index and the engine lives. A dedicated engine, so a crash cannot take the
 * other tests' tables with it.
 */
class IndexKeyViolationEngineTest {

    @Test
    void itemsOfAnotherKeyTypeStayOutOfANewIndexAndTheEngineLives() throws Exception {
        try (LocalEngine engine = LocalEngine.start();
                SdkDynamoRepository repository =
                        SdkDynamoRepository.connect(
                                new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
            repository.createTable(
                    new TableDefinition(
                            "mixed",
                            KeySchema.of("PK", null),
                            Map.of("PK", "S"),
                            List.of(),
                            List.of()));
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                AttributeValue g = i % 3 == 0 ? n(i) : s("G" + i);
                items.add(Item.of(Map.of("PK", s("item" + i), "G", g)));
            }
            items.add(Item.of(Map.of("PK", s("no-g"))));
            repository.batchWrite("mixed", items, List.of(), Cancellation.none());

            repository.changeTable(
                    new TableChange.CreateGlobalIndex(
                            "mixed",
                            new SecondaryIndex(
                                    "byG", true, KeySchema.of("G", null), "ALL", List.of()),
                            Map.of("G", "S"),
                            Billing.onDemand()));

            assertTrue(engine.isRunning(), "the engine is alive: " + engine.output());
            assertTrue(repository.listTables().contains("mixed"), "its tables too");
            List<Item> indexed = new ArrayList<>();
            repository.scan(
                    ScanSpec.table("mixed").onIndex("byG"),
                    page -> indexed.addAll(page.items()),
                    Cancellation.none());
            assertEquals(20, indexed.size(), "the 20 items whose G is a string, no others");
            assertTrue(
                    indexed.stream()
                            .allMatch(i -> i.attributes().get("G") instanceof AttributeValue.Str));
        }
    }
}
