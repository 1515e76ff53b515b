package io.dynoscope.service.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.planner.PlanRequests;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every design of the access-pattern corpus (tuned, held-out and translated parts alike) planned
 * from its entities and sentences: the proposal passes the checks {@code model load} makes before
 * sending anything (no two example items share a key, every item is writable), and every pattern
 * that queries a partition by a value finds its entity's examples in at least two partitions, so a
 * check can tell a right key from a wrong one.
 */
class CorpusProposalsLoadTest {

    @Test
    void everyCorpusProposalLoadsWithItsExamplesAndCoversEachPatternWithTwoPartitions() {
        List<String> problems = new ArrayList<>();
        int designs = 0;
        int patterns = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            TableDesign design = ModelPlanning.plan(example.planRequest()).plan().design();
            try {
                SchemaLoad.prepare(design);
            } catch (IllegalArgumentException e) {
                problems.add(example.name() + ": " + e.getMessage());
            }
            for (AccessPattern pattern : design.model().accessPatterns()) {
                patterns++;
                int partitions = partitions(design, pattern);
                if (partitions >= 0 && partitions < 2) {
                    problems.add(
                            example.name()
                                    + ": '"
                                    + pattern.name()
                                    + "' finds its examples in "
                                    + partitions
                                    + " partition(s) of "
                                    + pattern.partitionKey());
                }
            }
            designs++;
        }
        assertTrue(designs >= 24 && patterns >= 150, designs + " designs, " + patterns);
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void aProposalWhoseExamplesShareAKeyIsRefusedBeforeLoading() {
        TableDesign design =
                ModelPlanning.plan(PlanRequests.example("online shop").planRequest())
                        .plan()
                        .design();
        List<Item> items = new ArrayList<>(design.items());
        items.add(items.get(0));
        TableDesign twice = design.withItems(items);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SchemaLoad.prepare(twice));
        assertTrue(e.getMessage().contains("has the same key as item 1"), e.getMessage());
        assertEquals(1, partitionsOfFirstEntity(design, 1), "a narrowed set is caught too");
    }

    /** Partitions of a pattern's entity holding its examples, or -1 when it reads no partition. */
    static int partitions(TableDesign design, AccessPattern pattern) {
        if (pattern.operation() != AccessPattern.Operation.QUERY
                || pattern.partitionKey().isConstant()) {
            return -1;
        }
        TableModel model = design.model();
        KeySchema keys = model.keysOf(pattern.index());
        Set<String> partitions = new HashSet<>();
        for (Item item : design.itemsOf(pattern.entities().get(0))) {
            AttributeValue pk = item.attributes().get(keys.partitionKey());
            if (pk != null && pattern.partitionKey().match(Question.text(pk)).isPresent()) {
                partitions.add(Question.text(pk));
            }
        }
        return partitions.size();
    }

    /** The partitions of the first query pattern when only {@code keep} examples are left. */
    private static int partitionsOfFirstEntity(TableDesign design, int keep) {
        AccessPattern query =
                design.model().accessPatterns().stream()
                        .filter(p -> partitions(design, p) >= 2)
                        .findFirst()
                        .orElseThrow();
        List<Item> only = design.itemsOf(query.entities().get(0)).stream().limit(keep).toList();
        return partitions(design.withItems(only), query);
    }
}
