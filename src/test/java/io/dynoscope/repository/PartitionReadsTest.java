package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportRequest;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributor;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributorDatapoint;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;

/**
 * What the partitions report asks of the repository: single segments of a parallel Scan, the item
 * collection estimate of a write, and Contributor Insights (from constructed SDK responses, since
 * no local engine has it).
 */
class PartitionReadsTest {

    private static DynamoRepository repository;
    private static String table;
    private static final int PARTITIONS = 40;

    @BeforeAll
    static void load() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("segments");
        List<Item> items = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            for (int i = 0; i <= p % 7; i++) {
                items.add(Key.of("pk", s("P#" + p), "sk", s("I#" + i)).asItem());
            }
        }
        repository.batchWrite(table, items, List.of(), Cancellation.none());
    }

    @Test
    void theSegmentsReadOneByOneAreTheTableAndNoPartitionIsSplit() {
        int segments = 4;
        Map<String, Integer> segmentOf = new HashMap<>();
        List<Item> all = new ArrayList<>();
        long requests = 0;
        for (int segment = 0; segment < segments; segment++) {
            int s = segment;
            ReadResult result =
                    repository.scanSegment(
                            ScanSpec.table(table).withSegments(segments).withPageSize(5),
                            segment,
                            page -> {
                                for (Item item : page.items()) {
                                    all.add(item);
                                    Integer before =
                                            segmentOf.put(item.string("pk").orElseThrow(), s);
                                    assertTrue(before == null || before == s, "split partition");
                                }
                                assertEquals(s, page.segment());
                                return true;
                            },
                            Cancellation.none());
            assertTrue(result.complete());
            requests += result.statistics().requests();
        }
        List<Item> scanned = new ArrayList<>();
        repository.scan(
                ScanSpec.table(table), page -> scanned.addAll(page.items()), Cancellation.none());
        assertEquals(new HashSet<>(scanned), new HashSet<>(all));
        assertEquals(scanned.size(), all.size());
        assertEquals(PARTITIONS, segmentOf.size());
        assertTrue(new HashSet<>(segmentOf.values()).size() > 1, "more than one segment has items");
        assertTrue(requests >= all.size() / 5);
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        repository.scanSegment(
                                ScanSpec.table(table).withSegments(4),
                                4,
                                page -> true,
                                Cancellation.none()));
    }

    @Test
    void aWriteCarriesTheCollectionsSizeEstimateWhenDynamoDbGivesOne() {
        ItemCollectionMetrics metrics =
                ItemCollectionMetrics.builder()
                        .itemCollectionKey(Map.of("pk", AttributeValue.fromS("WS#huge")))
                        .sizeEstimateRangeGB(7.9, 8.1)
                        .build();
        assertEquals(
                Optional.of(new WriteOutcome.ItemCollectionSize(s("WS#huge"), 7.9, 8.1)),
                SdkWrites.itemCollection(metrics));
        assertEquals(Optional.empty(), SdkWrites.itemCollection(null));
        assertEquals(
                Optional.empty(),
                SdkWrites.itemCollection(ItemCollectionMetrics.builder().build()));

        // The local engine accepts the request and, like DynamoDB for a table without an LSI,
        // returns no estimate.
        WriteOutcome written =
                repository.putItem(table, Key.of("pk", s("P#new"), "sk", s("I#0")).asItem(), null);
        assertTrue(written instanceof WriteOutcome.Written w && w.itemCollection().isEmpty());
    }

    @Test
    void aLocalEngineHasNoContributorInsights() {
        ContributorInsights insights = repository.contributorInsights(table, Duration.ofHours(1));
        assertFalse(insights.enabled());
        assertEquals(ContributorInsights.UNAVAILABLE, insights.status());
        assertTrue(insights.message().contains("AWS"), insights.message());
    }

    @Test
    void contributorInsightsReportsTheMostAccessedAndThrottledKeys() {
        List<GetInsightRuleReportRequest> asked = new ArrayList<>();
        DynamoDbClient dynamo =
                new FakeDynamo(
                        DescribeContributorInsightsResponse.builder()
                                .tableName("saas")
                                .contributorInsightsStatus("ENABLED")
                                .contributorInsightsRuleList(
                                        "DynamoDBContributorInsights-PKC-saas-1700000000000",
                                        "DynamoDBContributorInsights-SKC-saas-1700000000000",
                                        "DynamoDBContributorInsights-PKT-saas-1700000000000")
                                .build());
        CloudWatchClient cloudWatch =
                new FakeCloudWatch(
                        request -> {
                            asked.add(request);
                            boolean throttled = request.ruleName().contains("-PKT-");
                            return GetInsightRuleReportResponse.builder()
                                    .keyLabels("PK")
                                    .contributors(
                                            contributor("WS#acme#03", throttled ? 12 : 900, 120),
                                            contributor("WS#huge", throttled ? 40 : 54_000, 6_000))
                                    .build();
                        });
        ContributorInsightsReader reader =
                new ContributorInsightsReader(dynamo, () -> cloudWatch, null);

        ContributorInsights insights = reader.read("saas", Duration.ofHours(1));

        assertTrue(insights.enabled());
        assertEquals(2, asked.size());
        assertEquals(
                Set.of(
                        "DynamoDBContributorInsights-PKC-saas-1700000000000",
                        "DynamoDBContributorInsights-PKT-saas-1700000000000"),
                Set.of(asked.get(0).ruleName(), asked.get(1).ruleName()));
        GetInsightRuleReportRequest request = asked.get(0);
        assertEquals(Duration.ofHours(1), Duration.between(request.startTime(), request.endTime()));
        assertEquals(60, request.period());
        assertEquals(
                List.of(
                        new ContributorInsights.Contributor("WS#huge", 54_000, 100),
                        new ContributorInsights.Contributor("WS#acme#03", 900, 2)),
                insights.mostAccessed());
        assertEquals("WS#huge", insights.mostThrottled().get(0).partitionKey());
        assertEquals(40, insights.mostThrottled().get(0).total());
    }

    @Test
    void contributorInsightsThatAreOffSayHowToTurnThemOn() {
        ContributorInsightsReader reader =
                new ContributorInsightsReader(
                        new FakeDynamo(
                                DescribeContributorInsightsResponse.builder()
                                        .tableName("saas")
                                        .contributorInsightsStatus("DISABLED")
                                        .build()),
                        () -> {
                            throw new AssertionError("CloudWatch is not asked");
                        },
                        null);

        ContributorInsights insights = reader.read("saas", Duration.ofHours(1));

        assertEquals("DISABLED", insights.status());
        assertTrue(insights.message().contains("enable it"), insights.message());
        assertEquals(List.of(), insights.mostAccessed());
    }

    private static InsightRuleContributor contributor(String key, double total, double peak) {
        return InsightRuleContributor.builder()
                .keys(key)
                .approximateAggregateValue(total)
                .datapoints(
                        InsightRuleContributorDatapoint.builder()
                                .timestamp(Instant.now().minusSeconds(120))
                                .approximateValue(peak / 2)
                                .build(),
                        InsightRuleContributorDatapoint.builder()
                                .timestamp(Instant.now().minusSeconds(60))
                                .approximateValue(peak)
                                .build())
                .build();
    }

    /** A DynamoDB client that answers DescribeContributorInsights and nothing else. */
    private static final class FakeDynamo implements DynamoDbClient {
        private final DescribeContributorInsightsResponse response;

        FakeDynamo(DescribeContributorInsightsResponse response) {
            this.response = response;
        }

        @Override
        public DescribeContributorInsightsResponse describeContributorInsights(
                DescribeContributorInsightsRequest request) {
            assertEquals(response.tableName(), request.tableName());
            return response;
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {}
    }

    /** A CloudWatch client that answers GetInsightRuleReport and nothing else. */
    private static final class FakeCloudWatch implements CloudWatchClient {
        private final Function<GetInsightRuleReportRequest, GetInsightRuleReportResponse> answer;

        FakeCloudWatch(Function<GetInsightRuleReportRequest, GetInsightRuleReportResponse> answer) {
            this.answer = answer;
        }

        @Override
        public GetInsightRuleReportResponse getInsightRuleReport(
                GetInsightRuleReportRequest request) {
            return answer.apply(request);
        }

        @Override
        public String serviceName() {
            return "monitoring";
        }

        @Override
        public void close() {}
    }
}
