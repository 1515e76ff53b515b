package io.dynoscope.service.drift;

import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftDetector;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs drift detection for a rule against a table: reads the sources and copies the way the rule
 * says (one filtered Scan, or a Scan for the sources and a Query per source), streaming pages into
 * a {@link DriftDetector}, reporting progress, stopping when cancelled, and adding up what the
 * reads cost.
 *
 * <p>Reads project only the attributes the rule needs, so a wide item costs little transfer (the
 * capacity DynamoDB charges is the same).
 */
public final class DriftDetection {

    private final DynamoRepository repository;

    public DriftDetection(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository);
    }

    /**
     * Where detection is.
     *
     * @param itemsRead items returned so far
     * @param requests requests sent so far
     * @param sourcesQueried sources whose copies have been queried (Query lookups only)
     * @param sourcesTotal sources to query, or -1 while they are still being found or for a Scan
     */
    public record Progress(long itemsRead, int requests, int sourcesQueried, int sourcesTotal) {}

    /**
     * How detection ended.
     *
     * @param report what was found (partial when not complete)
     * @param reads all the reads: requests, consumed capacity, scanned and returned items, time
     * @param complete false when cancelled before every item was read
     */
    public record Result(DriftReport report, ReadStatistics reads, boolean complete) {}

    /**
     * Detects drift for {@code rule} in {@code table}; {@code progress} is called on the reading
     * thread.
     */
    public Result detect(
            String table,
            DenormalizationRule rule,
            Consumer<Progress> progress,
            Cancellation cancellation) {
        long started = System.nanoTime();
        TableInfo info = repository.describeTable(table);
        KeySchema schema = info.keySchema();
        checkIndex(rule, info);
        DriftDetector detector = new DriftDetector(rule, schema);
        Reads reads = new Reads(progress);
        boolean complete;
        if (rule.copies().lookup() == CopyLookup.SCAN) {
            complete = scan(table, rule, schema, detector, reads, cancellation);
        } else {
            List<Item> sources = new ArrayList<>();
            complete = scanSources(table, rule, schema, detector, sources, reads, cancellation);
            reads.sourcesTotal = sources.size();
            reads.report();
            for (Item source : sources) {
                if (!complete || cancellation.isCancelled()) {
                    complete = false;
                    break;
                }
                complete = queryCopies(table, rule, schema, source, detector, reads, cancellation);
                reads.sourcesQueried++;
                reads.report();
            }
        }
        ReadStatistics total =
                new ReadStatistics(
                        reads.requests,
                        reads.capacity,
                        reads.scanned,
                        reads.returned,
                        Duration.ofNanos(System.nanoTime() - started));
        return new Result(detector.report(), total, complete);
    }

    private static void checkIndex(DenormalizationRule rule, TableInfo info) {
        if (rule.copies().lookup() != CopyLookup.INDEX) {
            return;
        }
        String index = rule.copies().index();
        SecondaryIndex found =
                info.globalSecondaryIndexes().stream()
                        .filter(i -> i.name().equals(index))
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "rule '"
                                                        + rule.name()
                                                        + "': table '"
                                                        + info.name()
                                                        + "' has no global secondary index '"
                                                        + index
                                                        + "'"));
        String reference = rule.copies().reference().attribute().toString();
        if (!found.keySchema().partitionKey().equals(reference)) {
            throw new IllegalArgumentException(
                    "rule '"
                            + rule.name()
                            + "': index '"
                            + index
                            + "' is keyed by "
                            + found.keySchema().partitionKey()
                            + ", not by the reference "
                            + reference);
        }
        String copy = rule.copies().attribute().attribute();
        boolean projected =
                found.projection() == Projection.ALL
                        || (found.projection() == Projection.INCLUDE
                                && found.nonKeyAttributes().contains(copy));
        if (!projected) {
            throw new IllegalArgumentException(
                    "rule '"
                            + rule.name()
                            + "': index '"
                            + index
                            + "' does not project "
                            + copy
                            + "; project it into the index or find the copies with a SCAN lookup");
        }
    }

    /** Adds up the reads and passes progress on. */
    private static final class Reads {
        final Consumer<Progress> progress;
        int requests;
        double capacity;
        long scanned;
        long returned;
        int sourcesQueried;
        int sourcesTotal = -1;

        Reads(Consumer<Progress> progress) {
            this.progress = progress;
        }

        void page(Page page) {
            requests++;
            capacity += page.consumedCapacity();
            scanned += page.scannedCount();
            returned += page.items().size();
            report();
        }

        void report() {
            progress.accept(new Progress(returned, requests, sourcesQueried, sourcesTotal));
        }
    }

    /** One Scan of the whole table that keeps sources and copies alike (the SCAN lookup). */
    private boolean scan(
            String table,
            DenormalizationRule rule,
            KeySchema schema,
            DriftDetector detector,
            Reads reads,
            Cancellation cancellation) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        // Without a filter on the sources, every item may be a source and no filter is sent.
        String filter =
                sourceFilter(rule, schema)
                        .map(
                                sourceRows ->
                                        "("
                                                + compiler.condition(sourceRows)
                                                + ") OR ("
                                                + compiler.condition(copyFilter(rule, schema))
                                                + ")")
                        .orElse(null);
        String projection = compiler.projection(projected(rule, schema));
        return scan(table, compiler, projection, filter, everyItem(detector, reads), cancellation);
    }

    private boolean scanSources(
            String table,
            DenormalizationRule rule,
            KeySchema schema,
            DriftDetector detector,
            List<Item> sources,
            Reads reads,
            Cancellation cancellation) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        Optional<List<Row>> filterRows = sourceFilter(rule, schema);
        String filter = filterRows.map(compiler::condition).orElse(null);
        String projection =
                compiler.projection(projected(schema, rule.source().attribute().attribute()));
        PageListener sourcesOnly =
                page -> {
                    for (Item item : page.items()) {
                        if (detector.isSource(item)) {
                            detector.accept(item);
                            sources.add(item);
                        }
                    }
                    reads.page(page);
                    return true;
                };
        return scan(table, compiler, projection, filter, sourcesOnly, cancellation);
    }

    /** Scans the table for the projection, and the filter when there is one. */
    private boolean scan(
            String table,
            ExpressionCompiler compiler,
            String projection,
            String filter,
            PageListener listener,
            Cancellation cancellation) {
        ScanSpec spec =
                ScanSpec.table(table)
                        .withProjection(compiler.expression(projection))
                        .withFilter(filter == null ? null : compiler.expression(filter));
        return repository.scan(spec, listener, cancellation).complete();
    }

    /** Hands every item read to the detector, and counts the read. */
    private static PageListener everyItem(DriftDetector detector, Reads reads) {
        return page -> {
            detector.acceptAll(page.items());
            reads.page(page);
            return true;
        };
    }

    /**
     * Queries every partition (collection lookup) or index partition the source's references can
     * take.
     */
    private boolean queryCopies(
            String table,
            DenormalizationRule rule,
            KeySchema schema,
            Item source,
            DriftDetector detector,
            Reads reads,
            Cancellation cancellation) {
        DenormalizationRule.Copies copies = rule.copies();
        Map<String, String> bindings =
                rule.source()
                        .partitionKey()
                        .match(source.string(schema.partitionKey()).orElseThrow())
                        .orElseThrow();
        Set<String> partitions = new LinkedHashSet<>();
        for (KeyTemplate pattern : copies.reference().patterns()) {
            partitions.addAll(pattern.render(bindings));
        }
        for (String partition : partitions) {
            if (cancellation.isCancelled()) {
                return false;
            }
            QuerySpec spec = copiesQuery(table, rule, schema, partition);
            ReadResult result = repository.query(spec, everyItem(detector, reads), cancellation);
            if (!result.complete()) {
                return false;
            }
        }
        return true;
    }

    /** The Query of one partition (or index partition) the copies of a source can be in. */
    private static QuerySpec copiesQuery(
            String table, DenormalizationRule rule, KeySchema schema, String partition) {
        DenormalizationRule.Copies copies = rule.copies();
        boolean onIndex = copies.lookup() == CopyLookup.INDEX;
        String keyAttribute = copies.reference().attribute().attribute();
        ExpressionCompiler compiler = new ExpressionCompiler();
        List<Row> keyRows = new ArrayList<>();
        keyRows.add(Row.of(keyAttribute, Row.Operator.EQ, AttributeValue.s(partition)));
        String filter = null;
        if (copies.sortKeyPrefix() != null) {
            Row prefix =
                    Row.of(
                            schema.sortKey().orElseThrow(),
                            Row.Operator.BEGINS_WITH,
                            AttributeValue.s(copies.sortKeyPrefix()));
            if (onIndex) {
                filter = compiler.condition(List.of(prefix));
            } else {
                keyRows.add(prefix);
            }
        }
        String keyCondition = compiler.condition(keyRows);
        String projection = compiler.projection(projected(rule, schema));
        return QuerySpec.of(table, compiler.expression(keyCondition))
                .onIndex(onIndex ? copies.index() : null)
                .withFilter(filter == null ? null : compiler.expression(filter))
                .withProjection(compiler.expression(projection));
    }

    /** The rows that pick the source items, when the pattern has a literal prefix to filter on. */
    private static Optional<List<Row>> sourceFilter(DenormalizationRule rule, KeySchema schema) {
        List<Row> rows = new ArrayList<>();
        String prefix = rule.source().partitionKey().literalPrefix();
        if (!prefix.isEmpty()) {
            rows.add(
                    Row.of(
                                    schema.partitionKey(),
                                    Row.Operator.BEGINS_WITH,
                                    AttributeValue.s(prefix))
                            .named("sourcePrefix"));
        }
        schema.sortKey()
                .ifPresent(
                        sk ->
                                rows.add(
                                        Row.of(
                                                        sk,
                                                        Row.Operator.EQ,
                                                        AttributeValue.s(rule.source().sortKey()))
                                                .named("sourceSort")));
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows);
    }

    /**
     * The rows that pick candidate copies: the copy attribute exists (and the sort key has the
     * prefix).
     */
    private static List<Row> copyFilter(DenormalizationRule rule, KeySchema schema) {
        List<Row> rows = new ArrayList<>();
        rows.add(Row.of(rule.copies().attribute(), Row.Operator.ATTRIBUTE_EXISTS));
        if (rule.copies().sortKeyPrefix() != null) {
            rows.add(
                    Row.of(
                                    schema.sortKey().orElseThrow(),
                                    Row.Operator.BEGINS_WITH,
                                    AttributeValue.s(rule.copies().sortKeyPrefix()))
                            .named("copyPrefix"));
        }
        return rows;
    }

    /** The top-level attributes the rule reads: keys, source attribute, reference and copy. */
    private static List<AttributePath> projected(DenormalizationRule rule, KeySchema schema) {
        return projected(
                schema,
                rule.source().attribute().attribute(),
                rule.copies().reference().attribute().attribute(),
                rule.copies().attribute().attribute());
    }

    /** The keys and {@code attributes}, each once. */
    private static List<AttributePath> projected(KeySchema schema, String... attributes) {
        Set<AttributePath> paths = new LinkedHashSet<>();
        paths.add(AttributePath.of(schema.partitionKey()));
        schema.sortKey().ifPresent(sk -> paths.add(AttributePath.of(sk)));
        Arrays.stream(attributes).map(AttributePath::of).forEach(paths::add);
        return List.copyOf(paths);
    }
}
