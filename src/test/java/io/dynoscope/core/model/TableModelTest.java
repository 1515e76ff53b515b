package io.dynoscope.core.model;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TableModelTest {

    private static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");
    private static final Entity WORKSPACE =
            new Entity(
                    "workspace",
                    KeyTemplates.of("WS#{workspaceId}", "META"),
                    List.of(new AttributeModel("name", AttributeValue.Type.S)),
                    Map.of());
    private static final Entity PROJECT =
            new Entity(
                    "project",
                    KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                    List.of(new AttributeModel("status", AttributeValue.Type.S)),
                    Map.of());
    private static final TableModel SAAS =
            new TableModel(
                    "saas",
                    KEYS,
                    Map.of("EntityRef", "S", "Detail", "S"),
                    List.of(),
                    List.of(WORKSPACE, PROJECT),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(
                            new ShardGroup(
                                    "big tenants",
                                    KeyTemplate.parse("WS#{workspaceId}#{shard:01..10}"))));

    private static Item item(String entityRef, String detail) {
        return Item.of(Map.of("EntityRef", s(entityRef), "Detail", s(detail)));
    }

    @Test
    void itemsAreLabelledByTheEntityWhoseTemplatesTheirKeysMatch() {
        assertEquals(Optional.of(WORKSPACE), SAAS.entityOf(item("WS#acme", "META")));
        assertEquals(Optional.of(PROJECT), SAAS.entityOf(item("WS#acme", "PROJ#2026-0042")));
        assertEquals(Optional.empty(), SAAS.entityOf(item("USER#12", "META")));
        assertEquals(
                Optional.of(Map.of("workspaceId", "acme", "projectId", "2026-0042")),
                PROJECT.match(item("WS#acme", "PROJ#2026-0042"), KEYS));
    }

    @Test
    void aShardedPartitionKeyBelongsToItsShardGroup() {
        assertTrue(SAAS.shardGroupOf("WS#big#03").isPresent());
        assertTrue(SAAS.shardGroupOf("WS#big").isEmpty());
    }
}
