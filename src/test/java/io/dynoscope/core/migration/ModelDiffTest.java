package io.dynoscope.core.migration;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.migration.ModelDiff.AttributeAction;
import io.dynoscope.core.migration.ModelDiff.IndexAction;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The model diff and the plan built on it, on the seed's SaaS design: projects gain "projects with
 * a given status, newest first, across workspaces" through a new index, and the old index's
 * template is renamed.
 */
class ModelDiffTest {

    static final SecondaryIndex BY_STATUS =
            new SecondaryIndex(
                    "byStatus", true, KeySchema.of("GSI1PK", "GSI1SK"), "ALL", List.of());
    static final SecondaryIndex BY_STATUS_DATE =
            new SecondaryIndex(
                    "byStatusDate", true, KeySchema.of("GSI2PK", "GSI2SK"), "ALL", List.of());

    static TableModel current() {
        return new TableModel(
                "saas",
                KeySchema.of("EntityRef", "Detail"),
                Map.of(),
                List.of(BY_STATUS),
                List.of(
                        new Entity("ws", KeyTemplates.of("WS#{wsId}", "META"), List.of(), Map.of()),
                        new Entity(
                                "proj",
                                KeyTemplates.of("WS#{wsId}", "PROJ#{projId}"),
                                List.of(),
                                Map.of(
                                        "byStatus",
                                        KeyTemplates.of("PROJECT#{status}", "{createdAt}")))),
                List.of(
                        new AccessPattern(
                                "one project",
                                AccessPattern.Operation.GET_ITEM,
                                List.of("proj"),
                                null,
                                KeyTemplate.parse("WS#{wsId}"),
                                Optional.of(
                                        new AccessPattern.SortKeyPattern(
                                                SortKeyCondition.Operator.EQ,
                                                KeyTemplate.parse("PROJ#{projId}"),
                                                null)),
                                false,
                                null)),
                List.of(),
                List.of(),
                List.of());
    }

    static TableModel target() {
        return new TableModel(
                "saas",
                KeySchema.of("EntityRef", "Detail"),
                Map.of(),
                List.of(BY_STATUS, BY_STATUS_DATE),
                List.of(
                        new Entity(
                                "workspace",
                                KeyTemplates.of("WS#{workspaceId}", "META"),
                                List.of(),
                                Map.of()),
                        new Entity(
                                "project",
                                KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                                List.of(),
                                Map.of(
                                        "byStatus",
                                                KeyTemplates.of("STATUS#{status}", "{createdAt}"),
                                        "byStatusDate",
                                                KeyTemplates.of(
                                                        "PROJSTATUS#{status}",
                                                        "{status}#{createdAt}")))),
                List.of(
                        new AccessPattern(
                                "projects with a given status, newest first, across workspaces",
                                AccessPattern.Operation.QUERY,
                                List.of("project"),
                                "byStatusDate",
                                KeyTemplate.parse("PROJSTATUS#{status}"),
                                Optional.empty(),
                                true,
                                null)),
                List.of(),
                List.of(),
                List.of());
    }

    @Test
    void theDiffSaysWhatEachIndexEntityAndPatternGets() {
        ModelDiff diff = ModelDiff.between(current(), target(), Optional.empty());

        assertEquals(List.of(), diff.refusals());
        assertEquals(
                List.of(IndexAction.KEEP, IndexAction.CREATE),
                diff.indexes().stream().map(ModelDiff.IndexChange::action).toList());
        assertEquals(Map.of("GSI2PK", "S", "GSI2SK", "S"), diff.indexes().get(1).keyTypes());
        ModelDiff.EntityChange project = diff.entities().get(1);
        assertEquals("project", project.entity());
        assertEquals("proj", project.currentName(), "matched by its key shape");
        assertTrue(project.renamed());
        assertEquals(
                List.of(
                        "GSI1PK = STATUS#{status} TEMPLATE_CHANGED PROJECT#{status}",
                        "GSI1SK = {createdAt} UNCHANGED null",
                        "GSI2PK = PROJSTATUS#{status} NEW null",
                        "GSI2SK = {status}#{createdAt} NEW null"),
                project.attributes().stream()
                        .map(a -> a.attribute().describe() + " " + a.action() + " " + a.before())
                        .toList());
        assertEquals(
                List.of(
                        "projects with a given status, newest first, across workspaces ADDED null"
                                + " Query of byStatusDate: PROJSTATUS#{status}, newest first",
                        "one project REMOVED GetItem of the table: WS#{wsId}, eq PROJ#{projId} null"),
                diff.accessPatterns().stream()
                        .map(
                                p ->
                                        p.name()
                                                + " "
                                                + p.action()
                                                + " "
                                                + (p.before() == null ? "null" : p.before())
                                                + (p.after() == null ? " null" : " " + p.after()))
                        .toList());
    }

    @Test
    void anAttributeWhoseTemplateMovesToAnotherNameIsARenameAndTheOldOneGoesAtCleanup() {
        TableModel renamed =
                current()
                        .with(b -> b.indexes(List.of(BY_STATUS_DATE)))
                        .with(
                                b ->
                                        b.entities(
                                                List.of(
                                                        new Entity(
                                                                "proj",
                                                                KeyTemplates.of(
                                                                        "WS#{wsId}",
                                                                        "PROJ#{projId}"),
                                                                List.of(),
                                                                Map.of(
                                                                        "byStatusDate",
                                                                        KeyTemplates.of(
                                                                                "PROJECT#{status}",
                                                                                "{createdAt}"))))));

        ModelDiff diff = ModelDiff.between(current(), renamed, Optional.empty());

        ModelDiff.EntityChange project = diff.entities().get(0);
        assertEquals(AttributeAction.RENAMED, project.attributes().get(0).action());
        assertEquals("GSI1PK", project.attributes().get(0).before());
        assertEquals(List.of("GSI1PK", "GSI1SK"), project.removed());
        assertEquals(IndexAction.REMOVE, diff.indexes().get(1).action());
        assertEquals("byStatus", diff.indexes().get(1).index().name());
        assertTrue(
                diff.notes()
                        .contains(
                                "entity 'ws' is not in the target: its items will match no entity and are listed, not touched"));
    }

    @Test
    void whatCannotBeDoneInPlaceIsRefusedSayingWhy() {
        TableModel movedKeys =
                target().with(
                                b ->
                                        b.entities(
                                                List.of(
                                                        new Entity(
                                                                "proj",
                                                                KeyTemplates.of(
                                                                        "WS#{wsId}",
                                                                        "PROJECT#{projId}"),
                                                                List.of(),
                                                                Map.of()))));
        TableModel newLocalIndex =
                target().with(
                                b ->
                                        b.indexes(
                                                List.of(
                                                        BY_STATUS,
                                                        BY_STATUS_DATE,
                                                        new SecondaryIndex(
                                                                "byDate",
                                                                false,
                                                                KeySchema.of(
                                                                        "EntityRef", "createdAt"),
                                                                "ALL",
                                                                List.of()))));
        TableModel changedIndex =
                target().with(
                                b ->
                                        b.indexes(
                                                List.of(
                                                        new SecondaryIndex(
                                                                "byStatus",
                                                                true,
                                                                KeySchema.of("GSI9PK", "GSI1SK"),
                                                                "ALL",
                                                                List.of()),
                                                        BY_STATUS_DATE)));

        assertEquals(
                List.of(
                        "entity 'proj' moves from WS#{wsId} / PROJ#{projId} to WS#{wsId} / PROJECT#{projId}:"
                                + " its items would change their key, and a migration only computes attributes"),
                ModelDiff.between(current(), movedKeys, Optional.empty()).refusals());
        assertEquals(
                List.of(
                        "local secondary index 'byDate' is new: a local index can only be made with the table"),
                ModelDiff.between(current(), newLocalIndex, Optional.empty()).refusals());
        assertTrue(
                ModelDiff.between(current(), changedIndex, Optional.empty())
                        .refusals()
                        .get(0)
                        .startsWith(
                                "index 'byStatus' is keyed GSI1PK / GSI1SK on the table and GSI9PK / GSI1SK in the target"));
    }

    @Test
    void theNewIndexIsCreatedBeforeTheBackfillUnlessItsItemsAlreadyCarryKeysThatChange() {
        ModelDiff diff = ModelDiff.between(current(), target(), Optional.empty());
        AttributeComputation computation = AttributeComputation.of(target());
        List<Item> fresh = new ArrayList<>();
        List<Item> keyedAlready = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Item project =
                    Item.of(
                            Map.of(
                                    "EntityRef", s("WS#acme"),
                                    "Detail", s("PROJ#2026-000" + i),
                                    "status", s("ACTIVE"),
                                    "createdAt", s("2026-01-0" + i),
                                    "GSI1PK", s("PROJECT#ACTIVE"),
                                    "GSI1SK", s("2026-01-0" + i)));
            fresh.add(project);
            keyedAlready.add(project.with("GSI2PK", s("OLD#ACTIVE")).with("GSI2SK", s("old")));
        }
        TableFacts facts = new TableFacts(1_000, 100_000, false, 0, 0);

        MigrationPlan forFresh =
                new MigrationPlan(
                        "saas",
                        "current",
                        "target",
                        current(),
                        target(),
                        diff,
                        SampleTally.of(fresh, false, computation, target().indexes()),
                        facts,
                        4,
                        Duration.ofMillis(4));
        MigrationPlan forKeyed =
                new MigrationPlan(
                        "saas",
                        "current",
                        "target",
                        current(),
                        target(),
                        diff,
                        SampleTally.of(keyedAlready, false, computation, target().indexes()),
                        facts,
                        4,
                        Duration.ofMillis(4));

        assertEquals(MigrationPlan.When.BEFORE_BACKFILL, forFresh.whenCreated("byStatusDate"));
        assertEquals(1_000, forFresh.timings().get(0).costBefore());
        assertEquals(1_000, forFresh.timings().get(0).costAfter());
        assertEquals(MigrationPlan.When.AFTER_BACKFILL, forKeyed.whenCreated("byStatusDate"));
        assertEquals(
                3_000,
                forKeyed.timings().get(0).costBefore(),
                "its build, then a delete and a put per item");
        assertEquals(1_000, forKeyed.timings().get(0).costAfter());
        MigrationPlan.Estimate estimate = forFresh.estimate();
        assertEquals(1_000, estimate.itemsToUpdate());
        assertEquals(1_000, estimate.writeUnits());
        assertEquals(
                3_000,
                estimate.indexWriteUnits(),
                "byStatus: a changed key is a delete and a put; byStatusDate: a put");
        assertEquals(Duration.ofMillis((1_000 + 3) * 4 / 4), estimate.time());
        String plan = String.join("\n", PlanText.lines(forFresh));
        assertTrue(
                plan.contains(
                        "create byStatusDate (GSI2PK / GSI2SK, ALL) before the backfill, waiting until it is ACTIVE"),
                plan);
        assertTrue(plan.contains("project (was proj) (1,000 items, 1,000 to update)"), plan);
        assertTrue(
                plan.contains("deploy the writer of the new attributes first, then migrate"), plan);
    }
}
