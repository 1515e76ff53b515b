package io.dynoscope.service.model;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.PatternRequests;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.GetResult;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.repository.ScanSpec;
import io.dynoscope.service.read.TableSampler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Checks a live table against its model: runs every access pattern with real parameter values and
 * reports, per pattern, the request sent, the items returned and what it cost (requests, RCU,
 * scanned, returned). A pattern is served as designed when it took one request that read no more
 * than it returned by half; otherwise the reason says why not (a Scan, a fan-out over shards,
 * paging past 1 MB, a filter that discards most of what it reads).
 *
 * <p>Parameter values come from, in turn: those given, the model's example items, a sample of the
 * table (one Scan page, not counted in any pattern's figures).
 */
public final class AccessPatternCheck {

    /** How many items of each pattern the report keeps (all are counted). */
    public static final int ITEMS_KEPT = 50;

    /** How many items the parameter sample reads. */
    static final int PARAMETER_SAMPLE = 200;

    private final DynamoRepository repository;

    public AccessPatternCheck(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository);
    }

    /**
     * What one pattern did.
     *
     * @param parameters the values it was run with
     * @param request the request as sent (expressions and their maps), or empty when not sent
     * @param items the first {@value #ITEMS_KEPT} items returned
     * @param asDesigned one request, reading no more than twice what it returned
     * @param reason why not, or a remark when it was ("returned no items")
     */
    public record Outcome(
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            String request,
            List<Item> items,
            ReadStatistics statistics,
            boolean asDesigned,
            String reason) {
        public Outcome {
            parameters = Map.copyOf(parameters);
            items = List.copyOf(items);
        }
    }

    /** Every pattern's outcome. */
    public record Report(String table, List<Outcome> outcomes) {
        public Report {
            outcomes = List.copyOf(outcomes);
        }

        public boolean allAsDesigned() {
            return outcomes.stream().allMatch(Outcome::asDesigned);
        }
    }

    /**
     * Runs every access pattern of {@code model} against {@code table}; {@code onOutcome} hears of
     * each as it finishes (on the calling thread).
     *
     * @param given parameter values by name, used first
     * @param examples items to take parameter values from next (the design's examples)
     */
    public Report check(
            TableModel model,
            String table,
            Map<String, AttributeValue> given,
            List<Item> examples,
            Consumer<Outcome> onOutcome,
            Cancellation cancellation) {
        TableModel live = model.withTable(table);
        List<Item> sample = null;
        List<Outcome> outcomes = new ArrayList<>();
        for (AccessPattern pattern : live.accessPatterns()) {
            if (cancellation.isCancelled()) {
                break;
            }
            Optional<Map<String, AttributeValue>> parameters =
                    parameters(live, pattern, given, examples);
            if (parameters.isEmpty()) {
                if (sample == null) {
                    sample = sample(table, cancellation);
                }
                parameters = parameters(live, pattern, given, sample);
            }
            Outcome outcome =
                    parameters.isPresent()
                            ? run(live, pattern, parameters.get(), cancellation)
                            : new Outcome(
                                    pattern,
                                    Map.of(),
                                    "",
                                    List.of(),
                                    ReadStatistics.NONE,
                                    false,
                                    "not run: no value for "
                                            + missing(pattern, given)
                                            + " (no example or sampled item of "
                                            + String.join(", ", pattern.entities())
                                            + " has one; give it as a parameter)");
            outcomes.add(outcome);
            onOutcome.accept(outcome);
        }
        return new Report(table, outcomes);
    }

    private static String missing(AccessPattern pattern, Map<String, AttributeValue> given) {
        List<String> names =
                PatternRequests.parameters(pattern).stream()
                        .filter(n -> !given.containsKey(n))
                        .toList();
        return String.join(", ", names);
    }

    private static Optional<Map<String, AttributeValue>> parameters(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> given,
            List<Item> items) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        boolean all = true;
        for (String name : PatternRequests.parameters(pattern)) {
            if (given.containsKey(name)) {
                values.put(name, given.get(name));
            } else {
                all = false;
            }
        }
        if (all) {
            return Optional.of(values);
        }
        for (Item item : items) {
            Optional<Map<String, AttributeValue>> fromItem =
                    PatternRequests.parametersFrom(model, pattern, item);
            if (fromItem.isPresent()) {
                Map<String, AttributeValue> merged = new LinkedHashMap<>(fromItem.get());
                merged.putAll(values);
                return Optional.of(merged);
            }
        }
        return Optional.empty();
    }

    private List<Item> sample(String table, Cancellation cancellation) {
        return new TableSampler(repository).sample(table, PARAMETER_SAMPLE, cancellation).items();
    }

    private Outcome run(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            Cancellation cancellation) {
        PatternRequests.PatternRequest request;
        try {
            request = PatternRequests.build(model, pattern, parameters);
        } catch (IllegalArgumentException e) {
            return new Outcome(
                    pattern,
                    parameters,
                    "",
                    List.of(),
                    ReadStatistics.NONE,
                    false,
                    "not run: " + e.getMessage());
        }
        List<Item> items = new ArrayList<>();
        Reads reads = new Reads();
        if (request instanceof PatternRequests.Get get) {
            GetResult result = repository.getItem(get.table(), get.key(), false);
            result.item().ifPresent(items::add);
            reads.add(result.statistics());
            String remark =
                    result.item().isPresent() ? "one request" : "one request; no item has this key";
            return new Outcome(
                    pattern, parameters, request.describe(), items, reads.total(), true, remark);
        }
        if (request instanceof PatternRequests.Query query) {
            for (CompiledExpression keyCondition : query.keyConditions()) {
                QuerySpec spec =
                        new QuerySpec(
                                query.table(),
                                query.index(),
                                keyCondition,
                                query.scanForward(),
                                query.filter(),
                                null,
                                0,
                                0,
                                null,
                                false);
                ReadResult result =
                        repository.query(spec, page -> keep(items, page.items()), cancellation);
                reads.add(result.statistics());
                if (result.cancelled()) {
                    break;
                }
            }
            return verdict(
                    pattern,
                    parameters,
                    request,
                    items,
                    reads.total(),
                    query.keyConditions().size(),
                    query.filter() != null,
                    false);
        }
        PatternRequests.Scan scan = (PatternRequests.Scan) request;
        ScanSpec spec = ScanSpec.table(scan.table());
        if (scan.index() != null) {
            spec = spec.onIndex(scan.index());
        }
        if (scan.filter() != null) {
            spec = spec.withFilter(scan.filter());
        }
        ReadResult result = repository.scan(spec, page -> keep(items, page.items()), cancellation);
        reads.add(result.statistics());
        return verdict(
                pattern, parameters, request, items, reads.total(), 1, scan.filter() != null, true);
    }

    private static boolean keep(List<Item> items, List<Item> page) {
        for (Item item : page) {
            if (items.size() < ITEMS_KEPT) {
                items.add(item);
            }
        }
        return true;
    }

    private static Outcome verdict(
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            PatternRequests.PatternRequest request,
            List<Item> items,
            ReadStatistics statistics,
            int partitions,
            boolean filtered,
            boolean scan) {
        long scanned = statistics.scannedCount();
        long returned = statistics.returnedCount();
        String reason;
        boolean asDesigned = false;
        if (scan) {
            reason =
                    "a Scan: it read "
                            + scanned
                            + " items of the whole table to return "
                            + returned
                            + " in "
                            + statistics.requests()
                            + (statistics.requests() == 1 ? " request" : " requests");
        } else if (partitions > 1) {
            reason =
                    "a fan-out: "
                            + partitions
                            + " Queries, one per shard, in "
                            + statistics.requests()
                            + " requests";
        } else if (statistics.requests() > 1) {
            reason =
                    "paging past 1 MB: "
                            + statistics.requests()
                            + " requests (DynamoDB returns at most 1 MB a page) for "
                            + scanned
                            + " items read";
        } else if (filtered && scanned > 0 && returned * 2 < scanned) {
            reason =
                    "the filter discarded "
                            + (scanned - returned)
                            + " of the "
                            + scanned
                            + " items read (all "
                            + scanned
                            + " are charged)";
        } else {
            asDesigned = true;
            reason = returned == 0 ? "one request; it returned no items" : "one request";
        }
        return new Outcome(
                pattern, parameters, request.describe(), items, statistics, asDesigned, reason);
    }

    /** Reads added up. */
    private static final class Reads {
        int requests;
        double capacity;
        long scanned;
        long returned;
        Duration elapsed = Duration.ZERO;

        void add(ReadStatistics s) {
            requests += s.requests();
            capacity += s.consumedCapacity();
            scanned += s.scannedCount();
            returned += s.returnedCount();
            elapsed = elapsed.plus(s.elapsed() == null ? Duration.ZERO : s.elapsed());
        }

        ReadStatistics total() {
            return new ReadStatistics(requests, capacity, scanned, returned, elapsed);
        }
    }
}
