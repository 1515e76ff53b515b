package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.ProbeCheck;
import io.dynoscope.core.model.ProbeItems;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Top N by a number, and ranges of a number: the number is the sort key of an index, of type N, so
 * DynamoDB orders it as a number (negative, decimal, any width) and a Limit takes the top N; the
 * probe's numbers of different widths (5, 40, 300), which a string key sorts as text, come back in
 * order.
 */
class NumberOrderTest {

    private static final String REQUEST =
            """
            { "table": "Gallery", "entities": [
                { "name": "user", "attributes": { "name": "S" } },
                { "name": "image", "attributes": { "userId": "S", "viewCount": "N",
                    "rating": "N", "uploadedAt": "S", "status": "S" } } ],
              "accessPatterns": [
                { "words": "Get an image", "entity": "image", "given": ["imageId"] },
                { "words": "Retrieve the top N images based on total view count",
                  "entity": "image", "given": [], "many": true,
                  "order": { "attribute": "viewCount", "descending": true }, "limit": 10 },
                { "words": "A user's images, most viewed first", "entity": "image",
                  "given": ["userId"], "many": true,
                  "order": { "attribute": "viewCount", "descending": true } },
                { "words": "A user's images rated at least a value", "entity": "image",
                  "given": ["userId"], "many": true,
                  "range": { "attribute": "rating", "kind": "after" } },
                { "words": "Images of a status with views between two values", "entity": "image",
                  "given": ["status"], "many": true,
                  "range": { "attribute": "viewCount", "kind": "between" } },
                { "words": "A user's images, newest first", "entity": "image",
                  "given": ["userId"], "many": true,
                  "order": { "attribute": "uploadedAt", "descending": true } } ] }
            """;

    private static Plan plan() {
        return Planner.plan(PlanRequest.read(REQUEST).input());
    }

    private static AccessPattern pattern(TableModel model, String name) {
        return model.accessPatterns().stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void topNByANumberReadsAnIndexWhoseSortKeyIsTheNumber() {
        TableModel model = plan().design().model();
        AccessPattern top = pattern(model, "Retrieve the top N images based on total view count");
        assertEquals(AccessPattern.Operation.QUERY, top.operation());
        assertEquals(
                KeyType.N, model.keyType(top.index() + "SK"), model.keyAttributeTypes().toString());
        assertEquals("IMAGE", top.partitionKey().text());
        assertTrue(top.sortKey().isEmpty(), top.sortKey().toString());
        assertTrue(top.newestFirst(), "the highest first");
        assertEquals(10, top.limit());
        assertEquals(
                "{viewCount}",
                model.entity("image")
                        .orElseThrow()
                        .indexKeys()
                        .get(top.index())
                        .sortKey()
                        .orElseThrow()
                        .text());

        AccessPattern mostViewed = pattern(model, "A user's images, most viewed first");
        // one item writes one partition per index: the whole gallery's and its user's are two
        assertEquals(KeyType.N, model.keyType(mostViewed.index() + "SK"));
        assertEquals("USER#{userId}#IMAGE", mostViewed.partitionKey().text());

        AccessPattern rated = pattern(model, "A user's images rated at least a value");
        assertEquals(SortKeyCondition.Operator.GE, rated.sortKey().orElseThrow().operator());
        AccessPattern between = pattern(model, "Images of a status with views between two values");
        assertEquals(SortKeyCondition.Operator.BETWEEN, between.sortKey().orElseThrow().operator());
        assertEquals("STATUS#{status}#IMAGE", between.partitionKey().text());

        // a time keeps its composite string key: its text sorts as it does
        AccessPattern newest = pattern(model, "A user's images, newest first");
        assertEquals(KeyType.S, model.keyType(newest.index() + "SK"));
    }

    @Test
    void everyNumberPatternAnswersOnItemsOfDifferentWidths() {
        TableModel model = plan().design().model();
        ProbeItems.Probes probes = ProbeItems.of(model);
        List<String> wrong = new ArrayList<>();
        int runs = 0;
        for (AccessPattern pattern : model.accessPatterns()) {
            ProbeCheck.Result result = ProbeCheck.check(model, pattern, probes);
            runs += result.runs();
            result.problem().ifPresent(p -> wrong.add(pattern.name() + ": " + p));
        }
        assertEquals(List.of(), wrong, String.join("\n", wrong));
        assertTrue(runs >= 6, "runs: " + runs);
    }

    @Test
    void exampleItemsWriteTheNumberSortKeyAsANumber() {
        TableDesign design = plan().design();
        String index =
                pattern(design.model(), "Retrieve the top N images based on total view count")
                        .index();
        List<Item> images = design.itemsOf("image");
        assertFalse(images.isEmpty());
        for (Item image : images) {
            AttributeValue sk = image.attributes().get(index + "SK");
            assertTrue(sk instanceof AttributeValue.Num, String.valueOf(sk));
            assertEquals(image.attributes().get("viewCount"), sk);
        }
    }
}
