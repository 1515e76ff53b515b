package io.dynoscope.core.partitions;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShardedKeyTest {

    private static final TableModel MODEL =
            ShardedModels.withShardGroup(
                    KeySchema.of("EntityRef", "Detail"),
                    "workspace shards",
                    "WS#{workspaceId}#{shard:01..10}");

    @Test
    void theReadBarsTemplateNamesTenShardsAndOneCollection() {
        ShardedKey key = ShardedKey.find("WS#acme#{01..10}").orElseThrow();

        assertEquals("WS#acme", key.name());
        assertEquals("WS#acme · 10 shards", key.label());
        assertEquals(10, key.shards().size());
        assertEquals("WS#acme#01", key.shards().get(0));
        assertEquals("WS#acme#10", key.shards().get(9));
        assertTrue(key.isShard("WS#acme#07"));
        assertFalse(key.isShard("WS#acme#7"));
        ShardedCollection collection = key.collection(KeyType.S);
        assertEquals(s("WS#acme#{01..10}"), collection.key());
        assertEquals(s("WS#acme#03"), collection.shards().get(2));
        assertEquals(
                List.of(n("1"), n("2"), n("3")), ShardedKey.parse("{1..3}").shardValues(KeyType.N));
    }

    @Test
    void aPlainValueIsNoShardedKeyAndAMistakeSaysWhatIsWrong() {
        assertEquals(Optional.empty(), ShardedKey.find("WS#acme"));
        assertEquals(Optional.empty(), ShardedKey.find("literal {braces}"));
        IllegalArgumentException open =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ShardedKey.find("WS#{workspaceId}#{01..10}"));
        assertTrue(open.getMessage().contains("{workspaceId}"), open.getMessage());
        IllegalArgumentException backwards =
                assertThrows(IllegalArgumentException.class, () -> ShardedKey.find("X#{10..01}"));
        assertTrue(backwards.getMessage().contains("backwards"), backwards.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShardedKey.find("X#{01..01}"));
    }

    @Test
    void theModelsShardGroupNamesTheTenantsShards() {
        ShardedKey fromValue = ShardedKey.inModel(MODEL, "WS#acme").orElseThrow();
        assertEquals("WS#acme#{shard:01..10}", fromValue.text());
        assertEquals("WS#acme", fromValue.name());
        assertEquals("WS#acme#05", fromValue.shards().get(4));

        assertEquals(fromValue, ShardedKey.ofShard(MODEL, "WS#acme#05").orElseThrow());
        assertEquals(Optional.empty(), ShardedKey.ofShard(MODEL, "WS#acme"));
        assertEquals(Optional.empty(), ShardedKey.inModel(MODEL, "USER#12"));
        assertEquals(
                "WS#big#{shard:01..10}",
                ShardedKey.of(MODEL.shardGroups().get(0), Map.of("workspaceId", "big")).text());
    }

    @Test
    void theModelGroupsAScansShardsIntoOneCollectionPerTenant() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(MODEL.keys())
                                .withShards(ShardedKey.resolver(MODEL, KeyType.S)),
                        item -> 1);
        grid.addPage(
                List.of(
                        Key.of("EntityRef", s("WS#acme#02"), "Detail", s("P#2")).asItem(),
                        Key.of("EntityRef", s("WS#big#07"), "Detail", s("P#1")).asItem(),
                        Key.of("EntityRef", s("WS#acme"), "Detail", s("META")).asItem(),
                        Key.of("EntityRef", s("WS#acme#09"), "Detail", s("P#1")).asItem()));

        // the tenant's own item (its META) heads its shards' block, not a block of its own
        assertEquals(List.of("WS#acme · 10 shards", "WS#big · 10 shards"), labels(grid));
        assertEquals(3, grid.collections().get(0).itemCount());
        assertEquals(
                "WS#acme",
                grid.collections().get(0).items().get(0).string("EntityRef").orElseThrow());
    }

    @Test
    void aTenantsOwnItemReadBeforeItsShardsBecomesTheHeadOfTheirBlock() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(MODEL.keys())
                                .withShards(ShardedKey.resolver(MODEL, KeyType.S))
                                .withParentMarker("META"),
                        item -> 1);
        grid.addPage(
                List.of(
                        Key.of("EntityRef", s("WS#big"), "Detail", s("META")).asItem(),
                        Key.of("EntityRef", s("WS#beta"), "Detail", s("META")).asItem()));
        grid.addPage(
                List.of(
                        Key.of("EntityRef", s("WS#big#07"), "Detail", s("P#1")).asItem(),
                        Key.of("EntityRef", s("WS#big#02"), "Detail", s("P#0")).asItem()));

        // an unsharded tenant stays a plain block; the sharded one is one block, META first
        assertEquals(List.of("WS#big · 10 shards", "WS#beta"), labels(grid));
        assertEquals(
                List.of("META", "P#0", "P#1"),
                grid.collections().get(0).items().stream()
                        .map(i -> i.string("Detail").orElseThrow())
                        .toList());
        assertEquals(
                2,
                grid.collections().get(0).shardCounts().stream().mapToInt(c -> c.itemCount()).sum(),
                "the META is in no shard");
    }

    private static List<String> labels(ItemCollections grid) {
        return grid.collections().stream()
                .map(
                        c ->
                                c.sharded()
                                        .map(ShardedCollection::label)
                                        .orElse(((AttributeValue.Str) c.partitionKey()).value()))
                .toList();
    }

    /**
     * ShardedKey reads and binds through KeyTemplate's grammar: for every shard group, the key a
     * tenant's bindings give and the template rendered with them must name the same shards, with
     * the range's padding as written, and its name must be the template without its range.
     */
    @Test
    void aShardedKeyAndItsTemplateAgreeOnEveryShard() {
        for (String text :
                List.of(
                        "WS#{workspaceId}#{shard:01..10}",
                        "WS#{workspaceId}#{1..12}",
                        "{0..7}_ORDERS#{region}",
                        "T#{a}#{b}#{001..003}")) {
            KeyTemplate template = KeyTemplate.parse(text);
            TableModel model =
                    ShardedModels.withShardGroup(KeySchema.of("pk", "sk"), "shards", text);
            Map<String, String> bindings = new LinkedHashMap<>();
            for (String name : template.variables()) {
                bindings.put(name, name.toUpperCase(Locale.ROOT) + "1");
            }
            ShardedKey key = ShardedKey.of(model.shardGroups().get(0), bindings);

            assertEquals(template.render(bindings), key.shards(), text);
            assertEquals(template.bind(bindings).withoutRange(), key.name(), text);
            assertTrue(KeyTemplate.holdsRange(key.text()), text);
            for (String shard : key.shards()) {
                assertEquals(Optional.of(key), ShardedKey.ofShard(model, shard), shard);
            }
            assertEquals(Optional.of(key), ShardedKey.inModel(model, key.name()), text);
            assertEquals(
                    Optional.of(key),
                    ShardedKey.namedInModel(model, key.name() + "#{shard}"),
                    text);
        }
        assertEquals("X#1", ShardedKey.parse("X#{1..10}").shards().get(0));
        assertEquals("X#{1..10}", ShardedKey.parse("X#{1..10}").text());
    }

    @Test
    void aNameAfterAPlainValueAsksTheModelForItsShards() {
        assertEquals(
                "WS#big#{shard:01..10}",
                ShardedKey.namedInModel(MODEL, "WS#big#{shard}").orElseThrow().text());
        assertEquals(Optional.empty(), ShardedKey.namedInModel(MODEL, "WS#big"));
        assertEquals(Optional.empty(), ShardedKey.namedInModel(MODEL, "USER#12#{shard}"));
        assertEquals(Optional.empty(), ShardedKey.namedInModel(MODEL, "#{shard}"));
        assertEquals(Optional.empty(), ShardedKey.namedInModel(MODEL, "WS#{a}#{shard}"));
        assertEquals(Optional.empty(), ShardedKey.namedInModel(MODEL, "WS#big#{shard"));
    }
}
