package io.dynoscope.service.model;

import io.dynoscope.core.collection.KeyOrder;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.PatternRequests;
import io.dynoscope.core.model.ProbeCheck;
import io.dynoscope.core.model.ProbeItems;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.GetResult;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Checks a live table against its model: runs every access pattern and proves it answers its
 * question. A pattern is served as designed when its request is one request, reads no more than
 * twice what it returns, puts an asked range in its key condition, and returns exactly the items
 * the example items say it should, in the order asked ({@link PatternAnswers} computes that answer
 * by filtering the examples, without the key design).
 *
 * <p>Parameter values come from the values given, else from the examples, chosen so the answer is
 * known and tells something (see {@link PatternAnswers#parameters}); for a model without examples,
 * or a pattern none of whose items are among them, from a sample of the table (one Scan page, not
 * counted in any pattern's figures), which then also serves as the examples.
 */
public final class AccessPatternCheck {

    /** How many items of each pattern the report keeps (all are counted and judged). */
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
     * @param expectedKeys the keys of the items the examples say it should return, in order
     * @param returnedKeys the keys of every item it returned, in order
     * @param asDesigned one request, reading no more than twice what it returned, with the right
     *     items
     * @param answeredByKeys the right items, read by key conditions alone (no Scan, no filter
     *     discarding most of what it read), though maybe in more than one request: a fan-out over
     *     the design's shards, or pages past 1 MB of a large answer
     * @param reason why not, or a remark when it was ("one request")
     * @param probe what the same request did on items made from the entities alone ({@link
     *     ProbeCheck}): how many sets of values it was asked with, or why it was wrong; empty when
     *     not run
     */
    public record Outcome(
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            String request,
            List<Item> items,
            List<Key> expectedKeys,
            List<Key> returnedKeys,
            ReadStatistics statistics,
            boolean asDesigned,
            boolean answeredByKeys,
            String reason,
            String probe) {
        public Outcome {
            parameters = Map.copyOf(parameters);
            items = List.copyOf(items);
            expectedKeys = List.copyOf(expectedKeys);
            returnedKeys = List.copyOf(returnedKeys);
        }

        static Outcome notRun(
                AccessPattern pattern, Map<String, AttributeValue> parameters, String why) {
            return new Outcome(
                    pattern,
                    parameters,
                    "",
                    List.of(),
                    List.of(),
                    List.of(),
                    ReadStatistics.NONE,
                    false,
                    false,
                    "not run: " + why,
                    "");
        }

        /**
         * What a person is told: a pattern served as designed whose reading rests on a guess nobody
         * corrected is unconfirmed, never ok, since it answers a question nobody confirmed asking.
         */
        public Verdict verdict() {
            if (reason.startsWith("not run: ")) {
                return Verdict.NOT_RUN;
            }
            if (!asDesigned) {
                return Verdict.FAILED;
            }
            return pattern.unsure().isEmpty() ? Verdict.OK : Verdict.UNCONFIRMED;
        }
    }

    /** A pattern's verdict. */
    public enum Verdict {
        /** One request, the right items, on the examples and on items the design did not make. */
        OK("ok"),
        /** Served as designed, but the reading of its words is unsure and was not corrected. */
        UNCONFIRMED("unconfirmed"),
        /** Not served as designed. */
        FAILED("FAIL"),
        /** Not sent: a value it needs is missing. */
        NOT_RUN("not run");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** The word a report prints. */
        public String label() {
            return label;
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

        /** How many patterns were served as designed. */
        public long served() {
            return outcomes.stream().filter(Outcome::asDesigned).count();
        }

        /** Whether every pattern is ok: served as designed with a reading nobody doubts. */
        public boolean allOk() {
            return outcomes.stream().allMatch(o -> o.verdict() == Verdict.OK);
        }

        /** How many patterns were served as designed on a reading that is unsure. */
        public long unconfirmed() {
            return outcomes.stream().filter(o -> o.verdict() == Verdict.UNCONFIRMED).count();
        }
    }

    /**
     * Runs every access pattern of {@code design} against {@code table}, judged against the
     * design's example items: the entry point for "check this model's patterns against this table".
     */
    public Report check(
            TableDesign design,
            String table,
            Map<String, AttributeValue> given,
            Consumer<Outcome> onOutcome,
            Cancellation cancellation) {
        return check(design.model(), table, given, design.items(), onOutcome, cancellation);
    }

    /**
     * Runs every access pattern of {@code model} against {@code table}; {@code onOutcome} hears of
     * each as it finishes (on the calling thread).
     *
     * @param given parameter values by name, used first
     * @param examples the items the answers are computed from (the design's examples)
     */
    public Report check(
            TableModel model,
            String table,
            Map<String, AttributeValue> given,
            List<Item> examples,
            Consumer<Outcome> onOutcome,
            Cancellation cancellation) {
        TableModel live = model.with(b -> b.table(table));
        List<Item> examplesOrSample = examples.isEmpty() ? sample(table, cancellation) : examples;
        List<Item> sampled = examples.isEmpty() ? examplesOrSample : null;
        List<Outcome> outcomes = new ArrayList<>();
        ProbeItems.Probes probes = ProbeItems.of(live);
        for (AccessPattern pattern : live.accessPatterns()) {
            if (cancellation.isCancelled()) {
                break;
            }
            List<Item> reference = examplesOrSample;
            if (PatternAnswers.parameters(live, pattern, reference, given).isEmpty()) {
                // the examples hold none of this pattern's items: a sample of the table may
                sampled = sampled == null ? sample(table, cancellation) : sampled;
                reference = sampled;
            }
            Outcome outcome =
                    probed(
                            live,
                            pattern,
                            probes,
                            checkOne(live, pattern, given, reference, cancellation));
            outcomes.add(outcome);
            onOutcome.accept(outcome);
        }
        return new Report(table, outcomes);
    }

    private Outcome checkOne(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> given,
            List<Item> reference,
            Cancellation cancellation) {
        Set<String> lacking = PatternAnswers.unanswerable(pattern);
        lacking.removeAll(given.keySet());
        if (!lacking.isEmpty()) {
            return Outcome.notRun(
                    pattern,
                    Map.of(),
                    "the request needs "
                            + String.join(", ", lacking)
                            + ", which the question does not give (its key asks for values the"
                            + " caller does not have)");
        }
        Optional<Map<String, AttributeValue>> parameters =
                PatternAnswers.parameters(model, pattern, reference, given);
        if (parameters.isEmpty()) {
            return Outcome.notRun(
                    pattern,
                    Map.of(),
                    "no example item of "
                            + String.join(", ", pattern.entities())
                            + " has values for "
                            + String.join(", ", PatternAnswers.questionOf(pattern).parameters())
                            + " (give them as parameters)");
        }
        PatternRequests.PatternRequest request;
        try {
            request = PatternRequests.build(model, pattern, parameters.get());
        } catch (IllegalArgumentException e) {
            return Outcome.notRun(pattern, parameters.get(), e.getMessage());
        }
        Reads reads = send(request, cancellation);
        if (reads.partitions > 1 && request instanceof PatternRequests.Query query) {
            mergeShards(reads.items, model.keysOf(pattern.index()).sortKey(), query.scanForward());
        }
        List<Key> expected =
                PatternAnswers.expected(model, pattern, parameters.get(), reference)
                        .items()
                        .stream()
                        .map(model.keys()::keyOf)
                        .toList();
        Optional<String> wrong =
                PatternAnswers.judge(model, pattern, parameters.get(), reference, reads.items);
        return verdict(model, pattern, parameters.get(), request, reads, expected, wrong);
    }

    /**
     * The outcome with what the same request did on items the design did not make: a wrong answer
     * there fails the pattern, though its examples came back right.
     */
    private static Outcome probed(
            TableModel model, AccessPattern pattern, ProbeItems.Probes probes, Outcome outcome) {
        if (outcome.verdict() == Verdict.NOT_RUN) {
            return outcome;
        }
        ProbeCheck.Result result = ProbeCheck.check(model, pattern, probes);
        if (result.right()) {
            String probe =
                    result.runs() == 0
                            ? ""
                            : "right on items made from the entities alone, asked with "
                                    + result.runs()
                                    + (result.runs() == 1 ? " set" : " sets")
                                    + " of values";
            return new Outcome(
                    outcome.pattern(),
                    outcome.parameters(),
                    outcome.request(),
                    outcome.items(),
                    outcome.expectedKeys(),
                    outcome.returnedKeys(),
                    outcome.statistics(),
                    outcome.asDesigned(),
                    outcome.answeredByKeys(),
                    outcome.reason(),
                    probe);
        }
        String problem = result.problem().orElseThrow();
        return new Outcome(
                outcome.pattern(),
                outcome.parameters(),
                outcome.request(),
                outcome.items(),
                outcome.expectedKeys(),
                outcome.returnedKeys(),
                outcome.statistics(),
                false,
                false,
                outcome.asDesigned()
                        ? "wrong answer " + problem
                        : outcome.reason() + "; " + problem,
                problem);
    }

    /**
     * A fan-out's items in the order the app's fan-out read gives them: merged by sort key in the
     * read's direction, shard order between equal keys (each shard's items come sorted already).
     */
    private static void mergeShards(List<Item> items, Optional<String> sortKey, boolean forward) {
        if (sortKey.isEmpty()) {
            return;
        }
        Comparator<Item> bySortKey =
                Comparator.comparing(
                        (Item i) -> i.attributes().get(sortKey.get()),
                        Comparator.nullsFirst(KeyOrder::compare));
        items.sort(forward ? bySortKey : bySortKey.reversed());
    }

    /** What a request read: every item, and the figures. */
    static final class Reads {
        final List<Item> items = new ArrayList<>();
        ReadStatistics statistics = ReadStatistics.NONE;
        int partitions = 1;
        boolean filtered;
        boolean scan;

        boolean keep(Page page) {
            items.addAll(page.items());
            return true;
        }
    }

    Reads send(PatternRequests.PatternRequest request, Cancellation cancellation) {
        Reads reads = new Reads();
        if (request instanceof PatternRequests.Get get) {
            GetResult result = repository.getItem(get.table(), get.key(), false);
            result.item().ifPresent(reads.items::add);
            reads.statistics = result.statistics();
        } else if (request instanceof PatternRequests.Query query) {
            reads.partitions = query.keyConditions().size();
            reads.filtered = query.filter() != null;
            for (CompiledExpression keyCondition : query.keyConditions()) {
                QuerySpec spec =
                        new QuerySpec(
                                query.table(),
                                query.index(),
                                keyCondition,
                                query.scanForward(),
                                query.filter(),
                                null,
                                query.limit(),
                                query.limit(),
                                null,
                                false);
                ReadResult result = repository.query(spec, reads::keep, cancellation);
                reads.statistics = reads.statistics.plus(result.statistics());
                if (result.cancelled()) {
                    break;
                }
            }
        } else {
            PatternRequests.Scan scan = (PatternRequests.Scan) request;
            reads.scan = true;
            reads.filtered = scan.filter() != null;
            ScanSpec spec =
                    ScanSpec.table(scan.table()).onIndex(scan.index()).withFilter(scan.filter());
            reads.statistics = repository.scan(spec, reads::keep, cancellation).statistics();
        }
        return reads;
    }

    private static Outcome verdict(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            PatternRequests.PatternRequest request,
            Reads reads,
            List<Key> expected,
            Optional<String> wrong) {
        Optional<String> cost = costProblem(reads);
        List<String> problems = new ArrayList<>();
        if (!PatternAnswers.rangeInKeyCondition(pattern)) {
            problems.add(
                    "the range on "
                            + PatternAnswers.questionOf(pattern).range().orElseThrow().attribute()
                            + " is not in the key condition: the read takes every item of the"
                            + " partition"
                            + (reads.filtered ? " and a filter discards what is outside it" : ""));
        }
        cost.ifPresent(problems::add);
        wrong.ifPresent(w -> problems.add(problems.isEmpty() ? "wrong answer: " + w : w));
        String reason;
        if (!problems.isEmpty()) {
            reason = String.join("; ", problems);
        } else {
            reason =
                    reads.statistics.returnedCount() == 0
                            ? "one request; it returned no items, as expected"
                            : "one request";
        }
        boolean answered = wrong.isEmpty() && PatternAnswers.rangeInKeyCondition(pattern);
        boolean asDesigned = cost.isEmpty() && answered;
        boolean answeredByKeys = answered && !reads.scan && !discarding(reads);
        List<Item> kept = reads.items.subList(0, Math.min(ITEMS_KEPT, reads.items.size()));
        return new Outcome(
                pattern,
                parameters,
                request.describe(),
                kept,
                expected,
                reads.items.stream().map(model.keys()::keyOf).toList(),
                reads.statistics,
                asDesigned,
                answeredByKeys,
                reason,
                "");
    }

    /**
     * Why the read cost more than one request reading at most twice what it returned, if it did.
     */
    private static Optional<String> costProblem(Reads reads) {
        ReadStatistics statistics = reads.statistics;
        long scanned = statistics.scannedCount();
        long returned = statistics.returnedCount();
        String requests =
                statistics.requests() + (statistics.requests() == 1 ? " request" : " requests");
        if (reads.scan) {
            return Optional.of(
                    "a Scan: it read "
                            + scanned
                            + " items of the whole table to return "
                            + returned
                            + " in "
                            + requests);
        }
        if (reads.partitions > 1) {
            return Optional.of(
                    "a fan-out: "
                            + reads.partitions
                            + " Queries, one per shard, in "
                            + statistics.requests()
                            + " requests");
        }
        if (statistics.requests() > 1) {
            return Optional.of(
                    "paging past 1 MB: "
                            + requests
                            + " (DynamoDB returns at most 1 MB a page) for "
                            + scanned
                            + " items read");
        }
        if (discarding(reads)) {
            return Optional.of(
                    "the filter discarded "
                            + (scanned - returned)
                            + " of the "
                            + scanned
                            + " items read (all "
                            + scanned
                            + " are charged)");
        }
        return Optional.empty();
    }

    /** A filter discarded more than half of what the read was charged for. */
    private static boolean discarding(Reads reads) {
        long scanned = reads.statistics.scannedCount();
        return reads.filtered && scanned > 0 && reads.statistics.returnedCount() * 2 < scanned;
    }

    private List<Item> sample(String table, Cancellation cancellation) {
        return new TableSampler(repository).sample(table, PARAMETER_SAMPLE, cancellation).items();
    }
}
