package io.dynoscope.service.migration;

import io.dynoscope.core.migration.AttributeComputation;
import io.dynoscope.core.migration.MigrationPlan;
import io.dynoscope.core.migration.ModelDiff;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.drift.GuardedUpdates;
import io.dynoscope.service.migration.MigrationReport.Outcome;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.table.TableAdmin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Applies a {@link MigrationPlan} to its live table: creates the new indexes before or after the
 * backfill as the plan says (waiting until each is ACTIVE), backfills the computed attributes with
 * guarded writes, runs catch-up passes until one finds nothing to fix, proves the result (the
 * target's access-pattern check and a verification Scan), and, only when asked and the proof
 * passed, cleans up what the target no longer uses. A journal makes it resumable.
 */
public final class Migration {

    /** The steps of a migration, in order. */
    public enum Phase {
        INDEXES,
        BACKFILL,
        CATCH_UP,
        CHECK,
        VERIFY,
        CLEANUP
    }

    /** Hears how the migration goes; called on worker threads. */
    public interface Listener {
        /** A step begins; {@code description} says it in words. */
        default void phase(Phase phase, String description) {}

        /** Items read and written in the current pass so far, out of about {@code total}. */
        default void progress(Phase phase, long read, long written, long total) {}

        Listener NONE = new Listener() {};
    }

    /**
     * How to run.
     *
     * @param concurrency Scan segments (and so writes) in flight at once
     * @param journal where the journal is kept, or null for none (then nothing can be resumed)
     * @param resume go on from the journal of an earlier run
     * @param cleanup remove what the target no longer uses once the proof passed
     * @param maxCatchUpPasses how many catch-up passes at most
     * @param snapshotBackfill the backfill reads a snapshot older than the run (a DynamoDB export),
     *     not the table: the items' other attributes "before" are the snapshot's, so a difference
     *     from the verification's cannot be told from other writers' changes since the snapshot
     */
    public record Options(
            int concurrency,
            Path journal,
            boolean resume,
            boolean cleanup,
            int maxCatchUpPasses,
            boolean snapshotBackfill) {

        public Options(
                int concurrency,
                Path journal,
                boolean resume,
                boolean cleanup,
                int maxCatchUpPasses) {
            this(concurrency, journal, resume, cleanup, maxCatchUpPasses, false);
        }

        public Options {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
            if (resume && journal == null) {
                throw new IllegalArgumentException("resuming needs the journal");
            }
            if (maxCatchUpPasses < 1) {
                throw new IllegalArgumentException("a migration makes at least one catch-up pass");
            }
        }

        public static Options of(int concurrency) {
            return new Options(concurrency, null, false, false, DEFAULT_CATCH_UP_PASSES);
        }

        public Options withJournal(Path file, boolean resumeIt) {
            return new Options(
                    concurrency, file, resumeIt, cleanup, maxCatchUpPasses, snapshotBackfill);
        }

        public Options withCleanup(boolean value) {
            return new Options(
                    concurrency, journal, resume, value, maxCatchUpPasses, snapshotBackfill);
        }

        /** These options with the backfill reading a snapshot (see {@code snapshotBackfill}). */
        public Options withSnapshotBackfill() {
            return new Options(concurrency, journal, resume, cleanup, maxCatchUpPasses, true);
        }
    }

    /** Where the journal of a migration to the model file {@code target} is kept: beside it. */
    public static Path journalBeside(Path target) {
        return target.resolveSibling(target.getFileName() + ".migration-journal");
    }

    /** Catch-up passes at most, unless told. */
    public static final int DEFAULT_CATCH_UP_PASSES = 5;

    /** Items per Scan segment the migration aims at, so a resumed run reads little again. */
    static final int ITEMS_PER_SEGMENT = 2_000;

    private final DynamoRepository repository;
    private final Function<MigrationPlan, PassRunner> runners;

    public Migration(DynamoRepository repository) {
        this(repository, new GuardedUpdates(repository));
    }

    public Migration(DynamoRepository repository, GuardedUpdates updates) {
        this.repository = Objects.requireNonNull(repository);
        Objects.requireNonNull(updates);
        this.runners =
                plan ->
                        new TablePass(
                                repository,
                                updates,
                                plan.table(),
                                AttributeComputation.of(plan.target()),
                                removals(plan));
    }

    /**
     * A migration whose passes run where {@code runners} says (a whole-table job's Spark tasks);
     * everything else (indexes, journal, check, proof, report) runs here as on the desktop.
     */
    public Migration(DynamoRepository repository, Function<MigrationPlan, PassRunner> runners) {
        this.repository = Objects.requireNonNull(repository);
        this.runners = Objects.requireNonNull(runners);
    }

    /**
     * Applies {@code plan}.
     *
     * @throws io.dynoscope.service.access.ReadOnlyException before anything is read, on a read-only
     *     connection
     * @throws IllegalArgumentException when the plan is refused
     * @throws IOException when the journal cannot be started, resumed or written
     */
    public MigrationReport apply(
            MigrationPlan plan, Options options, Listener listener, Cancellation cancellation)
            throws IOException {
        WriteAccess.require(repository, "migrate table '" + plan.table() + "'");
        if (plan.refused()) {
            throw new IllegalArgumentException(
                    "the target cannot be reached in place: "
                            + String.join("; ", plan.diff().refusals()));
        }
        Instant started = Instant.now();
        long began = System.nanoTime();
        MigrationJournal journal = openJournal(plan, options);
        Run run = new Run(plan, options, journal, listener, cancellation, started, began);
        try {
            MigrationReport report = run.all();
            if (journal != null && report.journal() == null) {
                journal.delete();
            }
            return report;
        } finally {
            if (journal != null) {
                journal.close();
            }
        }
    }

    /**
     * What applying {@code plan} sends, in order, one line or request each, for a person to confirm
     * first. Reads the table's description; sends no write.
     */
    public List<String> requests(MigrationPlan plan, boolean cleanup) {
        return ApplyRequests.of(repository, plan, cleanup);
    }

    private static MigrationJournal openJournal(MigrationPlan plan, Options options)
            throws IOException {
        if (options.journal() == null) {
            return null;
        }
        MigrationJournal.Header header =
                MigrationJournal.Header.of(
                        plan.table(), targetDigest(plan), segments(plan, options.concurrency()));
        return options.resume()
                ? MigrationJournal.resume(options.journal(), header)
                : MigrationJournal.start(options.journal(), header);
    }

    /** The SHA-256 of the target model as written, which ties a journal to it. */
    static String targetDigest(MigrationPlan plan) {
        String text = ModelJson.write(ModelDocument.of(TableDesign.of(plan.target(), List.of())));
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256")
                                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Enough segments for every worker twice, and about {@value #ITEMS_PER_SEGMENT} items each. */
    static int segments(MigrationPlan plan, int concurrency) {
        long items = estimatedItems(plan);
        long bySize = (items + ITEMS_PER_SEGMENT - 1) / ITEMS_PER_SEGMENT;
        return (int) Math.min(1_000_000, Math.max(Math.max(2, 2L * concurrency), bySize));
    }

    static long estimatedItems(MigrationPlan plan) {
        return plan.sample().wholeTable()
                ? plan.sample().sampled()
                : Math.max(plan.facts().itemCount(), plan.sample().sampled());
    }

    /** One application of a plan. */
    private final class Run {
        private final MigrationPlan plan;
        private final Options options;
        private final MigrationJournal journal;
        private final Listener listener;
        private final Cancellation cancellation;
        private final Instant started;
        private final long began;
        private final PassRunner pass;
        private final int segments;
        private final long total;
        private final List<String> created = new ArrayList<>();
        private final List<PassTally> catchUps = new ArrayList<>();
        private PassTally backfill = PassTally.EMPTY;

        Run(
                MigrationPlan plan,
                Options options,
                MigrationJournal journal,
                Listener listener,
                Cancellation cancellation,
                Instant started,
                long began) {
            this.plan = plan;
            this.options = options;
            this.journal = journal;
            this.listener = listener;
            this.cancellation = cancellation;
            this.started = started;
            this.began = began;
            this.pass = runners.apply(plan);
            this.segments =
                    journal != null ? journal.segments() : segments(plan, options.concurrency());
            this.total = estimatedItems(plan);
        }

        MigrationReport all() {
            String stopped = createIndexes(MigrationPlan.When.BEFORE_BACKFILL);
            if (stopped != null) {
                return end(Outcome.STOPPED, null, null, List.of(), stopped);
            }
            Map<Integer, PassTally> done = journal == null ? Map.of() : journal.segmentsDone();
            done.values().forEach(t -> backfill = backfill.plus(t));
            listener.phase(
                    Phase.BACKFILL,
                    done.isEmpty()
                            ? "backfill: " + segments + " Scan segments"
                            : "backfill: "
                                    + (segments - done.size())
                                    + " of "
                                    + segments
                                    + " Scan segments left from the earlier run");
            TablePass.Result result =
                    pass.run(
                            TablePass.Kind.BACKFILL,
                            segments,
                            done.keySet(),
                            options.concurrency(),
                            (segment, tally) -> {
                                if (journal != null) {
                                    journal.segmentDone(segment, tally);
                                }
                            },
                            progress(Phase.BACKFILL, backfill.count(PassTally.Count.READ)),
                            cancellation);
            backfill = backfill.plus(result.tally());
            if (!result.complete()) {
                return interrupted(result);
            }
            stopped = createIndexes(MigrationPlan.When.AFTER_BACKFILL);
            if (stopped != null) {
                return end(Outcome.STOPPED, null, null, List.of(), stopped);
            }
            for (int n = 1; n <= options.maxCatchUpPasses(); n++) {
                listener.phase(Phase.CATCH_UP, "catch-up pass " + n);
                result = all(TablePass.Kind.CATCH_UP, Phase.CATCH_UP);
                catchUps.add(result.tally());
                if (!result.complete()) {
                    return interrupted(result);
                }
                if (result.tally().found() == 0) {
                    break;
                }
            }
            listener.phase(Phase.CHECK, "checking the target's access patterns on the table");
            AccessPatternCheck.Report check =
                    new AccessPatternCheck(repository)
                            .check(
                                    plan.target(),
                                    plan.table(),
                                    Map.of(),
                                    List.of(),
                                    o -> {},
                                    cancellation);
            listener.phase(Phase.VERIFY, "verification: reading every item again");
            result = all(TablePass.Kind.VERIFY, Phase.VERIFY);
            if (!result.complete()) {
                return interrupted(result);
            }
            MigrationReport.Proof proof =
                    Proofs.of(
                            check,
                            backfill,
                            result.tally(),
                            MigrationReport.changesSeen(backfill, catchUps),
                            options.snapshotBackfill());
            if (!options.cleanup() || !proof.passed()) {
                return end(
                        proof.passed() ? Outcome.PROVEN : Outcome.PROOF_FAILED,
                        proof,
                        null,
                        List.of(),
                        null);
            }
            return cleanUp(proof);
        }

        private MigrationReport cleanUp(MigrationReport.Proof proof) {
            List<String> removed = new ArrayList<>();
            TableAdmin admin = new TableAdmin(repository);
            for (ModelDiff.IndexChange change : plan.diff().indexes()) {
                if (change.action() == ModelDiff.IndexAction.REMOVE) {
                    listener.phase(Phase.CLEANUP, "deleting index " + change.index().name());
                    try {
                        admin.apply(
                                List.of(admin.indexRemoval(plan.table(), change.index().name())));
                    } catch (RepositoryException e) {
                        return end(Outcome.STOPPED, proof, null, removed, e.getMessage());
                    }
                    removed.add(change.index().name());
                }
            }
            PassTally cleanup = null;
            if (plan.diff().entities().stream().anyMatch(e -> !e.removed().isEmpty())) {
                listener.phase(
                        Phase.CLEANUP, "cleanup: removing attributes the target no longer uses");
                TablePass.Result result = all(TablePass.Kind.CLEANUP, Phase.CLEANUP);
                cleanup = result.tally();
                if (!result.complete()) {
                    return end(
                            cancellation.isCancelled() ? Outcome.CANCELLED : Outcome.STOPPED,
                            proof,
                            cleanup,
                            removed,
                            result.stoppedBy());
                }
            }
            return end(Outcome.PROVEN, proof, cleanup, removed, null);
        }

        private TablePass.Result all(TablePass.Kind kind, Phase phase) {
            return pass.run(
                    kind,
                    segments,
                    Set.of(),
                    options.concurrency(),
                    (segment, tally) -> {},
                    progress(phase, 0),
                    cancellation);
        }

        private TablePass.Progress progress(Phase phase, long alreadyRead) {
            return (read, written) -> listener.progress(phase, alreadyRead + read, written, total);
        }

        /** Creates the plan's new indexes of {@code when}; why it stopped, or null. */
        private String createIndexes(MigrationPlan.When when) {
            List<ModelDiff.IndexChange> changes = plan.indexesToCreate(when);
            if (changes.isEmpty()) {
                return null;
            }
            TableAdmin admin = new TableAdmin(repository);
            try {
                TableInfo info = repository.describeTable(plan.table());
                for (ModelDiff.IndexChange change : changes) {
                    SecondaryIndex index = change.index();
                    boolean exists =
                            info.globalSecondaryIndexes().stream()
                                    .anyMatch(i -> i.name().equals(index.name()));
                    if (!exists) {
                        listener.phase(
                                Phase.INDEXES,
                                "creating index "
                                        + index.name()
                                        + (when == MigrationPlan.When.BEFORE_BACKFILL
                                                ? " before"
                                                : " after")
                                        + " the backfill, waiting until it is ACTIVE");
                        admin.apply(
                                List.of(
                                        ApplyRequests.indexAddition(
                                                admin, info, plan.table(), change)));
                    }
                    created.add(
                            index.name()
                                    + (when == MigrationPlan.When.BEFORE_BACKFILL
                                            ? " (before the backfill)"
                                            : " (after the backfill)"));
                    if (journal != null && !journal.hasCreated(index.name())) {
                        journal.created(index.name());
                    }
                }
            } catch (RepositoryException e) {
                return e.getMessage();
            } catch (IOException e) {
                return "the journal could not be written: " + e.getMessage();
            }
            return null;
        }

        private MigrationReport interrupted(TablePass.Result result) {
            return end(
                    result.stoppedBy() == null ? Outcome.CANCELLED : Outcome.STOPPED,
                    null,
                    null,
                    List.of(),
                    result.stoppedBy());
        }

        private MigrationReport end(
                Outcome outcome,
                MigrationReport.Proof proof,
                PassTally cleanup,
                List<String> indexesRemoved,
                String stoppedBy) {
            boolean finished = outcome == Outcome.PROVEN || outcome == Outcome.PROOF_FAILED;
            return new MigrationReport(
                    plan.table(),
                    plan.targetSource(),
                    started,
                    Duration.ofNanos(System.nanoTime() - began),
                    outcome,
                    created,
                    backfill,
                    catchUps,
                    proof,
                    cleanup,
                    indexesRemoved,
                    stoppedBy,
                    finished || journal == null ? null : journal.file());
        }
    }

    /** Per entity, the attributes cleanup removes. */
    public static Map<String, List<String>> removals(MigrationPlan plan) {
        Map<String, List<String>> removals = new LinkedHashMap<>();
        plan.diff().entities().forEach(e -> removals.put(e.entity(), e.removed()));
        return removals;
    }
}
