package io.dynoscope.core.expression.snippet;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.read.FanOutQuery;
import io.dynoscope.service.read.FanOutRead;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The sharding advisor's code, run for real in every language whose runtime is here: the write puts
 * the item in the shard the app computes (or any shard, at random), and the read prints what the
 * app's fan-out reads, in the same order, both ways, for string and number sort keys.
 */
class ShardedKeySnippetsTest {

    private static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");
    private static final int SHARDS = 4;

    private static DynamoRepository repository;
    private static SnippetOptions local;
    private static String strings;
    private static String numbers;

    @BeforeAll
    static void seed() {
        repository = TestEngine.repository();
        ConnectionSpec.Endpoint connection = TestEngine.connection();
        local =
                SnippetOptions.local(
                        connection.endpoint(), connection.region(), connection.accessKeyId());
        strings = TestEngine.freshTable(TableDefinition.simple("sharded-s", "EntityRef", "Detail"));
        numbers =
                TestEngine.freshTable(
                        new TableDefinition(
                                "sharded-n",
                                KEYS,
                                Map.of("EntityRef", "S", "Detail", "N"),
                                List.of(),
                                List.of()));
        List<Item> texts = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String detail = String.format("PROJ#2026-%04d", i * 7 % 30);
            texts.add(item(shard(detail), s(detail)));
        }
        texts.add(item("WS#huge#02", s("PROJ#\uFFFD"))); // before the emoji in UTF-8 order
        texts.add(item("WS#huge#03", s("PROJ#\uD83D\uDE00")));
        texts.add(item("WS#huge#01", s("SAME")));
        texts.add(item("WS#huge#04", s("SAME")));
        repository.batchWrite(strings, texts, List.of(), Cancellation.none());
        String[] values = {
            "-100",
            "-99999999999999999999999999999999999999",
            "0",
            "0.5",
            "9.99",
            "10",
            "1000",
            "12345678901234567890.123456789012345678",
            "12345678901234567890.123456789012345679",
            "0.000001"
        };
        List<Item> numbered = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            numbered.add(item(String.format("WS#huge#%02d", i % SHARDS + 1), n(values[i])));
        }
        repository.batchWrite(numbers, numbered, List.of(), Cancellation.none());
    }

    private static String shard(String detail) {
        return String.format("WS#huge#%02d", ShardedKeyCode.calculatedShard(detail, SHARDS));
    }

    private static Item item(String entityRef, AttributeValue detail) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s(entityRef));
        attributes.put("Detail", detail);
        attributes.put("name", s("it's \"quoted\" \\ caf\u00e9"));
        return Item.of(attributes);
    }

    private static ShardedKeyCode code(
            String table, ShardedKeyCode.Suffix suffix, Item example, boolean ascending) {
        return new ShardedKeyCode(table, KEYS, "WS#huge", SHARDS, 2, suffix, example, ascending);
    }

    /** What the app's fan-out reads, in its order. */
    private static List<Item> fanOut(String table, boolean ascending) {
        FanOutQuery query =
                FanOutQuery.of(
                        ReadRequest.query(
                                table,
                                KeyCondition.partition(KEYS, s("WS#huge#{01..04}")),
                                ascending),
                        List.of(
                                s("WS#huge#01"),
                                s("WS#huge#02"),
                                s("WS#huge#03"),
                                s("WS#huge#04")));
        List<Item> items = new ArrayList<>();
        new FanOutRead(repository, query)
                .read(0, page -> items.addAll(page.items()), Cancellation.none());
        return items;
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void theReadPrintsTheFanOutInOrderBothWays(SnippetLanguage language) throws Exception {
        SnippetRunners.assumeRuntime(language);
        for (String table : List.of(strings, numbers)) {
            // the example's sort key has the table's type, which orders the merge
            Item example = item("WS#huge", table.equals(strings) ? s("PROJ#1") : n(1));
            for (boolean ascending : List.of(true, false)) {
                if (language == SnippetLanguage.AWS_CLI && ascending != table.equals(strings)) {
                    // The CLI script merges nothing (one query a shard, each printed in the
                    // engine's order) and each query starts a Python process of a second or
                    // more: one direction a key type covers what it writes.
                    continue;
                }
                String snippet =
                        ShardedKeySnippets.read(
                                language,
                                code(table, ShardedKeyCode.Suffix.RANDOM, example, ascending),
                                local);
                List<Item> expected = fanOut(table, ascending);
                if (language == SnippetLanguage.AWS_CLI) {
                    // one array per shard, each in order: the fan-out's items grouped by shard
                    List<Item> byShard = new ArrayList<>();
                    for (int shard = 1; shard <= SHARDS; shard++) {
                        String value = String.format("WS#huge#%02d", shard);
                        expected.stream()
                                .filter(i -> i.string("EntityRef").orElseThrow().equals(value))
                                .forEach(byShard::add);
                    }
                    assertEquals(
                            byShard, arrays(SnippetRunners.runRaw(language, snippet)), snippet);
                } else {
                    assertEquals(expected, SnippetRunners.run(language, snippet), snippet);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void theWriteFindsTheShardTheAppComputes(SnippetLanguage language) throws Exception {
        SnippetRunners.assumeRuntime(language);
        String detail = "PROJ#" + language.id() + "-\u00e9";
        Item example = item("WS#huge", s(detail));

        List<Item> written =
                SnippetRunners.run(
                        language,
                        ShardedKeySnippets.write(
                                language,
                                code(strings, ShardedKeyCode.Suffix.CALCULATED, example, true),
                                local));

        Item expected = example.with("EntityRef", s(shard(detail)));
        assertEquals(List.of(expected), written);
        assertEquals(
                expected,
                repository.getItem(strings, expected.key(KEYS), true).item().orElseThrow());
        repository.deleteItem(strings, expected.key(KEYS), null);
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void theRandomWriteLandsInOneOfTheShards(SnippetLanguage language) throws Exception {
        SnippetRunners.assumeRuntime(language);
        Item example = item("WS#huge", s("RANDOM#" + language.id()));

        List<Item> written =
                SnippetRunners.run(
                        language,
                        ShardedKeySnippets.write(
                                language,
                                code(strings, ShardedKeyCode.Suffix.RANDOM, example, true),
                                local));

        assertEquals(1, written.size());
        String entityRef = written.get(0).string("EntityRef").orElseThrow();
        assertTrue(entityRef.matches("WS#huge#0[1-4]"), entityRef);
        assertEquals(
                written.get(0),
                repository.getItem(strings, written.get(0).key(KEYS), true).item().orElseThrow());
        repository.deleteItem(strings, written.get(0).key(KEYS), null);
    }

    /** The items of the JSON arrays the CLI printed one after another. */
    private static List<Item> arrays(String out) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        List<Item> items = new ArrayList<>();
        try (JsonParser parser = mapper.getFactory().createParser(out)) {
            while (parser.nextToken() != null) {
                JsonNode array = mapper.readTree(parser);
                assertTrue(array.isArray(), out);
                for (JsonNode item : array) {
                    items.add(ItemJson.DYNAMODB.readItem(item.toString()));
                }
            }
        }
        return items;
    }
}
