package io.dynoscope.core.planner;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The review of a design edited by hand: each thing that will hurt is named, and nothing else. */
class ModelReviewTest {

    private static final Entity TASK =
            new Entity(
                    "task",
                    KeyTemplates.of("PROJECT#{projectId}", "TASK#{taskId}"),
                    List.of(
                            new AttributeModel("status", AttributeValue.Type.S),
                            new AttributeModel("tags", AttributeValue.Type.SS)),
                    Map.of(
                            "byStatus", KeyTemplates.of("STATUS#{status}", "{dueAt}"),
                            "byOwner", KeyTemplates.of("OWNER#{ownerId}", "{dueAt}")));
    private static final Entity PROJECT =
            new Entity(
                    "project",
                    KeyTemplates.of("PROJECT#{projectId}", "META"),
                    List.of(new AttributeModel("name", AttributeValue.Type.S)),
                    Map.of());

    private static TableModel model(SecondaryIndex extra, AccessPattern... patterns) {
        List<SecondaryIndex> indexes =
                new ArrayList<>(
                        List.of(
                                new SecondaryIndex(
                                        "byStatus",
                                        true,
                                        KeySchema.of("GSI1PK", "GSI1SK"),
                                        "ALL",
                                        List.of()),
                                new SecondaryIndex(
                                        "byOwner",
                                        true,
                                        KeySchema.of("GSI2PK", "GSI2SK"),
                                        "ALL",
                                        List.of())));
        if (extra != null) {
            indexes.add(extra);
        }
        return new TableModel(
                "Tasks",
                KeySchema.of("PK", "SK"),
                Map.of(),
                indexes,
                List.of(PROJECT, TASK),
                List.of(patterns),
                List.of(),
                List.of(),
                List.of());
    }

    private static AccessPattern query(String name, String index, String partitionKey) {
        return new AccessPattern(
                name,
                AccessPattern.Operation.QUERY,
                List.of("task"),
                index,
                KeyTemplate.parse(partitionKey),
                Optional.empty(),
                false,
                null);
    }

    private static List<Finding> review(TableModel model, List<Item> items) {
        return ModelReview.review(TableDesign.of(model, items));
    }

    private static List<Finding> about(List<Finding> findings, String subject) {
        return findings.stream().filter(f -> f.subject().equals(subject)).toList();
    }

    @Test
    void aPartitionByAStatusOrAFixedKeyIsHotAndOneByAnIdIsNot() {
        List<Finding> findings =
                review(
                        model(
                                null,
                                query("tasks by status", "byStatus", "STATUS#{status}"),
                                query("tasks of an owner", "byOwner", "OWNER#{ownerId}"),
                                query("every task", "byStatus", "TASKS"),
                                query("tasks of a project", null, "PROJECT#{projectId}")),
                        List.of());
        List<Finding> byStatus = about(findings, "tasks by status");
        assertEquals(1, byStatus.size(), findings.toString());
        assertEquals(Finding.Kind.HOT_PARTITION, byStatus.get(0).kind());
        assertEquals(Finding.Severity.WARNING, byStatus.get(0).severity());
        assertTrue(
                byStatus.get(0)
                        .message()
                        .startsWith(
                                "index byStatus puts every task with the same status under one"
                                        + " partition key (STATUS#{status})"),
                byStatus.get(0).message());
        assertEquals(List.of(), about(findings, "tasks of an owner"), "ownerId spreads the load");
        assertEquals(List.of(), about(findings, "tasks of a project"));
        List<Finding> every = about(findings, "every task");
        assertEquals(1, every.size(), findings.toString());
        assertEquals(Finding.Kind.HOT_PARTITION, every.get(0).kind());
        assertTrue(every.get(0).message().contains("the one partition key TASKS"));
    }

    @Test
    void aFanOutAFilterAndAScanAreSaidWithWhatTheyCost() {
        AccessPattern sharded =
                query("tasks of a big project", null, "PROJECT#{projectId}#{shard:1..4}");
        AccessPattern filtered =
                new AccessPattern(
                        "open tasks of a project",
                        AccessPattern.Operation.QUERY,
                        List.of("task"),
                        null,
                        KeyTemplate.parse("PROJECT#{projectId}"),
                        Optional.empty(),
                        false,
                        "status = :status");
        AccessPattern scan =
                new AccessPattern(
                        "all tasks",
                        AccessPattern.Operation.SCAN,
                        List.of("task"),
                        null,
                        null,
                        Optional.empty(),
                        false,
                        null);
        Item item = Item.of(Map.of("PK", s("PROJECT#1"), "SK", s("META")));
        List<Finding> findings = review(model(null, sharded, filtered, scan), List.of(item, item));
        List<Finding> fanOut = about(findings, "tasks of a big project");
        assertEquals(1, fanOut.size(), findings.toString());
        assertEquals(Finding.Kind.FAN_OUT, fanOut.get(0).kind());
        assertEquals("reads 4 shard partitions: 4 Queries, not one", fanOut.get(0).message());
        List<Finding> filter = about(findings, "open tasks of a project");
        assertEquals(1, filter.size(), findings.toString());
        assertEquals(Finding.Kind.FILTER, filter.get(0).kind());
        assertTrue(filter.get(0).message().startsWith("the filter 'status = :status' runs after"));
        List<Finding> scanned = about(findings, "all tasks");
        assertEquals(1, scanned.size(), findings.toString());
        assertEquals(Finding.Kind.SCAN, scanned.get(0).kind());
        assertTrue(scanned.get(0).message().contains("(2 example items,"), scanned.toString());
    }

    @Test
    void whatTheModelLacksIsAnError() {
        AccessPattern noIndex = query("tasks by label", "byLabel", "LABEL#{label}");
        AccessPattern noEntity =
                new AccessPattern(
                        "comments of a task",
                        AccessPattern.Operation.QUERY,
                        List.of("comment"),
                        null,
                        KeyTemplate.parse("TASK#{taskId}"),
                        Optional.empty(),
                        false,
                        null);
        List<Finding> findings = review(model(null, noIndex, noEntity), List.of());
        assertEquals(
                List.of(
                        new Finding(
                                Finding.Severity.ERROR,
                                Finding.Kind.NOTE,
                                "tasks by label",
                                "reads index 'byLabel', which the model lacks")),
                about(findings, "tasks by label"));
        assertEquals(
                List.of(
                        new Finding(
                                Finding.Severity.ERROR,
                                Finding.Kind.NOTE,
                                "comments of a task",
                                "returns 'comment', which is not an entity of the model")),
                about(findings, "comments of a task"));
    }

    @Test
    void indexesSaidSparseOrLocalAndEmbeddedSetsAndLargeItemsNamed() {
        SecondaryIndex local =
                new SecondaryIndex("byName", false, KeySchema.of("PK", "name"), "ALL", List.of());
        SecondaryIndex everyone =
                new SecondaryIndex("all", true, KeySchema.of("GSI3PK", null), "ALL", List.of());
        TableModel model = model(local);
        Map<String, AttributeValue> big = new LinkedHashMap<>();
        big.put("PK", s("PROJECT#1"));
        big.put("SK", s("TASK#1"));
        big.put("notes", s("x".repeat(410_000)));
        List<Finding> findings = review(model, List.of(Item.of(big)));
        assertTrue(
                about(findings, "byStatus").stream()
                        .anyMatch(
                                f ->
                                        f.kind() == Finding.Kind.SPARSE_INDEX
                                                && f.message()
                                                        .startsWith(
                                                                "a sparse index: only task items"
                                                                        + " write GSI1PK, so")),
                findings.toString());
        assertEquals(
                Finding.Kind.LSI_LIMIT,
                about(findings, "byName").get(0).kind(),
                "a local index caps a collection at 10 GB");
        assertTrue(about(findings, "byName").get(0).message().contains("every item of one PK"));
        List<Finding> task = about(findings, "task");
        assertTrue(
                task.stream()
                        .anyMatch(
                                f ->
                                        f.kind() == Finding.Kind.ITEM_SIZE
                                                && f.severity() == Finding.Severity.INFO
                                                && f.message().startsWith("tags (SS) is embedded")),
                task.toString());
        assertTrue(
                task.stream()
                        .anyMatch(
                                f ->
                                        f.kind() == Finding.Kind.ITEM_SIZE
                                                && f.severity() == Finding.Severity.ERROR
                                                && f.message().contains("over the 400 KB")),
                task.toString());
        assertTrue(about(findings, "project").isEmpty(), "a project embeds nothing");

        Entity both =
                new Entity(
                        "project",
                        PROJECT.keys(),
                        PROJECT.attributes(),
                        Map.of("all", KeyTemplates.of("ALL", null)));
        Entity taskToo =
                new Entity(
                        "task",
                        TASK.keys(),
                        List.of(),
                        Map.of("all", KeyTemplates.of("ALL", null)));
        TableModel written = model(everyone).with(b -> b.entities(List.of(both, taskToo)));
        assertTrue(
                about(review(written, List.of()), "all").stream()
                        .noneMatch(f -> f.kind() == Finding.Kind.SPARSE_INDEX),
                "every entity writes it: not sparse");
    }

    @Test
    void twoEntitiesOneItemKeyCanMatchAreAFindingAndLookAlikesAreNot() {
        Entity profile =
                new Entity("profile", KeyTemplates.of("USER#{id}", "PROFILE"), List.of(), Map.of());
        Entity anyOfUser =
                new Entity(
                        "user item",
                        KeyTemplates.of("USER#{userId}", "{kind}"),
                        List.of(),
                        Map.of());
        Entity user =
                new Entity("user", KeyTemplates.of("ACCOUNT", "USER#{id}"), List.of(), Map.of());
        Entity order =
                new Entity(
                        "order",
                        KeyTemplates.of("ACCOUNT", "USER#{id}#ORDER#{o}"),
                        List.of(),
                        Map.of());

        List<Finding> overlapping = ModelReview.overlaps(entities(profile, anyOfUser, user, order));
        List<Finding> lookAlikes = ModelReview.overlaps(entities(profile, user, order));

        assertEquals(1, overlapping.size(), overlapping.toString());
        assertEquals(Finding.Kind.ENTITY_OVERLAP, overlapping.get(0).kind());
        assertEquals("profile, user item", overlapping.get(0).subject());
        assertTrue(
                overlapping.get(0).message().contains("(USER#{id} / PROFILE)"),
                overlapping.get(0).message());
        assertEquals(List.of(), lookAlikes, "USER#{id} and USER#{id}#ORDER#{o} share no key");
    }

    private static TableModel entities(Entity... entities) {
        return new TableModel(
                "t",
                KeySchema.of("PK", "SK"),
                Map.of(),
                List.of(),
                List.of(entities),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }
}
