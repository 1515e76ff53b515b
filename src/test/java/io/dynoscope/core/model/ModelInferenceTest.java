package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Inference on the sample data sets, whose generator says what each item is. */
class ModelInferenceTest {

    static InferredModel saas() {
        return ModelInference.infer(
                "saas",
                SampleData.SAAS_KEYS,
                Map.of("EntityRef", "S", "Detail", "S"),
                List.of(),
                SampleData.items(Dataset.SAAS));
    }

    static InferredModel blog() {
        return ModelInference.infer(
                "blog",
                KeySchema.of("PK", "SK"),
                Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S"),
                List.of(
                        new SecondaryIndex(
                                SampleData.BLOG_AUTHOR_INDEX,
                                true,
                                SampleData.BLOG_AUTHOR_INDEX_KEYS,
                                "ALL",
                                List.of())),
                SampleData.items(Dataset.BLOG));
    }

    /** What the saas generator made each item: a workspace, a project or a sharded project. */
    static String generatedSaasKind(Item item) {
        String entityRef = item.string("EntityRef").orElseThrow();
        String detail = item.string("Detail").orElseThrow();
        if (detail.equals(SampleData.WORKSPACE_DETAIL)) {
            return "workspace";
        }
        return entityRef.startsWith(SampleData.BIG + "#") ? "sharded project" : "project";
    }

    @Test
    void saasEntitiesAreTheWorkspacesProjectsAndShardedProjectsTheGeneratorMade() {
        InferredModel inferred = saas();
        TableModel model = inferred.model();
        assertEquals(
                List.of("ws", "proj", "projSharded"),
                model.entities().stream().map(Entity::name).toList());
        assertEquals(KeyTemplates.of("WS#{wsId}", "META"), model.entity("ws").orElseThrow().keys());
        assertEquals(
                KeyTemplates.of("WS#{wsId}", "PROJ#{projId}"),
                model.entity("proj").orElseThrow().keys());
        assertEquals(
                KeyTemplates.of("WS#{wsId}#{shard:01..10}", "PROJ#{projId}"),
                model.entity("projSharded").orElseThrow().keys());

        Map<String, String> kindToEntity =
                Map.of("workspace", "ws", "project", "proj", "sharded project", "projSharded");
        for (Item item : SampleData.items(Dataset.SAAS)) {
            assertEquals(
                    Optional.of(kindToEntity.get(generatedSaasKind(item))),
                    model.entityOf(item).map(Entity::name),
                    item.toString());
        }
        Map<String, Integer> evidence = new LinkedHashMap<>();
        inferred.entities().forEach(e -> evidence.put(e.entity(), e.matched()));
        int projects =
                SampleData.ACME_PROJECTS + SampleData.BETA_PROJECTS + SampleData.HUGE_PROJECTS;
        assertEquals(
                Map.of("ws", 4, "proj", projects, "projSharded", SampleData.BIG_PROJECTS),
                evidence);
        assertEquals(SampleData.items(Dataset.SAAS).size(), inferred.sampled());
    }

    @Test
    void saasProposesItsAccessPatternsRelationshipCopyAndShardGroup() {
        TableModel model = saas().model();
        Map<String, AccessPattern> patterns =
                model.accessPatterns().stream()
                        .collect(
                                Collectors.toMap(
                                        AccessPattern::name,
                                        p -> p,
                                        (a, b) -> a,
                                        LinkedHashMap::new));
        AccessPattern list = patterns.get("list proj of a ws, newest first");
        assertEquals(AccessPattern.Operation.QUERY, list.operation());
        assertEquals("WS#{wsId}", list.partitionKey().text());
        assertEquals("PROJ#", list.sortKey().orElseThrow().value().text());
        assertTrue(list.newestFirst());
        AccessPattern both = patterns.get("ws and its proj");
        assertEquals(List.of("ws", "proj"), both.entities());
        assertTrue(both.sortKey().isEmpty());
        assertEquals(AccessPattern.Operation.GET_ITEM, patterns.get("get ws by wsId").operation());
        assertEquals(
                List.of(
                        new Relationship(
                                "ws has proj",
                                Relationship.Kind.SHARED_PARTITION,
                                "ws",
                                "proj",
                                null)),
                model.relationships());
        assertEquals(1, model.copies().size());
        assertEquals("workspaceName", model.copies().get(0).copies().attribute().toString());
        assertEquals(CopyLookup.COLLECTION, model.copies().get(0).copies().lookup());
        assertEquals(1, model.shardGroups().size());
        assertTrue(model.shardGroupOf("WS#big#07").isPresent());
    }

    @Test
    void blogEntitiesAreItsUsersAndPostsWithTheAuthorIndex() {
        InferredModel inferred = blog();
        TableModel model = inferred.model();
        assertEquals(List.of("post", "user"), model.entities().stream().map(Entity::name).toList());
        Entity post = model.entity("post").orElseThrow();
        assertEquals(KeyTemplates.of("POST#{postId}", "META"), post.keys());
        assertEquals(
                Map.of(
                        SampleData.BLOG_AUTHOR_INDEX,
                        KeyTemplates.of("U#{authorId}", "{createdAt}")),
                post.indexKeys());
        Entity user = model.entity("user").orElseThrow();
        assertEquals(KeyTemplates.of("USER#{userId}", "META"), user.keys());
        assertTrue(user.indexKeys().isEmpty());
        for (Item item : SampleData.items(Dataset.BLOG)) {
            String pk = item.string("PK").orElseThrow();
            assertEquals(
                    Optional.of(pk.startsWith("USER#") ? "user" : "post"),
                    model.entityOf(item).map(Entity::name));
        }
        AccessPattern byAuthor =
                model.accessPatterns().stream()
                        .filter(p -> SampleData.BLOG_AUTHOR_INDEX.equals(p.index()))
                        .findFirst()
                        .orElseThrow();
        assertEquals("U#{authorId}", byAuthor.partitionKey().text());
        assertTrue(byAuthor.newestFirst());
        assertEquals(
                List.of(
                        new Relationship(
                                "user has post (byAuthor)",
                                Relationship.Kind.INDEX,
                                "user",
                                "post",
                                "byAuthor")),
                model.relationships());
        assertEquals(2, model.copies().size());
        assertTrue(
                inferred.describe()
                        .contains(
                                "entity post: 12 of 16 sampled items, e.g. POST#9f3 / META, POST#a71 / META, POST#b04 / META"));
    }

    @Test
    void entityTypeAttributesNameEntitiesAndPrefixesBecomeLiterals() {
        KeySchema keys = KeySchema.of("PK", "SK");
        List<Item> items =
                List.of(
                        item("BRANDS", "B#1", "BRAND"),
                        item("BRANDS", "B#2", "BRAND"),
                        item("Room:Music", "meta", "ROOM"),
                        item("Room:Art", "meta", "ROOM"));
        TableModel model =
                ModelInference.infer("t", keys, Map.of("PK", "S", "SK", "S"), List.of(), items)
                        .model();
        assertEquals(
                KeyTemplates.of("BRANDS", "B#{bId}"), model.entity("brand").orElseThrow().keys());
        assertEquals(
                KeyTemplates.of("Room:{roomId}", "meta"),
                model.entity("room").orElseThrow().keys());
    }

    private static Item item(String pk, String sk, String type) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s(sk));
        attributes.put("type", AttributeValue.s(type));
        return Item.of(attributes);
    }
}
