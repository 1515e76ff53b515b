package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The findings from stated numbers: each cost is checked against a figure worked out here by hand
 * from DynamoDB's published us-east-1 prices and capacity rules (not from {@link Prices}), and
 * sharding is proposed only when a partition would go over its limit.
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
}
