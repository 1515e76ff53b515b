package io.dynoscope.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A model proposed from a sample of a live table, with the evidence for each of its entities and
 * access patterns: how many sampled items match.
 *
 * @param design the proposed model, with a few sampled items of each entity as its examples
 * @param sampled how many items the sample held
 * @param notes what the sample could not explain (items of no entity, binary keys)
 */
public record InferredModel(
        TableDesign design,
        int sampled,
        List<EntityEvidence> entities,
        List<PatternEvidence> accessPatterns,
        List<String> notes) {

    public InferredModel {
        entities = List.copyOf(entities);
        accessPatterns = List.copyOf(accessPatterns);
        notes = List.copyOf(notes);
    }

    /**
     * Why an entity was proposed.
     *
     * @param matched sampled items of this entity
     * @param exampleKeys the keys of the first few, as {@code pk / sk}
     */
    public record EntityEvidence(String entity, int matched, List<String> exampleKeys) {
        public EntityEvidence {
            exampleKeys = List.copyOf(exampleKeys);
        }
    }

    /**
     * Why an access pattern was proposed.
     *
     * @param matched sampled items it could return in all
     * @param why the key shape that allows it
     */
    public record PatternEvidence(String pattern, int matched, String why) {}

    public TableModel model() {
        return design.model();
    }

    /** The evidence as lines for a person: one per entity, then one per access pattern. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        for (EntityEvidence e : entities) {
            lines.add(
                    "entity "
                            + e.entity()
                            + ": "
                            + e.matched()
                            + " of "
                            + sampled
                            + " sampled items, e.g. "
                            + String.join(", ", e.exampleKeys()));
        }
        for (PatternEvidence p : accessPatterns) {
            lines.add(
                    "access pattern '"
                            + p.pattern()
                            + "': "
                            + p.matched()
                            + " sampled items ("
                            + p.why()
                            + ")");
        }
        lines.addAll(notes);
        return lines;
    }
}
