package io.dynoscope.core.planner;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reviews any table design, planned or edited by hand, for what will hurt: a pattern only a Scan
 * serves, a filter that reads more than it returns, a partition every item of an entity shares (a
 * fixed or low-cardinality index key), an LSI (its item collections are capped at 10 GB), an
 * embedded list that can outgrow the 400 KB item limit, patterns that name what the model lacks,
 * and which items a sparse index holds; then the numbers ({@link Throughput}).
 */
public final class ModelReview {

    private static final Set<AttributeValue.Type> EMBEDDED =
            EnumSet.of(
                    AttributeValue.Type.L,
                    AttributeValue.Type.M,
                    AttributeValue.Type.SS,
                    AttributeValue.Type.NS,
                    AttributeValue.Type.BS);

    private ModelReview() {}

    /**
     * The findings for {@code design}: what its structure will hurt, then what its stated numbers
     * say (partitions over their throughput, collections over 10 GB, items over 400 KB, the monthly
     * cost; see {@link Throughput}).
     */
    public static List<Finding> review(TableDesign design) {
        TableModel model = design.model();
        List<Finding> findings = new ArrayList<>();
        for (AccessPattern pattern : model.accessPatterns()) {
            reviewPattern(model, pattern, design.items().size(), findings);
        }
        sparseIndexes(model, findings);
        findings.addAll(overlaps(model));
        for (SecondaryIndex index : model.indexes()) {
            if (!index.global()) {
                findings.add(
                        new Finding(
                                Finding.Severity.WARNING,
                                Finding.Kind.LSI_LIMIT,
                                index.name(),
                                "a local secondary index caps each item collection (every item of one "
                                        + model.keys().partitionKey()
                                        + ") at 10 GB; without an LSI there is no such limit"));
            }
        }
        for (Entity entity : model.entities()) {
            for (AttributeModel attribute : entity.attributes()) {
                if (EMBEDDED.contains(attribute.type())) {
                    findings.add(
                            new Finding(
                                    Finding.Severity.INFO,
                                    Finding.Kind.ITEM_SIZE,
                                    entity.name(),
                                    attribute.name()
                                            + " ("
                                            + attribute.type()
                                            + ") is embedded in the item, which is capped at 400 KB;"
                                            + " if it grows without bound (every comment of a viral"
                                            + " post), give its elements items of their own in the"
                                            + " same collection"));
                }
            }
        }
        for (Item item : design.items()) {
            long size = ItemSize.of(item);
            if (size > ItemSize.MAX_ITEM_BYTES) {
                findings.add(
                        new Finding(
                                Finding.Severity.ERROR,
                                Finding.Kind.ITEM_SIZE,
                                design.entityOf(item).map(Entity::name).orElse(model.table()),
                                "an example item is "
                                        + size
                                        + " bytes, over the 400 KB (409,600 bytes) limit"));
            }
        }
        findings.addAll(Throughput.review(design));
        return findings;
    }

    /** Entities whose key templates one item key can match both of: it takes the first's label. */
    public static List<Finding> overlaps(TableModel model) {
        List<Finding> findings = new ArrayList<>();
        for (List<Entity> pair : model.overlappingEntities()) {
            Entity first = pair.get(0);
            Entity second = pair.get(1);
            findings.add(
                    new Finding(
                            Finding.Severity.WARNING,
                            Finding.Kind.ENTITY_OVERLAP,
                            first.name() + ", " + second.name(),
                            "one item key can match both "
                                    + first.name()
                                    + " ("
                                    + text(first.keys())
                                    + ") and "
                                    + second.name()
                                    + " ("
                                    + text(second.keys())
                                    + "); such an item is taken for "
                                    + first.name()
                                    + ", the first in the model"));
        }
        return findings;
    }

    private static String text(KeyTemplates keys) {
        return keys.partitionKey().text() + keys.sortKey().map(sk -> " / " + sk.text()).orElse("");
    }

    /** Which entities write each global index's keys: the index holds only those (sparse). */
    private static void sparseIndexes(TableModel model, List<Finding> findings) {
        for (SecondaryIndex index : model.indexes()) {
            if (!index.global()) {
                continue;
            }
            List<String> writers =
                    model.entities().stream()
                            .filter(e -> e.indexKeys().containsKey(index.name()))
                            .map(Entity::name)
                            .toList();
            if (writers.isEmpty() || writers.size() == model.entities().size()) {
                continue;
            }
            findings.add(
                    new Finding(
                            Finding.Severity.INFO,
                            Finding.Kind.SPARSE_INDEX,
                            index.name(),
                            "a sparse index: only "
                                    + String.join(", ", writers)
                                    + " items write "
                                    + index.keySchema().partitionKey()
                                    + (writers.size() == 1 ? "" : " (each with its own tag)")
                                    + ", so a Query on it reads no other kind, and the other items"
                                    + " cost nothing there"));
        }
    }

    private static void reviewPattern(
            TableModel model, AccessPattern pattern, int exampleItems, List<Finding> findings) {
        String name = pattern.name();
        for (String entity : pattern.entities()) {
            if (model.entity(entity).isEmpty()) {
                findings.add(
                        new Finding(
                                Finding.Severity.ERROR,
                                Finding.Kind.NOTE,
                                name,
                                "returns '" + entity + "', which is not an entity of the model"));
            }
        }
        if (pattern.index() != null && model.index(pattern.index()).isEmpty()) {
            findings.add(
                    new Finding(
                            Finding.Severity.ERROR,
                            Finding.Kind.NOTE,
                            name,
                            "reads index '" + pattern.index() + "', which the model lacks"));
            return;
        }
        switch (pattern.operation()) {
            case SCAN ->
                    findings.add(
                            new Finding(
                                    Finding.Severity.WARNING,
                                    Finding.Kind.SCAN,
                                    name,
                                    "only a Scan can serve it: it reads every item of the table ("
                                            + exampleItems
                                            + " example items, every item in production) and is"
                                            + " charged for all of them; give it a parameter a key"
                                            + " or an index can partition by"));
            case QUERY -> {
                KeyTemplate pk = pattern.partitionKey();
                if (pk.variables().isEmpty() && !pk.hasRange()) {
                    findings.add(
                            new Finding(
                                    Finding.Severity.WARNING,
                                    Finding.Kind.HOT_PARTITION,
                                    name,
                                    "every item it reads lives under the one partition key "
                                            + pk
                                            + ": a hot partition as soon as it is busy"));
                } else if (pattern.index() != null && lowCardinality(model, pattern)) {
                    findings.add(
                            new Finding(
                                    Finding.Severity.WARNING,
                                    Finding.Kind.HOT_PARTITION,
                                    name,
                                    "index "
                                            + pattern.index()
                                            + " puts every "
                                            + String.join("/", pattern.entities())
                                            + " with the same "
                                            + String.join(", ", pk.variables())
                                            + " under one partition key ("
                                            + pk
                                            + "); with few values (a status) that partition grows"
                                            + " without bound and runs hot"));
                }
                if (pk.fanOut() > 1) {
                    findings.add(
                            new Finding(
                                    Finding.Severity.INFO,
                                    Finding.Kind.FAN_OUT,
                                    name,
                                    "reads "
                                            + pk.fanOut()
                                            + " shard partitions: "
                                            + pk.fanOut()
                                            + " Queries, not one"));
                }
                if (pattern.filter() != null && !pattern.filter().isBlank()) {
                    findings.add(
                            new Finding(
                                    Finding.Severity.WARNING,
                                    Finding.Kind.FILTER,
                                    name,
                                    "the filter '"
                                            + pattern.filter()
                                            + "' runs after the read: every item of "
                                            + pk
                                            + " is read and charged, those that fail it are"
                                            + " discarded; an index partitioned by its attributes"
                                            + " reads only the matches"));
                }
            }
            case GET_ITEM -> {
                // One key, one item: nothing to flag.
            }
        }
    }

    /**
     * Whether an index pattern partitions by values that are not ids: its partition key's variables
     * are none of the table-key variables of the entities it returns, and none is named like an id
     * ({@code authorId}), so they may be few (a status).
     */
    private static boolean lowCardinality(TableModel model, AccessPattern pattern) {
        Set<String> ids = new LinkedHashSet<>();
        for (String name : pattern.entities()) {
            Optional<Entity> entity = model.entity(name);
            entity.ifPresent(
                    e -> {
                        KeyTemplates keys = e.keys();
                        ids.addAll(keys.partitionKey().variables());
                        keys.sortKey().ifPresent(sk -> ids.addAll(sk.variables()));
                    });
        }
        Set<String> variables = pattern.partitionKey().variables();
        return !variables.isEmpty()
                && variables.stream()
                        .noneMatch(
                                v ->
                                        ids.contains(v)
                                                || v.endsWith("Id")
                                                || v.endsWith("ID")
                                                || v.endsWith("_id"));
    }
}
