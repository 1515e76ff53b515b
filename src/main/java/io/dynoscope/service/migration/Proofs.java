package io.dynoscope.service.migration;

import io.dynoscope.service.migration.MigrationReport.Content;
import io.dynoscope.service.migration.PassTally.Count;
import io.dynoscope.service.model.AccessPatternCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges a migration from what it read: every access pattern of the target served (see {@link
 * #served}), no item whose computed attributes disagree with its templates, and, on a table nobody
 * else wrote, the same items per entity holding the same other attributes before and after.
 */
final class Proofs {

    private Proofs() {}

    /**
     * Whether the migration serves a pattern: the right items by key conditions. A fan-out over the
     * design's shards, or a large answer's pages, are the design's and the data's, not the
     * migration's: the check reports them, the proof does not fail on them.
     */
    static boolean served(AccessPatternCheck.Outcome outcome) {
        return outcome.asDesigned() || outcome.answeredByKeys();
    }

    /**
     * @param before the backfill's tally (the items as they were)
     * @param after the verification's tally (the items as they are)
     * @param changesSeen items other writers changed or deleted meanwhile, as far as seen
     * @param beforeIsASnapshot {@code before} was read from a snapshot older than the run (a
     *     DynamoDB export): writes since it are not seen, so a difference is not comparable
     */
    static MigrationReport.Proof of(
            AccessPatternCheck.Report check,
            PassTally before,
            PassTally after,
            long changesSeen,
            boolean beforeIsASnapshot) {
        List<String> failures = new ArrayList<>();
        for (AccessPatternCheck.Outcome outcome : check.outcomes()) {
            if (!served(outcome)) {
                failures.add(
                        "access pattern '"
                                + outcome.pattern().name()
                                + "' is not served as designed: "
                                + outcome.reason()
                                + (outcome.request().isEmpty()
                                        ? ""
                                        : " (" + outcome.request() + ")"));
            }
        }
        long unanswered = after.count(Count.UNANSWERED);
        if (unanswered > 0) {
            failures.add(
                    "items that could not be keyed answer access patterns that cannot return"
                            + " them ("
                            + unanswered
                            + "), e.g. "
                            + String.join("; ", after.examples(Count.UNANSWERED))
                            + "; fix their values and migrate again");
        }
        long disagreeing = after.count(Count.DISAGREEING);
        if (disagreeing > 0) {
            failures.add(
                    disagreeing
                            + (disagreeing == 1 ? " item's" : " items'")
                            + " computed attributes disagree with their templates, e.g. "
                            + String.join("; ", after.examples(Count.DISAGREEING)));
        }
        Set<String> entities = new TreeSet<>(before.entities().keySet());
        entities.addAll(after.entities().keySet());
        List<String> changed = new ArrayList<>();
        for (String entity : entities) {
            long was = before.entities().getOrDefault(entity, 0L);
            long is = after.entities().getOrDefault(entity, 0L);
            String digestBefore = before.digests().get(entity);
            String digestAfter = after.digests().get(entity);
            if (was != is || digestBefore == null || !digestBefore.equals(digestAfter)) {
                changed.add(
                        entity
                                + " ("
                                + was
                                + " items before, "
                                + is
                                + " after"
                                + (was == is ? ", other attributes differ" : "")
                                + ")");
            }
        }
        Content content;
        if (changed.isEmpty()) {
            content = Content.SAME;
        } else if (changesSeen > 0 || beforeIsASnapshot) {
            content = Content.NOT_COMPARABLE;
        } else {
            content = Content.DIFFERENT;
            failures.add(
                    "the items' other attributes differ before and after, while no other writer"
                            + " was seen: "
                            + String.join(", ", changed));
        }
        return new MigrationReport.Proof(
                check, after, before.entities(), after.entities(), content, changed, failures);
    }
}
