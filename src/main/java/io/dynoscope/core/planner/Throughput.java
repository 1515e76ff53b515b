package io.dynoscope.core.planner;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.model.Workload;
import io.dynoscope.core.table.Prices;
import io.dynoscope.core.table.SecondaryIndex;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a design's stated numbers say, against DynamoDB's limits: 3,000 read and 1,000 write
 * capacity units a second per partition, 10 GB per item collection when the table has a local
 * secondary index, 400 KB per item; and what the patterns and writes cost a month, on demand and
 * provisioned ({@link Prices}). A partition over a limit is said with by how much, and only then is
 * write sharding proposed, with the shard count that brings it under.
 *
 * <p>Reads are eventually consistent: half a read unit per 4 KB read. A Query reads its items'
 * sizes added up; how many items it reads is its limit, else the entity's items per parent when
 * stated, else what its answer over the examples holds. An item's size is the entity's stated
 * {@code itemBytes}, else the average of its example items. An entity's {@code writesPerSecond} is
 * its rate at peak; a write costs one write unit per KB, once for the table and once more for each
 * global index the item writes keys to. A partition's load is judged in the worst case the key
 * allows: a fixed partition key takes every request, a partition by a value such as a status takes
 * them all when every request asks the same value, and a collection under one parent takes every
 * write when one parent gets them all; partitions by an id spread their load.
 */
public final class Throughput {

    /** Read capacity units a partition serves each second. */
    public static final double PARTITION_READS = 3000;

    /** Write capacity units a partition serves each second. */
    public static final double PARTITION_WRITES = 1000;

    /** The item collection limit with a local secondary index. */
    public static final double COLLECTION_BYTES = 10.0 * 1024 * 1024 * 1024;

    private Throughput() {}

    /** The findings of {@code design}'s numbers, with the monthly cost last. */
    public static List<Finding> review(TableDesign design) {
        TableModel model = design.model();
        List<Finding> findings = new ArrayList<>();
        double onDemand = 0;
        double provisioned = 0;
        for (AccessPattern pattern : model.accessPatterns()) {
            double reads = pattern.workload().readsPerSecond();
            if (reads == 0) {
                continue;
            }
            double units = reads * readUnits(design, pattern);
            partitionLoad(pattern.partitionKey(), pattern.name(), units, true, false, findings);
            double month = Prices.onDemandReads(units);
            double fixed = Prices.provisionedReads(units);
            onDemand += month;
            provisioned += fixed;
            findings.add(
                    cost(
                            pattern.name(),
                            format(reads) + " reads/s × " + format(units / reads) + " RCU",
                            month,
                            fixed));
        }
        for (Entity entity : model.entities()) {
            double[] written = writes(design, entity, findings);
            onDemand += written[0];
            provisioned += written[1];
        }
        collections(design, findings);
        if (onDemand > 0) {
            findings.add(
                    new Finding(
                            Finding.Severity.INFO,
                            Finding.Kind.COST,
                            model.table(),
                            String.format(
                                    Locale.ROOT,
                                    "the table: about $%.2f a month on demand, $%.2f provisioned"
                                            + " at peak (%s prices of %s; storage not included)",
                                    onDemand,
                                    provisioned,
                                    Prices.REGION,
                                    Prices.AS_OF)));
        }
        return findings;
    }

    /** Read units one request of the pattern takes. */
    static double readUnits(TableDesign design, AccessPattern pattern) {
        Entity entity = design.model().entity(pattern.entities().get(0)).orElse(null);
        double size = entity == null ? 1024 : itemBytes(design, entity);
        if (pattern.operation() == AccessPattern.Operation.GET_ITEM) {
            return 0.5 * Math.ceil(size / 4096);
        }
        double items = itemsRead(design, pattern, entity);
        return 0.5 * Math.max(1, Math.ceil(items * size / 4096));
    }

    static double itemsRead(TableDesign design, AccessPattern pattern, Entity entity) {
        if (pattern.limit() > 0) {
            return pattern.limit();
        }
        if (pattern.operation() == AccessPattern.Operation.SCAN) {
            return design.items().size();
        }
        if (entity != null && entity.workload().itemsPerParent() > 0) {
            return entity.workload().itemsPerParent();
        }
        return PatternAnswers.parameters(design.model(), pattern, design.items(), Map.of())
                .map(p -> PatternAnswers.expected(design.model(), pattern, p, design.items()))
                .map(a -> (double) Math.max(1, a.items().size()))
                .orElse(1.0);
    }

    /** The stated item size, else the average example item's. */
    static double itemBytes(TableDesign design, Entity entity) {
        if (entity.workload().itemBytes() > 0) {
            return entity.workload().itemBytes();
        }
        List<Item> items = design.itemsOf(entity.name());
        return items.isEmpty()
                ? 1024
                : items.stream().mapToLong(ItemSize::of).average().orElse(1024);
    }

    /** Writes of an entity: its partitions' load and its monthly cost {on demand, provisioned}. */
    private static double[] writes(TableDesign design, Entity entity, List<Finding> findings) {
        Workload workload = entity.workload();
        double size = itemBytes(design, entity);
        if (workload.itemBytes() > ItemSize.MAX_ITEM_BYTES) {
            findings.add(
                    new Finding(
                            Finding.Severity.ERROR,
                            Finding.Kind.ITEM_SIZE,
                            entity.name(),
                            String.format(
                                    Locale.ROOT,
                                    "items of %,.0f bytes are over DynamoDB's 400 KB (409,600"
                                            + " bytes) limit by %,.0f bytes: keep the large part in"
                                            + " S3 or in items of its own",
                                    workload.itemBytes(),
                                    workload.itemBytes() - ItemSize.MAX_ITEM_BYTES)));
        }
        double rate = workload.writesPerSecond();
        if (rate == 0) {
            return new double[] {0, 0};
        }
        double perWrite = Math.ceil(size / 1024);
        boolean child =
                design.model().relationships().stream()
                        .anyMatch(r -> r.child().equals(entity.name()));
        if (child) {
            partitionLoad(
                    entity.keys().partitionKey(),
                    entity.name(),
                    rate * perWrite,
                    false,
                    true,
                    findings);
        }
        for (Map.Entry<String, KeyTemplates> index : entity.indexKeys().entrySet()) {
            partitionLoad(
                    index.getValue().partitionKey(),
                    entity.name() + " on " + index.getKey(),
                    rate * perWrite,
                    false,
                    false,
                    findings);
        }
        double units = rate * perWrite * (1 + entity.indexKeys().size());
        double month = Prices.onDemandWrites(units);
        double fixed = Prices.provisionedWrites(units);
        findings.add(
                cost(
                        entity.name() + " writes",
                        format(rate)
                                + " writes/s × "
                                + format(perWrite)
                                + " WCU × "
                                + (1 + entity.indexKeys().size())
                                + " (table and indexes)",
                        month,
                        fixed));
        return new double[] {month, fixed};
    }

    /**
     * Checks the worst-case load of one partition: every request when its key is fixed, every
     * request asking the same value when it is a value such as a status; an id spreads the load.
     */
    private static void partitionLoad(
            KeyTemplate key,
            String subject,
            double units,
            boolean reads,
            boolean oneParent,
            List<Finding> findings) {
        if (key == null) {
            return;
        }
        boolean fixed = key.variables().isEmpty();
        boolean byValue = !fixed && key.variables().stream().noneMatch(Throughput::idLike);
        if (!fixed && !byValue && !oneParent) {
            return;
        }
        double limit = reads ? PARTITION_READS : PARTITION_WRITES;
        if (units <= limit) {
            return;
        }
        int shards = (int) Math.ceil(units / limit);
        String unit = reads ? "RCU" : "WCU";
        String when =
                fixed
                        ? "every request goes to the one partition " + key
                        : byValue
                                ? "when every request asks the same "
                                        + String.join(", ", key.variables())
                                : "when one " + key + " takes every write";
        findings.add(
                new Finding(
                        Finding.Severity.WARNING,
                        Finding.Kind.THROUGHPUT,
                        subject,
                        String.format(
                                Locale.ROOT,
                                "%s: %,.0f %s a second on one partition, over DynamoDB's %,.0f"
                                        + " per partition by %,.0f; shard it into %d partitions"
                                        + " (%s#{shard:01..%02d}), each under the limit, and read"
                                        + " them with %d Queries",
                                when,
                                units,
                                unit,
                                limit,
                                units - limit,
                                shards,
                                key,
                                shards,
                                shards)));
    }

    private static boolean idLike(String variable) {
        return variable.endsWith("Id")
                || variable.endsWith("ID")
                || variable.equals("id")
                || variable.equals("username")
                || variable.equals("isbn");
    }

    /** Item collections with an LSI: items per parent × item size against 10 GB. */
    private static void collections(TableDesign design, List<Finding> findings) {
        TableModel model = design.model();
        Optional<SecondaryIndex> lsi =
                model.indexes().stream().filter(i -> !i.global()).findFirst();
        if (lsi.isEmpty()) {
            return;
        }
        for (Entity entity : model.entities()) {
            double items = entity.workload().itemsPerParent();
            if (items == 0) {
                continue;
            }
            double bytes = items * itemBytes(design, entity);
            if (bytes > COLLECTION_BYTES) {
                findings.add(
                        new Finding(
                                Finding.Severity.ERROR,
                                Finding.Kind.LSI_LIMIT,
                                entity.name(),
                                String.format(
                                        Locale.ROOT,
                                        "%,.0f items of %,.0f bytes per parent are %.1f GB, over"
                                                + " the 10 GB an item collection may hold with the"
                                                + " local index %s, by %.1f GB: drop the LSI (a GSI"
                                                + " has no such limit) or split the collection",
                                        items,
                                        itemBytes(design, entity),
                                        bytes / (1024.0 * 1024 * 1024),
                                        lsi.get().name(),
                                        (bytes - COLLECTION_BYTES) / (1024.0 * 1024 * 1024))));
            }
        }
    }

    private static Finding cost(String subject, String how, double onDemand, double provisioned) {
        return new Finding(
                Finding.Severity.INFO,
                Finding.Kind.COST,
                subject,
                String.format(
                        Locale.ROOT,
                        "%s: $%.2f a month on demand, $%.2f provisioned",
                        how,
                        onDemand,
                        provisioned));
    }

    private static String format(double value) {
        return BigDecimal.valueOf(value)
                .setScale(3, RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .toPlainString();
    }
}
