package io.dynoscope.repository;

import io.dynoscope.core.table.ContributorInsights;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.GetInsightRuleReportResponse;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributor;
import software.amazon.awssdk.services.cloudwatch.model.InsightRuleContributorDatapoint;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Reads Contributor Insights for a table: DescribeContributorInsights names the table's rules, and
 * CloudWatch's GetInsightRuleReport reports the top partition keys of two of them, the most
 * accessed ({@code …-PKC-…}: capacity consumed by partition key) and the most throttled ({@code
 * …-PKT-…}).
 */
final class ContributorInsightsReader {

    static final int TOP = 10;
    private static final int PERIOD_SECONDS = 60;

    private final DynamoDbClient dynamo;
    private final Supplier<CloudWatchClient> cloudWatch;
    private final SdkErrors errors;

    ContributorInsightsReader(
            DynamoDbClient dynamo, Supplier<CloudWatchClient> cloudWatch, SdkErrors errors) {
        this.dynamo = dynamo;
        this.cloudWatch = cloudWatch;
        this.errors = errors;
    }

    ContributorInsights read(String table, Duration window) {
        DescribeContributorInsightsResponse described;
        try {
            described = dynamo.describeContributorInsights(r -> r.tableName(table));
        } catch (DynamoDbException e) {
            if (e.statusCode() == 400 && !"ResourceNotFoundException".equals(errorCode(e))) {
                // The engine does not know the operation (a local engine) or may not call it.
                return ContributorInsights.unavailable(
                        ContributorInsights.UNAVAILABLE,
                        "Contributor Insights is not available here: "
                                + e.awsErrorDetails().errorMessage());
            }
            throw errors.translate("DescribeContributorInsights", table, e);
        } catch (SdkException e) {
            throw errors.translate("DescribeContributorInsights", table, e);
        }
        String status = described.contributorInsightsStatusAsString();
        if (!ContributorInsights.ENABLED.equals(status)) {
            return ContributorInsights.unavailable(
                    status == null ? "DISABLED" : status,
                    "Contributor Insights is "
                            + (status == null ? "DISABLED" : status)
                            + " for "
                            + table
                            + "; enable it (DynamoDB console, Monitor tab) to see the busiest keys");
        }
        Instant end = Instant.now();
        Instant start = end.minus(window);
        List<ContributorInsights.Contributor> accessed =
                rule(described, "-PKC-")
                        .map(rule -> contributors(report(rule, start, end, table)))
                        .orElse(List.of());
        List<ContributorInsights.Contributor> throttled =
                rule(described, "-PKT-")
                        .map(rule -> contributors(report(rule, start, end, table)))
                        .orElse(List.of());
        return new ContributorInsights(status, "", accessed, throttled);
    }

    private static String errorCode(DynamoDbException e) {
        return e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    }

    static Optional<String> rule(DescribeContributorInsightsResponse described, String kind) {
        return described.contributorInsightsRuleList().stream()
                .filter(r -> r.contains(kind))
                .findFirst();
    }

    private GetInsightRuleReportResponse report(
            String rule, Instant start, Instant end, String table) {
        try {
            return cloudWatch
                    .get()
                    .getInsightRuleReport(
                            r ->
                                    r.ruleName(rule)
                                            .startTime(start)
                                            .endTime(end)
                                            .period(PERIOD_SECONDS)
                                            .maxContributorCount(TOP)
                                            .orderBy("Sum"));
        } catch (SdkException e) {
            throw errors.translate("GetInsightRuleReport", table, e);
        }
    }

    /** The contributors of a rule's report, most first; the peak is the busiest period's rate. */
    static List<ContributorInsights.Contributor> contributors(GetInsightRuleReportResponse report) {
        List<ContributorInsights.Contributor> contributors = new ArrayList<>();
        for (InsightRuleContributor contributor : report.contributors()) {
            double peak = 0;
            for (InsightRuleContributorDatapoint point : contributor.datapoints()) {
                if (point.approximateValue() != null) {
                    peak = Math.max(peak, point.approximateValue());
                }
            }
            String key = contributor.keys().isEmpty() ? "" : contributor.keys().get(0);
            double total =
                    contributor.approximateAggregateValue() == null
                            ? 0
                            : contributor.approximateAggregateValue();
            contributors.add(
                    new ContributorInsights.Contributor(key, total, peak / PERIOD_SECONDS));
        }
        contributors.sort((a, b) -> Double.compare(b.total(), a.total()));
        return contributors;
    }
}
