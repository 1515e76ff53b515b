package io.dynoscope.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.snippet.ShardedKeyCode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.sandbox.SampleData.Dataset;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SampleDataTest {

    private static final KeySchema SAAS_KEYS =
            KeySchema.of(SampleData.SAAS_PARTITION_KEY, SampleData.SAAS_SORT_KEY);
    private static final KeySchema BLOG_KEYS =
            KeySchema.of(SampleData.BLOG_PARTITION_KEY, SampleData.BLOG_SORT_KEY);

    @Test
    void saasHasEveryTenantWithItsProjects() {
        Map<String, List<Item>> collections =
                collections(SampleData.items(Dataset.SAAS), SampleData.SAAS_PARTITION_KEY);

        assertEquals(1 + SampleData.ACME_PROJECTS, collections.get(SampleData.ACME).size());
        assertEquals(1 + SampleData.BETA_PROJECTS, collections.get(SampleData.BETA).size());
        assertEquals(1 + SampleData.HUGE_PROJECTS, collections.get(SampleData.HUGE).size());
        assertEquals(1, collections.get(SampleData.BIG).size());
        for (int shard = 1; shard <= SampleData.BIG_SHARDS; shard++) {
            assertEquals(
                    SampleData.BIG_PROJECTS / SampleData.BIG_SHARDS,
                    collections.get(SampleData.bigShard(shard)).size(),
                    SampleData.bigShard(shard));
        }
        assertEquals(4 + SampleData.BIG_SHARDS, collections.size());
        assertEquals("WS#big#01", SampleData.bigShard(1));
        assertEquals("WS#big#10", SampleData.bigShard(10));
    }

    @Test
    void theSecondStepMakesTheShardedTenantAndTheGiantTenantHot() {
        Map<String, List<Item>> bulk =
                collections(SampleData.bulkItems(Dataset.SAAS), SampleData.SAAS_PARTITION_KEY);

        assertEquals(
                SampleData.BIG_BULK_PROJECTS + SampleData.HUGE_BULK_PROJECTS,
                SampleData.bulkItems(Dataset.SAAS).size());
        assertEquals(SampleData.HUGE_BULK_PROJECTS, bulk.get(SampleData.HUGE).size());
        assertEquals(1 + SampleData.BIG_SHARDS, bulk.size(), "WS#acme and WS#beta untouched");
        int smallest = Integer.MAX_VALUE;
        int largest = 0;
        for (int shard = 1; shard <= SampleData.BIG_SHARDS; shard++) {
            int count = bulk.get(SampleData.bigShard(shard)).size();
            smallest = Math.min(smallest, count);
            largest = Math.max(largest, count);
        }
        assertTrue(smallest > 300, "every shard holds hundreds: " + smallest);
        assertTrue(largest < 1.3 * smallest, "the calculated suffix spreads them: " + largest);
        Set<Key> base = keys(Dataset.SAAS, SAAS_KEYS);
        for (Item item : SampleData.bulkItems(Dataset.SAAS)) {
            assertFalse(base.contains(item.key(SAAS_KEYS)), "the bulk adds, never replaces");
        }
        for (Item item : SampleData.bulkItems(Dataset.SAAS)) {
            String entityRef = item.string("EntityRef").orElseThrow();
            if (entityRef.startsWith(SampleData.BIG + "#")) {
                int shard =
                        ShardedKeyCode.calculatedShard(
                                item.string("Detail").orElseThrow(), SampleData.BIG_SHARDS);
                assertEquals(SampleData.bigShard(shard), entityRef, "the advisor's suffix");
            }
        }
    }

    @Test
    void theActivityTableHasAnLsiAndTheGiantTenantsLogIsItsLargestCollection() {
        var definition = SampleData.definition(Dataset.ACTIVITY, "activity");
        assertEquals(SampleData.ACTIVITY_KEYS, definition.keySchema());
        assertEquals(
                SampleData.ACTIVITY_ACTOR_INDEX, definition.localSecondaryIndexes().get(0).name());
        Map<String, List<Item>> base =
                collections(SampleData.items(Dataset.ACTIVITY), SampleData.ACTIVITY_PARTITION_KEY);
        Map<String, List<Item>> bulk =
                collections(
                        SampleData.bulkItems(Dataset.ACTIVITY), SampleData.ACTIVITY_PARTITION_KEY);
        assertEquals(SampleData.ACTIVITY_EVENTS + 1, base.get(SampleData.ACME).size());
        assertEquals(SampleData.HUGE_BULK_EVENTS, bulk.get(SampleData.HUGE).size());
        assertTrue(
                SampleData.bulkItems(Dataset.ACTIVITY).stream()
                        .allMatch(i -> i.get("actor").isPresent()),
                "every event has an entry in the LSI");
        assertEquals(
                SampleData.bulkItems(Dataset.ACTIVITY).size(),
                SampleData.bulkItems(Dataset.ACTIVITY).stream()
                        .map(i -> i.key(SampleData.ACTIVITY_KEYS))
                        .distinct()
                        .count());
        assertEquals(List.of(), SampleData.bulkItems(Dataset.BLOG));
    }

    @Test
    void theOversizedTenantsCollectionIsLargerThanOneQueryPage() {
        long bytes =
                SampleData.items(Dataset.SAAS).stream()
                        .filter(i -> i.string("EntityRef").orElseThrow().equals(SampleData.HUGE))
                        .mapToLong(ItemSize::of)
                        .sum();
        assertTrue(bytes > 1_048_576, "WS#huge holds " + bytes + " bytes");
        long acme =
                SampleData.items(Dataset.SAAS).stream()
                        .filter(i -> i.string("EntityRef").orElseThrow().equals(SampleData.ACME))
                        .mapToLong(ItemSize::of)
                        .sum();
        assertTrue(acme < 1_048_576, "WS#acme fits one page: " + acme + " bytes");
    }

    @Test
    void acmeProjectsAreZeroPaddedAndTimeOrderedUpToTheSeedsExample() {
        List<Item> projects =
                SampleData.items(Dataset.SAAS).stream()
                        .filter(i -> i.string("EntityRef").orElseThrow().equals(SampleData.ACME))
                        .filter(i -> i.string("Detail").orElseThrow().startsWith("PROJ#"))
                        .toList();
        List<String> ids = projects.stream().map(i -> i.string("Detail").orElseThrow()).toList();
        assertEquals("PROJ#2026-0023", ids.get(0));
        assertEquals("PROJ#2026-0042", ids.get(ids.size() - 1));
        List<String> createdAt =
                projects.stream().map(i -> i.string("createdAt").orElseThrow()).toList();
        assertEquals(
                createdAt.stream().sorted().toList(),
                createdAt,
                "a later id has a later createdAt");
        assertEquals(new TreeSet<>(ids).stream().toList(), ids, "ids sort in time order");
    }

    @Test
    void keysAreUniqueInEveryDataset() {
        assertEquals(SampleData.items(Dataset.SAAS).size(), keys(Dataset.SAAS, SAAS_KEYS).size());
        assertEquals(SampleData.items(Dataset.BLOG).size(), keys(Dataset.BLOG, BLOG_KEYS).size());
        assertEquals(
                SampleData.items(Dataset.ACTIVITY).size(),
                keys(Dataset.ACTIVITY, SampleData.ACTIVITY_KEYS).size());
    }

    @Test
    void itemsAreTheSameOnEveryCall() {
        assertEquals(SampleData.items(Dataset.SAAS), SampleData.items(Dataset.SAAS));
        assertEquals(SampleData.items(Dataset.BLOG), SampleData.items(Dataset.BLOG));
    }

    @Test
    void blogHasTheSeedsUsersAndPostsWithBothKindsOfCopy() {
        Map<Key, Item> blog = byKey(Dataset.BLOG, BLOG_KEYS);
        Item mara = blog.get(SampleData.blogKey("USER#12", "META"));
        assertEquals("Mara Vance", mara.string("name").orElseThrow());
        Item post = blog.get(SampleData.blogKey("POST#9f3", "META"));
        assertEquals("U#12", post.string("authorId").orElseThrow());
        assertEquals("Mara Vance", post.string("authorName").orElseThrow());
        assertEquals(
                AttributeValue.m(
                        orderedMap(
                                "id",
                                AttributeValue.s("U#12"),
                                "name",
                                AttributeValue.s("Mara Vance"))),
                post.get("author").orElseThrow());
        assertEquals(
                "byAuthor",
                SampleData.definition(Dataset.BLOG, "blog").globalSecondaryIndexes().get(0).name());
    }

    @Test
    void plantedSaasDriftIsExactlyTheProjectsWhoseWorkspaceNameDiffers() {
        Map<Key, Item> saas = byKey(Dataset.SAAS, SAAS_KEYS);
        Set<Key> drifted = new HashSet<>();
        for (Item item : saas.values()) {
            String entityRef = item.string("EntityRef").orElseThrow();
            if (!item.string("Detail").orElseThrow().startsWith("PROJ#")) {
                continue;
            }
            // A shard's workspace item is the one of the tenant without the shard suffix.
            String workspaceRef =
                    entityRef.startsWith(SampleData.BIG + "#") ? SampleData.BIG : entityRef;
            Item workspace = saas.get(SampleData.saasKey(workspaceRef, "META"));
            if (!workspace.get("name").equals(item.get("workspaceName"))) {
                drifted.add(item.key(SAAS_KEYS));
            }
        }
        List<PlantedDrift> planted = SampleData.plantedDrift(Dataset.SAAS);
        assertEquals(drifted, planted.stream().map(PlantedDrift::copy).collect(Collectors.toSet()));
        assertEquals(2, planted.size());
        assertPlantedDriftReallyDiffers(planted, saas);
    }

    @Test
    void plantedBlogDriftCoversDuplicatedAndEmbeddedCopies() {
        Map<Key, Item> blog = byKey(Dataset.BLOG, BLOG_KEYS);
        Set<String> drifted = new HashSet<>();
        for (Item post : blog.values()) {
            if (post.string("authorId").isEmpty()) {
                continue;
            }
            Item author =
                    blog.get(
                            SampleData.blogKey(
                                    "USER#" + post.string("authorId").orElseThrow().substring(2),
                                    "META"));
            AttributeValue name = author.get("name").orElseThrow();
            String pk = post.string("PK").orElseThrow();
            if (!post.get("authorName").orElseThrow().equals(name)) {
                drifted.add(pk + " authorName");
            }
            AttributeValue embedded =
                    ((AttributeValue.MapValue) post.get("author").orElseThrow())
                            .entries()
                            .get("name");
            if (!embedded.equals(name)) {
                drifted.add(pk + " author.name");
            }
        }
        List<PlantedDrift> planted = SampleData.plantedDrift(Dataset.BLOG);
        assertEquals(
                drifted,
                planted.stream()
                        .map(
                                d ->
                                        ((AttributeValue.Str) d.copy().attributes().get("PK"))
                                                        .value()
                                                + " "
                                                + d.copyPath())
                        .collect(Collectors.toSet()));
        assertEquals(
                Set.of("authorName", "author.name"),
                planted.stream().map(PlantedDrift::copyPath).collect(Collectors.toSet()));
        assertPlantedDriftReallyDiffers(planted, blog);
    }

    @Test
    void theDataUsesEveryAttributeTypeAnEmptyStringAndA38DigitNumber() {
        for (Dataset dataset : Dataset.values()) {
            Set<AttributeValue.Type> types = EnumSet.noneOf(AttributeValue.Type.class);
            SampleData.items(dataset)
                    .forEach(
                            item ->
                                    item.attributes()
                                            .values()
                                            .forEach(v -> collectTypes(v, types)));
            assertEquals(
                    EnumSet.allOf(AttributeValue.Type.class), types, dataset + " uses " + types);
            assertTrue(
                    SampleData.items(dataset).stream()
                            .anyMatch(i -> i.attributes().containsValue(AttributeValue.s(""))),
                    dataset + " has an empty string");
            assertTrue(
                    SampleData.items(dataset).stream()
                            .anyMatch(
                                    i ->
                                            i.attributes()
                                                    .containsValue(
                                                            AttributeValue.n(
                                                                    SampleData.PRECISE_NUMBER))));
        }
        assertEquals(38, SampleData.PRECISE_NUMBER.replace(".", "").length());
    }

    @Test
    void datasetsAreNamedAsTheCliTakesThem() {
        assertEquals(Dataset.SAAS, Dataset.fromId("saas"));
        assertEquals(Dataset.BLOG, Dataset.fromId("blog"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Dataset.fromId("shop"));
        assertEquals(Dataset.ACTIVITY, Dataset.fromId("activity"));
        assertTrue(e.getMessage().contains("saas, blog or activity"), e.getMessage());
    }

    private static void assertPlantedDriftReallyDiffers(
            List<PlantedDrift> planted, Map<Key, Item> items) {
        for (PlantedDrift drift : planted) {
            Item copy = items.get(drift.copy());
            Item source = items.get(drift.source());
            AttributeValue copied = valueAt(copy, drift.copyPath());
            AttributeValue canonical = source.get(drift.sourceAttribute()).orElseThrow();
            assertEquals(drift.copyValue(), copied, drift.toString());
            assertEquals(drift.sourceValue(), canonical, drift.toString());
            assertNotEquals(canonical, copied, drift.toString());
        }
        assertFalse(planted.isEmpty());
    }

    private static AttributeValue valueAt(Item item, String path) {
        String[] parts = path.split("\\.");
        AttributeValue value = item.get(parts[0]).orElseThrow();
        for (int i = 1; i < parts.length; i++) {
            value = ((AttributeValue.MapValue) value).entries().get(parts[i]);
        }
        return value;
    }

    private static void collectTypes(AttributeValue value, Set<AttributeValue.Type> types) {
        types.add(value.type());
        if (value instanceof AttributeValue.MapValue map) {
            map.entries().values().forEach(v -> collectTypes(v, types));
        } else if (value instanceof AttributeValue.ListValue list) {
            list.elements().forEach(v -> collectTypes(v, types));
        }
    }

    private static Map<String, List<Item>> collections(List<Item> items, String partitionKey) {
        return items.stream()
                .collect(
                        Collectors.groupingBy(
                                i -> i.string(partitionKey).orElseThrow(),
                                TreeMap::new,
                                Collectors.toList()));
    }

    private static Set<Key> keys(Dataset dataset, KeySchema schema) {
        return byKey(dataset, schema).keySet();
    }

    private static Map<Key, Item> byKey(Dataset dataset, KeySchema schema) {
        return SampleData.items(dataset).stream()
                .collect(
                        Collectors.toMap(
                                i -> i.key(schema),
                                Function.identity(),
                                (a, b) -> a,
                                LinkedHashMap::new));
    }

    private static Map<String, AttributeValue> orderedMap(
            String k1, AttributeValue v1, String k2, AttributeValue v2) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }
}
