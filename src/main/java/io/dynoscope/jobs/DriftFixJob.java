package io.dynoscope.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import io.dynoscope.cli.DriftFixLines;
import io.dynoscope.cli.ExitCodes;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.DriftDetector;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.drift.PropagationReport;
import io.dynoscope.service.job.JobProgress;
import io.dynoscope.service.store.DynamoRepository;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * The {@code drift-fix} job: {@code dynoscope drift fix} with its reads and writes on Spark. Tasks
 * own Scan segments (or export files), a shuffle brings each source and its copies together, and
 * the planned writes go out to tasks that send the desktop's guarded UpdateItem. The report is the
 * lines {@code drift fix} prints.
 */
@Command(
        name = "drift-fix",
        mixinStandardHelpOptions = true,
        description =
                "Find the drifted copies of a rule file's (or a model's) denormalized copies and"
                        + " write each source's value to them, every write guarded by the value"
                        + " read; report and exit codes as `dynoscope drift fix`.")
final class DriftFixJob implements Callable<Integer> {

    @ParentCommand private JobMain main;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--rule",
            required = true,
            paramLabel = "FILE",
            description = "A drift rule file, or a model file whose table has denormalized copies.")
    private Path ruleFile;

    @Mixin private SourceOptions from;

    @Option(names = "--dry-run", description = "Print the planned writes; write nothing.")
    private boolean dryRun;

    @Option(
            names = "--tasks",
            paramLabel = "N",
            description = "Spark tasks for the writes (default: Spark's default parallelism).")
    private int tasks;

    @Option(
            names = "--concurrency",
            paramLabel = "N",
            defaultValue = "4",
            description = "Writes in flight at once in each task. Default: ${DEFAULT-VALUE}.")
    private int concurrency;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description =
                    "Where the report's lines are written, a file or s3://BUCKET/KEY (default:"
                            + " stdout).")
    private String report;

    @Override
    public Integer call() throws Exception {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1");
        }
        List<DenormalizationRule> rules = rules();
        KeySchema schema;
        try (DynamoRepository repository = main.connection().open()) {
            if (!dryRun) {
                try {
                    // refused before the detection's reads, as the desktop's drift fix
                    WriteAccess.require(repository, "drift fix on table '" + table + "'");
                } catch (ReadOnlyException e) {
                    main.err().println("drift-fix: " + e.getMessage());
                    return ExitCodes.READ_ONLY;
                }
            }
            schema = repository.describeTable(table).keySchema();
        }
        rules.forEach(rule -> rule.checkAgainst(schema));
        return main.withSpark("drift-fix", spark -> run(spark, rules, schema));
    }

    private int run(JavaSparkContext spark, List<DenormalizationRule> rules, KeySchema schema)
            throws IOException {
        ItemSource source = from.choose(main, table, spark).source();
        DriftTasks.Rules wire = DriftTasks.Rules.of(rules, schema);
        List<PropagationPlan> plans = new ArrayList<>();
        for (int n = 0; n < rules.size(); n++) {
            DriftReport found = detect(spark, source, wire, n, rules.get(n), schema, main);
            main.err()
                    .println(
                            "rule '"
                                    + rules.get(n).name()
                                    + "': copies="
                                    + found.copyCount()
                                    + " drifted="
                                    + found.driftedCopies().size()
                                    + " orphans="
                                    + found.orphans().size());
            plans.add(PropagationPlan.of(found, schema));
        }
        PropagationPlan plan = PropagationPlan.concat(schema.partitionKey(), plans);
        if (dryRun) {
            main.write(report, String.join("\n", DriftFixLines.plan(plan)));
            return ExitCodes.OK;
        }
        PropagationReport done = propagate(spark, plans, plan, wire);
        // the writes' capacity as DynamoDB reported it (a refused write's re-read included)
        main.progress(
                new JobProgress(
                        "drift-fix writes",
                        "writes",
                        plan.size() - done.notAttempted().size(),
                        plan.size(),
                        0,
                        done.updated().size(),
                        0,
                        done.consumedCapacity()));
        main.write(report, String.join("\n", DriftFixLines.report(done)));
        return done.failed().isEmpty() && done.stoppedBy() == null
                ? ExitCodes.OK
                : ExitCodes.SERVICE_ERROR;
    }

    /** One rule's detection: the source's groups judged by tasks, put in the desktop's order. */
    private DriftReport detect(
            JavaSparkContext spark,
            ItemSource source,
            DriftTasks.Rules wire,
            int n,
            DenormalizationRule rule,
            KeySchema schema,
            JobMain main) {
        List<String> units = source.units();
        List<DriftReport.SourceReport> sources = new ArrayList<>();
        List<DriftReport.OrphanCopy> orphans = new ArrayList<>();
        UnitProgress progress = new UnitProgress(spark);
        String step = "drift-fix scan, rule '" + rule.name() + "'";
        String unit = from.export == null ? "segments" : "files";
        SparkListener listener =
                progress.reportEachTask(
                        spark, step, unit, units.size(), from.export == null, main::progress);
        try {
            detect(spark, units, source, wire, n, rule, progress, sources, orphans);
        } finally {
            spark.sc().removeSparkListener(listener);
        }
        main.progress(progress.now(step, unit, units.size(), from.export == null));
        return DriftDetector.ordered(rule, schema, sources, orphans);
    }

    /**
     * Scans the units and collects each group's judgement into {@code sources} and {@code orphans}.
     */
    private static void detect(
            JavaSparkContext spark,
            List<String> units,
            ItemSource source,
            DriftTasks.Rules wire,
            int n,
            DenormalizationRule rule,
            UnitProgress progress,
            List<DriftReport.SourceReport> sources,
            List<DriftReport.OrphanCopy> orphans) {
        if (!units.isEmpty()) {
            int parts = Math.min(units.size(), spark.defaultParallelism());
            spark.setJobGroup("dynoscope-drift", "drift scan, rule '" + rule.name() + "'", true);
            for (String line :
                    spark.parallelize(units, parts)
                            .flatMapToPair(new DriftTasks.Keying(source, wire, n, progress))
                            .groupByKey(spark.defaultParallelism())
                            .mapPartitions(new DriftTasks.Detecting(wire, n))
                            .collect()) {
                if (line.charAt(0) == DriftWire.SOURCE) {
                    sources.add(DriftWire.source(line));
                } else {
                    orphans.add(DriftWire.orphan(line));
                }
            }
        }
    }

    /** The plan's writes sent by tasks, their outcomes put back in the plan's order. */
    private PropagationReport propagate(
            JavaSparkContext spark,
            List<PropagationPlan> plans,
            PropagationPlan plan,
            DriftTasks.Rules wire) {
        long started = System.nanoTime();
        List<String> lines = new ArrayList<>();
        for (int rule = 0; rule < plans.size(); rule++) {
            for (PlannedWrite write : plans.get(rule).writes()) {
                lines.add(DriftWire.write(lines.size(), rule, write));
            }
        }
        List<PlannedWrite> writes = plan.writes();
        List<PlannedWrite> updated = new ArrayList<>();
        List<PlannedWrite> current = new ArrayList<>();
        List<PropagationReport.ChangedElsewhere> changed = new ArrayList<>();
        List<PropagationReport.Failed> failed = new ArrayList<>();
        List<PlannedWrite> notAttempted = new ArrayList<>();
        String stoppedBy = null;
        int requests = 0;
        double capacity = 0;
        if (!lines.isEmpty()) {
            int parts = Math.min(lines.size(), tasks > 0 ? tasks : spark.defaultParallelism());
            spark.setJobGroup("dynoscope-drift", "drift fix, " + lines.size() + " writes", true);
            JsonNode[] outcomes = new JsonNode[writes.size()];
            for (String line :
                    spark.parallelize(lines, parts)
                            .mapPartitions(
                                    new DriftTasks.Writing(
                                            main.connection(), table, wire, concurrency))
                            .collect()) {
                JsonNode node = DriftWire.tree(line);
                if (node.has("n")) {
                    outcomes[node.get("n").asInt()] = node;
                } else {
                    requests += node.get("requests").asInt();
                    capacity += node.get("capacity").asDouble();
                    if (stoppedBy == null && node.has("stoppedBy")) {
                        stoppedBy = node.get("stoppedBy").asText();
                    }
                }
            }
            for (int n = 0; n < writes.size(); n++) {
                PlannedWrite write = writes.get(n);
                JsonNode outcome = outcomes[n];
                switch (outcome.get("outcome").asText()) {
                    case "UPDATED" -> updated.add(write);
                    case "ALREADY_CURRENT" -> current.add(write);
                    case "CHANGED_ELSEWHERE" ->
                            changed.add(
                                    new PropagationReport.ChangedElsewhere(
                                            write,
                                            outcome.has("current")
                                                    ? DriftWire.value(outcome.get("current"))
                                                    : null,
                                            outcome.get("deleted").asBoolean()));
                    case "FAILED" ->
                            failed.add(
                                    new PropagationReport.Failed(
                                            write, outcome.get("why").asText()));
                    default -> notAttempted.add(write);
                }
            }
        }
        return new PropagationReport(
                updated,
                current,
                changed,
                failed,
                notAttempted,
                false,
                stoppedBy,
                requests,
                capacity,
                Duration.ofNanos(System.nanoTime() - started));
    }

    /** The rules of a rule file, or the denormalized copies of --table in a model file. */
    private List<DenormalizationRule> rules() throws IOException {
        ModelFiles.Read read = ModelFiles.read(Files.readString(ruleFile, StandardCharsets.UTF_8));
        List<DenormalizationRule> rules =
                read.document() == null
                        ? read.rules()
                        : read.document()
                                .namedOrOnly(table)
                                .map(TableDesign::model)
                                .orElseThrow(
                                        () ->
                                                new IllegalArgumentException(
                                                        ruleFile + " has no table '" + table + "'"))
                                .copies();
        if (rules.isEmpty()) {
            throw new IllegalArgumentException(ruleFile + " holds no denormalized copies");
        }
        return rules;
    }
}
