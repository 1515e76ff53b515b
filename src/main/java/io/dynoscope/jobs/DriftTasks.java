package io.dynoscope.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftDetector;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.drift.DriftPropagation;
import io.dynoscope.service.drift.PropagationReport;
import io.dynoscope.service.store.DynamoRepository;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * The drift-fix job's Spark tasks. The desktop's {@link DriftDetector} needs a source and its
 * copies together; on Spark they are brought together by a shuffle keyed by the source's key: the
 * tasks reading the table send each source item to its own group and each copy to the group of the
 * source its reference points at, and each group is then judged by a detector of its own. The
 * writes are the desktop's {@link DriftPropagation}, each guarded by the value the scan saw.
 */
final class DriftTasks {

    private DriftTasks() {}

    /** What every task knows: the rules (as a rule file) and the table's keys. */
    record Rules(String ruleFile, String partitionKey, String sortKey) implements Serializable {
        private static final long serialVersionUID = 1L;

        static Rules of(List<DenormalizationRule> rules, KeySchema schema) {
            return new Rules(
                    RuleFiles.write(rules), schema.partitionKey(), schema.sortKey().orElse(null));
        }

        KeySchema schema() {
            return KeySchema.of(partitionKey, sortKey);
        }

        DenormalizationRule rule(int n) {
            return RuleFiles.read(ruleFile).get(n);
        }

        List<DenormalizationRule> all() {
            return RuleFiles.read(ruleFile);
        }
    }

    /**
     * Reads units of the table (or export) and keys every source and copy of one rule by its
     * source's group, with only the attributes the rule reads.
     */
    record Keying(ItemSource source, Rules rules, int rule, UnitProgress progress)
            implements PairFlatMapFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<Tuple2<String, String>> call(String unit) throws Exception {
            KeySchema schema = rules.schema();
            DenormalizationRule read = rules.rule(rule);
            DriftDetector detector = new DriftDetector(read, schema);
            List<String> kept =
                    List.of(
                            read.source().attribute().attribute(),
                            read.copies().reference().attribute().attribute(),
                            read.copies().attribute().attribute());
            List<Tuple2<String, String>> keyed = new ArrayList<>();
            long[] counted = {0, 0};
            source.read(
                    unit,
                    item -> {
                        counted[0]++;
                        counted[1] += ItemSize.of(item);
                        boolean isSource = detector.isSource(item);
                        Optional<Key> copyOf = detector.sourceOfCopy(item);
                        if (!isSource && copyOf.isEmpty()) {
                            return;
                        }
                        String json = ItemJson.DYNAMODB.write(projected(item, schema, kept));
                        if (isSource) {
                            keyed.add(
                                    new Tuple2<>(
                                            DriftWire.group(schema, schema.keyOf(item)), json));
                        }
                        copyOf.ifPresent(
                                s -> keyed.add(new Tuple2<>(DriftWire.group(schema, s), json)));
                    });
            progress.unitRead(counted[0], counted[1]);
            return keyed.iterator();
        }

        private static Item projected(Item item, KeySchema schema, List<String> kept) {
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            for (Map.Entry<String, AttributeValue> a : item.attributes().entrySet()) {
                if (schema.isKeyAttribute(a.getKey()) || kept.contains(a.getKey())) {
                    attributes.put(a.getKey(), a.getValue());
                }
            }
            return Item.of(attributes);
        }
    }

    /**
     * Judges each group with a detector of its own and answers its source (when it has one, with
     * its copies) and the copies that point at it in vain, as {@link DriftWire} lines.
     */
    record Detecting(Rules rules, int rule)
            implements FlatMapFunction<Iterator<Tuple2<String, Iterable<String>>>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<String> call(Iterator<Tuple2<String, Iterable<String>>> groups) {
            KeySchema schema = rules.schema();
            DenormalizationRule read = rules.rule(rule);
            List<String> lines = new ArrayList<>();
            while (groups.hasNext()) {
                Tuple2<String, Iterable<String>> group = groups.next();
                DriftDetector detector = new DriftDetector(read, schema);
                group._2().forEach(json -> detector.accept(ItemJson.DYNAMODB.readItem(json)));
                DriftReport report = detector.report();
                // an item in this group only as a copy may be a source (or copy) of another group
                for (DriftReport.SourceReport source : report.sources()) {
                    if (DriftWire.group(schema, source.source()).equals(group._1())) {
                        lines.add(DriftWire.source(source));
                    }
                }
                for (DriftReport.OrphanCopy orphan : report.orphans()) {
                    if (DriftWire.group(schema, orphan.expectedSource()).equals(group._1())) {
                        lines.add(DriftWire.orphan(orphan));
                    }
                }
            }
            return lines.iterator();
        }
    }

    /**
     * Sends its share of the planned writes through the desktop's propagation and answers one line
     * per write (its outcome) and one with the requests it sent. A retried task sends them again;
     * each is guarded by the old value, so a copy already fixed is only found current.
     */
    record Writing(JobConnection connection, String table, Rules rules, int concurrency)
            implements FlatMapFunction<Iterator<String>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public Iterator<String> call(Iterator<String> lines) {
            List<DenormalizationRule> all = rules.all();
            List<PlannedWrite> writes = new ArrayList<>();
            Map<PlannedWrite, Integer> numbers = new IdentityHashMap<>();
            while (lines.hasNext()) {
                JsonNode node = DriftWire.tree(lines.next());
                PlannedWrite write =
                        new PlannedWrite(
                                DriftWire.key(node.get("copy")),
                                all.get(node.get("rule").asInt()).copies().attribute(),
                                DriftWire.value(node.get("old")),
                                DriftWire.value(node.get("new")),
                                DriftWire.key(node.get("source")));
                writes.add(write);
                numbers.put(write, node.get("n").asInt());
            }
            PropagationReport report;
            try (DynamoRepository repository = connection.openForTask()) {
                report =
                        new DriftPropagation(repository)
                                .propagate(
                                        table,
                                        new PropagationPlan(rules.partitionKey(), writes),
                                        DriftPropagation.Options.withConcurrency(concurrency),
                                        progress -> {},
                                        Cancellation.none());
            }
            List<String> out = new ArrayList<>();
            report.updated().forEach(w -> out.add(outcome(numbers.get(w), "UPDATED").toString()));
            report.alreadyCurrent()
                    .forEach(w -> out.add(outcome(numbers.get(w), "ALREADY_CURRENT").toString()));
            for (PropagationReport.ChangedElsewhere changed : report.changedElsewhere()) {
                ObjectNode node = outcome(numbers.get(changed.write()), "CHANGED_ELSEWHERE");
                node.put("deleted", changed.itemDeleted());
                if (changed.currentValue() != null) {
                    node.set("current", DriftWire.tree(DriftWire.value(changed.currentValue())));
                }
                out.add(node.toString());
            }
            for (PropagationReport.Failed failed : report.failed()) {
                out.add(
                        outcome(numbers.get(failed.write()), "FAILED")
                                .put("why", failed.why())
                                .toString());
            }
            report.notAttempted()
                    .forEach(w -> out.add(outcome(numbers.get(w), "NOT_ATTEMPTED").toString()));
            ObjectNode tally = JsonNodeFactory.instance.objectNode();
            tally.put("requests", report.writeRequests());
            tally.put("capacity", report.consumedCapacity());
            if (report.stoppedBy() != null) {
                tally.put("stoppedBy", report.stoppedBy());
            }
            out.add(tally.toString());
            return out.iterator();
        }

        private static ObjectNode outcome(int n, String outcome) {
            ObjectNode node = JsonNodeFactory.instance.objectNode();
            node.put("n", n);
            node.put("outcome", outcome);
            return node;
        }
    }
}
