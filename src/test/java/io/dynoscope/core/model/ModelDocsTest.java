package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The full example of docs/model.md reads as the model it describes. */
class ModelDocsTest {

    @Test
    void theDocumentedExampleIsAValidModel() throws IOException {
        String page = Files.readString(Path.of("docs", "model.md"), StandardCharsets.UTF_8);
        int start = page.indexOf("```json\n") + "```json\n".length();
        String json = page.substring(start, page.indexOf("```", start));
        ModelDocument document = ModelJson.read(json);
        TableDesign saas = document.table("saas").orElseThrow();
        TableModel model = saas.model();
        assertEquals(
                List.of("workspace", "project"),
                model.entities().stream().map(Entity::name).toList());
        assertEquals(6, model.accessPatterns().size());
        assertEquals(2, saas.items().size());
        for (Item item : saas.items()) {
            assertTrue(model.entityOf(item).isPresent(), item.toString());
        }
        assertEquals(
                KeyTemplates.of("PROJECT#{status}", "{createdAt}"),
                model.entity("project").orElseThrow().indexKeys().get("byStatus"));
        assertTrue(model.shardGroupOf("WS#acme#07").isPresent());
        assertEquals(1, model.copies().size());
    }
}
