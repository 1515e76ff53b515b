package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sample tables, read back from the engine, infer the entities their generator made. */
class LiveModelInferenceTest {

    private static String seeded(Dataset dataset) {
        String table = TestEngine.uniqueTableName("infer-" + dataset.id());
        SampleTables.seed(TestEngine.repository(), dataset, table);
        return table;
    }

    @Test
    void saasInfersWorkspacesProjectsAndShardedProjects() {
        String table = seeded(Dataset.SAAS);
        List<Integer> progress = new ArrayList<>();
        LiveModelInference.Result result =
                new LiveModelInference(TestEngine.repository())
                        .infer(table, 10_000, progress::add, Cancellation.none());
        assertTrue(result.complete());
        TableModel model = result.model().model();
        assertEquals(table, model.table());
        assertEquals(SampleData.items(Dataset.SAAS).size(), result.model().sampled());
        assertEquals(result.model().sampled(), progress.get(progress.size() - 1));
        assertEquals(
                List.of("ws", "proj", "projSharded"),
                model.entities().stream().map(Entity::name).toList());
        assertEquals(KeyTemplates.of("WS#{wsId}", "META"), model.entity("ws").orElseThrow().keys());
        for (Item item : SampleData.items(Dataset.SAAS)) {
            String detail = item.string("Detail").orElseThrow();
            String expected =
                    detail.equals("META")
                            ? "ws"
                            : item.string("EntityRef").orElseThrow().startsWith("WS#big#")
                                    ? "projSharded"
                                    : "proj";
            assertEquals(Optional.of(expected), model.entityOf(item).map(Entity::name));
        }
        assertTrue(model.shardGroupOf("WS#big#10").isPresent());
        assertEquals(3 * 3, result.model().design().items().size(), "three examples per entity");
    }

    @Test
    void blogInfersUsersAndPostsAndReadsItsIndexFromDescribeTable() {
        String table = seeded(Dataset.BLOG);
        TableModel model =
                new LiveModelInference(TestEngine.repository())
                        .infer(table, 10_000, n -> {}, Cancellation.none())
                        .model()
                        .model();
        assertEquals(List.of("post", "user"), model.entities().stream().map(Entity::name).toList());
        assertEquals(
                SampleData.BLOG_AUTHOR_INDEX_KEYS,
                model.index(SampleData.BLOG_AUTHOR_INDEX).orElseThrow().keySchema());
        assertEquals(
                Map.of(
                        SampleData.BLOG_AUTHOR_INDEX,
                        KeyTemplates.of("U#{authorId}", "{createdAt}")),
                model.entity("post").orElseThrow().indexKeys());
        for (Item item : SampleData.items(Dataset.BLOG)) {
            String expected = item.string("PK").orElseThrow().startsWith("USER#") ? "user" : "post";
            assertEquals(Optional.of(expected), model.entityOf(item).map(Entity::name));
        }
    }
}
