package io.dynoscope.service;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.RuleSuggester;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.drift.RuleSuggestions;
import io.dynoscope.service.read.KeyText;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.ReadSession;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The services of one connection, against the test engine: reads, sampling, suggestions, access.
 */
class ConnectionServicesTest {

    /** The engine's repository, not closed with the services (the suite shares it). */
    private static ConnectionServices services() {
        return new ConnectionServices(
                new ForwardingRepository(TestEngine.repository()) {
                    @Override
                    public void close() {}
                });
    }

    @Test
    void aShardRangeTypedOnANumberKeyReadsEveryShardAsNumbers() {
        String table =
                TestEngine.freshTable(
                        new TableDefinition(
                                "numbered-shards",
                                KeySchema.of("id", "sk"),
                                Map.of("id", "N", "sk", "S"),
                                List.of(),
                                List.of()));
        List<Item> items = new ArrayList<>();
        for (int shard = 1; shard <= 3; shard++) {
            for (int i = 0; i < 4; i++) {
                items.add(Item.of(Map.of("id", n("120" + shard), "sk", s("item-" + shard + i))));
            }
        }
        TestEngine.repository().batchWrite(table, items, List.of(), Cancellation.none());
        // an item outside the range, which the fan-out must not read
        TestEngine.repository()
                .batchWrite(
                        table,
                        List.of(Item.of(Map.of("id", n("1204"), "sk", s("item-0")))),
                        List.of(),
                        Cancellation.none());
        try (ConnectionServices services = services()) {
            TableInfo info = services.metadata().describeTable(table);
            ReadRequest request =
                    ReadRequest.query(
                            table,
                            KeyText.read(
                                    info,
                                    null,
                                    ReadMode.QUERY,
                                    new KeyText.Typed("120{1..3}", null, null, null),
                                    new KeyText.Labels("pk", "sk", "upper", "sort-key")),
                            true);
            ReadSession session = services.reads().session(request, info, null);
            List<Item> read = new CopyOnWriteArrayList<>();

            ReadResult result =
                    session.next(page -> read.addAll(page.items()) || true, Cancellation.none());

            assertEquals(3, session.shards().size());
            assertEquals(
                    items.stream().map(i -> i.string("sk").orElseThrow()).sorted().toList(),
                    read.stream().map(i -> i.string("sk").orElseThrow()).toList());
            assertEquals(Set.copyOf(items), Set.copyOf(read));
            assertEquals(3, result.statistics().requests());
        }
    }

    @Test
    void aSampleReadsNoMoreThanItWantsAndSaysHowItGrew() {
        String table = TestEngine.freshTable("sampled");
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            items.add(Item.of(Map.of("pk", s("p" + (i % 3)), "sk", s("s" + i))));
        }
        TestEngine.repository().batchWrite(table, items, List.of(), Cancellation.none());
        List<Integer> progress = new ArrayList<>();
        try (ConnectionServices services = services()) {
            TableSampler.Sample sample =
                    services.sampler().sample(table, 7, progress::add, Cancellation.none());

            assertEquals(7, sample.items().size());
            assertTrue(Set.copyOf(items).containsAll(sample.items()));
            assertEquals(1, sample.statistics().requests(), "one request of Limit 7");
            assertEquals(7, sample.statistics().scannedCount());
            assertEquals(List.of(7), progress);
            assertTrue(sample.complete());
        }
    }

    @Test
    void ruleSuggestionsFindTheBlogsCopiesInASample() {
        String table = TestEngine.uniqueTableName("suggested-blog");
        try (ConnectionServices services = services()) {
            services.seed(Dataset.BLOG, table, false, Cancellation.none());

            RuleSuggestions.Suggested suggested =
                    services.ruleSuggestions()
                            .suggest(
                                    table,
                                    RuleSuggestions.DEFAULT_SAMPLE,
                                    n -> {},
                                    Cancellation.none());

            assertEquals(SampleData.items(Dataset.BLOG).size(), suggested.sampled());
            assertEquals(
                    Set.of("authorName", "author.name"),
                    suggested.suggestions().stream()
                            .map(RuleSuggester.Suggestion::rule)
                            .map(r -> r.copies().attribute().toString())
                            .collect(Collectors.toSet()));
            assertTrue(suggested.reads().requests() >= 1);
        }
    }

    @Test
    void aReadOnlyConnectionRefusesBeforeAnythingIsSentAndSaysWhy() {
        try (ConnectionServices services =
                new ConnectionServices(
                        WriteAccess.guard(
                                new ForwardingRepository(TestEngine.repository()) {
                                    @Override
                                    public void close() {}
                                },
                                Access.readOnly("the connection is marked read-only")))) {
            assertEquals(
                    "the connection is marked read-only", services.readOnlyReason().orElseThrow());
            ReadOnlyException refused =
                    assertThrows(
                            ReadOnlyException.class,
                            () -> services.requireWritable("PutItem on table 'x'"));
            assertTrue(refused.getMessage().startsWith("PutItem on table 'x' refused"));
        }
        try (ConnectionServices services = services()) {
            assertTrue(services.readOnlyReason().isEmpty());
        }
    }
}
