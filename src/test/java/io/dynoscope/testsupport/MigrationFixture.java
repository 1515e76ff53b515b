package io.dynoscope.testsupport;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A single table of three entities for the migration tests: workspaces ({@code WS#w0001 / META}),
 * their projects ({@code PROJ#2026-0001}, in index {@code byStatus} as {@code PROJECT#{status}} /
 * {@code {createdAt}}) and their tasks ({@code TASK#00001}, with an assignee, a status and a due
 * date). The target model renames the projects' index template to {@code STATUS#{status}} and adds
 * index {@code byAssignee} with the composite sort key {@code {status}#{dueAt}} for the tasks.
 *
 * <p>Besides: a few audit items of no entity, a project whose status is a BOOL (its attributes
 * cannot be computed), tasks without a due date (they stay out of the sparse new index), and on
 * every task values that are easy to lose: a 38-digit number, binary, sets, a nested map, an empty
 * string and NULL.
 */
public final class MigrationFixture {

    public static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");
    public static final String[] PROJECT_STATUSES = {"ACTIVE", "PAUSED", "ARCHIVED", "DONE"};
    public static final int PROJECTS_PER_WORKSPACE = 20;
    public static final int TASKS_PER_WORKSPACE = 29;
    public static final int USERS = 100;
    private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private MigrationFixture() {}

    /** The table with index {@code byStatus}, as the current model has it. */
    public static String table(String prefix) {
        return TestEngine.freshTable(
                new TableDefinition(
                        prefix,
                        KEYS,
                        Map.of("EntityRef", "S", "Detail", "S", "GSI1PK", "S", "GSI1SK", "S"),
                        List.of(SecondaryIndex.global("byStatus", "GSI1PK", "GSI1SK")),
                        List.of()));
    }

    /** {@code workspaces} workspaces with their projects and tasks: 50 items each. */
    public static List<Item> items(int workspaces) {
        List<Item> items = new ArrayList<>();
        for (int w = 0; w < workspaces; w++) {
            String workspace = String.format("WS#w%04d", w);
            items.add(
                    Item.of(
                            Map.of(
                                    "EntityRef", s(workspace),
                                    "Detail", s("META"),
                                    "name", s("Workspace " + w),
                                    "plan", s(w % 3 == 0 ? "pro" : "free"))));
            for (int p = 1; p <= PROJECTS_PER_WORKSPACE; p++) {
                items.add(project(workspace, w, p, w == workspaces - 1 && p == 1));
            }
            for (int t = 1; t <= TASKS_PER_WORKSPACE; t++) {
                if (t == TASKS_PER_WORKSPACE && w % 100 == 0) {
                    items.add(
                            Item.of(
                                    Map.of(
                                            "EntityRef", s(workspace),
                                            "Detail", s("AUDIT#" + w),
                                            "what", s("an item of no entity"))));
                } else {
                    items.add(task(workspace, w, t));
                }
            }
        }
        return items;
    }

    private static Item project(String workspace, int w, int p, boolean oddStatus) {
        String status = PROJECT_STATUSES[(w + p) % PROJECT_STATUSES.length];
        String createdAt = EPOCH.plusSeconds(60L * (w * PROJECTS_PER_WORKSPACE + p)).toString();
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s(workspace));
        attributes.put("Detail", s(String.format("PROJ#2026-%04d", p)));
        attributes.put("name", s("Project " + p + " of " + workspace));
        attributes.put("status", oddStatus ? AttributeValue.bool(true) : s(status));
        attributes.put("createdAt", s(createdAt));
        if (!oddStatus) {
            attributes.put("GSI1PK", s("PROJECT#" + status));
            attributes.put("GSI1SK", s(createdAt));
        }
        return Item.of(attributes);
    }

    private static Item task(String workspace, int w, int t) {
        int n = w * TASKS_PER_WORKSPACE + t;
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s(workspace));
        attributes.put("Detail", s(String.format("TASK#%05d", t)));
        attributes.put("title", s("Task " + t + ", \"quoted\" and ünïcödé"));
        attributes.put("assignee", s(String.format("u%03d", n % USERS)));
        attributes.put("status", s(n % 3 == 0 ? "DONE" : "OPEN"));
        if (!(t == 1 && w % 50 == 0)) {
            attributes.put("dueAt", s(EPOCH.plusSeconds(3600L * n).toString()));
        }
        attributes.put(
                "estimate", AttributeValue.n("1234567890123456789012345678901234567." + (n % 10)));
        attributes.put("blob", AttributeValue.b(new byte[] {0, (byte) n, -1}));
        attributes.put("labels", AttributeValue.ss("all", "l" + (n % 7)));
        attributes.put(
                "meta",
                AttributeValue.m(
                        Map.of(
                                "empty", s(""),
                                "none", AttributeValue.nul(),
                                "list", AttributeValue.l(AttributeValue.n(n), s("x")))));
        return Item.of(attributes);
    }

    /** Writes {@code items} with BatchWriteItem, the quickest load. */
    public static void load(DynamoRepository repository, String table, List<Item> items) {
        repository.batchWrite(table, items, List.of(), Cancellation.none());
    }

    /** The current model as a file holds it. */
    public static final String CURRENT =
            """
            {"format": "dynoscope-model", "version": 1, "tables": [{
              "table": "tasks", "partitionKey": {"name": "EntityRef", "type": "S"},
              "sortKey": {"name": "Detail", "type": "S"},
              "indexes": [{"name": "byStatus", "kind": "GSI", "projection": "ALL",
                "partitionKey": {"name": "GSI1PK", "type": "S"}, "sortKey": {"name": "GSI1SK", "type": "S"}}],
              "entities": [
                {"name": "workspace", "partitionKey": "WS#{workspaceId}", "sortKey": "META",
                 "attributes": [{"name": "name", "type": "S"}, {"name": "plan", "type": "S"}]},
                {"name": "project", "partitionKey": "WS#{workspaceId}", "sortKey": "PROJ#{projectId}",
                 "attributes": [{"name": "name", "type": "S"}, {"name": "status", "type": "S"},
                                {"name": "createdAt", "type": "S"}],
                 "indexKeys": {"byStatus": {"partitionKey": "PROJECT#{status}", "sortKey": "{createdAt}"}}},
                {"name": "task", "partitionKey": "WS#{workspaceId}", "sortKey": "TASK#{taskId}",
                 "attributes": [{"name": "title", "type": "S"}, {"name": "assignee", "type": "S"},
                                {"name": "status", "type": "S"}, {"name": "dueAt", "type": "S"}]}],
              "accessPatterns": [
                {"name": "workspace settings", "operation": "GET_ITEM", "entities": ["workspace"],
                 "partitionKey": "WS#{workspaceId}", "sortKey": {"operator": "EQ", "value": "META"}},
                {"name": "projects of a workspace, newest first", "operation": "QUERY",
                 "entities": ["project"], "partitionKey": "WS#{workspaceId}",
                 "sortKey": {"operator": "BEGINS_WITH", "value": "PROJ#"}, "newestFirst": true},
                {"name": "projects with a given status, newest first", "operation": "QUERY",
                 "entities": ["project"], "index": "byStatus", "partitionKey": "PROJECT#{status}",
                 "newestFirst": true}]
            }]}
            """;

    /** The target: a renamed template, and a new index with a composite sort key. */
    public static final String TARGET =
            """
            {"format": "dynoscope-model", "version": 1, "tables": [{
              "table": "tasks", "partitionKey": {"name": "EntityRef", "type": "S"},
              "sortKey": {"name": "Detail", "type": "S"},
              "indexes": [
                {"name": "byStatus", "kind": "GSI", "projection": "ALL",
                 "partitionKey": {"name": "GSI1PK", "type": "S"}, "sortKey": {"name": "GSI1SK", "type": "S"}},
                {"name": "byAssignee", "kind": "GSI", "projection": "ALL",
                 "partitionKey": {"name": "GSI2PK", "type": "S"}, "sortKey": {"name": "GSI2SK", "type": "S"}}],
              "entities": [
                {"name": "workspace", "partitionKey": "WS#{workspaceId}", "sortKey": "META",
                 "attributes": [{"name": "name", "type": "S"}, {"name": "plan", "type": "S"}]},
                {"name": "project", "partitionKey": "WS#{workspaceId}", "sortKey": "PROJ#{projectId}",
                 "attributes": [{"name": "name", "type": "S"}, {"name": "status", "type": "S"},
                                {"name": "createdAt", "type": "S"}],
                 "indexKeys": {"byStatus": {"partitionKey": "STATUS#{status}", "sortKey": "{createdAt}"}}},
                {"name": "task", "partitionKey": "WS#{workspaceId}", "sortKey": "TASK#{taskId}",
                 "attributes": [{"name": "title", "type": "S"}, {"name": "assignee", "type": "S"},
                                {"name": "status", "type": "S"}, {"name": "dueAt", "type": "S"}],
                 "indexKeys": {"byAssignee": {"partitionKey": "USER#{assignee}", "sortKey": "{status}#{dueAt}"}}}],
              "accessPatterns": [
                {"name": "workspace settings", "operation": "GET_ITEM", "entities": ["workspace"],
                 "partitionKey": "WS#{workspaceId}", "sortKey": {"operator": "EQ", "value": "META"}},
                {"name": "projects of a workspace, newest first", "operation": "QUERY",
                 "entities": ["project"], "partitionKey": "WS#{workspaceId}",
                 "sortKey": {"operator": "BEGINS_WITH", "value": "PROJ#"}, "newestFirst": true},
                {"name": "projects with a given status, newest first, across workspaces",
                 "operation": "QUERY", "entities": ["project"], "index": "byStatus",
                 "partitionKey": "STATUS#{status}", "newestFirst": true},
                {"name": "a user's tasks with a given status, soonest due first", "operation": "QUERY",
                 "entities": ["task"], "index": "byAssignee", "partitionKey": "USER#{assignee}",
                 "sortKey": {"operator": "BEGINS_WITH", "value": "{status}#"}},
                {"name": "tasks of a workspace", "operation": "QUERY", "entities": ["task"],
                 "partitionKey": "WS#{workspaceId}", "sortKey": {"operator": "BEGINS_WITH", "value": "TASK#"}}]
            }]}
            """;

    /** A model file's text with its table named {@code table} (migrate refuses another's). */
    /** The current and target model files of {@code table}, written into {@code folder}. */
    public record ModelFiles(Path current, Path target) {}

    public static ModelFiles writeModels(Path folder, String table) throws IOException {
        Path target = folder.resolve("target.json");
        Path current = folder.resolve("current.json");
        Files.writeString(target, forTable(TARGET, table));
        Files.writeString(current, forTable(CURRENT, table));
        return new ModelFiles(current, target);
    }

    public static String forTable(String json, String table) {
        return json.replace("\"table\": \"tasks\"", "\"table\": \"" + table + "\"");
    }

    public static TableModel model(String json, String table) {
        return ModelJson.read(json).tables().get(0).model().withTable(table);
    }

    /**
     * The computed attributes an item should hold under the target, written out by hand (not by the
     * code under test): GSI1PK/GSI1SK for a project with a string status, GSI2PK/GSI2SK for a task
     * with a due date.
     */
    public static Map<String, AttributeValue> expectedComputed(Item item) {
        String detail = ((AttributeValue.Str) item.attributes().get("Detail")).value();
        Map<String, AttributeValue> expected = new TreeMap<>();
        if (detail.startsWith("PROJ#")
                && item.attributes().get("status") instanceof AttributeValue.Str status) {
            expected.put("GSI1PK", s("STATUS#" + status.value()));
            expected.put("GSI1SK", item.attributes().get("createdAt"));
        }
        if (detail.startsWith("TASK#") && item.attributes().containsKey("dueAt")) {
            String status = ((AttributeValue.Str) item.attributes().get("status")).value();
            String dueAt = ((AttributeValue.Str) item.attributes().get("dueAt")).value();
            expected.put(
                    "GSI2PK",
                    s("USER#" + ((AttributeValue.Str) item.attributes().get("assignee")).value()));
            expected.put("GSI2SK", s(status + "#" + dueAt));
        }
        return expected;
    }

    /** The attributes other than the computed ones, as exact DynamoDB JSON (number text kept). */
    public static String otherAttributes(Item item) {
        Map<String, AttributeValue> other = new TreeMap<>(item.attributes());
        other.keySet().removeAll(List.of("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"));
        return ItemJson.DYNAMODB.write(Item.of(other));
    }

    /** Every item of {@code table} by its key's text, read by one Scan. */
    public static Map<String, Item> byKey(DynamoRepository repository, String table) {
        Map<String, Item> byKey = new TreeMap<>();
        repository.scan(
                ScanSpec.table(table),
                page -> {
                    page.items().forEach(i -> byKey.put(KEYS.keyOf(i).text(), i));
                    return true;
                },
                Cancellation.none());
        return byKey;
    }

    /** The computed attributes an item holds. */
    public static Map<String, AttributeValue> computedIn(Item item) {
        Map<String, AttributeValue> computed = new TreeMap<>(item.attributes());
        computed.keySet().retainAll(List.of("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"));
        return computed;
    }
}
