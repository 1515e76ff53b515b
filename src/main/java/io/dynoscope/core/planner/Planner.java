package io.dynoscope.core.planner;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.IndexModel;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.Relationship;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Proposes a single-table key design from entities and access patterns in the user's words.
 *
 * <ul>
 *   <li>A top-level entity gets its own partition, {@code WORKSPACE#{workspaceId}} / {@code META};
 *       a child shares its parent's partition key and is told apart by the sort key, {@code
 *       WORKSPACE#{workspaceId}} / {@code PROJECT#{projectId}}, so the parent and its children are
 *       one item collection and "a workspace and its projects" is one Query. A grandchild gets the
 *       partition of its parent's item, {@code WORKSPACE#{workspaceId}#PROJECT#{projectId}}.
 *   <li>A pattern given the whole key is a GetItem; given its parent's key, a Query of the
 *       collection with {@code begins_with} on the sort key; with more parameters than the key
 *       holds, the same Query with a filter. Sort-key ids are zero-padded and time-ordered ({@code
 *       2026-0042}), so "newest first" is {@code ScanIndexForward=false}.
 *   <li>A pattern whose parameters are not the entity's key ("all projects with status = ACTIVE
 *       across workspaces") gets a global secondary index that partitions the entity by them;
 *       indexes are overloaded ({@code GSI1PK}/{@code GSI1SK}), so entities share them.
 *   <li>A pattern with no parameter at all can only be served by a Scan.
 * </ul>
 *
 * The design is then reviewed ({@link ModelReview}) and given example items ({@link ExampleItems}).
 * Every part of it is an ordinary {@link TableModel}, editable by hand.
 */
public final class Planner {

    /** The sort key of a top-level entity's own item. */
    public static final String ROOT_SORT_KEY = "META";

    private static final List<String> TIME_ATTRIBUTE_HINTS =
            List.of("createdat", "created", "updatedat", "timestamp", "time", "date", "at");

    private Planner() {}

    /** Proposes the key design for {@code input}. */
    public static Plan plan(PlanInput input) {
        return new Run(input).plan();
    }

    private static final class Run {
        final PlanInput input;
        final KeySchema keys;
        final Map<String, EntitySpec> specs = new LinkedHashMap<>();
        final Map<String, KeyTemplates> tableKeys = new LinkedHashMap<>();
        final Map<String, Map<String, KeyTemplates>> indexKeys = new LinkedHashMap<>();
        final Map<String, List<AttributeModel>> attributes = new LinkedHashMap<>();
        final List<IndexModel> indexes = new ArrayList<>();
        final Map<String, String> keyTypes = new LinkedHashMap<>();
        final List<Finding> findings = new ArrayList<>();

        Run(PlanInput input) {
            this.input = input;
            this.keys = KeySchema.of(input.partitionKey(), input.sortKey());
            keyTypes.put(input.partitionKey(), "S");
            keyTypes.put(input.sortKey(), "S");
            for (EntitySpec spec : input.entities()) {
                if (specs.putIfAbsent(spec.name(), spec) != null) {
                    throw new IllegalArgumentException(
                            "two entities are called '" + spec.name() + "'");
                }
                attributes.put(spec.name(), new ArrayList<>(spec.attributes()));
            }
        }

        Plan plan() {
            for (EntitySpec spec : specs.values()) {
                templates(spec, new HashSet<>());
            }
            List<AccessPattern> patterns = new ArrayList<>();
            for (PatternSpec pattern : input.patterns()) {
                patterns.add(pattern(pattern));
            }
            List<Relationship> relationships = new ArrayList<>();
            for (EntitySpec spec : specs.values()) {
                EntitySpec parent = spec.parent() == null ? null : specs.get(spec.parent());
                if (parent != null && parent.parent() == null) {
                    relationships.add(
                            new Relationship(
                                    parent.name() + " has " + spec.name(),
                                    Relationship.Kind.SHARED_PARTITION,
                                    parent.name(),
                                    spec.name(),
                                    null));
                }
            }
            List<Entity> entities = new ArrayList<>();
            for (EntitySpec spec : specs.values()) {
                entities.add(
                        new Entity(
                                spec.name(),
                                tableKeys.get(spec.name()),
                                attributes.get(spec.name()),
                                indexKeys.getOrDefault(spec.name(), Map.of())));
            }
            TableModel model =
                    new TableModel(
                            input.table(),
                            keys,
                            keyTypes,
                            indexes,
                            entities,
                            patterns,
                            relationships,
                            List.of(),
                            List.of());
            TableDesign design = TableDesign.of(model, ExampleItems.of(model, input.entities()));
            List<Finding> all = new ArrayList<>(findings);
            all.addAll(ModelReview.review(design, unbounded()));
            return new Plan(design, all);
        }

        Set<String> unbounded() {
            Set<String> names = new LinkedHashSet<>();
            specs.values().stream().filter(EntitySpec::unbounded).forEach(s -> names.add(s.name()));
            return names;
        }

        KeyTemplates templates(EntitySpec spec, Set<String> visiting) {
            KeyTemplates known = tableKeys.get(spec.name());
            if (known != null) {
                return known;
            }
            if (!visiting.add(spec.name())) {
                throw new IllegalArgumentException(
                        "entity '"
                                + spec.name()
                                + "' is its own ancestor (through its parent "
                                + spec.parent()
                                + ")");
            }
            KeyTemplates templates;
            EntitySpec parent = spec.parent() == null ? null : specs.get(spec.parent());
            if (spec.parent() != null && parent == null) {
                findings.add(
                        new Finding(
                                Finding.Severity.WARNING,
                                Finding.Kind.NOTE,
                                spec.name(),
                                "its parent '"
                                        + spec.parent()
                                        + "' is not an entity; it gets a partition of its own"));
            }
            String own = spec.tag() + "#{" + spec.idAttribute() + "}";
            if (parent == null) {
                templates = KeyTemplates.of(own, ROOT_SORT_KEY);
            } else {
                KeyTemplates parentKeys = templates(parent, visiting);
                if (parent.parent() == null || parentKeys.sortKey().isEmpty()) {
                    templates =
                            new KeyTemplates(
                                    parentKeys.partitionKey(), Optional.of(KeyTemplate.parse(own)));
                } else {
                    templates =
                            KeyTemplates.of(
                                    parentKeys.partitionKey().text()
                                            + "#"
                                            + parentKeys.sortKey().get().text(),
                                    own);
                }
            }
            tableKeys.put(spec.name(), templates);
            return templates;
        }

        AccessPattern pattern(PatternSpec pattern) {
            EntitySpec spec = specs.get(pattern.entity());
            if (spec == null) {
                throw new IllegalArgumentException(
                        "access pattern '"
                                + pattern.words()
                                + "' returns '"
                                + pattern.entity()
                                + "', which is not an entity");
            }
            KeyTemplates t = tableKeys.get(spec.name());
            Set<String> params = new LinkedHashSet<>(pattern.parameters());
            Set<String> partitionVars = t.partitionKey().variables();
            Set<String> keyVars = new LinkedHashSet<>(partitionVars);
            t.sortKey().ifPresent(sk -> keyVars.addAll(sk.variables()));
            boolean newestFirst = pattern.order() == PatternSpec.Order.NEWEST_FIRST;

            if (params.containsAll(keyVars)) {
                Set<String> extra = new LinkedHashSet<>(params);
                extra.removeAll(keyVars);
                if (!extra.isEmpty()) {
                    note(
                            pattern,
                            "a GetItem reads one item by its key; " + extra + " are not needed");
                }
                if (pattern.many()) {
                    note(pattern, "the whole key names one item: a GetItem returns it");
                }
                return new AccessPattern(
                        pattern.words(),
                        AccessPattern.Operation.GET_ITEM,
                        List.of(spec.name()),
                        null,
                        t.partitionKey(),
                        t.sortKey()
                                .map(
                                        sk ->
                                                new AccessPattern.SortKeyPattern(
                                                        SortKeyCondition.Operator.EQ, sk, null)),
                        false,
                        null);
            }
            if (!params.isEmpty()
                    && params.containsAll(partitionVars)
                    && !partitionVars.isEmpty()) {
                Set<String> extra = new LinkedHashSet<>(params);
                extra.removeAll(keyVars);
                List<String> entities = new ArrayList<>();
                EntitySpec parent = spec.parent() == null ? null : specs.get(spec.parent());
                boolean parentHere =
                        parent != null
                                && tableKeys
                                        .get(parent.name())
                                        .partitionKey()
                                        .equals(t.partitionKey());
                Optional<AccessPattern.SortKeyPattern> sortKey;
                if (pattern.withParent() && parentHere && extra.isEmpty()) {
                    entities.add(parent.name());
                    sortKey = Optional.empty();
                } else {
                    if (pattern.withParent()) {
                        note(
                                pattern,
                                parentHere
                                        ? "the parent cannot come along when a filter narrows the children"
                                        : "the parent lives in another partition: it takes a second request");
                    }
                    sortKey =
                            t.sortKey()
                                    .filter(sk -> !sk.isConstant())
                                    .map(
                                            sk ->
                                                    new AccessPattern.SortKeyPattern(
                                                            SortKeyCondition.Operator.BEGINS_WITH,
                                                            KeyTemplate.parse(sk.literalPrefix()),
                                                            null));
                }
                entities.add(spec.name());
                String filter = extra.isEmpty() ? null : filterText(spec, extra);
                return new AccessPattern(
                        pattern.words(),
                        AccessPattern.Operation.QUERY,
                        entities,
                        null,
                        t.partitionKey(),
                        sortKey,
                        newestFirst,
                        filter);
            }
            if (params.isEmpty()) {
                return new AccessPattern(
                        pattern.words(),
                        AccessPattern.Operation.SCAN,
                        List.of(spec.name()),
                        null,
                        null,
                        Optional.empty(),
                        false,
                        null);
            }
            return indexPattern(pattern, spec, params, newestFirst);
        }

        /** A GSI that partitions {@code spec} by the pattern's parameters. */
        AccessPattern indexPattern(
                PatternSpec pattern, EntitySpec spec, Set<String> params, boolean ordered) {
            for (String param : params) {
                ensureAttribute(spec, param);
            }
            Map<String, KeyTemplates> own =
                    indexKeys.computeIfAbsent(spec.name(), n -> new LinkedHashMap<>());
            StringBuilder pk = new StringBuilder(spec.tag());
            for (String param : params) {
                pk.append("#{").append(param).append('}');
            }
            String sortAttribute =
                    pattern.order() == PatternSpec.Order.ANY
                            ? spec.idAttribute()
                            : timeAttribute(spec).orElse(spec.idAttribute());
            if (pattern.order() != PatternSpec.Order.ANY
                    && sortAttribute.equals(spec.idAttribute())) {
                note(
                        pattern,
                        "ordered by "
                                + spec.idAttribute()
                                + ": give "
                                + spec.name()
                                + " time-ordered, zero-padded ids");
            }
            KeyTemplates templates = KeyTemplates.of(pk.toString(), "{" + sortAttribute + "}");
            IndexModel index = null;
            for (Map.Entry<String, KeyTemplates> existing : own.entrySet()) {
                if (existing.getValue().equals(templates)) {
                    index =
                            indexes.stream()
                                    .filter(i -> i.name().equals(existing.getKey()))
                                    .findFirst()
                                    .orElseThrow();
                }
            }
            if (index == null) {
                index =
                        indexes.stream()
                                .filter(i -> !own.containsKey(i.name()))
                                .findFirst()
                                .orElse(null);
                if (index == null) {
                    String name = "GSI" + (indexes.size() + 1);
                    index =
                            new IndexModel(
                                    name,
                                    true,
                                    KeySchema.of(name + "PK", name + "SK"),
                                    "ALL",
                                    List.of());
                    indexes.add(index);
                    keyTypes.put(name + "PK", "S");
                    keyTypes.put(name + "SK", "S");
                }
                own.put(index.name(), templates);
            }
            return new AccessPattern(
                    pattern.words(),
                    AccessPattern.Operation.QUERY,
                    List.of(spec.name()),
                    index.name(),
                    templates.partitionKey(),
                    Optional.empty(),
                    ordered,
                    null);
        }

        Optional<String> timeAttribute(EntitySpec spec) {
            for (String hint : TIME_ATTRIBUTE_HINTS) {
                for (AttributeModel a : attributes.get(spec.name())) {
                    String name = a.name().toLowerCase(Locale.ROOT);
                    boolean scalar =
                            a.type() == AttributeValue.Type.S || a.type() == AttributeValue.Type.N;
                    if (scalar
                            && (name.equals(hint)
                                    || (hint.length() > 2 && name.contains(hint))
                                    || name.endsWith(hint))) {
                        return Optional.of(a.name());
                    }
                }
            }
            return Optional.empty();
        }

        String filterText(EntitySpec spec, Set<String> params) {
            List<String> parts = new ArrayList<>();
            for (String param : params) {
                ensureAttribute(spec, param);
                parts.add(param + " = :" + param);
            }
            return String.join(" AND ", parts);
        }

        void ensureAttribute(EntitySpec spec, String name) {
            List<AttributeModel> own = attributes.get(spec.name());
            if (!name.equals(spec.idAttribute())
                    && own.stream().noneMatch(a -> a.name().equals(name))) {
                own.add(new AttributeModel(name, AttributeValue.Type.S));
                findings.add(
                        new Finding(
                                Finding.Severity.INFO,
                                Finding.Kind.NOTE,
                                spec.name(),
                                "added the attribute "
                                        + name
                                        + " (S) that an access pattern filters or partitions by"));
            }
        }

        void note(PatternSpec pattern, String message) {
            findings.add(
                    new Finding(
                            Finding.Severity.INFO, Finding.Kind.NOTE, pattern.words(), message));
        }
    }
}
