package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.Planner.HIGH;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.Relationship;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds the model's requests and parts from the keys laid out. */
final class LayoutRequests {
    private LayoutRequests() {}

    static String indexName(int slot) {
        return "GSI" + (slot + 1);
    }

    static AccessPattern build(
            Served served,
            Map<String, KeyPath> tableKeys,
            Map<String, List<KeyPath>> indexKeys,
            List<String> entities) {
        PatternSpec spec = served.spec();
        KeyPath key =
                served.slot() < 0
                        ? tableKeys.get(served.entity())
                        : indexKeys.get(served.entity()).get(served.slot());
        String index = served.slot() < 0 ? null : indexName(served.slot());
        List<String> returns = new ArrayList<>(List.of(served.entity()));
        returns.addAll(served.along());
        boolean descending = spec.order().map(Question.Order::descending).orElse(false);
        KeyTemplate partition =
                served.operation() == AccessPattern.Operation.SCAN
                        ? null
                        : KeyTemplate.parse(key.partitionText());
        Optional<AccessPattern.SortKeyPattern> sortKey =
                switch (served.operation()) {
                    case SCAN -> Optional.empty();
                    case GET_ITEM ->
                            Optional.of(
                                    AccessPattern.SortKeyPattern.of(
                                            SortKeyCondition.Operator.EQ, key.sortText()));
                    case QUERY ->
                            served.along().isEmpty()
                                    ? sortCondition(key, served, spec)
                                    : served.equal() > 0
                                            // the item and what is kept under its sort key,
                                            // not the next id that starts the same (LOAN#10)
                                            ? Optional.of(
                                                    between(
                                                            key.sortText(),
                                                            key.sortText() + "#" + HIGH))
                                            : alongCondition(served, tableKeys, entities);
                };
        return new AccessPattern(
                spec.words(),
                served.operation(),
                returns,
                index,
                partition,
                sortKey,
                descending,
                null,
                spec.limit(),
                spec.count(),
                Optional.of(spec.question()),
                spec.workload(),
                spec.unsure());
    }

    static Optional<AccessPattern.SortKeyPattern> sortCondition(
            KeyPath key, Served served, PatternSpec spec) {
        List<String> values = key.sortVariables();
        int equal = served.equal();
        if (values.isEmpty()) {
            return Optional.of(
                    AccessPattern.SortKeyPattern.of(SortKeyCondition.Operator.EQ, key.sortTag()));
        }
        String prefix = key.prefixTemplate(equal);
        if (served.ranged()) {
            Question.Range range = spec.range().orElseThrow();
            boolean trailing = values.size() > equal + 1;
            String high = trailing ? HIGH : "";
            return Optional.of(
                    switch (range.kind()) {
                        case BETWEEN ->
                                between(
                                        prefix + "{" + range.from() + "}",
                                        prefix + "{" + range.to() + "}" + high);
                        case AFTER -> between(prefix + "{" + range.from() + "}", prefix + HIGH);
                        case BEFORE -> between(prefix, prefix + "{" + range.to() + "}" + high);
                        case PREFIX ->
                                AccessPattern.SortKeyPattern.of(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        prefix + "{" + range.prefix() + "}");
                    });
        }
        if (equal == values.size()) {
            return Optional.of(
                    AccessPattern.SortKeyPattern.of(SortKeyCondition.Operator.EQ, key.sortText()));
        }
        return Optional.of(
                AccessPattern.SortKeyPattern.of(SortKeyCondition.Operator.BEGINS_WITH, prefix));
    }

    static AccessPattern.SortKeyPattern between(String lower, String upper) {
        return new AccessPattern.SortKeyPattern(
                SortKeyCondition.Operator.BETWEEN,
                KeyTemplate.parse(lower),
                KeyTemplate.parse(upper));
    }

    /**
     * The sort-key range that holds exactly the entities returned together from one collection ("a
     * workspace and its projects"): from the lowest of their sort keys' literal starts to just past
     * the highest ({@link #separable} says when no other entity of the collection falls in
     * between); no condition when they are the whole collection.
     */
    static Optional<AccessPattern.SortKeyPattern> alongCondition(
            Served served, Map<String, KeyPath> tableKeys, List<String> entities) {
        Starts starts = starts(served.entity(), served.along(), tableKeys, entities);
        return starts.outside().isEmpty()
                ? Optional.empty()
                : Optional.of(between(starts.low(), starts.high()));
    }

    /**
     * Whether one Query of {@code entity}'s collection can return exactly it and {@code along}: no
     * other entity's items sort between theirs.
     */
    static boolean separable(
            String entity,
            List<String> along,
            Map<String, KeyPath> tableKeys,
            List<String> entities) {
        Starts starts = starts(entity, along, tableKeys, entities);
        String low = starts.low();
        String high = starts.high();
        return starts.outside().stream()
                .noneMatch(o -> o.compareTo(low) >= 0 && o.compareTo(high) <= 0);
    }

    /** The literal starts of the sort keys in one collection: of those returned, of the others. */
    private record Starts(List<String> inside, List<String> outside) {
        String low() {
            return inside.stream().min(String::compareTo).orElseThrow();
        }

        String high() {
            return inside.stream().max(String::compareTo).orElseThrow() + HIGH;
        }
    }

    private static Starts starts(
            String entity,
            List<String> along,
            Map<String, KeyPath> tableKeys,
            List<String> entities) {
        KeyPath main = tableKeys.get(entity);
        Set<String> returned = new LinkedHashSet<>(along);
        returned.add(entity);
        List<String> inside = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        for (String name : entities) {
            KeyPath key = tableKeys.get(name);
            if (!key.partitionText().equals(main.partitionText())) {
                continue;
            }
            String start = key.sortVariables().isEmpty() ? key.sortTag() : key.sortTag() + "#";
            (returned.contains(name) ? inside : outside).add(start);
        }
        return new Starts(inside, outside);
    }

    static TableModel model(
            PlanInput input,
            Map<String, EntitySpec> specs,
            Map<String, KeyPath> tableKeys,
            Map<String, List<KeyPath>> indexKeys,
            Map<String, List<AttributeModel>> attributes,
            List<AccessPattern> patterns) {
        int indexCount = indexKeys.values().stream().mapToInt(List::size).max().orElse(0);
        Map<String, String> keyTypes = new LinkedHashMap<>();
        keyTypes.put(input.partitionKey(), "S");
        keyTypes.put(input.sortKey(), "S");
        List<SecondaryIndex> indexes = new ArrayList<>();
        for (int slot = 0; slot < indexCount; slot++) {
            String name = indexName(slot);
            indexes.add(
                    new SecondaryIndex(
                            name, true, KeySchema.of(name + "PK", name + "SK"), "ALL", List.of()));
            keyTypes.put(name + "PK", "S");
            keyTypes.put(name + "SK", "S");
        }
        List<Entity> entities = new ArrayList<>();
        List<Relationship> relationships = new ArrayList<>();
        for (EntitySpec spec : specs.values()) {
            Map<String, KeyTemplates> onIndexes = new LinkedHashMap<>();
            List<KeyPath> keys = indexKeys.get(spec.name());
            for (int slot = 0; slot < keys.size(); slot++) {
                onIndexes.put(indexName(slot), keys.get(slot).templates());
            }
            entities.add(
                    new Entity(
                            spec.name(),
                            tableKeys.get(spec.name()).templates(),
                            attributes.get(spec.name()),
                            onIndexes,
                            spec.workload()));
            EntitySpec parent = spec.parent() == null ? null : specs.get(spec.parent());
            if (parent != null) {
                relationships.add(
                        new Relationship(
                                parent.name() + " has " + spec.name(),
                                Relationship.Kind.SHARED_PARTITION,
                                parent.name(),
                                spec.name(),
                                null));
            }
        }
        return new TableModel(
                input.table(),
                KeySchema.of(input.partitionKey(), input.sortKey()),
                keyTypes,
                indexes,
                entities,
                patterns,
                relationships,
                List.of(),
                List.of());
    }
}
