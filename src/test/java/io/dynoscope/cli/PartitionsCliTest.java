package io.dynoscope.cli;

import static io.dynoscope.cli.CliRun.cli;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code query --pk} with a shard range and {@code partitions}, run against the test engine. */
class PartitionsCliTest {

    private static String table;
    private static final List<Item> SHARD_ITEMS = new ArrayList<>();
    private static final Map<String, long[]> COUNTS = new HashMap<>();

    @BeforeAll
    static void load() {
        DynamoRepository repository = TestEngine.repository();
        table = TestEngine.freshTable("partitions-cli");
        List<Item> items = new ArrayList<>();
        for (int shard = 1; shard <= 10; shard++) {
            for (int i = 0; i < 3 + shard; i++) {
                Item item =
                        Key.of(
                                        "pk",
                                        s(String.format("WS#acme#%02d", shard)),
                                        "sk",
                                        s(String.format("PROJ#2026-%04d", shard + 10 * i)))
                                .asItem();
                items.add(item);
                SHARD_ITEMS.add(item);
            }
        }
        for (int i = 0; i < 60; i++) {
            items.add(Key.of("pk", s("WS#huge"), "sk", s("PROJ#" + i)).asItem());
        }
        items.add(Key.of("pk", s("WS#acme"), "sk", s("META")).asItem());
        repository.batchWrite(table, items, List.of(), Cancellation.none());
        for (Item item : items) {
            long[] c = COUNTS.computeIfAbsent(item.string("pk").orElseThrow(), k -> new long[2]);
            c[0]++;
            c[1] += ItemSize.of(item);
        }
    }

    @Test
    void queryWithAShardRangePrintsOneStreamNewestFirst() {
        CliRun run = cli("query", "--table", table, "--pk", "WS#acme#{01..10}", "--desc");

        assertEquals(0, run.exitCode(), run.err());
        List<String> sortKeys =
                SHARD_ITEMS.stream()
                        .map(i -> i.string("sk").orElseThrow())
                        .sorted(Comparator.reverseOrder())
                        .toList();
        assertEquals(
                sortKeys, run.items().stream().map(i -> i.string("sk").orElseThrow()).toList());
        assertTrue(
                run.err().contains("WS#acme · 10 shards: WS#acme#01 4, WS#acme#02 5"), run.err());
        assertTrue(run.lastErrLine().endsWith("returned=" + SHARD_ITEMS.size()), run.lastErrLine());
    }

    @Test
    void anOpenNameInTheRangeIsABadArgument() {
        CliRun run = cli("query", "--table", table, "--pk", "WS#{id}#{01..10}");

        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("--pk: 'WS#{id}#{01..10}' leaves {id} open"), run.err());
    }

    @Test
    void partitionsAsJsonListEveryPartitionLargestFirst() throws Exception {
        CliRun run = cli("partitions", "--table", table, "--segments", "3", "--json");

        assertEquals(0, run.exitCode(), run.err());
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertEquals(table, report.get("table").asText());
        assertEquals(SHARD_ITEMS.size() + 61, report.get("items").asLong());
        assertFalse(report.get("sampled").asBoolean());
        JsonNode partitions = report.get("partitions");
        assertEquals(COUNTS.size(), partitions.size());
        assertEquals("WS#huge", partitions.get(0).get("key").asText());
        long previous = Long.MAX_VALUE;
        for (JsonNode p : partitions) {
            long[] expected = COUNTS.get(p.get("key").asText());
            assertEquals(expected[0], p.get("items").asLong());
            assertEquals(expected[1], p.get("bytes").asLong());
            assertTrue(p.get("bytes").asLong() <= previous);
            previous = p.get("bytes").asLong();
        }
        assertTrue(run.lastErrLine().startsWith("requests="), run.lastErrLine());
    }

    @Test
    void partitionsAsTextShowTheTopAndTheShardBalance() {
        CliRun run = cli("partitions", "--table", table, "--top", "2");

        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).startsWith(table + ": " + (SHARD_ITEMS.size() + 61) + " items"));
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+1\\s+WS#huge\\s+60 .*")), run.out());
        assertTrue(
                lines.stream().anyMatch(l -> l.matches("\\s+2\\s+WS#acme#10\\s+13 .*")), run.out());
        assertFalse(lines.stream().anyMatch(l -> l.matches("\\s+3\\s+.*")), "two partitions only");
        assertTrue(run.out().contains("WS#acme · 10 shards (key shape): 85 items"), run.out());
        assertTrue(run.err().contains("a local engine has none"), run.err());
    }
}
