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
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Builds the model's requests and parts from the keys laid out. */
final class LayoutRequests {
    private LayoutRequests() {}

    static String indexName(int slot) {
        return "GSI" + (slot + 1);
    }

    /**
     * The index each entity's index keys go to, in the entity's order: its n-th key with a string
     * sort key to GSIn, so every entity overloads the same indexes; keys whose sort key is a number
     * ({@link KeyPath#numeric}) to the indexes after those, whose sort key is of type N.
     */
    static Map<String, List<String>> indexNames(Map<String, List<KeyPath>> indexKeys) {
        int strings =
                indexKeys.values().stream()
                        .mapToInt(keys -> (int) keys.stream().filter(k -> !k.numeric()).count())
                        .max()
                        .orElse(0);
        Map<String, List<String>> names = new LinkedHashMap<>();
        indexKeys.forEach(
                (entity, keys) -> {
                    List<String> named = new ArrayList<>();
                    int string = 0;
                    int number = strings;
                    for (KeyPath key : keys) {
                        named.add(indexName(key.numeric() ? number++ : string++));
                    }
                    names.put(entity, named);
                });
        return names;
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
        String index =
                served.slot() < 0
                        ? null
                        : indexNames(indexKeys).get(served.entity()).get(served.slot());
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
        if (key.numeric()) {
            return numberCondition(key, served, spec);
        }
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

    /** The condition on a number sort key: none to read the partition in order, else a bound. */
    private static Optional<AccessPattern.SortKeyPattern> numberCondition(
            KeyPath key, Served served, PatternSpec spec) {
        if (served.equal() > 0) {
            return Optional.of(
                    AccessPattern.SortKeyPattern.of(SortKeyCondition.Operator.EQ, key.sortText()));
        }
        if (!served.ranged()) {
            return Optional.empty();
        }
        Question.Range range = spec.range().orElseThrow();
        return Optional.of(
                switch (range.kind()) {
                    case BETWEEN -> between("{" + range.from() + "}", "{" + range.to() + "}");
                    case AFTER ->
                            AccessPattern.SortKeyPattern.of(
                                    SortKeyCondition.Operator.GE, "{" + range.from() + "}");
                    case BEFORE ->
                            AccessPattern.SortKeyPattern.of(
                                    SortKeyCondition.Operator.LE, "{" + range.to() + "}");
                    // a number has no prefix to read: the range names a string
                    case PREFIX ->
                            throw new IllegalStateException(
                                    "a prefix of the number " + range.attribute());
                });
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
        Map<String, List<String>> names = indexNames(indexKeys);
        Set<String> numbers = new LinkedHashSet<>();
        Set<String> used =
                new TreeSet<>(
                        Comparator.comparingInt((String n) -> Integer.parseInt(n.substring(3))));
        indexKeys.forEach(
                (entity, keys) -> {
                    for (int slot = 0; slot < keys.size(); slot++) {
                        String name = names.get(entity).get(slot);
                        used.add(name);
                        if (keys.get(slot).numeric()) {
                            numbers.add(name);
                        }
                    }
                });
        Map<String, String> keyTypes = new LinkedHashMap<>();
        keyTypes.put(input.partitionKey(), KeyType.S.descriptor());
        keyTypes.put(input.sortKey(), KeyType.S.descriptor());
        List<SecondaryIndex> indexes = new ArrayList<>();
        for (String name : used) {
            indexes.add(
                    new SecondaryIndex(
                            name, true, KeySchema.of(name + "PK", name + "SK"), "ALL", List.of()));
            keyTypes.put(name + "PK", KeyType.S.descriptor());
            keyTypes.put(
                    name + "SK",
                    numbers.contains(name) ? KeyType.N.descriptor() : KeyType.S.descriptor());
        }
        List<Entity> entities = new ArrayList<>();
        List<Relationship> relationships = new ArrayList<>();
        for (EntitySpec spec : specs.values()) {
            Map<String, KeyTemplates> onIndexes = new LinkedHashMap<>();
            List<KeyPath> keys = indexKeys.get(spec.name());
            for (int slot = 0; slot < keys.size(); slot++) {
                onIndexes.put(names.get(spec.name()).get(slot), keys.get(slot).templates());
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
