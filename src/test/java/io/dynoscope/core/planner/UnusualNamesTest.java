package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entity names of no letters ({@code _}) or of other scripts ({@code 漢字}) are planned, not crashed
 * on; ids a key template cannot name, and entities whose keys would start alike, are refused saying
 * which.
 */
class UnusualNamesTest {

    @Test
    void namesOfNoLettersOrOtherScriptsArePlannedAndLoadBack() {
        PlanInput input =
                PlanRequest.read(
                                """
                                { "table": "Unusual", "entities": [
                                    { "name": "_", "id": "code", "attributes": { "a": "S" } },
                                    { "name": "漢字", "attributes": { "b": "S" } },
                                    { "name": "Ñandú", "id": "nanduId", "attributes": { "c": "S" } } ],
                                  "accessPatterns": [ "Get a _ by code", "List 漢字 items",
                                    "Get one 漢字", "Find the ñandú with a given c" ] }
                                """)
                        .input();
        assertEquals(
                List.of("_", "漢字", "Ñandú"),
                input.entities().stream().map(EntitySpec::name).toList());
        TableDesign planned = Planner.plan(input).design();
        assertEquals(4, planned.model().accessPatterns().size());
        assertEquals(
                planned,
                ModelJson.read(ModelJson.write(ModelDocument.of(planned))).tables().get(0));
        assertEquals("ITEM", EntitySpec.tagOf("_"));
        assertEquals("漢字", EntitySpec.tagOf("漢字"));
        assertEquals("ÑANDÚ", EntitySpec.tagOf("Ñandú"));
        assertEquals(List.of("ñandú"), PatternWords.nameWords("Ñandú"));
        assertEquals(List.of("_"), PatternWords.nameWords("_"));
    }

    private static String refused(String request) {
        return assertThrows(IllegalArgumentException.class, () -> PlanRequest.read(request))
                .getMessage();
    }

    @Test
    void anIdNoTemplateCanNameIsRefusedSayingWhich() {
        String message =
                refused(
                        """
                                                { "table": "Unusual", "entities": [
                                                    { "name": "_", "id": "漢" } ],
                                                  "accessPatterns": [ "Get a _ by 漢" ] }
                                                """);
        assertTrue(message.contains("entity '_': the id '漢' cannot be named"), message);
    }

    @Test
    void aTableNameModelLoadWouldRefuseIsRefusedByThePlanToo() {
        assertEquals(
                "table name 'T' must be 3 to 255 letters, digits, '_', '-' or '.'",
                refused(
                        """
                        { "table": "T", "entities": [ { "name": "order" } ],
                          "accessPatterns": [ "Get an order" ] }
                        """));
    }

    @Test
    void entitiesWhoseKeysWouldStartAlikeAreRefused() {
        String message =
                refused(
                        """
                                                { "table": "Unusual", "entities": [
                                                    { "name": "orderItem" }, { "name": "order_item" } ],
                                                  "accessPatterns": [ "Get an order item" ] }
                                                """);
        assertEquals(
                "entities 'orderItem' and 'order_item' would both start their keys with ORDER_ITEM#:"
                        + " rename one",
                message);
    }
}
