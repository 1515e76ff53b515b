package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.NoSqlWorkbenchFormat;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.table.TableExistsException;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A NoSQL Workbench model (two tables, three facets, table- and facet-level data, two GSIs, a table
 * without a sort key, provisioned billing) loaded on the engine and exported back.
 */
class SchemaLoadTest {

    private final DynamoRepository repository = TestEngine.repository();

    private static List<Item> scan(DynamoRepository repository, String table) {
        List<Item> items = new ArrayList<>();
        repository.scan(
                ScanSpec.table(table), page -> items.addAll(page.items()), Cancellation.none());
        return items;
    }

    @Test
    void everyTableIndexAndItemLoadsExactlyAndExportsBackEqualInMeaning() {
        ModelDocument document =
                ModelFixtures.renamed(
                        NoSqlWorkbenchFormat.read(ModelFixtures.workbenchShop()).document());
        SchemaLoad load = new SchemaLoad(repository);
        List<SchemaLoad.Progress> progress = new ArrayList<>();
        for (TableDesign design : document.tables()) {
            SchemaLoad.Prepared prepared = SchemaLoad.prepare(design);
            SchemaLoad.Result result =
                    load.load(prepared, true, progress::add, Cancellation.none());
            assertTrue(result.complete());
            assertEquals(design.items().size(), result.itemsWritten());
        }
        TableDesign shop = document.tables().get(0);
        TableDesign events = document.tables().get(1);

        TableInfo shopInfo = repository.describeTable(shop.table());
        assertEquals(KeySchema.of("PK", "SK"), shopInfo.keySchema());
        assertEquals(
                Map.of(
                        "PK", "S", "SK", "S", "GSI1PK", "S", "GSI1SK", "S", "GSI2PK", "S", "GSI2SK",
                        "S"),
                shopInfo.keyAttributeTypes());
        assertEquals(
                List.of("byStatus", "byCategory"),
                shopInfo.globalSecondaryIndexes().stream().map(SecondaryIndex::name).toList());
        SecondaryIndex byCategory = shopInfo.globalSecondaryIndexes().get(1);
        assertEquals(KeySchema.of("GSI2PK", "GSI2SK"), byCategory.keySchema());
        assertEquals("INCLUDE", byCategory.projectionType());
        assertEquals(List.of("name", "tags"), byCategory.nonKeyAttributes());
        assertEquals("PROVISIONED", shopInfo.billingMode());
        assertEquals(5, shopInfo.provisionedThroughput().readCapacity());
        assertEquals(4, shopInfo.provisionedThroughput().writeCapacity());
        TableInfo eventsInfo = repository.describeTable(events.table());
        assertEquals(KeySchema.of("eventId", null), eventsInfo.keySchema());
        assertEquals(Map.of("eventId", "N"), eventsInfo.keyAttributeTypes());

        List<Item> shopItems = scan(repository, shop.table());
        List<Item> eventItems = scan(repository, events.table());
        assertEquals(new HashSet<>(shop.items()), new HashSet<>(shopItems));
        assertEquals(new HashSet<>(events.items()), new HashSet<>(eventItems));
        assertEquals(8, shopItems.size());
        assertEquals(3, eventItems.size());

        ModelDocument live =
                new ModelDocument(
                        document.name(),
                        document.author(),
                        document.description(),
                        List.of(shop.withItems(shopItems), events.withItems(eventItems)));
        ModelDocument back =
                NoSqlWorkbenchFormat.read(NoSqlWorkbenchFormat.write(live).json()).document();
        for (int i = 0; i < document.tables().size(); i++) {
            TableDesign original = document.tables().get(i);
            TableDesign exported = back.tables().get(i);
            assertEquals(original.model(), exported.model());
            assertEquals(original.capacity(), exported.capacity());
            assertEquals(new HashSet<>(original.items()), new HashSet<>(exported.items()));
        }
    }

    @Test
    void theRequestShownIsTheRequestSentAndAnExistingTableIsNeverLoadedOver() throws IOException {
        ModelDocument document =
                ModelFixtures.renamed(
                        NoSqlWorkbenchFormat.read(ModelFixtures.workbenchShop()).document());
        TableDesign shop = document.tables().get(0);
        SchemaLoad.Prepared prepared = SchemaLoad.prepare(shop);
        JsonNode request =
                new ObjectMapper().readTree(new SdkRepositories().requestText(prepared.request()));
        assertEquals(shop.table(), request.get("TableName").asText());
        assertEquals("PROVISIONED", request.get("BillingMode").asText());
        assertEquals(5, request.get("ProvisionedThroughput").get("ReadCapacityUnits").asInt());
        assertEquals(4, request.get("ProvisionedThroughput").get("WriteCapacityUnits").asInt());
        assertEquals(6, request.get("AttributeDefinitions").size());
        JsonNode byCategory = request.get("GlobalSecondaryIndexes").get(1);
        assertEquals("byCategory", byCategory.get("IndexName").asText());
        assertEquals(
                "[\"name\",\"tags\"]",
                byCategory.get("Projection").get("NonKeyAttributes").toString());
        assertEquals(5, byCategory.get("ProvisionedThroughput").get("ReadCapacityUnits").asInt());
        assertTrue(
                prepared.notes()
                        .get(0)
                        .startsWith("auto scaling is kept in the model but not set up"));

        SchemaLoad load = new SchemaLoad(repository);
        load.load(prepared, false, p -> {}, Cancellation.none());
        assertTrue(scan(repository, shop.table()).isEmpty(), "without data only the table is made");
        TableExistsException refused =
                assertThrows(
                        TableExistsException.class,
                        () -> load.load(prepared, true, p -> {}, Cancellation.none()));
        assertEquals(shop.table(), refused.table());
        assertTrue(scan(repository, shop.table()).isEmpty(), "nothing was written");
    }

    @Test
    void aCancelledLoadStopsBetweenBatches() {
        ModelDocument document = ModelFixtures.renamed(ModelFixtures.saasModel());
        TableDesign saas = document.tables().get(0);
        List<Item> many = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            many.add(
                    Item.of(
                            Map.of(
                                    "EntityRef", AttributeValue.s("WS#w" + i),
                                    "Detail", AttributeValue.s("META"))));
        }
        SchemaLoad.Prepared prepared = SchemaLoad.prepare(saas.withItems(many));
        Cancellation cancellation = new Cancellation();
        SchemaLoad.Result result =
                new SchemaLoad(repository)
                        .load(
                                prepared,
                                true,
                                p -> {
                                    if (p.written() >= SchemaLoad.BATCH) {
                                        cancellation.cancel();
                                    }
                                },
                                cancellation);
        assertFalse(result.complete());
        assertEquals(SchemaLoad.BATCH, result.itemsWritten());
        assertEquals(SchemaLoad.BATCH, scan(repository, saas.table()).size());
    }

    @Test
    void anItemWithoutItsKeyIsRefusedBeforeAnythingIsCreated() {
        TableDesign saas = ModelFixtures.renamed(ModelFixtures.saasModel()).tables().get(0);
        Item keyless = Item.of(Map.of("EntityRef", AttributeValue.s("WS#x")));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> SchemaLoad.prepare(saas.withItems(List.of(keyless))));
        assertEquals(
                "item 1 of table '" + saas.table() + "': Detail: the sort key is missing",
                e.getMessage());
        assertFalse(repository.listTables().contains(saas.table()));
    }

    @Test
    void anInvalidIndexNameOrAKeyTwiceIsRefusedBeforeAnythingIsCreated() {
        TableDesign saas = ModelFixtures.renamed(ModelFixtures.saasModel()).tables().get(0);
        List<Item> twice = new ArrayList<>(saas.items());
        twice.add(saas.items().get(1));
        TableDesign badIndex =
                saas.withModel(
                        saas.model()
                                .with(
                                        b ->
                                                b.indexes(
                                                        List.of(
                                                                new SecondaryIndex(
                                                                        "ix",
                                                                        true,
                                                                        KeySchema.of(
                                                                                "EntityRef", null),
                                                                        "ALL",
                                                                        List.of())))));

        IllegalArgumentException duplicate =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> SchemaLoad.prepareAll(List.of(saas.withItems(twice))));
        IllegalArgumentException index =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> SchemaLoad.prepareAll(List.of(badIndex)));
        IllegalArgumentException sameTable =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> SchemaLoad.prepareAll(List.of(saas, saas)));

        assertEquals(
                "item "
                        + twice.size()
                        + " of table '"
                        + saas.table()
                        + "' has the same key as item 2 (a table holds one item per key)",
                duplicate.getMessage());
        assertEquals(
                "table '"
                        + saas.table()
                        + "': index name 'ix' must be 3 to 255 letters, digits, '_', '-' or '.'",
                index.getMessage());
        assertEquals("table '" + saas.table() + "' is in the file twice", sameTable.getMessage());
        assertFalse(repository.listTables().contains(saas.table()));
    }
}
