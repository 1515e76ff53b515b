package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.Relationship;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.model.Workload;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The findings from stated numbers: each cost is checked against a figure worked out here by hand
 * from DynamoDB's published us-east-1 prices and capacity rules (not from {@link
 * io.dynoscope.core.table.Prices}), and sharding is proposed only when a partition would go over
 * its limit.
 */
class ThroughputTest {

    // us-east-1 on demand, per million request units; provisioned, per unit-hour; 730 hours a month
    private static final double READ_MILLION = 0.125;
    private static final double WRITE_MILLION = 0.625;
    private static final double READ_HOUR = 0.00013;
    private static final double WRITE_HOUR = 0.00065;
    private static final double MONTH_SECONDS = 730 * 3600;

    private static final Pattern COST =
            Pattern.compile("\\$([0-9.]+) a month on demand, \\$([0-9.]+) provisioned");

    private static List<Finding> findings(String request) {
        return Planner.plan(PlanRequest.read(request).input()).findings();
    }

    private static Finding one(List<Finding> findings, Finding.Kind kind, String subject) {
        List<Finding> found =
                findings.stream()
                        .filter(f -> f.kind() == kind && f.subject().equals(subject))
                        .toList();
        assertEquals(1, found.size(), kind + " " + subject + " in " + findings);
        return found.get(0);
    }

    private static void assertCost(Finding finding, double onDemand, double provisioned) {
        Matcher m = COST.matcher(finding.message());
        assertTrue(m.find(), finding.toString());
        assertEquals(onDemand, Double.parseDouble(m.group(1)), 0.006, finding.toString());
        assertEquals(provisioned, Double.parseDouble(m.group(2)), 0.006, finding.toString());
    }

    @Test
    void readsCostTheirCapacityUnitsAtPublishedPrices() {
        List<Finding> findings =
                findings(
                        """
                        { "table": "Library",
                          "entities": [
                            { "name": "member", "attributes": { "name": "S" }, "itemBytes": 3000 },
                            { "name": "loan", "belongsTo": "member", "itemsPerParent": 20,
                              "itemBytes": 1000, "attributes": { "loanedAt": "S" } } ],
                          "accessPatterns": [
                            { "words": "Look up a member by memberId", "readsPerSecond": 1000 },
                            { "words": "List the loans of a member, newest first",
                              "readsPerSecond": 100 } ] }
                        """);
        // a GetItem of 3,000 bytes: one 4 KB unit, eventually consistent = 0.5 RCU; 500 RCU/s
        double memberUnits = 1000 * 0.5;
        Finding member = one(findings, Finding.Kind.COST, "Look up a member by memberId");
        assertCost(
                member,
                memberUnits * MONTH_SECONDS / 1e6 * READ_MILLION,
                memberUnits * 730 * READ_HOUR);
        // a Query of 20 loans of 1,000 bytes: 20,000 bytes = 5 units of 4 KB, halved: 2.5 RCU
        double loanUnits = 100 * 2.5;
        Finding loans =
                one(findings, Finding.Kind.COST, "List the loans of a member, newest first");
        assertTrue(loans.message().startsWith("100 reads/s × 2.5 RCU:"), loans.toString());
        assertCost(
                loans, loanUnits * MONTH_SECONDS / 1e6 * READ_MILLION, loanUnits * 730 * READ_HOUR);
        Finding table = one(findings, Finding.Kind.COST, "Library");
        assertCost(
                table,
                (memberUnits + loanUnits) * MONTH_SECONDS / 1e6 * READ_MILLION,
                (memberUnits + loanUnits) * 730 * READ_HOUR);
        assertTrue(table.message().contains("2025-07-21"), "the prices' date is said: " + table);
        assertTrue(
                findings.stream().noneMatch(f -> f.kind() == Finding.Kind.THROUGHPUT),
                "500 RCU on members spread by id is no hot partition: " + findings);
    }

    @Test
    void writesAreChargedOncePerIndexTheItemIsIn() {
        List<Finding> findings =
                findings(
                        """
                        { "table": "Library",
                          "entities": [
                            { "name": "member", "attributes": { "name": "S" } },
                            { "name": "loan", "belongsTo": "member", "writesPerSecond": 50,
                              "itemBytes": 1500,
                              "attributes": { "isbn": "S", "status": "S", "loanedAt": "S" } } ],
                          "accessPatterns": [
                            "List the loans of a member, newest first",
                            "List the loans of a given isbn loaned between two dates" ] }
                        """);
        // 1,500 bytes = 2 WCU a write; written to the table and to the one index by isbn
        double units = 50 * 2 * 2;
        Finding writes = one(findings, Finding.Kind.COST, "loan writes");
        assertTrue(writes.message().startsWith("50 writes/s × 2 WCU × 2"), writes.toString());
        assertCost(writes, units * MONTH_SECONDS / 1e6 * WRITE_MILLION, units * 730 * WRITE_HOUR);
    }

    @Test
    void shardingIsProposedOnlyOverThePartitionLimitWithTheShardCountComputed() {
        String request =
                """
                { "table": "Sensors",
                  "entities": [
                    { "name": "device", "attributes": { "model": "S" } },
                    { "name": "reading", "belongsTo": "device", "writesPerSecond": RATE,
                      "itemBytes": 800, "attributes": { "takenAt": "S", "value": "N" } } ],
                  "accessPatterns": [ "List the readings of a device for a given date range" ] }
                """;
        // a reading every few minutes: far under 1,000 WCU a partition, nothing to shard
        List<Finding> calm = findings(request.replace("RATE", "0.01"));
        assertTrue(
                calm.stream().noneMatch(f -> f.kind() == Finding.Kind.THROUGHPUT), calm.toString());
        // 2,500 writes/s of 1 WCU into one device's collection: over 1,000 by 1,500, 3 shards
        Finding hot =
                one(findings(request.replace("RATE", "2500")), Finding.Kind.THROUGHPUT, "reading");
        assertTrue(hot.message().contains("2,500 WCU"), hot.toString());
        assertTrue(hot.message().contains("by 1,500"), hot.toString());
        assertTrue(hot.message().contains("shard it into 3 partitions"), hot.toString());
        assertTrue(hot.message().contains("with 3 Queries"), hot.toString());
    }

    @Test
    void aHotReadOnAStatusPartitionAndAnOversizedItemAreSaidWithTheirMargin() {
        List<Finding> findings =
                findings(
                        """
                        { "table": "Orders",
                          "entities": [
                            { "name": "order", "id": "orderId", "itemBytes": 500000,
                              "attributes": { "status": "S", "placedAt": "S" } } ],
                          "accessPatterns": [
                            { "words": "List the orders with a given status",
                              "readsPerSecond": 7000 } ] }
                        """);
        Finding size = one(findings, Finding.Kind.ITEM_SIZE, "order");
        assertTrue(size.message().contains("by 90,400 bytes"), size.toString());
        Finding hot = one(findings, Finding.Kind.THROUGHPUT, "List the orders with a given status");
        assertTrue(
                hot.message().contains("when every request asks the same status"), hot.toString());
    }

    private static TableDesign tasks(
            SecondaryIndex extra, Workload task, AccessPattern... patterns) {
        List<SecondaryIndex> indexes = new ArrayList<>();
        indexes.add(
                new SecondaryIndex(
                        "byStatus", true, KeySchema.of("GSI1PK", "GSI1SK"), "ALL", List.of()));
        if (extra != null) {
            indexes.add(extra);
        }
        Entity project =
                new Entity(
                        "project",
                        KeyTemplates.of("PROJECT#{projectId}", "META"),
                        List.of(),
                        Map.of());
        Entity taskEntity =
                new Entity(
                        "task",
                        KeyTemplates.of("PROJECT#{projectId}", "TASK#{taskId}"),
                        List.of(),
                        Map.of("byStatus", KeyTemplates.of("STATUS#{status}", "{dueAt}")),
                        task);
        TableModel model =
                new TableModel(
                        "Tasks",
                        KeySchema.of("PK", "SK"),
                        Map.of(),
                        indexes,
                        List.of(project, taskEntity),
                        List.of(patterns),
                        List.of(
                                new Relationship(
                                        "project has task",
                                        Relationship.Kind.SHARED_PARTITION,
                                        "project",
                                        "task",
                                        null)),
                        List.of(),
                        List.of());
        return TableDesign.of(model, List.of());
    }

    @Test
    void aCollectionOverTenGigabytesWithAnLsiIsSaidWithItsSize() {
        SecondaryIndex local =
                new SecondaryIndex("byDue", false, KeySchema.of("PK", "dueAt"), "ALL", List.of());
        // 2,000,000 tasks of 8,000 bytes under one project: 16e9 bytes = 14.9 GiB, 4.9 over 10
        List<Finding> findings =
                Throughput.review(tasks(local, new Workload(0, 0, 2_000_000, 8000)));
        Finding over = one(findings, Finding.Kind.LSI_LIMIT, "task");
        assertEquals(Finding.Severity.ERROR, over.severity());
        assertTrue(
                over.message().startsWith("2,000,000 items of 8,000 bytes per parent are 14.9 GB"),
                over.toString());
        assertTrue(over.message().contains("local index byDue, by 4.9 GB"), over.toString());
        assertTrue(
                Throughput.review(tasks(local, new Workload(0, 0, 1_000_000, 8000))).stream()
                        .noneMatch(f -> f.kind() == Finding.Kind.LSI_LIMIT),
                "8e9 bytes = 7.45 GiB: under the limit");
        assertTrue(
                Throughput.review(tasks(null, new Workload(0, 0, 2_000_000, 8000))).stream()
                        .noneMatch(f -> f.kind() == Finding.Kind.LSI_LIMIT),
                "no LSI, no limit");
    }

    @Test
    void writesToAStatusIndexAndToOneParentAreJudgedAgainstOneThousandWcu() {
        // 1,500 writes/s of 1,000 bytes: 1 WCU each; the status index takes them all at worst
        List<Finding> findings = Throughput.review(tasks(null, new Workload(0, 1500, 0, 1000)));
        Finding index = one(findings, Finding.Kind.THROUGHPUT, "task on byStatus");
        assertTrue(
                index.message().startsWith("when every request asks the same status: 1,500 WCU"),
                index.toString());
        assertTrue(
                index.message().contains("by 500; shard it into 2 partitions"), index.toString());
        Finding parent = one(findings, Finding.Kind.THROUGHPUT, "task");
        assertTrue(
                parent.message().startsWith("when one PROJECT#{projectId} takes every write"),
                parent.toString());
        Finding writes = one(findings, Finding.Kind.COST, "task writes");
        double units = 1500 * 1 * 2;
        assertTrue(writes.message().startsWith("1500 writes/s × 1 WCU × 2"), writes.toString());
        assertCost(writes, units * MONTH_SECONDS / 1e6 * WRITE_MILLION, units * 730 * WRITE_HOUR);
        assertTrue(
                Throughput.review(tasks(null, new Workload(0, 900, 0, 1000))).stream()
                        .noneMatch(f -> f.kind() == Finding.Kind.THROUGHPUT),
                "900 WCU fit one partition");
    }

    @Test
    void aLimitedQueryReadsItsLimitAndAFixedPartitionTakesEveryRead() {
        AccessPattern latest =
                new AccessPattern(
                        "the 10 latest tasks",
                        AccessPattern.Operation.QUERY,
                        List.of("task"),
                        null,
                        KeyTemplate.parse("TASKS"),
                        Optional.empty(),
                        true,
                        null,
                        10,
                        false,
                        Optional.empty(),
                        new Workload(4000, 0, 0, 0));
        // 10 tasks of 1,000 bytes: 10,000 bytes = 3 units of 4 KB, halved: 1.5 RCU; 6,000 RCU/s
        List<Finding> findings =
                Throughput.review(tasks(null, new Workload(0, 0, 0, 1000), latest));
        Finding cost = one(findings, Finding.Kind.COST, "the 10 latest tasks");
        assertTrue(cost.message().startsWith("4000 reads/s × 1.5 RCU:"), cost.toString());
        assertCost(cost, 6000 * MONTH_SECONDS / 1e6 * READ_MILLION, 6000 * 730 * READ_HOUR);
        Finding hot = one(findings, Finding.Kind.THROUGHPUT, "the 10 latest tasks");
        assertTrue(
                hot.message()
                        .startsWith(
                                "every request goes to the one partition TASKS: 6,000 RCU a second"
                                        + " on one partition, over DynamoDB's 3,000 per partition"
                                        + " by 3,000; shard it into 2 partitions"),
                hot.toString());
    }
}
