package io.dynoscope.service.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.PlanText;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.planner.EntitySpec;
import io.dynoscope.core.planner.ModelReadings;
import io.dynoscope.core.planner.PatternSpec;
import io.dynoscope.core.planner.PatternWords;
import io.dynoscope.core.planner.PlanInput;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.model.ModelPlanning;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, item 3, as seen in the window: the sandbox's {@code blog} with the pattern "posts with
 * a given title" added. The planner's design moves "posts of an author" to GSI1 keyed {@code
 * USER#{userNumber}}, which no post holds: the plan names that pattern as an error instead of
 * counting 12 posts to update next to a GSI1 of 0 items. With a template the posts can fill, every
 * figure of the plan tells the same story.
 */
class BlogPlanTest {

    private static final String TABLE = TestEngine.uniqueTableName("plan-blog");
    private static TableDesign blog;

    @BeforeAll
    static void seed() {
        SampleTables.seed(TestEngine.repository(), SampleData.Dataset.BLOG, TABLE);
        blog =
                SampleModels.designs().stream()
                        .filter(d -> d.table().equals("blog"))
                        .findFirst()
                        .orElseThrow();
    }

    /** The design the Model tab proposes for blog's patterns and "posts with a given title". */
    private static TableModel withTitlePattern() {
        List<EntitySpec> entities = ModelReadings.entities(blog.model());
        List<PatternSpec> patterns = new ArrayList<>(ModelReadings.patterns(blog.model()));
        patterns.add(PatternWords.read("posts with a given title", entities));
        return ModelPlanning.plan(
                        new PlanInput(
                                TABLE,
                                blog.model().keys().partitionKey(),
                                blog.model().keys().sortKey().orElseThrow(),
                                entities,
                                patterns))
                .plan()
                .design()
                .model();
    }

    private static MigrationPlan plan(TableModel target) {
        return new MigrationPlanner(TestEngine.repository())
                .plan(
                        TABLE,
                        Optional.of(new MigrationPlanner.Source(blog.model(), "the saved model")),
                        new MigrationPlanner.Source(target, "the design"),
                        1_000,
                        4,
                        Cancellation.none());
    }

    @Test
    void aPatternMovedToAnIndexTheBackfillLeavesEmptyIsAnError() {
        TableModel target = withTitlePattern();
        assertEquals(
                "GSI1",
                target.accessPatterns().stream()
                        .filter(p -> p.name().equals("posts of an author, newest first"))
                        .findFirst()
                        .orElseThrow()
                        .index());

        MigrationPlan plan = plan(target);
        List<String> lines = PlanText.lines(plan);

        assertTrue(plan.refused(), String.join("\n", lines));
        assertTrue(
                plan.diff().refusals().stream()
                        .anyMatch(
                                r ->
                                        r.startsWith(
                                                        "entity 'post': none of its 12 sampled"
                                                                + " items can have the keys of"
                                                                + " index 'GSI1' (USER#{userNumber}"
                                                                + " / POST#{postId})")
                                                && r.contains(
                                                        "access pattern 'posts of an author,"
                                                                + " newest first' would read GSI1"
                                                                + " and find no post: the backfill"
                                                                + " leaves none in it")),
                String.join("\n", lines));
        assertFalse(
                lines.stream().anyMatch(l -> l.contains("to update")),
                "a refused plan counts no updates: " + String.join("\n", lines));
    }

    @Test
    void whenThePostsCanFillTheIndexEveryFigureAgrees() {
        String json =
                ModelJson.write(
                                ModelDocument.of(
                                        blog.withModel(withTitlePattern()).withItems(List.of())))
                        .replaceAll(
                                "(\"GSI1\" : \\{\\s*\"partitionKey\" : \")USER#\\{userNumber}",
                                "$1AUTHOR#{authorName}")
                        .replaceAll(
                                "(\"index\" : \"GSI1\",\\s*\"partitionKey\" : \")USER#\\{userNumber}",
                                "$1AUTHOR#{authorName}");
        TableModel target = ModelJson.read(json).tables().get(0).model();

        MigrationPlan plan = plan(target);
        List<String> lines = PlanText.lines(plan);
        MigrationPlan.NewIndexCost gsi1 =
                plan.estimate().newIndexes().stream()
                        .filter(i -> i.index().equals("GSI1"))
                        .findFirst()
                        .orElseThrow();

        assertFalse(plan.refused(), String.join("\n", lines));
        assertEquals(12, plan.sample().entities().get("post").toUpdate());
        assertEquals(12, plan.estimate().itemsToUpdate());
        assertEquals(12, gsi1.items(), String.join("\n", lines));
        assertTrue(
                plan.timings().stream()
                        .filter(t -> t.index().equals("GSI1"))
                        .allMatch(t -> t.costBefore() >= 12 && t.costAfter() >= 12),
                String.join("\n", lines));
        assertTrue(lines.contains("  post (12 items, 12 to update)"), String.join("\n", lines));
        assertTrue(
                lines.stream().anyMatch(l -> l.startsWith("  new index GSI1: 12 items, ")),
                String.join("\n", lines));
    }
}
