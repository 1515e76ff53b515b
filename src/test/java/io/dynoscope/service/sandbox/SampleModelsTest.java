package io.dynoscope.service.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SampleModelsTest {

    private static TableModel model(String table) {
        return SampleModels.designs().stream()
                .filter(d -> d.table().equals(table))
                .map(TableDesign::model)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void everyItemOfTheSaasAndBlogSamplesIsOfAnEntityOfTheirModel() {
        for (Dataset dataset : List.of(Dataset.SAAS, Dataset.BLOG)) {
            TableModel model = model(dataset.id());
            Map<String, Long> byEntity =
                    SampleData.items(dataset).stream()
                            .collect(
                                    Collectors.groupingBy(
                                            item -> entityName(model, item),
                                            Collectors.counting()));
            assertTrue(
                    !byEntity.containsKey("(none)"), dataset + ": items of no entity " + byEntity);
        }
    }

    @Test
    void theSaasModelHasTheSeedsWorkspaceAndProjectViews() {
        TableModel saas = model("saas");
        assertEquals(
                List.of("workspace", "project", "shardedProject"),
                saas.entities().stream().map(Entity::name).toList());
        assertTrue(saas.shardGroupOf(SampleData.BIG + "#03").isPresent());
        assertEquals(1, saas.copies().size(), "the projects' workspaceName");
    }

    @Test
    void theBlogModelCarriesItsTwoCopiesOfTheAuthorsName() {
        TableModel blog = model("blog");
        assertEquals(2, blog.copies().size());
        assertTrue(blog.index("byAuthor").isPresent());
    }

    private static String entityName(TableModel model, Item item) {
        Optional<Entity> entity = model.entityOf(item);
        return entity.map(Entity::name).orElse("(none)");
    }
}
