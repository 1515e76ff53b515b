package io.dynoscope.ui.partitions;

import io.dynoscope.core.expression.snippet.ShardedKeyCode;
import io.dynoscope.core.expression.snippet.ShardedKeySnippets;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.partitions.ShardGroupAdvice;
import io.dynoscope.core.partitions.ShardingAdvice;
import io.dynoscope.core.partitions.ShardingAdvisor;
import io.dynoscope.core.partitions.Traffic;
import io.dynoscope.core.table.ContributorInsights;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.partitions.PartitionReportJson;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import io.dynoscope.ui.common.ReadWords;
import io.dynoscope.ui.common.TaskState;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The partitions report tab of one table: reads the table (or a sample) on request with progress
 * and cancel, and holds what the view shows: the top partitions and their Pareto chart, the skew,
 * the shard groups and their balance, the item collections against the LSI limit, Contributor
 * Insights, and the sharding advisor's advice and code for the selected partition.
 */
public final class PartitionsViewModel {

    /** One row of the top partitions. */
    public record PartitionRow(int rank, PartitionReport.Partition partition) {
        public String key() {
            return ValueText.of(partition.partitionKey());
        }

        public String bytesText() {
            return ValueText.bytes(partition.bytes());
        }

        public String shareText() {
            return String.format(Locale.ROOT, "%.1f%%", 100 * partition.share());
        }
    }

    /**
     * One bar of the Pareto chart: a partition's bytes and share of the table, and the share of it
     * and every larger partition together.
     */
    public record ParetoBar(String key, long bytes, double share, double cumulativeShare) {}

    /** One write-sharded key and its shards' sizes. */
    public record ShardGroupRow(PartitionReport.ShardBalance balance) {
        public String label() {
            return balance.key().label();
        }

        public String balanceText() {
            return String.format(
                    Locale.ROOT,
                    "%.2f%s",
                    balance.largestToMean(),
                    balance.emptyShards() == 0 ? "" : " · " + balance.emptyShards() + " empty");
        }
    }

    /** One item collection against the 10 GB limit. */
    public record CollectionRow(PartitionReport.CollectionLimit limit) {
        public String text() {
            return String.format(
                    Locale.ROOT,
                    "%s  %s  %.4f%% of 10 GB%s",
                    ValueText.of(limit.partitionKey()),
                    ValueText.bytes(limit.bytes()),
                    100 * limit.shareOfLimit(),
                    switch (limit.level()) {
                        case OK -> "";
                        case WARNING -> "  — over half the limit: shard it now";
                        case CRITICAL -> "  — close to the limit: writes will be refused at 10 GB";
                    });
        }
    }

    private final String table;
    private final PartitionReporter reporter;
    private final SnippetOptions snippetOptions;
    private final BackgroundWork work;
    private TableModel model;

    private final IntegerProperty segments =
            new SimpleIntegerProperty(PartitionReporter.DEFAULT_SEGMENTS);
    private final IntegerProperty sampleItems = new SimpleIntegerProperty(0);
    private final IntegerProperty top = new SimpleIntegerProperty(25);

    private final TaskState task = new TaskState();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper summary =
            new ReadOnlyStringWrapper("Read the table to see how its items spread.");
    private final ReadOnlyStringWrapper skew = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper reads = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readFigures = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper insightsStatus = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper hasLocalSecondaryIndex = new ReadOnlyBooleanWrapper();

    private final ObservableList<PartitionRow> partitions = FXCollections.observableArrayList();
    private final ObservableList<ParetoBar> pareto = FXCollections.observableArrayList();
    private final ObservableList<ShardGroupRow> shardGroups = FXCollections.observableArrayList();
    private final ObservableList<CollectionRow> collections = FXCollections.observableArrayList();
    private final ObservableList<String> mostAccessed = FXCollections.observableArrayList();
    private final ObservableList<String> mostThrottled = FXCollections.observableArrayList();

    private final ObjectProperty<PartitionRow> selected = new SimpleObjectProperty<>();
    private final DoubleProperty readUnits = new SimpleDoubleProperty();
    private final DoubleProperty writeUnits = new SimpleDoubleProperty();
    private final IntegerProperty shards = new SimpleIntegerProperty(0);
    private final ObjectProperty<ShardedKeyCode.Suffix> suffix =
            new SimpleObjectProperty<>(ShardedKeyCode.Suffix.CALCULATED);
    private final ObjectProperty<SnippetLanguage> language =
            new SimpleObjectProperty<>(SnippetLanguage.JAVA);
    private final ReadOnlyStringWrapper advice =
            new ReadOnlyStringWrapper("Select a partition to see what sharding it needs.");
    private final ReadOnlyStringWrapper writeCode = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readCode = new ReadOnlyStringWrapper("");

    private PartitionReport report;
    private ContributorInsights insights;
    private Item example;
    // what the advisor advises on: the shard group last chosen, or the one the selected partition
    // belongs to (a shard, or the key's own unsharded value); null advises on the partition alone
    private PartitionReport.ShardBalance group;
    private BackgroundWork.Handle current;
    private ClusterContext cluster;

    /**
     * @param snippetOptions where the advisor's code connects (the same place as this tab)
     */
    public PartitionsViewModel(
            String table,
            PartitionReporter reporter,
            SnippetOptions snippetOptions,
            BackgroundWork work) {
        this.table = Objects.requireNonNull(table, "table");
        this.reporter = Objects.requireNonNull(reporter, "reporter");
        this.snippetOptions = Objects.requireNonNull(snippetOptions, "snippetOptions");
        this.work = Objects.requireNonNull(work, "work");
        selected.addListener((obs, old, row) -> selectionChanged(row));
        readUnits.addListener((obs, old, value) -> advise());
        writeUnits.addListener((obs, old, value) -> advise());
        shards.addListener((obs, old, value) -> advise());
        suffix.addListener((obs, old, value) -> advise());
        language.addListener((obs, old, value) -> advise());
    }

    /** The table model whose shard groups name the report's shard groups; may be null. */
    public void setModel(TableModel tableModel) {
        this.model = tableModel;
    }

    public String table() {
        return table;
    }

    // ---- reading ---------------------------------------------------------------------------

    /** Reads the table (or the sample) and fills the report; returns the started work. */
    public BackgroundWork.Handle run() {
        if (task.isRunning()) {
            return current;
        }
        task.setRunning(true);
        message.set("");
        task.setProgress(0);
        task.setProgressText("reading " + table + "…");
        PartitionReporter.Options options =
                PartitionReporter.Options.full()
                        .withSegments(Math.max(1, segments.get()))
                        .sampling(Math.max(0, sampleItems.get()));
        current =
                task.track(
                        work.submit(
                                "partitions report of " + table,
                                (cancellation, report) -> {
                                    PartitionReporter.Result result =
                                            reporter.report(
                                                    table,
                                                    options,
                                                    model,
                                                    report::accept,
                                                    cancellation);
                                    ContributorInsights found =
                                            reporter.contributorInsights(
                                                    table, Duration.ofHours(1));
                                    return new Finished(result, found);
                                },
                                (PartitionReporter.Progress p) -> showProgress(p, options),
                                this::show,
                                error -> {
                                    task.setRunning(false);
                                    task.setProgressText("");
                                    message.set(ErrorMessages.describe(error));
                                }));
        return current;
    }

    private record Finished(PartitionReporter.Result result, ContributorInsights insights) {}

    /** Lets the tab offer Run on a cluster… with what the app gives it. */
    public void setCluster(ClusterContext context) {
        this.cluster = context;
    }

    public boolean canRunOnCluster() {
        return cluster != null;
    }

    /**
     * Run on a cluster…: the partitions job of this table, its report JSON shown here as a read of
     * the table is (a job only reads, so any connection may run it).
     */
    public RunOnClusterViewModel runOnCluster() {
        Objects.requireNonNull(cluster, "no cluster context");
        return PartitionsText.job(cluster, table, work, this::showJobReport);
    }

    /** A partitions job's report JSON, shown as the tab's own read's report. */
    void showJobReport(String json) {
        try {
            show(
                    new Finished(
                            new PartitionReporter.Result(
                                    PartitionReportJson.read(json, model),
                                    ReadStatistics.NONE,
                                    true),
                            insights));
            reads.set("Read by the cluster job: its reads are in its own output.");
            readFigures.set("");
        } catch (IllegalArgumentException e) {
            message.set("The job's report could not be shown: " + e.getMessage());
        }
    }

    private void showProgress(PartitionReporter.Progress p, PartitionReporter.Options options) {
        if (!task.isRunning()) {
            return;
        }
        double done;
        if (options.sampleItems() > 0) {
            done = Math.min(1, (double) p.itemsRead() / options.sampleItems());
        } else if (p.tableItems() > 0) {
            done = Math.min(1, (double) p.itemsRead() / p.tableItems());
        } else {
            done = (double) p.segmentsDone() / p.segments();
        }
        task.setProgress(done);
        task.setProgressText(
                String.format(
                        Locale.ROOT,
                        "%,d items read · %d of %d segments",
                        p.itemsRead(),
                        p.segmentsDone(),
                        p.segments()));
    }

    private void show(Finished finished) {
        task.setRunning(false);
        PartitionReporter.Result result = finished.result();
        PartitionReport shown = result.report();
        report = shown;
        group = null;
        task.setProgress(1);
        task.setProgressText(result.complete() ? "" : "cancelled: the report counts what was read");
        summary.set(PartitionsText.summary(shown));
        PartitionReport.Skew s = shown.skew();
        skew.set(
                String.format(
                        Locale.ROOT,
                        "Skew: the largest partition holds %.1f× the median's bytes; the top 1%% (%d) hold %.1f%% of the table.",
                        s.largestToMedian(),
                        s.topPercentCount(),
                        100 * s.topPercentShare()));
        reads.set(ReadWords.of(result.reads()));
        readFigures.set(ReadWords.figures(result.reads()));
        List<PartitionReport.Partition> topPartitions = shown.top(Math.max(1, top.get()));
        partitions.setAll(
                IntStream.range(0, topPartitions.size())
                        .mapToObj(i -> new PartitionRow(i + 1, topPartitions.get(i)))
                        .toList());
        pareto.setAll(PartitionsText.pareto(topPartitions));
        shardGroups.setAll(shown.shardGroups().stream().map(ShardGroupRow::new).toList());
        hasLocalSecondaryIndex.set(shown.hasLocalSecondaryIndex());
        collections.setAll(
                shown.collectionLimits().stream()
                        .limit(Math.max(1, top.get()))
                        .map(CollectionRow::new)
                        .toList());
        if (finished.insights() != null) {
            showInsights(finished.insights());
        }
        advise();
    }

    private void showInsights(ContributorInsights found) {
        insights = found;
        insightsStatus.set(
                found.enabled()
                        ? "Contributor Insights, last hour: capacity units by partition key."
                        : found.message());
        mostAccessed.setAll(
                found.mostAccessed().stream().map(PartitionsText::contributor).toList());
        mostThrottled.setAll(
                found.mostThrottled().stream().map(PartitionsText::contributor).toList());
    }

    // ---- the advisor -----------------------------------------------------------------------

    private void selectionChanged(PartitionRow row) {
        example = null;
        group = row == null ? null : groupOf(row.partition().partitionKey()).orElse(null);
        if (row == null) {
            advise();
            return;
        }
        if (insights != null && group == null) {
            // The busiest period Contributor Insights saw for this key, as a first guess.
            String key = row.key();
            insights.mostAccessed().stream()
                    .filter(c -> c.partitionKey().equals(key))
                    .findFirst()
                    .ifPresent(c -> readUnits.set(Math.round(c.peakPerSecond())));
        }
        advise();
        fetchExample(row.partition().partitionKey(), () -> selected.get() == row);
    }

    /** Advises on a shard group the user chose in the shard groups tab. */
    public void adviseOnGroup(ShardGroupRow row) {
        if (row == null) {
            return;
        }
        group = row.balance();
        example = null;
        advise();
        row.balance().shards().stream()
                .filter(shard -> shard.items() > 0)
                .findFirst()
                .ifPresent(
                        shard -> fetchExample(shard.partitionKey(), () -> group == row.balance()));
    }

    private void fetchExample(AttributeValue partitionKey, BooleanSupplier stillWanted) {
        PartitionReport shown = report;
        work.submit(
                "an example item of " + ValueText.of(partitionKey),
                cancellation -> reporter.firstItem(table, shown.keys(), partitionKey, cancellation),
                (Optional<Item> found) -> {
                    if (stillWanted.getAsBoolean()) {
                        example = found.orElse(null);
                        advise();
                    }
                },
                error -> message.set(ErrorMessages.describe(error)));
    }

    /** The shard group a partition-key value is a shard of, or the unsharded name of. */
    private Optional<PartitionReport.ShardBalance> groupOf(AttributeValue partitionKey) {
        if (report == null || !(partitionKey instanceof AttributeValue.Str s)) {
            return Optional.empty();
        }
        return report.shardGroups().stream()
                .filter(g -> g.key().isShard(s.value()) || g.key().name().equals(s.value()))
                .findFirst();
    }

    private void advise() {
        PartitionRow row = selected.get();
        PartitionReport shown = report;
        if (group != null && shown != null) {
            adviseGroup(shown, group);
            return;
        }
        if (row == null || shown == null) {
            advice.set("Select a partition to see what sharding it needs.");
            writeCode.set("");
            readCode.set("");
            return;
        }
        if (!(row.partition().partitionKey() instanceof AttributeValue.Str)) {
            advice.set("Only a string partition key takes a shard suffix.");
            writeCode.set("");
            readCode.set("");
            return;
        }
        ShardingAdvice a =
                ShardingAdvisor.advise(
                        row.partition(),
                        new Traffic(Math.max(0, readUnits.get()), Math.max(0, writeUnits.get())),
                        shown.hasLocalSecondaryIndex(),
                        Math.max(0, shards.get()));
        advice.set(a.text(row.key()));
        if (a.newKey().isEmpty()) {
            writeCode.set("Choose a number of shards (2 or more) to see the code.");
            readCode.set("");
            return;
        }
        showCode(shown, row.key(), a.shards());
    }

    private void adviseGroup(PartitionReport shown, PartitionReport.ShardBalance balance) {
        ShardGroupAdvice a =
                ShardingAdvisor.adviseGroup(
                        balance,
                        new Traffic(Math.max(0, readUnits.get()), Math.max(0, writeUnits.get())),
                        shown.hasLocalSecondaryIndex(),
                        Math.max(0, shards.get()));
        advice.set(a.text());
        showCode(shown, balance.key().name(), a.shards());
    }

    /** The code that writes and reads {@code base} in {@code count} shards. */
    private void showCode(PartitionReport shown, String base, int count) {
        if (example == null) {
            writeCode.set("Reading an example item of " + base + "…");
            readCode.set("");
            return;
        }
        ShardedKeyCode.Suffix chosen = suffix.get();
        if (chosen == ShardedKeyCode.Suffix.CALCULATED
                && (shown.keys().sortKey().isEmpty()
                        || !calculable(example.attributes().get(shown.keys().sortKey().get())))) {
            chosen = ShardedKeyCode.Suffix.RANDOM;
        }
        ShardedKeyCode code =
                new ShardedKeyCode(
                        table,
                        shown.keys(),
                        base,
                        count,
                        Math.max(2, Integer.toString(count).length()),
                        chosen,
                        example,
                        true);
        writeCode.set(ShardedKeySnippets.write(language.get(), code, snippetOptions));
        readCode.set(ShardedKeySnippets.read(language.get(), code, snippetOptions));
    }

    private static boolean calculable(AttributeValue sortKey) {
        return sortKey instanceof AttributeValue.Str || sortKey instanceof AttributeValue.Num;
    }

    // ---- properties ------------------------------------------------------------------------

    public IntegerProperty segmentsProperty() {
        return segments;
    }

    public IntegerProperty sampleItemsProperty() {
        return sampleItems;
    }

    public IntegerProperty topProperty() {
        return top;
    }

    /** The running read of the table: its progress, its words, and its cancel. */
    public TaskState task() {
        return task;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty skewProperty() {
        return skew.getReadOnlyProperty();
    }

    /** What the report's reads did, in words. */
    public ReadOnlyStringProperty readsProperty() {
        return reads.getReadOnlyProperty();
    }

    /** The report's reads, every figure. */
    public ReadOnlyStringProperty readFiguresProperty() {
        return readFigures.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty insightsStatusProperty() {
        return insightsStatus.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty hasLocalSecondaryIndexProperty() {
        return hasLocalSecondaryIndex.getReadOnlyProperty();
    }

    public ObservableList<PartitionRow> partitions() {
        return partitions;
    }

    /** The largest partitions' bytes, largest first, with their running share of the table. */
    public ObservableList<ParetoBar> pareto() {
        return pareto;
    }

    public ObservableList<ShardGroupRow> shardGroups() {
        return shardGroups;
    }

    public ObservableList<CollectionRow> collections() {
        return collections;
    }

    public ObservableList<String> mostAccessed() {
        return mostAccessed;
    }

    public ObservableList<String> mostThrottled() {
        return mostThrottled;
    }

    public ObjectProperty<PartitionRow> selectedProperty() {
        return selected;
    }

    public DoubleProperty readUnitsProperty() {
        return readUnits;
    }

    public DoubleProperty writeUnitsProperty() {
        return writeUnits;
    }

    /** The shards asked for, or 0 for the advised number. */
    public IntegerProperty shardsProperty() {
        return shards;
    }

    public ObjectProperty<ShardedKeyCode.Suffix> suffixProperty() {
        return suffix;
    }

    public ObjectProperty<SnippetLanguage> languageProperty() {
        return language;
    }

    public ReadOnlyStringProperty adviceProperty() {
        return advice.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty writeCodeProperty() {
        return writeCode.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty readCodeProperty() {
        return readCode.getReadOnlyProperty();
    }
}
