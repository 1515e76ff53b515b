package io.dynoscope.core.migration;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What moving a live table from its current model to a target model takes: the indexes to create
 * (and, at cleanup, to remove), per entity the attributes to compute from the target's templates,
 * to rename or (at cleanup) to remove, and the access patterns that change how they are served.
 * What cannot be done in place (a changed table key or entity key template, a new local index, an
 * index whose keys change) is a refusal, said with where.
 *
 * @param indexes every secondary index of either side, with what happens to it
 * @param entities each entity of the target, with what happens to its attributes
 * @param accessPatterns the access patterns added, removed or served differently
 * @param refusals why the target cannot be reached in place; empty when it can
 * @param notes what a person should know that changes nothing
 */
public record ModelDiff(
        List<IndexChange> indexes,
        List<EntityChange> entities,
        List<PatternChange> accessPatterns,
        List<String> refusals,
        List<String> notes) {

    public ModelDiff {
        indexes = List.copyOf(indexes);
        entities = List.copyOf(entities);
        accessPatterns = List.copyOf(accessPatterns);
        refusals = List.copyOf(refusals);
        notes = List.copyOf(notes);
    }

    /** What happens to an index. */
    public enum IndexAction {
        /** The target has it and the table does not: the migration creates it. */
        CREATE,
        /** The table has it and the target does not: cleanup removes it, when asked. */
        REMOVE,
        /** Both have it. */
        KEEP
    }

    /**
     * @param keyTypes S, N or B of the index's key attributes (for CREATE)
     */
    public record IndexChange(
            SecondaryIndex index, IndexAction action, Map<String, String> keyTypes) {
        public IndexChange {
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(action, "action");
            keyTypes = Map.copyOf(keyTypes);
        }
    }

    /** What happens to a computed attribute. */
    public enum AttributeAction {
        /** Computed for the first time. */
        NEW,
        /** Computed before from another template: every value is computed again. */
        TEMPLATE_CHANGED,
        /** The same template wrote another attribute before; that one goes at cleanup. */
        RENAMED,
        /** The same template as before: only items that disagree are written. */
        UNCHANGED
    }

    /**
     * @param before the old template (TEMPLATE_CHANGED) or the old attribute's name (RENAMED), else
     *     null
     */
    public record AttributeChange(
            ComputedAttribute attribute, AttributeAction action, String before) {}

    /**
     * @param currentName the entity's name in the current model, or null when it is new
     * @param removed computed attributes of the current model that the target no longer computes:
     *     cleanup removes them, when asked
     */
    public record EntityChange(
            String entity,
            String currentName,
            List<AttributeChange> attributes,
            List<String> removed) {
        public EntityChange {
            attributes = List.copyOf(attributes);
            removed = List.copyOf(removed);
        }

        public boolean renamed() {
            return currentName != null && !currentName.equals(entity);
        }
    }

    /** What happens to an access pattern. */
    public enum PatternAction {
        ADDED,
        REMOVED,
        CHANGED
    }

    /** An access pattern and how it was and will be served (null where it does not exist). */
    public record PatternChange(String name, PatternAction action, String before, String after) {}

    /** A template's name or range: {@code {workspaceId}}, {@code {shard:01..10}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[^{}]*}");

    /**
     * The diff between {@code current} and {@code target} for a table whose secondary indexes are
     * {@code liveIndexes} (those of {@code current} when the table's are not known).
     */
    public static ModelDiff between(
            TableModel current, TableModel target, Optional<List<SecondaryIndex>> liveIndexes) {
        List<String> refusals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (!current.keys().equals(target.keys())) {
            refusals.add(
                    "the table's key is "
                            + keys(current)
                            + " and the target's "
                            + keys(target)
                            + ": a table's key cannot change in place");
        }
        List<IndexChange> indexes =
                indexes(current, target, liveIndexes.orElse(current.indexes()), refusals);
        AttributeComputation computation = null;
        try {
            computation = AttributeComputation.of(target);
        } catch (IllegalArgumentException e) {
            refusals.add("the target: " + e.getMessage());
        }
        AttributeComputation before = null;
        try {
            before = AttributeComputation.of(current);
        } catch (IllegalArgumentException e) {
            notes.add(
                    "the current model's index keys cannot be computed ("
                            + e.getMessage()
                            + "): nothing is removed at cleanup");
        }
        List<EntityChange> entities = new ArrayList<>();
        Set<String> matchedCurrent = new LinkedHashSet<>();
        for (Entity entity : target.entities()) {
            Optional<Entity> match = match(current, entity);
            match.ifPresent(m -> matchedCurrent.add(m.name()));
            if (match.isPresent() && !shape(match.get().keys()).equals(shape(entity.keys()))) {
                refusals.add(
                        "entity '"
                                + entity.name()
                                + "' moves from "
                                + templates(match.get().keys())
                                + " to "
                                + templates(entity.keys())
                                + ": its items would change their key, and a migration only"
                                + " computes attributes");
                continue;
            }
            if (match.isEmpty()) {
                notes.add(
                        "entity '"
                                + entity.name()
                                + "' is new: the table holds none of its items yet");
            }
            if (computation != null) {
                entities.add(entityChange(target, entity, match.orElse(null), computation, before));
            }
        }
        for (Entity entity : current.entities()) {
            if (!matchedCurrent.contains(entity.name())) {
                notes.add(
                        "entity '"
                                + entity.name()
                                + "' is not in the target: its items will match no entity and"
                                + " are listed, not touched");
            }
        }
        return new ModelDiff(indexes, entities, patterns(current, target), refusals, notes);
    }

    private static List<IndexChange> indexes(
            TableModel current,
            TableModel target,
            List<SecondaryIndex> live,
            List<String> refusals) {
        List<IndexChange> changes = new ArrayList<>();
        for (SecondaryIndex index : target.indexes()) {
            Optional<SecondaryIndex> existing =
                    live.stream().filter(i -> i.name().equals(index.name())).findFirst();
            if (existing.isEmpty()) {
                if (!index.global()) {
                    refusals.add(
                            "local secondary index '"
                                    + index.name()
                                    + "' is new: a local index can only be made with the table");
                    continue;
                }
                Map<String, String> types = new LinkedHashMap<>();
                types.put(
                        index.keySchema().partitionKey(),
                        target.keyAttributeType(index.keySchema().partitionKey()));
                index.keySchema()
                        .sortKey()
                        .ifPresent(sk -> types.put(sk, target.keyAttributeType(sk)));
                types.forEach(
                        (attribute, type) -> {
                            String declared = declaredType(current, live, attribute);
                            if (declared != null && !declared.equals(type)) {
                                refusals.add(
                                        "index '"
                                                + index.name()
                                                + "' keys '"
                                                + attribute
                                                + "' as "
                                                + type
                                                + ", but the table keys it as "
                                                + declared);
                            }
                        });
                changes.add(new IndexChange(index, IndexAction.CREATE, types));
            } else if (!existing.get().keySchema().equals(index.keySchema())
                    || existing.get().global() != index.global()) {
                refusals.add(
                        "index '"
                                + index.name()
                                + "' is keyed "
                                + keys(existing.get())
                                + " on the table and "
                                + keys(index)
                                + " in the target: an index cannot change its keys; give the new"
                                + " one another name");
            } else {
                changes.add(new IndexChange(index, IndexAction.KEEP, Map.of()));
            }
        }
        for (SecondaryIndex index : live) {
            if (target.index(index.name()).isEmpty()) {
                if (index.global()) {
                    changes.add(new IndexChange(index, IndexAction.REMOVE, Map.of()));
                }
            }
        }
        return changes;
    }

    /** The type the table already gives a key attribute, or null when it is no key yet. */
    private static String declaredType(
            TableModel current, List<SecondaryIndex> live, String attribute) {
        boolean keyed =
                current.keys().isKeyAttribute(attribute)
                        || live.stream().anyMatch(i -> i.keySchema().isKeyAttribute(attribute));
        return keyed ? current.keyAttributeType(attribute) : null;
    }

    private static EntityChange entityChange(
            TableModel target,
            Entity entity,
            Entity current,
            AttributeComputation computation,
            AttributeComputation before) {
        List<ComputedAttribute> was =
                current == null || before == null ? List.of() : before.attributesOf(current.name());
        List<ComputedAttribute> now = computation.attributesOf(entity.name());
        Set<String> nowNames = computation.computedNames(entity.name());
        List<AttributeChange> changes = new ArrayList<>();
        for (ComputedAttribute attribute : now) {
            Optional<ComputedAttribute> same =
                    was.stream().filter(a -> a.name().equals(attribute.name())).findFirst();
            Optional<ComputedAttribute> moved =
                    was.stream()
                            .filter(
                                    a ->
                                            !nowNames.contains(a.name())
                                                    && a.template().equals(attribute.template()))
                            .findFirst();
            if (same.isPresent()) {
                boolean unchanged = same.get().template().equals(attribute.template());
                changes.add(
                        new AttributeChange(
                                attribute,
                                unchanged
                                        ? AttributeAction.UNCHANGED
                                        : AttributeAction.TEMPLATE_CHANGED,
                                unchanged ? null : same.get().template().text()));
            } else if (moved.isPresent()) {
                changes.add(
                        new AttributeChange(
                                attribute, AttributeAction.RENAMED, moved.get().name()));
            } else {
                changes.add(new AttributeChange(attribute, AttributeAction.NEW, null));
            }
        }
        Set<String> kept = new LinkedHashSet<>(nowNames);
        entity.attributes().stream().map(AttributeModel::name).forEach(kept::add);
        now.forEach(a -> kept.addAll(a.template().variables()));
        List<String> removed = new ArrayList<>();
        for (ComputedAttribute attribute : was) {
            if (!kept.contains(attribute.name())
                    && !target.keys().isKeyAttribute(attribute.name())) {
                removed.add(attribute.name());
            }
        }
        return new EntityChange(
                entity.name(), current == null ? null : current.name(), changes, removed);
    }

    /** The current entity of the same name, else the first with the same key shape. */
    private static Optional<Entity> match(TableModel current, Entity entity) {
        Optional<Entity> byName = current.entity(entity.name());
        if (byName.isPresent()) {
            return byName;
        }
        String shape = shape(entity.keys());
        return current.entities().stream().filter(e -> shape(e.keys()).equals(shape)).findFirst();
    }

    /**
     * The templates with their names and shard ranges left out, {@code WS#{}#{} / PROJ#{}}: what a
     * key looks like, whatever the names are called or how many shards the range says.
     */
    private static String shape(KeyTemplates keys) {
        return shape(templates(keys));
    }

    static String shape(String text) {
        return PLACEHOLDER.matcher(text).replaceAll("{}");
    }

    private static String templates(KeyTemplates keys) {
        return keys.partitionKey().text() + keys.sortKey().map(sk -> " / " + sk.text()).orElse("");
    }

    private static String keys(TableModel model) {
        return model.keys().partitionKey()
                + model.keys().sortKey().map(sk -> " / " + sk).orElse("");
    }

    private static String keys(SecondaryIndex index) {
        return index.keySchema().partitionKey()
                + index.keySchema().sortKey().map(sk -> " / " + sk).orElse("");
    }

    /**
     * Patterns are matched by name, else by how they are served (whatever their templates' names):
     * a pattern only renamed is not a change.
     */
    private static List<PatternChange> patterns(TableModel current, TableModel target) {
        List<PatternChange> changes = new ArrayList<>();
        Set<String> matched = new LinkedHashSet<>();
        for (AccessPattern pattern : target.accessPatterns()) {
            Optional<AccessPattern> before =
                    current.accessPatterns().stream()
                            .filter(p -> p.name().equals(pattern.name()))
                            .findFirst()
                            .or(
                                    () ->
                                            current.accessPatterns().stream()
                                                    .filter(p -> !matched.contains(p.name()))
                                                    .filter(
                                                            p ->
                                                                    shape(served(p))
                                                                            .equals(
                                                                                    shape(
                                                                                            served(
                                                                                                    pattern))))
                                                    .findFirst());
            before.ifPresent(p -> matched.add(p.name()));
            if (before.isEmpty()) {
                changes.add(
                        new PatternChange(
                                pattern.name(), PatternAction.ADDED, null, served(pattern)));
            } else if (!shape(served(before.get())).equals(shape(served(pattern)))) {
                changes.add(
                        new PatternChange(
                                pattern.name(),
                                PatternAction.CHANGED,
                                served(before.get()),
                                served(pattern)));
            }
        }
        for (AccessPattern pattern : current.accessPatterns()) {
            if (!matched.contains(pattern.name())) {
                changes.add(
                        new PatternChange(
                                pattern.name(), PatternAction.REMOVED, served(pattern), null));
            }
        }
        return changes;
    }

    /**
     * How a pattern is served, in a line: {@code Query of byStatus: STATUS#{status}, begins_with
     * ACTIVE#, newest first}.
     */
    public static String served(AccessPattern pattern) {
        StringBuilder text =
                new StringBuilder(
                        switch (pattern.operation()) {
                            case GET_ITEM -> "GetItem";
                            case QUERY -> "Query";
                            case SCAN -> "Scan";
                        });
        text.append(pattern.index() == null ? " of the table" : " of " + pattern.index());
        if (pattern.partitionKey() != null) {
            text.append(": ").append(pattern.partitionKey().text());
        }
        pattern.sortKey()
                .ifPresent(
                        sk -> {
                            text.append(", ")
                                    .append(sk.operator().name().toLowerCase(Locale.ROOT))
                                    .append(' ')
                                    .append(sk.value().text());
                            if (sk.upper() != null) {
                                text.append(" and ").append(sk.upper().text());
                            }
                        });
        if (pattern.newestFirst()) {
            text.append(", newest first");
        }
        if (pattern.filter() != null) {
            text.append(", filter ").append(pattern.filter());
        }
        return text.toString();
    }
}
