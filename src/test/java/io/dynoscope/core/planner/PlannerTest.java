package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.IndexModel;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seed's workspace and projects, planned from the user's words. */
class PlannerTest {

    static final EntitySpec WORKSPACE =
            new EntitySpec(
                    "workspace",
                    null,
                    null,
                    List.of(
                            new AttributeModel("name", AttributeValue.Type.S),
                            new AttributeModel("plan", AttributeValue.Type.S)),
                    false);
    static final EntitySpec PROJECT =
            new EntitySpec(
                    "project",
                    "projectId",
                    "workspace",
                    List.of(
                            new AttributeModel("name", AttributeValue.Type.S),
                            new AttributeModel("status", AttributeValue.Type.S),
                            new AttributeModel("createdAt", AttributeValue.Type.S),
                            new AttributeModel("labels", AttributeValue.Type.SS)),
                    true);

    static final List<String> SEED_WORDS =
            List.of(
                    "get a workspace's settings",
                    "load a workspace and its projects, newest first",
                    "get one project by its id",
                    "all projects with status = ACTIVE across workspaces");

    static PlanInput seedInput() {
        List<EntitySpec> entities = List.of(WORKSPACE, PROJECT);
        List<PatternSpec> patterns =
                SEED_WORDS.stream()
                        .map(w -> PatternWords.guess(w, entities).orElseThrow())
                        .toList();
        return new PlanInput("saas-plan", "EntityRef", "Detail", entities, patterns);
    }

    @Test
    void theWordsReadAsTheSeedsPatterns() {
        List<PatternSpec> patterns = seedInput().patterns();
        assertEquals(
                new PatternSpec(
                        SEED_WORDS.get(0),
                        "workspace",
                        List.of("workspaceId"),
                        false,
                        PatternSpec.Order.ANY,
                        false),
                patterns.get(0));
        assertEquals(
                new PatternSpec(
                        SEED_WORDS.get(1),
                        "project",
                        List.of("workspaceId"),
                        true,
                        PatternSpec.Order.NEWEST_FIRST,
                        true),
                patterns.get(1));
        assertEquals(
                new PatternSpec(
                        SEED_WORDS.get(2),
                        "project",
                        List.of("workspaceId", "projectId"),
                        false,
                        PatternSpec.Order.ANY,
                        false),
                patterns.get(2));
        assertEquals(
                new PatternSpec(
                        SEED_WORDS.get(3),
                        "project",
                        List.of("status"),
                        true,
                        PatternSpec.Order.ANY,
                        false),
                patterns.get(3));
    }

    @Test
    void parentAndChildrenShareOnePartitionAndStatusGetsAnIndex() {
        Plan plan = Planner.plan(seedInput());
        TableModel model = plan.design().model();
        assertEquals(KeySchema.of("EntityRef", "Detail"), model.keys());
        assertEquals(
                KeyTemplates.of("WORKSPACE#{workspaceId}", "META"),
                model.entity("workspace").orElseThrow().keys());
        Entity project = model.entity("project").orElseThrow();
        assertEquals(
                KeyTemplates.of("WORKSPACE#{workspaceId}", "PROJECT#{projectId}"), project.keys());
        assertEquals(
                List.of(
                        new IndexModel(
                                "GSI1", true, KeySchema.of("GSI1PK", "GSI1SK"), "ALL", List.of())),
                model.indexes());
        assertEquals(
                Map.of("GSI1", KeyTemplates.of("PROJECT#{status}", "{projectId}")),
                project.indexKeys());

        List<AccessPattern> patterns = model.accessPatterns();
        assertEquals(AccessPattern.Operation.GET_ITEM, patterns.get(0).operation());
        AccessPattern collection = patterns.get(1);
        assertEquals(AccessPattern.Operation.QUERY, collection.operation());
        assertEquals(List.of("workspace", "project"), collection.entities());
        assertEquals("WORKSPACE#{workspaceId}", collection.partitionKey().text());
        assertTrue(collection.sortKey().isEmpty());
        assertTrue(collection.newestFirst());
        assertEquals(AccessPattern.Operation.GET_ITEM, patterns.get(2).operation());
        AccessPattern active = patterns.get(3);
        assertEquals("GSI1", active.index());
        assertEquals("PROJECT#{status}", active.partitionKey().text());
    }

    @Test
    void theExamplesAreItemCollectionsWithTimeOrderedIds() {
        TableDesign design = Planner.plan(seedInput()).design();
        List<Item> items = design.items();
        assertEquals(2 + 2 * 3, items.size());
        assertEquals("WORKSPACE#acme", items.get(0).string("EntityRef").orElseThrow());
        assertEquals("META", items.get(0).string("Detail").orElseThrow());
        assertEquals("WORKSPACE#acme", items.get(1).string("EntityRef").orElseThrow());
        assertEquals("PROJECT#2026-0001", items.get(1).string("Detail").orElseThrow());
        assertEquals("PROJECT#ACTIVE", items.get(1).string("GSI1PK").orElseThrow());
        assertEquals("2026-0001", items.get(1).string("GSI1SK").orElseThrow());
        assertEquals("WORKSPACE#beta", items.get(4).string("EntityRef").orElseThrow());
        for (Item item : items) {
            assertTrue(design.entityOf(item).isPresent(), item.toString());
        }
        assertEquals(6, design.itemsOf("project").size());
    }

    @Test
    void whatWillHurtIsFlagged() {
        Plan plan = Planner.plan(seedInput());
        List<Finding> findings = plan.findings();
        assertTrue(has(findings, Finding.Kind.HOT_PARTITION, "project"), findings.toString());
        assertTrue(
                has(findings, Finding.Kind.HOT_PARTITION, SEED_WORDS.get(3)), findings.toString());
        assertTrue(has(findings, Finding.Kind.ITEM_SIZE, "project"), findings.toString());
        assertFalse(findings.stream().anyMatch(f -> f.kind() == Finding.Kind.SCAN));

        PlanInput withScan =
                new PlanInput(
                        "t",
                        null,
                        null,
                        List.of(WORKSPACE, PROJECT),
                        List.of(
                                new PatternSpec(
                                        "every workspace",
                                        "workspace",
                                        List.of(),
                                        true,
                                        PatternSpec.Order.ANY,
                                        false)));
        Plan scan = Planner.plan(withScan);
        assertEquals(
                AccessPattern.Operation.SCAN,
                scan.design().model().accessPatterns().get(0).operation());
        assertTrue(has(scan.findings(), Finding.Kind.SCAN, "every workspace"));
    }

    @Test
    void anLsiAndAFilterAreFlaggedInAModelEditedByHand() {
        TableDesign planned = Planner.plan(seedInput()).design();
        TableModel model = planned.model();
        TableModel edited =
                model.withIndexes(
                                List.of(
                                        model.indexes().get(0),
                                        new IndexModel(
                                                "byName",
                                                false,
                                                KeySchema.of("EntityRef", "name"),
                                                "ALL",
                                                List.of())))
                        .withAccessPatterns(
                                List.of(
                                        new AccessPattern(
                                                "active projects of a workspace",
                                                AccessPattern.Operation.QUERY,
                                                List.of("project"),
                                                null,
                                                model.entity("project")
                                                        .orElseThrow()
                                                        .keys()
                                                        .partitionKey(),
                                                Optional.empty(),
                                                false,
                                                "status = :status")));
        List<Finding> findings = ModelReview.review(planned.withModel(edited), Set.of());
        assertTrue(has(findings, Finding.Kind.LSI_LIMIT, "byName"), findings.toString());
        assertTrue(
                has(findings, Finding.Kind.FILTER, "active projects of a workspace"),
                findings.toString());
    }

    private static boolean has(List<Finding> findings, Finding.Kind kind, String subject) {
        return findings.stream().anyMatch(f -> f.kind() == kind && f.subject().equals(subject));
    }
}
