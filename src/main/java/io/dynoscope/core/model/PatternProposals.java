package io.dynoscope.core.model;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The access patterns and relationships a table's keys allow, proposed from its entities as
 * inferred ({@link ModelInference}): what each entity's table key and index keys can be read by,
 * with the evidence of the items that carry them.
 */
final class PatternProposals {

    private static final Pattern TIME_ORDERED =
            Pattern.compile(
                    "[0-9]{4}-[0-9]{2}-[0-9]{2}.*|[0-9]{4}-[0-9]{2,}|[0-9A-HJKMNP-TV-Z]{26}");
    private static final Pattern FIXED_DIGITS = Pattern.compile("[0-9]{4,}");

    private final KeySchema keys;
    private final List<ShapeGroup> groups;
    final List<AccessPattern> patterns;
    final List<InferredModel.PatternEvidence> evidence = new ArrayList<>();
    final List<Relationship> relationships;

    /**
     * Proposes the patterns of the table's key, then those of its indexes, after the {@code
     * patterns} and {@code relationships} already known (a proposal of the same name is skipped).
     */
    PatternProposals(
            KeySchema keys,
            List<SecondaryIndex> indexes,
            List<ShapeGroup> groups,
            List<AccessPattern> patterns,
            List<Relationship> relationships) {
        this.keys = keys;
        this.groups = groups;
        this.patterns = new ArrayList<>(patterns);
        this.relationships = new ArrayList<>(relationships);
        groups.forEach(this::proposeGroupPatterns);
        groups.forEach(this::proposeCollection);
        for (SecondaryIndex index : indexes) {
            for (ShapeGroup group : groups) {
                proposeIndexPattern(index, group);
            }
        }
    }

    /** A GetItem by a group's whole key, and a Query of its partition where its sort key varies. */
    private void proposeGroupPatterns(ShapeGroup group) {
        KeyTemplates t = group.templates;
        String pkWords = String.join(", ", t.partitionKey().variables());
        // a sharded item's shard is not in its id (the writer picked it): no GetItem can name it
        boolean sharded = t.partitionKey().fanOut() > 1;
        if (t.sortKey().isEmpty()) {
            if (sharded) {
                return;
            }
            add(
                    new AccessPattern(
                            "get " + group.name + " by " + pkWords,
                            AccessPattern.Operation.GET_ITEM,
                            List.of(group.name),
                            null,
                            t.partitionKey(),
                            Optional.empty(),
                            false,
                            null),
                    group.items.size(),
                    "one item per " + keys.partitionKey() + " " + t.partitionKey());
            return;
        }
        KeyTemplate sk = t.sortKey().get();
        if (sharded) {
            if (!sk.isConstant()) {
                proposeList(group, sk);
            }
            return;
        }
        Set<String> all = new LinkedHashSet<>(t.partitionKey().variables());
        all.addAll(sk.variables());
        add(
                new AccessPattern(
                        (sk.isConstant() ? "get " : "get one ")
                                + group.name
                                + " by "
                                + String.join(", ", all),
                        AccessPattern.Operation.GET_ITEM,
                        List.of(group.name),
                        null,
                        t.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.EQ, sk, null)),
                        false,
                        null),
                group.items.size(),
                keys.sortKey().get()
                        + " "
                        + sk
                        + (sk.isConstant() ? " is constant" : " names one item"));
        if (!sk.isConstant()) {
            proposeList(group, sk);
        }
    }

    /** A Query of a group's partition, newest first where its sort key is time-ordered. */
    private void proposeList(ShapeGroup group, KeyTemplate sk) {
        KeyTemplates t = group.templates;
        boolean newestFirst = timeOrdered(group.items, keys.sortKey().get(), sk);
        String prefix = sk.literalPrefix();
        String partitionTag =
                Optional.ofNullable(ModelInference.tag(t.partitionKey()))
                        .map(KeyShapes::camel)
                        .orElse(keys.partitionKey());
        String fanOut =
                t.partitionKey().fanOut() > 1
                        ? " (fan-out over " + t.partitionKey().fanOut() + " shards)"
                        : "";
        add(
                new AccessPattern(
                        "list "
                                + group.name
                                + " of a "
                                + partitionTag
                                + (newestFirst ? ", newest first" : "")
                                + fanOut,
                        AccessPattern.Operation.QUERY,
                        List.of(group.name),
                        null,
                        t.partitionKey(),
                        prefix.isEmpty()
                                ? Optional.empty()
                                : Optional.of(
                                        AccessPattern.SortKeyPattern.of(
                                                SortKeyCondition.Operator.BEGINS_WITH, prefix)),
                        newestFirst,
                        null),
                group.items.size(),
                "items share "
                        + keys.partitionKey()
                        + " "
                        + t.partitionKey()
                        + (prefix.isEmpty()
                                ? ""
                                : " and " + keys.sortKey().get() + " starts with " + prefix)
                        + (newestFirst ? "; the sort key is time-ordered" : ""));
    }

    /**
     * A parent (constant sort key) and the children in its partition: one item collection, read by
     * one Query, and a relationship per child.
     */
    private void proposeCollection(ShapeGroup parent) {
        KeyTemplates p = parent.templates;
        if (p.sortKey().isEmpty() || !p.sortKey().get().isConstant()) {
            return;
        }
        List<ShapeGroup> children = childrenOf(parent);
        if (children.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        names.add(parent.name);
        int matched = parent.items.size();
        for (ShapeGroup child : children) {
            names.add(child.name);
            matched += child.items.size();
            relationships.add(
                    new Relationship(
                            parent.name + " has " + child.name,
                            Relationship.Kind.SHARED_PARTITION,
                            parent.name,
                            child.name,
                            null));
        }
        add(
                new AccessPattern(
                        parent.name
                                + " and its "
                                + String.join(", ", names.subList(1, names.size())),
                        AccessPattern.Operation.QUERY,
                        names,
                        null,
                        p.partitionKey(),
                        Optional.empty(),
                        false,
                        null),
                matched,
                "one item collection per "
                        + keys.partitionKey()
                        + " "
                        + p.partitionKey()
                        + ": the parent's "
                        + keys.sortKey().get()
                        + " is "
                        + p.sortKey().get());
    }

    /** The groups in a parent's partition whose sort key varies. */
    private List<ShapeGroup> childrenOf(ShapeGroup parent) {
        KeyTemplates p = parent.templates;
        return groups.stream()
                .filter(
                        g ->
                                g != parent
                                        && g.templates.partitionKey().equals(p.partitionKey())
                                        && g.templates
                                                .sortKey()
                                                .map(sk -> !sk.isConstant())
                                                .orElse(false))
                .toList();
    }

    /**
     * A Query of an index by a group's index key, where its entity has one for that index, and the
     * relationship to the parent the key refers to.
     */
    private void proposeIndexPattern(SecondaryIndex index, ShapeGroup group) {
        KeyTemplates t = group.entity.indexKeys().get(index.name());
        if (t == null) {
            return;
        }
        List<Item> carrying = ModelInference.carrying(group.items, index);
        boolean newestFirst =
                index.keySchema().sortKey().isPresent()
                        && t.sortKey().isPresent()
                        && timeOrdered(
                                carrying, index.keySchema().sortKey().get(), t.sortKey().get());
        String by = String.join(", ", t.partitionKey().variables());
        add(
                new AccessPattern(
                        group.name
                                + " by "
                                + (by.isEmpty() ? index.keySchema().partitionKey() : by)
                                + " ("
                                + index.name()
                                + ")"
                                + (newestFirst ? ", newest first" : ""),
                        AccessPattern.Operation.QUERY,
                        List.of(group.name),
                        index.name(),
                        t.partitionKey(),
                        Optional.empty(),
                        newestFirst,
                        null),
                carrying.size(),
                carrying.size()
                        + " of "
                        + group.items.size()
                        + " "
                        + group.name
                        + " items carry "
                        + index.keySchema().partitionKey()
                        + " "
                        + t.partitionKey());
        relateToParent(group, index, t, carrying);
    }

    /** An index relationship to the parent a group's index key refers to, where there is one. */
    private void relateToParent(
            ShapeGroup group, SecondaryIndex index, KeyTemplates t, List<Item> carrying) {
        referencedParent(group, index, t, carrying)
                .ifPresent(
                        parent ->
                                relationships.add(
                                        new Relationship(
                                                parent.name
                                                        + " has "
                                                        + group.name
                                                        + " ("
                                                        + index.name()
                                                        + ")",
                                                Relationship.Kind.INDEX,
                                                parent.name,
                                                group.name,
                                                index.name())));
    }

    /**
     * The entity whose partition-key ids the index partition key of {@code child} repeats, such as
     * a post's {@code authorId U#12} naming {@code USER#12}.
     */
    private Optional<ShapeGroup> referencedParent(
            ShapeGroup child, SecondaryIndex index, KeyTemplates t, List<Item> carrying) {
        if (t.partitionKey().variables().size() != 1) {
            return Optional.empty();
        }
        String variable = t.partitionKey().variables().iterator().next();
        Set<String> referenced = new HashSet<>();
        for (Item item : carrying) {
            t.partitionKey()
                    .match(KeyShapes.keyText(item, index.keySchema().partitionKey()))
                    .map(b -> b.get(variable))
                    .ifPresent(referenced::add);
        }
        for (ShapeGroup parent : groups) {
            KeyTemplate pk = parent.templates.partitionKey();
            if (parent == child || pk.variables().size() != 1 || referenced.isEmpty()) {
                continue;
            }
            String parentVariable = pk.variables().iterator().next();
            Set<String> ids = new HashSet<>();
            for (Item item : parent.items) {
                pk.match(KeyShapes.keyText(item, keys.partitionKey()))
                        .map(b -> b.get(parentVariable))
                        .ifPresent(ids::add);
            }
            if (ids.containsAll(referenced)) {
                return Optional.of(parent);
            }
        }
        return Optional.empty();
    }

    /** Whether the values a template's last variable takes read as time-ordered ids or times. */
    private static boolean timeOrdered(List<Item> items, String attribute, KeyTemplate template) {
        List<String> variables = new ArrayList<>(template.variables());
        if (variables.isEmpty() || items.isEmpty()) {
            return false;
        }
        String last = variables.get(variables.size() - 1);
        Set<Integer> widths = new HashSet<>();
        boolean ordered = true;
        boolean digits = true;
        for (Item item : items) {
            String value =
                    template.match(KeyShapes.keyText(item, attribute))
                            .map(b -> b.get(last))
                            .orElse("");
            widths.add(value.length());
            ordered &= TIME_ORDERED.matcher(value).matches();
            digits &= FIXED_DIGITS.matcher(value).matches();
        }
        return ordered || (digits && widths.size() == 1);
    }

    private void add(AccessPattern pattern, int matched, String why) {
        if (patterns.stream().anyMatch(p -> p.name().equals(pattern.name()))) {
            return;
        }
        patterns.add(pattern);
        evidence.add(new InferredModel.PatternEvidence(pattern.name(), matched, why));
    }
}
