package io.dynoscope.core.planner;

import java.util.Objects;

/**
 * Something the design review found: what will hurt (a Scan, a hot partition, an LSI's 10 GB limit,
 * an item that can outgrow 400 KB, a filter that reads more than it returns) or a note.
 *
 * @param subject the entity, access pattern or index it is about
 */
public record Finding(Severity severity, Kind kind, String subject, String message) {

    /** How much it matters. */
    public enum Severity {
        INFO,
        WARNING,
        ERROR
    }

    /** What it is about. */
    public enum Kind {
        SCAN,
        HOT_PARTITION,
        LSI_LIMIT,
        ITEM_SIZE,
        FILTER,
        FAN_OUT,
        /** A partition over DynamoDB's throughput per partition, with the shard count to use. */
        THROUGHPUT,
        /** A monthly cost estimate. */
        COST,
        /** A sparse index: which items are in it. */
        SPARSE_INDEX,
        /** Two entities one item key can match: the item is labelled with the first. */
        ENTITY_OVERLAP,
        /** Which of two reasonable designs was taken, and the other. */
        TRADE_OFF,
        NOTE
    }

    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return severity + " " + kind + " [" + subject + "] " + message;
    }
}
