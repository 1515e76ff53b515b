package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The example items of many plans made at random (top-level entities, children, grandchildren,
 * entities unique by a combination of other entities' ids, a child named by another entity's id,
 * statuses, times and references), each planned with gets, lists, lists by status and lists newest
 * first: no two items share a key, and every pattern reading a partition by value finds its
 * entity's examples in at least two of them, so a check can tell a right key from a wrong one.
 */
class ExampleItemsPropertyTest {

    private static final int PLANS = 300;

    @Test
    void examplesNeverCollideAndCoverEveryPatternWithTwoPartitions() {
        Random random = new Random(34);
        List<String> problems = new ArrayList<>();
        for (int n = 0; n < PLANS; n++) {
            PlanInput input = randomPlan(random, n);
            TableDesign design;
            try {
                design = Planner.plan(input).design();
            } catch (IllegalArgumentException e) {
                continue;
            }
            problems.addAll(collisions(input, design));
            problems.addAll(uncovered(input, design));
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    private static List<String> collisions(PlanInput input, TableDesign design) {
        List<String> problems = new ArrayList<>();
        Map<Key, Integer> seen = new HashMap<>();
        KeySchema keys = design.model().keys();
        List<Item> items = design.items();
        for (int i = 0; i < items.size(); i++) {
            Integer before = seen.put(keys.keyOf(items.get(i)), i);
            if (before != null) {
                problems.add(
                        describe(input)
                                + ": item "
                                + (i + 1)
                                + " has the same key as item "
                                + (before + 1)
                                + ": "
                                + keys.keyOf(items.get(i)).text());
            }
        }
        return problems;
    }

    private static List<String> uncovered(PlanInput input, TableDesign design) {
        List<String> problems = new ArrayList<>();
        TableModel model = design.model();
        for (AccessPattern pattern : model.accessPatterns()) {
            if (pattern.operation() != AccessPattern.Operation.QUERY
                    || pattern.partitionKey().isConstant()) {
                continue;
            }
            KeySchema keys = model.keysOf(pattern.index());
            Set<String> partitions = new HashSet<>();
            for (Item item : design.itemsOf(pattern.entities().get(0))) {
                AttributeValue pk = item.attributes().get(keys.partitionKey());
                if (pk != null && pattern.partitionKey().match(Question.text(pk)).isPresent()) {
                    partitions.add(Question.text(pk));
                }
            }
            if (partitions.size() < 2) {
                problems.add(
                        describe(input)
                                + ": '"
                                + pattern.name()
                                + "' finds its examples in "
                                + partitions.size()
                                + " partition(s) of "
                                + pattern.partitionKey());
            }
        }
        return problems;
    }

    private static String describe(PlanInput input) {
        StringBuilder text = new StringBuilder(input.table()).append(" [");
        for (EntitySpec e : input.entities()) {
            text.append(e.name())
                    .append(e.ids())
                    .append(e.parent() == null ? "" : "<" + e.parent())
                    .append(' ');
        }
        return text.append(']').toString();
    }

    private static final List<String> NAMES =
            List.of(
                    "customer",
                    "product",
                    "warehouse",
                    "order",
                    "invoice",
                    "shipment",
                    "review",
                    "device");

    private static PlanInput randomPlan(Random random, int n) {
        int count = 2 + random.nextInt(4);
        List<EntitySpec> entities = new ArrayList<>();
        List<PatternSpec> patterns = new ArrayList<>();
        List<String> names = new ArrayList<>(NAMES);
        Collections.shuffle(names, random);
        for (int i = 0; i < count; i++) {
            String name = names.get(i);
            String parent =
                    i > 0 && random.nextInt(3) > 0 ? entities.get(random.nextInt(i)).name() : null;
            List<String> ids = new ArrayList<>();
            int kind = random.nextInt(4);
            if (i > 1 && kind == 0) {
                // unique by a combination of two other entities' ids
                ids.add(entities.get(0).ids().get(0));
                ids.add(entities.get(1).ids().get(0));
                parent = random.nextBoolean() ? null : entities.get(0).name();
            } else if (i > 0 && kind == 1 && parent != null) {
                // a child named by a top-level entity's id (a warehouse's stock of a product)
                EntitySpec other = entities.get(random.nextInt(i));
                if (!other.name().equals(parent) && other.parent() == null) {
                    ids.add(other.ids().get(0));
                }
            }
            List<AttributeModel> attributes = new ArrayList<>();
            attributes.add(new AttributeModel("status", AttributeValue.Type.S));
            attributes.add(new AttributeModel("createdAt", AttributeValue.Type.S));
            attributes.add(new AttributeModel("amount", AttributeValue.Type.N));
            if (i > 0 && random.nextBoolean()) {
                String ref = entities.get(random.nextInt(i)).ids().get(0);
                if (!ids.contains(ref)) {
                    attributes.add(new AttributeModel(ref, AttributeValue.Type.S));
                }
            }
            EntitySpec spec = new EntitySpec(name, ids, parent, attributes, null);
            entities.add(spec);
            List<String> identity = new ArrayList<>();
            for (EntitySpec p = spec; p != null; p = parentOf(entities, p)) {
                identity.addAll(0, p.ids());
            }
            patterns.add(PatternSpec.of("Get a " + name, name, identity, false));
            patterns.add(
                    new PatternSpec(
                            "List " + name + "s by status, newest first",
                            List.of(name),
                            List.of("status"),
                            true,
                            Optional.empty(),
                            Optional.of(new Question.Order("createdAt", true)),
                            0,
                            false,
                            Optional.empty(),
                            null));
            if (spec.parent() != null) {
                List<String> parentIds = new ArrayList<>(identity);
                parentIds.removeAll(spec.ids());
                patterns.add(
                        PatternSpec.of(
                                "List " + name + "s of a " + spec.parent(), name, parentIds, true));
            }
            for (String id : spec.ids()) {
                if (!identity.get(0).equals(id) && random.nextBoolean()) {
                    patterns.add(
                            PatternSpec.of(
                                    "List " + name + "s for a " + id, name, List.of(id), true));
                }
            }
        }
        return new PlanInput("plan" + n, null, null, entities, patterns);
    }

    private static EntitySpec parentOf(List<EntitySpec> entities, EntitySpec spec) {
        return spec.parent() == null
                ? null
                : entities.stream()
                        .filter(e -> e.name().equals(spec.parent()))
                        .findFirst()
                        .orElse(null);
    }
}
