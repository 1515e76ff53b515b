package io.dynoscope.service.migration;

import io.dynoscope.service.model.AccessPatternCheck;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a migration did and whether it is proven: the indexes it created, the backfill and each
 * catch-up pass with their counts, the proof, and the cleanup when it was asked for.
 *
 * @param target where the target model came from
 * @param indexesCreated the indexes created, each with when ("before the backfill")
 * @param backfill the backfill pass, earlier runs' segments included
 * @param catchUps each catch-up pass, in order
 * @param proof the proof, or null when the migration stopped before it
 * @param cleanup the cleanup pass, or null when none was asked for or the proof failed
 * @param indexesRemoved the indexes cleanup deleted
 * @param stoppedBy why the migration stopped early (a DynamoDB failure), or null
 * @param journal where the journal is kept to resume from, or null when the run reached its end
 */
public record MigrationReport(
        String table,
        String target,
        Instant started,
        Duration elapsed,
        Outcome outcome,
        List<String> indexesCreated,
        PassTally backfill,
        List<PassTally> catchUps,
        Proof proof,
        PassTally cleanup,
        List<String> indexesRemoved,
        String stoppedBy,
        Path journal) {

    public MigrationReport {
        indexesCreated = List.copyOf(indexesCreated);
        catchUps = List.copyOf(catchUps);
        indexesRemoved = List.copyOf(indexesRemoved);
    }

    /** How a migration ended. */
    public enum Outcome {
        /** Applied, and the proof passed. */
        PROVEN,
        /** Applied, and the proof failed: what and where are in {@link Proof#failures()}. */
        PROOF_FAILED,
        /** Stopped by a DynamoDB failure; the journal resumes it. */
        STOPPED,
        /** Cancelled; the journal resumes it. */
        CANCELLED
    }

    /** Items another application changed or deleted while the migration ran, as far as it saw. */
    public long changesSeen() {
        return changesSeen(backfill, catchUps);
    }

    static long changesSeen(PassTally backfill, List<PassTally> catchUps) {
        long seen =
                backfill.count(PassTally.Count.CHANGED_MEANWHILE)
                        + backfill.count(PassTally.Count.DELETED_MEANWHILE);
        for (PassTally pass : catchUps) {
            seen += pass.found() + pass.count(PassTally.Count.DELETED_MEANWHILE);
        }
        return seen;
    }

    /** What the comparison of the other attributes before and after says. */
    public enum Content {
        /** Every entity's items hold the same other attributes as before, byte for byte. */
        SAME,
        /**
         * They differ, and other writers changed items meanwhile: the comparison only holds on a
         * table nobody else writes.
         */
        NOT_COMPARABLE,
        /** They differ while nobody else was seen writing: the proof fails. */
        DIFFERENT
    }

    /**
     * The proof: the target's access-pattern check on the live table, and a verification Scan.
     *
     * @param check every access pattern of the target, run on the table
     * @param verification the verification pass: items per entity, their content digests, and the
     *     items whose computed attributes disagree
     * @param countsBefore items per entity as the backfill read them
     * @param countsAfter items per entity as the verification read them
     * @param changed the entities whose other attributes differ before and after
     * @param failures what failed and where, one line each; empty when the proof passed
     */
    public record Proof(
            AccessPatternCheck.Report check,
            PassTally verification,
            Map<String, Long> countsBefore,
            Map<String, Long> countsAfter,
            Content content,
            List<String> changed,
            List<String> failures) {
        public Proof {
            countsBefore = Map.copyOf(countsBefore);
            countsAfter = Map.copyOf(countsAfter);
            changed = List.copyOf(changed);
            failures = List.copyOf(failures);
        }

        public boolean passed() {
            return failures.isEmpty();
        }
    }
}
