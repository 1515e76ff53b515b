package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** NoSQL Workbench data models: a model in its format (two tables, facets, GSIs) in and out. */
class NoSqlWorkbenchFormatTest {

    static String shopModel() {
        try (InputStream in =
                NoSqlWorkbenchFormatTest.class.getResourceAsStream("workbench-shop.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void facetsBecomeEntitiesWithTemplatesInferredFromTheirItems() {
        NoSqlWorkbenchFormat.Imported imported = NoSqlWorkbenchFormat.read(shopModel());
        ModelDocument document = imported.document();
        assertEquals("Shop", document.name());
        assertEquals("Dynoscope tests", document.author());
        TableDesign shop = document.table("shop").orElseThrow();
        TableModel model = shop.model();
        assertEquals(KeySchema.of("PK", "SK"), model.keys());
        assertEquals(
                List.of("Customer", "Order", "Product"),
                model.entities().stream().map(Entity::name).toList());
        assertEquals(
                KeyTemplates.of("CUST#{custId}", "PROFILE"),
                model.entity("Customer").orElseThrow().keys());
        Entity order = model.entity("Order").orElseThrow();
        assertEquals(KeyTemplates.of("CUST#{custId}", "ORDER#{orderId}"), order.keys());
        assertEquals(
                Map.of("byStatus", KeyTemplates.of("STATUS#{status}", "{gsi1sk}")),
                order.indexKeys());
        Entity product = model.entity("Product").orElseThrow();
        assertEquals(KeyTemplates.of("PROD#{prodId}", "DETAILS"), product.keys());
        assertEquals(
                Map.of("byCategory", KeyTemplates.of("CATEGORY#{category}", "{gsi2sk}")),
                product.indexKeys());
        assertEquals(AttributeValue.Type.N, order.attributes().get(1).type());

        assertEquals(2, model.indexes().size());
        SecondaryIndex byCategory = model.index("byCategory").orElseThrow();
        assertEquals("INCLUDE", byCategory.projectionType());
        assertEquals(List.of("name", "tags"), byCategory.nonKeyAttributes());
        assertEquals(
                Map.of(
                        "PK", "S", "SK", "S", "GSI1PK", "S", "GSI1SK", "S", "GSI2PK", "S", "GSI2SK",
                        "S"),
                model.keyAttributeTypes());

        assertEquals(8, shop.items().size());
        assertEquals(1, shop.unassignedItems().size());
        assertEquals(
                new BigDecimal("12345678901234567890.123456789012345678"),
                new BigDecimal(
                        ((AttributeValue.Num)
                                        shop.itemsOf("Customer").get(0).attributes().get("balance"))
                                .text()));
        Capacity capacity = shop.capacity();
        assertEquals(Capacity.Mode.PROVISIONED, capacity.mode());
        assertEquals(5, capacity.readCapacityUnits());
        assertEquals(4, capacity.writeCapacityUnits());
        assertEquals(
                new Capacity.AutoScaling(
                        1,
                        10,
                        "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable",
                        new BigDecimal("70")),
                capacity.autoScalingRead().orElseThrow());
        assertFalse(
                model.accessPatterns().isEmpty(), "access patterns are proposed for the facets");

        TableDesign events = document.table("shop-events").orElseThrow();
        assertEquals(KeySchema.of("eventId", null), events.model().keys());
        assertEquals("N", events.model().keyAttributeType("eventId"));
        assertEquals(Capacity.ON_DEMAND, events.capacity());
        assertEquals(3, events.items().size());
        assertTrue(imported.notes().stream().anyMatch(n -> n.startsWith("shop-events: no facets")));
    }

    @Test
    void whatIsExportedReadsBackEqualInMeaning() throws IOException {
        ModelDocument original = NoSqlWorkbenchFormat.read(shopModel()).document();
        NoSqlWorkbenchFormat.Exported exported = NoSqlWorkbenchFormat.write(original);
        JsonNode tree = new ObjectMapper().readTree(exported.json());
        assertEquals("3.0", tree.get("ModelMetadata").get("Version").asText());
        JsonNode shop = tree.get("DataModel").get(0);
        assertEquals(3, shop.get("TableFacets").size());
        assertEquals(
                "CUST#{custId}",
                shop.get("TableFacets")
                        .get(1)
                        .get("KeyAttributeAlias")
                        .get("PartitionKeyAlias")
                        .asText());
        assertEquals(1, shop.get("TableData").size(), "the item of no entity stays at table level");
        assertEquals(3, shop.get("TableFacets").get(1).get("TableData").size());
        assertEquals("PROVISIONED", shop.get("BillingMode").asText());
        JsonNode events = tree.get("DataModel").get(1);
        assertFalse(events.get("KeyAttributes").has("SortKey"));

        ModelDocument back = NoSqlWorkbenchFormat.read(exported.json()).document();
        assertEquals(original.name(), back.name());
        assertEquals(original.tables().size(), back.tables().size());
        for (int i = 0; i < original.tables().size(); i++) {
            TableDesign a = original.tables().get(i);
            TableDesign b = back.tables().get(i);
            assertEquals(a.model(), b.model());
            assertEquals(a.capacity(), b.capacity());
            assertEquals(new HashSet<>(a.items()), new HashSet<>(b.items()));
        }
        assertTrue(exported.lost().stream().anyMatch(l -> l.contains("access patterns")));
    }

    @Test
    void localIndexesAndCopiesAreListedAsLost() {
        TableModel model =
                new TableModel(
                        "t",
                        KeySchema.of("pk", "sk"),
                        Map.of("pk", "S", "sk", "S", "lsk", "S"),
                        List.of(
                                new SecondaryIndex(
                                        "local",
                                        false,
                                        KeySchema.of("pk", "lsk"),
                                        "KEYS_ONLY",
                                        List.of())),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of());
        NoSqlWorkbenchFormat.Exported exported =
                NoSqlWorkbenchFormat.write(ModelDocument.of(TableDesign.of(model, List.of())));
        assertEquals(
                List.of(
                        "t: local secondary index 'local' (NoSQL Workbench models hold global ones only)"),
                exported.lost());
    }

    @Test
    void aBrokenItemIsReportedWithItsPlace() {
        String text =
                "{\"ModelName\":\"m\",\"DataModel\":[{\"TableName\":\"t\",\"KeyAttributes\":{\"PartitionKey\":"
                        + "{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"}},\"TableData\":[{\"pk\":{\"N\":12}}]}]}";
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> NoSqlWorkbenchFormat.read(text));
        assertTrue(e.getMessage().startsWith("DataModel[0] ('t'): TableData[0]: "), e.getMessage());
    }

    @Test
    void itemsOfAFacetThatNamesNoTemplateKeepTheirEntity() {
        ModelDocument document = NoSqlWorkbenchFormat.read(shopModel()).document();
        TableDesign shop = document.table("shop").orElseThrow();
        Item order = shop.itemsOf("Order").get(0);
        assertEquals(Optional.of("Order"), shop.entityOf(order).map(Entity::name));
    }

    private static String refusedWorkbench(String table) {
        String text = "{\"ModelName\":\"m\",\"DataModel\":[" + table + "]}";
        return assertThrows(IllegalArgumentException.class, () -> NoSqlWorkbenchFormat.read(text))
                .getMessage();
    }

    private static final String WB_KEYS =
            "\"TableName\":\"t\",\"KeyAttributes\":{\"PartitionKey\":{\"AttributeName\":\"PK\","
                    + "\"AttributeType\":\"S\"},\"SortKey\":{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"}}";

    @Test
    void aBrokenModelIsRefusedSayingWhichTableAndWhichPart() {
        assertEquals(
                "not a NoSQL Workbench model: \"DataModel\" is missing",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> NoSqlWorkbenchFormat.read("{\"ModelName\":\"m\"}"))
                        .getMessage());
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () -> NoSqlWorkbenchFormat.read("{\n\"DataModel\": [ }"))
                        .getMessage()
                        .startsWith("not a NoSQL Workbench model: "));
        assertEquals("DataModel[0]: \"TableName\" is missing", refusedWorkbench("{}"));
        assertEquals(
                "DataModel[0] ('t'): \"KeyAttributes\" is missing",
                refusedWorkbench("{\"TableName\":\"t\"}"));
        assertEquals(
                "DataModel[0] ('t'): KeyAttributes: key attribute 'PK' has type BOOL; keys are S, N"
                        + " or B",
                refusedWorkbench(
                        "{\"TableName\":\"t\",\"KeyAttributes\":{\"PartitionKey\":"
                                + "{\"AttributeName\":\"PK\",\"AttributeType\":\"BOOL\"}}}"));
        assertEquals(
                "DataModel[0] ('t'): \"BillingMode\" is PROVISIONED or PAY_PER_REQUEST, not FREE",
                refusedWorkbench("{" + WB_KEYS + ",\"BillingMode\":\"FREE\"}"));
        assertTrue(
                refusedWorkbench(
                                "{"
                                        + WB_KEYS
                                        + ",\"TableFacets\":[{\"FacetName\":\"f\",\"TableData\":"
                                        + "[{\"PK\":{\"S\":\"a\"}}]}]}")
                        .startsWith("DataModel[0] ('t'): facet 'f' TableData[0]: "),
                "an item without its sort key is refused with its place");
    }

    @Test
    void facetsWithoutItemsOrWithRepeatedKeysAreSaidInTheNotes() {
        String text =
                "{\"ModelName\":\"m\",\"DataModel\":[{"
                        + WB_KEYS
                        + ",\"BillingMode\":\"PROVISIONED\""
                        + ",\"TableData\":[{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"META\"},"
                        + "\"n\":{\"N\":\"0\"}}]"
                        + ",\"TableFacets\":["
                        + "{\"FacetName\":\"Order\",\"KeyAttributeAlias\":{\"PartitionKeyAlias\":"
                        + "\"CustId\",\"SortKeyAlias\":\"OrderId#Date\"}},"
                        + "{\"FacetName\":\"User\",\"KeyAttributeAlias\":{\"PartitionKeyAlias\":"
                        + "\"USER#{userId}\",\"SortKeyAlias\":\"META\"},\"TableData\":["
                        + "{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"META\"},\"n\":{\"N\":\"2\"}}"
                        + "]}]}]}";
        NoSqlWorkbenchFormat.Imported imported = NoSqlWorkbenchFormat.read(text);
        TableDesign t = imported.document().tables().get(0);
        assertEquals(
                KeyTemplates.of("{custId}", "{orderId}#{date}"),
                t.model().entity("Order").orElseThrow().keys(),
                "no items: each part of an alias is a variable");
        assertEquals(
                KeyTemplates.of("USER#{userId}", "META"),
                t.model().entity("User").orElseThrow().keys(),
                "aliases that are templates and match the items are kept");
        assertEquals(1, t.items().size());
        assertEquals(
                "2",
                ((AttributeValue.Num) t.items().get(0).attributes().get("n")).text(),
                "the facet's item, after the table-level one with its key, is kept");
        assertTrue(
                imported.notes()
                        .contains(
                                "t: facet 'Order' has no items; its aliases became the templates"
                                        + " {custId} / {orderId}#{date}"),
                imported.notes().toString());
        assertTrue(
                imported.notes()
                        .contains(
                                "t: 1 items repeat the key of an earlier one; the last of each is"
                                        + " kept"),
                imported.notes().toString());
        assertEquals(Capacity.provisioned(5, 5), t.capacity(), "PROVISIONED without figures: 5/5");
    }
}
