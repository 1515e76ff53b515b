package io.dynoscope.service.read;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollection;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.testsupport.TestEngine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fan-out over the ten shards of {@code WS#acme#{01..10}} against the engine: exactly the union
 * of the shards, in DynamoDB's sort-key order both ways, across calls and several pages per shard;
 * statistics that are the sum of reading each shard alone; cancel and failure stop every shard.
 */
class FanOutReadTest {

    private static final KeySchema KEYS = KeySchema.of("pk", "sk");
    private static final ShardedKey ACME = ShardedKey.parse("WS#acme#{01..10}");
    private static final int PAGE = 7;

    private static DynamoRepository repository;
    private static String table;

    /** Every shard's items, in shard order. */
    private static final List<List<Item>> SHARDS = new ArrayList<>();

    @BeforeAll
    static void loadShards() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("fan-out");
        Random random = new Random(42);
        List<Integer> numbers = new ArrayList<>();
        for (int n = 1; n <= 10 * 10 + 3 * 55; n++) {
            numbers.add(n);
        }
        Collections.shuffle(numbers, random);
        int next = 0;
        List<Item> all = new ArrayList<>();
        for (int shard = 1; shard <= 10; shard++) {
            String pk = ACME.shards().get(shard - 1);
            List<Item> items = new ArrayList<>();
            for (int i = 0; i < 10 + 3 * shard; i++) {
                items.add(item(pk, String.format("PROJ#2026-%04d", numbers.get(next++))));
            }
            if (shard == 2 || shard == 5 || shard == 7) {
                items.add(item(pk, "SAME#KEY")); // a tie across shards
            }
            if (shard == 3) {
                items.add(item(pk, "PROJ#\uFFFD")); // before the emoji in UTF-8, after in UTF-16
            }
            if (shard == 4) {
                items.add(item(pk, "PROJ#\uD83D\uDE00"));
            }
            SHARDS.add(items);
            all.addAll(items);
        }
        for (int i = 0; i < 5; i++) {
            all.add(item("WS#acme", "PROJ#2026-000" + i)); // the unsharded partition: not read
        }
        repository.batchWrite(table, all, List.of(), Cancellation.none());
    }

    private static Item item(String pk, String sk) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s(pk));
        attributes.put("sk", s(sk));
        attributes.put("name", s("item " + sk));
        return Item.of(attributes);
    }

    /** The union of the shards, ordered by the UTF-8 bytes of the sort key, ties in shard order. */
    private static List<Item> expected(boolean ascending) {
        record Entry(Item item, int shard) {}
        List<Entry> entries = new ArrayList<>();
        for (int shard = 0; shard < SHARDS.size(); shard++) {
            for (Item item : SHARDS.get(shard)) {
                entries.add(new Entry(item, shard));
            }
        }
        Comparator<Entry> bySortKey =
                (a, b) ->
                        Arrays.compareUnsigned(
                                a.item()
                                        .string("sk")
                                        .orElseThrow()
                                        .getBytes(StandardCharsets.UTF_8),
                                b.item()
                                        .string("sk")
                                        .orElseThrow()
                                        .getBytes(StandardCharsets.UTF_8));
        entries.sort((ascending ? bySortKey : bySortKey.reversed()).thenComparingInt(Entry::shard));
        return entries.stream().map(Entry::item).toList();
    }

    private static FanOutQuery query(boolean ascending) {
        return new FanOutQuery(read(table, KEYS, ascending), ACME.shardValues(KeyType.S), PAGE);
    }

    /** A Query of the shard range named by the keys' partition key. */
    private static ReadRequest read(String table, KeySchema keys, boolean ascending) {
        return ReadRequest.query(table, KeyCondition.partition(keys, s("{shards}")), ascending);
    }

    /** Reading each shard alone, one Query after another, with the same page size. */
    private static ReadStatistics eachShardAlone(boolean ascending, List<ReadStatistics> perShard) {
        ReadStatistics sum = ReadStatistics.NONE;
        for (AttributeValue shard : ACME.shardValues(KeyType.S)) {
            QuerySpec spec =
                    QuerySpec.of(table, KeyCondition.partition(KEYS, shard)).withPageSize(PAGE);
            ReadResult result =
                    repository.query(
                            ascending ? spec : spec.descending(),
                            page -> true,
                            Cancellation.none());
            perShard.add(result.statistics());
            sum = sum.plus(result.statistics());
        }
        return sum;
    }

    @Test
    void ascendingAcrossCallsAndPagesTheUnionInOrderWithTheShardsStatistics() {
        assertFanOut(true);
    }

    @Test
    void newestFirstTheSame() {
        assertFanOut(false);
    }

    private static void assertFanOut(boolean ascending) {
        FanOutRead read = new FanOutRead(repository, query(ascending));
        List<Item> delivered = new ArrayList<>();
        ReadStatistics calls = ReadStatistics.NONE;
        int callCount = 0;
        FanOutRead.Result result;
        do {
            List<Item> thisCall = new ArrayList<>();
            result = read.read(25, page -> thisCall.addAll(page.items()), Cancellation.none());
            callCount++;
            assertFalse(result.cancelled());
            assertTrue(thisCall.size() == 25 || !result.more(), "a full call, or the last");
            delivered.addAll(thisCall);
            calls = calls.plus(result.statistics());
        } while (result.more());

        List<Item> expected = expected(ascending);
        assertEquals(expected.size(), delivered.size());
        assertEquals(expected, delivered);
        assertEquals((expected.size() + 24) / 25, callCount);

        List<ReadStatistics> perShard = new ArrayList<>();
        ReadStatistics alone = eachShardAlone(ascending, perShard);
        assertSameCounts(alone, calls);
        assertSameCounts(alone, read.statistics());
        assertTrue(alone.requests() > 2 * 10, "several pages per shard: " + alone.requests());
        List<FanOutRead.ShardProgress> shards = read.shards();
        for (int i = 0; i < shards.size(); i++) {
            assertTrue(shards.get(i).finished());
            assertEquals(0, shards.get(i).waiting());
            assertEquals(SHARDS.get(i).size(), shards.get(i).delivered());
            assertSameCounts(perShard.get(i), shards.get(i).statistics());
        }
    }

    private static void assertSameCounts(ReadStatistics expected, ReadStatistics actual) {
        assertEquals(expected.requests(), actual.requests(), "requests");
        assertEquals(expected.consumedCapacity(), actual.consumedCapacity(), 1e-9, "capacity");
        assertEquals(expected.scannedCount(), actual.scannedCount(), "scanned");
        assertEquals(expected.returnedCount(), actual.returnedCount(), "returned");
    }

    @Test
    void theGridShowsTheFanOutAsOneCollectionWithEachShardsCount() {
        ItemCollections grid =
                new ItemCollections(
                        GroupingOptions.of(KEYS).withShardedCollection(ACME.collection(KeyType.S)),
                        ItemSize::of);
        FanOutRead read = new FanOutRead(repository, query(true));
        read.read(
                0,
                page -> {
                    grid.addPage(page.items());
                    return true;
                },
                Cancellation.none());

        assertEquals(1, grid.collectionCount());
        ItemCollection acme = grid.collections().get(0);
        assertEquals("WS#acme · 10 shards", acme.sharded().orElseThrow().label());
        assertEquals(expected(true), acme.items());
        for (int i = 0; i < 10; i++) {
            ItemCollection.ShardCount count = acme.shardCounts().get(i);
            assertEquals(s(ACME.shards().get(i)), count.partitionKey());
            assertEquals(SHARDS.get(i).size(), count.itemCount());
            assertEquals(SHARDS.get(i).stream().mapToLong(ItemSize::of).sum(), count.sizeBytes());
        }
    }

    @Test
    void aSortKeyConditionAndAFilterApplyToEveryShard() {
        ExpressionCompiler compiler = new ExpressionCompiler();
        CompiledExpression filter =
                compiler.expression(
                        compiler.condition(
                                List.of(
                                        Row.of(
                                                "name",
                                                Row.Operator.LT,
                                                s("item PROJ#2026-0100")))));
        FanOutQuery query =
                FanOutQuery.of(
                        new ReadRequest(
                                table,
                                ReadMode.QUERY,
                                null,
                                KeyCondition.partition(KEYS, s(ACME.text()))
                                        .and(SortKeyCondition.beginsWith("PROJ#2026-0")),
                                false,
                                filter,
                                null,
                                1,
                                0,
                                false),
                        ACME.shardValues(KeyType.S));
        List<Item> delivered = new ArrayList<>();

        FanOutRead.Result result =
                new FanOutRead(repository, query)
                        .read(20, page -> delivered.addAll(page.items()), Cancellation.none());

        List<Item> expected =
                expected(false).stream()
                        .filter(i -> i.string("sk").orElseThrow().startsWith("PROJ#2026-0"))
                        .filter(i -> i.string("sk").orElseThrow().compareTo("PROJ#2026-0100") < 0)
                        .limit(20)
                        .toList();
        assertEquals(expected, delivered);
        assertTrue(result.more());
    }

    @Test
    void withoutASortKeyTheShardsComeInShardOrder() {
        String hashOnly =
                TestEngine.freshTable(
                        new TableDefinition(
                                "fan-out-hash",
                                KeySchema.of("id", null),
                                Map.of("id", "S"),
                                List.of(),
                                List.of()));
        ShardedKey counters = ShardedKey.parse("COUNTER#{1..4}");
        List<Item> items = new ArrayList<>();
        for (String shard : counters.shards()) {
            items.add(Item.of(Map.of("id", s(shard))));
        }
        repository.batchWrite(hashOnly, items, List.of(), Cancellation.none());
        List<Item> delivered = new ArrayList<>();

        new FanOutRead(
                        repository,
                        FanOutQuery.of(
                                read(hashOnly, KeySchema.of("id", null), true),
                                counters.shardValues(KeyType.S)))
                .read(0, page -> delivered.addAll(page.items()), Cancellation.none());

        assertEquals(items, delivered);
    }

    /** Counts the requests made and slows each a little, so a cancel meets reads in flight. */
    private static final class CountingRepository extends ForwardingRepository {
        final AtomicInteger requests = new AtomicInteger();
        final AttributeValue failingShard;

        CountingRepository(AttributeValue failingShard) {
            super(repository);
            this.failingShard = failingShard;
        }

        @Override
        public ReadResult query(QuerySpec spec, PageListener listener, Cancellation cancellation) {
            requests.incrementAndGet();
            if (spec.keyCondition().values().containsValue(failingShard)) {
                throw new RepositoryException(
                        RepositoryException.Kind.THROTTLED, "Query", table, "slow down", null);
            }
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.query(spec, listener, cancellation);
        }
    }

    @Test
    void cancelStopsEveryShardAndLoadMoreLosesNothing() throws Exception {
        CountingRepository counting = new CountingRepository(null);
        FanOutRead read = new FanOutRead(counting, query(true));
        Cancellation cancellation = new Cancellation();
        List<Item> delivered = new ArrayList<>();

        FanOutRead.Result cancelled =
                read.read(
                        0,
                        page -> {
                            delivered.addAll(page.items());
                            cancellation.cancel();
                            return true;
                        },
                        cancellation);

        assertTrue(cancelled.cancelled());
        assertTrue(cancelled.more());
        int atReturn = counting.requests.get();
        Thread.sleep(300);
        assertEquals(atReturn, counting.requests.get(), "no shard reads on after the call");
        assertTrue(read.shards().stream().anyMatch(s -> !s.finished()));
        // A shard read that starts as the cancel lands sends nothing: calls may exceed requests.
        assertTrue(cancelled.statistics().requests() <= atReturn);
        int all = eachShardAlone(true, new ArrayList<>()).requests();
        assertTrue(cancelled.statistics().requests() < all / 2, "a few pages, not all " + all);

        FanOutRead.Result rest =
                read.read(0, page -> delivered.addAll(page.items()), Cancellation.none());
        assertFalse(rest.more());
        assertEquals(expected(true), delivered);
    }

    @Test
    void aFailingShardStopsTheOthersAndIsThrown() throws Exception {
        CountingRepository failing = new CountingRepository(s(ACME.shards().get(4)));
        FanOutRead read = new FanOutRead(failing, query(true));

        RepositoryException e =
                assertThrows(
                        RepositoryException.class,
                        () -> read.read(0, page -> true, Cancellation.none()));

        assertTrue(e.getMessage().contains("slow down"), e.getMessage());
        int atReturn = failing.requests.get();
        Thread.sleep(300);
        assertEquals(atReturn, failing.requests.get());
        assertTrue(atReturn < 10 + FanOutRead.DEFAULT_CONCURRENCY, "stopped early: " + atReturn);
    }
}
