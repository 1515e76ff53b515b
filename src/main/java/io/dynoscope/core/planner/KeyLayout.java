package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.Planner.ROOT_SORT_KEY;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One plan in progress ({@link Planner}): lays out the table keys of every entity, serves each
 * access pattern by the first key that fits or by an index key it adds, and builds the model's
 * requests from them.
 */
final class KeyLayout {
    final PlanInput input;
    final Map<String, EntitySpec> specs = new LinkedHashMap<>();
    final Map<String, KeyPath> tableKeys = new LinkedHashMap<>();
    final Map<String, List<KeyPath>> indexKeys = new LinkedHashMap<>();
    final Map<String, List<AttributeModel>> attributes = new LinkedHashMap<>();
    final List<Finding> findings = new ArrayList<>();

    KeyLayout(PlanInput input) {
        this.input = input;
        for (EntitySpec spec : input.entities()) {
            if (specs.putIfAbsent(spec.name(), spec) != null) {
                throw new IllegalArgumentException("two entities are called '" + spec.name() + "'");
            }
            attributes.put(spec.name(), new ArrayList<>(spec.attributes()));
            indexKeys.put(spec.name(), new ArrayList<>());
        }
        for (PatternSpec pattern : input.patterns()) {
            for (String returned : pattern.returns()) {
                if (!specs.containsKey(returned)) {
                    throw new IllegalArgumentException(
                            "access pattern '"
                                    + pattern.words()
                                    + "' returns '"
                                    + returned
                                    + "', which is not an entity");
                }
            }
        }
    }

    Plan plan() {
        for (EntitySpec spec : specs.values()) {
            tableKey(spec, new LinkedHashSet<>());
        }
        List<PatternSpec> byGiven = new ArrayList<>(input.patterns());
        byGiven.sort(Comparator.comparingInt(p -> p.given().size()));
        Map<PatternSpec, Served> served = new LinkedHashMap<>();
        for (PatternSpec pattern : byGiven) {
            served.put(pattern, serve(pattern));
        }
        TableModel model =
                model(input.patterns().stream().map(p -> request(served.get(p))).toList());
        TableDesign design = TableDesign.of(model, ExampleItems.of(model, input.entities()));
        List<Finding> all = new ArrayList<>(findings);
        all.addAll(ModelReview.review(design));
        return new Plan(design, all);
    }

    // ---- table keys --------------------------------------------------------------------

    KeyPath tableKey(EntitySpec spec, Set<String> visiting) {
        KeyPath known = tableKeys.get(spec.name());
        if (known != null) {
            return known;
        }
        if (!visiting.add(spec.name())) {
            throw new IllegalArgumentException(
                    "entity '"
                            + spec.name()
                            + "' is its own ancestor (through "
                            + spec.parent()
                            + ")");
        }
        EntitySpec parent = spec.parent() == null ? null : specs.get(spec.parent());
        if (spec.parent() != null && parent == null) {
            note(
                    spec.name(),
                    "its parent '"
                            + spec.parent()
                            + "' is not an entity; it gets a"
                            + " partition of its own");
        }
        KeyPath key;
        if (parent == null) {
            key = rootKey(spec);
        } else {
            KeyPath parentKey = tableKey(parent, visiting);
            key = childKey(spec, parent, parentKey);
        }
        tableKeys.put(spec.name(), key);
        return key;
    }

    KeyPath rootKey(EntitySpec spec) {
        List<String> ids = spec.ids();
        if (ids.size() == 1) {
            return new KeyPath(
                    null,
                    List.of(new KeyPath.Part(spec.tag(), ids.get(0))),
                    ROOT_SORT_KEY,
                    List.of(),
                    List.of());
        }
        String first = ids.get(0);
        String sortTag = naturalSortTag(spec);
        note(
                spec.name(),
                "unique by "
                        + String.join(" and ", ids)
                        + ": its natural key "
                        + ownerTag(first)
                        + "#{"
                        + first
                        + "} / "
                        + sortTag
                        + "#… puts it in the collection of its "
                        + first
                        + " (no made-up id)");
        return new KeyPath(
                null,
                List.of(new KeyPath.Part(ownerTag(first), first)),
                sortTag,
                ids.subList(1, ids.size()),
                List.of());
    }

    /**
     * The sort key's tag of a natural key: the second id's entity's tag ({@code BRANCH}), unless
     * that entity already lives in the first id's collection under that tag (a device of an invoice
     * is {@code INVOICE#{invoiceId} / DEVICE#{deviceId}}), where the combination would share its
     * keys; then the combination's own tag.
     */
    private String naturalSortTag(EntitySpec spec) {
        String second = spec.ids().get(1);
        for (EntitySpec other : specs.values()) {
            boolean childOfFirst =
                    other.ids().equals(List.of(second))
                            && other.parent() != null
                            && specs.containsKey(other.parent())
                            && specs.get(other.parent()).ids().contains(spec.ids().get(0));
            // two combinations of the same ids would share their keys too
            if (other != spec && (childOfFirst || other.ids().equals(spec.ids()))) {
                return spec.tag();
            }
        }
        return ownerTag(second);
    }

    KeyPath childKey(EntitySpec spec, EntitySpec parent, KeyPath parentKey) {
        boolean grandchild = parent.parent() != null && specs.containsKey(parent.parent());
        if (grandchild && readTogether(parent.name(), spec.name())) {
            note(
                    spec.name(),
                    "kept in the collection of "
                            + parentKey.partitionText()
                            + " under its "
                            + parent.name()
                            + "'s sort key, so a "
                            + parent.name()
                            + " and its "
                            + spec.name()
                            + " items are one Query (the alternative: a partition of their"
                            + " own per "
                            + parent.name()
                            + ", read with a second request)");
            List<String> values = new ArrayList<>(parentKey.sortVariables());
            values.addAll(spec.ids());
            return new KeyPath(null, parentKey.partition(), parentKey.sortTag(), values, List.of());
        }
        List<KeyPath.Part> partition = new ArrayList<>(parentKey.partition());
        if (grandchild) {
            parentKey.sortVariables().forEach(v -> partition.add(new KeyPath.Part(ownerTag(v), v)));
        }
        return new KeyPath(null, partition, spec.tag(), spec.ids(), List.of());
    }

    boolean readTogether(String parent, String child) {
        return input.patterns().stream()
                .anyMatch(p -> p.returns().contains(parent) && p.returns().contains(child));
    }

    /** The tag of the entity whose id {@code attribute} is, else the attribute's own. */
    String ownerTag(String attribute) {
        for (EntitySpec spec : specs.values()) {
            if (spec.ids().size() == 1 && spec.ids().get(0).equals(attribute)) {
                return spec.tag();
            }
        }
        String base =
                attribute.endsWith("Id") && attribute.length() > 2
                        ? attribute.substring(0, attribute.length() - 2)
                        : attribute;
        return EntitySpec.tagOf(base);
    }

    boolean idLike(String attribute, EntitySpec spec) {
        return specs.values().stream().anyMatch(s -> s.ids().contains(attribute))
                || attribute.endsWith("Id")
                || attribute.endsWith("ID")
                || identity(spec).contains(attribute);
    }

    /** The ids naming one item: ancestors' and its own. */
    List<String> identity(EntitySpec spec) {
        KeyPath key = tableKeys.get(spec.name());
        List<String> ids = new ArrayList<>(key.partitionVariables());
        key.sortVariables().stream().filter(v -> !ids.contains(v)).forEach(ids::add);
        return ids;
    }

    // ---- serving patterns --------------------------------------------------------------

    Served serve(PatternSpec pattern) {
        EntitySpec spec = specs.get(pattern.entity());
        KeyPath table = tableKeys.get(spec.name());
        Set<String> given = new LinkedHashSet<>(pattern.given());
        for (String g : given) {
            ensureAttribute(spec, g);
        }
        pattern.range().ifPresent(r -> ensureAttribute(spec, r.attribute()));
        List<String> along = pattern.returns().subList(1, pattern.returns().size());
        if (!along.isEmpty()) {
            return serveAlong(pattern, spec, table, given, along);
        }
        if (given.containsAll(identity(spec))
                && pattern.range().isEmpty()
                && pattern.limit() == 0
                && !pattern.count()) {
            if (pattern.many()) {
                note(pattern.words(), "the whole key names one item: a GetItem returns it");
            }
            return whole(pattern, spec, AccessPattern.Operation.GET_ITEM);
        }
        Optional<Integer> onTable = fit(table, spec, pattern, given, false);
        if (onTable.isPresent() && swallows(spec, table, onTable.get())) {
            note(
                    pattern.words(),
                    "read on an index: in the table's collection a prefix of "
                            + spec.name()
                            + " keys also holds the items kept under them");
            onTable = Optional.empty();
        }
        if (onTable.isPresent()) {
            return query(pattern, spec, -1, onTable.get());
        }
        if (given.isEmpty() && pattern.range().isEmpty() && pattern.order().isEmpty()) {
            return whole(pattern, spec, AccessPattern.Operation.SCAN);
        }
        return serveOnIndex(pattern, spec, given);
    }

    /** A GetItem or a Scan of the table. */
    private static Served whole(
            PatternSpec pattern, EntitySpec spec, AccessPattern.Operation operation) {
        return new Served(pattern, operation, spec.name(), -1, 0, false, List.of());
    }

    /** A Query of the table (slot -1) or an index key, fixing {@code equal} sort values. */
    private static Served query(PatternSpec pattern, EntitySpec spec, int slot, int equal) {
        return new Served(
                pattern,
                AccessPattern.Operation.QUERY,
                spec.name(),
                slot,
                equal,
                pattern.range().isPresent(),
                List.of());
    }

    Served serveAlong(
            PatternSpec pattern,
            EntitySpec spec,
            KeyPath table,
            Set<String> given,
            List<String> along) {
        boolean sameCollection =
                along.stream()
                        .allMatch(
                                a ->
                                        tableKeys
                                                .get(a)
                                                .partitionText()
                                                .equals(table.partitionText()));
        if (!sameCollection || !given.containsAll(table.partitionVariables())) {
            note(
                    pattern.words(),
                    String.join(", ", along)
                            + " lives in another partition than "
                            + spec.name()
                            + ": it takes a second request (the alternative: make "
                            + String.join(", ", along)
                            + " a child of "
                            + spec.name()
                            + ")");
            return serveAlone(pattern, spec);
        }
        boolean under =
                along.stream().allMatch(a -> startsWith(tableKeys.get(a), table))
                        && given.containsAll(table.sortVariables());
        if (!under && !LayoutRequests.separable(spec.name(), along, tableKeys, entityNames())) {
            note(
                    pattern.words(),
                    "the collection of "
                            + table.partitionText()
                            + " holds other items among those of "
                            + spec.name()
                            + " and "
                            + String.join(", ", along)
                            + ", which no sort-key range leaves out: "
                            + String.join(", ", along)
                            + " takes a second request");
            return serveAlone(pattern, spec);
        }
        return new Served(
                pattern,
                AccessPattern.Operation.QUERY,
                spec.name(),
                -1,
                under ? table.sortVariables().size() : 0,
                false,
                along);
    }

    /** The pattern served for its first entity alone, what came along left to a second request. */
    Served serveAlone(PatternSpec pattern, EntitySpec spec) {
        return serve(
                new PatternSpec(
                        pattern.words(),
                        List.of(spec.name()),
                        pattern.given(),
                        pattern.many(),
                        pattern.range(),
                        pattern.order(),
                        pattern.limit(),
                        pattern.count(),
                        pattern.alternative(),
                        pattern.workload()));
    }

    /**
     * Whether a Query on {@code key} fixing {@code equal} sort values would also read another
     * entity's items: a grandchild kept under its parent's sort key in the same collection.
     */
    boolean swallows(EntitySpec spec, KeyPath key, int equal) {
        return equal < key.sortVariables().size()
                && tableKeys.entrySet().stream()
                        .anyMatch(
                                e ->
                                        !e.getKey().equals(spec.name())
                                                && e.getValue().sortVariables().size()
                                                        > key.sortVariables().size()
                                                && startsWith(e.getValue(), key));
    }

    /** Whether every item of {@code inner} sorts under the items of {@code outer}. */
    static boolean startsWith(KeyPath inner, KeyPath outer) {
        List<String> values = inner.sortVariables();
        List<String> prefix = outer.sortVariables();
        return inner.partitionText().equals(outer.partitionText())
                && inner.sortTag().equals(outer.sortTag())
                && values.size() >= prefix.size()
                && values.subList(0, prefix.size()).equals(prefix);
    }

    Served serveOnIndex(PatternSpec pattern, EntitySpec spec, Set<String> given) {
        List<KeyPath> keys = indexKeys.get(spec.name());
        for (int slot = 0; slot < keys.size(); slot++) {
            Optional<Integer> fits = fit(keys.get(slot), spec, pattern, given, false);
            if (fits.isEmpty()) {
                fits = fit(keys.get(slot), spec, pattern, given, true);
                if (fits.isPresent()) {
                    keys.set(slot, extended(keys.get(slot), pattern, given));
                }
            }
            if (fits.isPresent()) {
                return query(pattern, spec, slot, fits.get());
            }
        }
        keys.add(newIndexKey(pattern, spec, given));
        return query(
                pattern,
                spec,
                keys.size() - 1,
                given.size() - keys.get(keys.size() - 1).partitionVariables().size());
    }

    /** The attribute a range or order asks, which must follow the equal values in the key. */
    String target(PatternSpec pattern) {
        return pattern.range()
                .map(Question.Range::attribute)
                .or(() -> pattern.order().map(Question.Order::attribute))
                .orElse(null);
    }

    /**
     * How many sort values the given values fix when {@code key} serves the pattern, or empty when
     * it cannot: its partition variables are given, the other values given are the first sort
     * values, and the range or order is on the next (or is the time order of time-ordered ids).
     * With {@code extending}, an index key may grow to fit.
     */
    Optional<Integer> fit(
            KeyPath key,
            EntitySpec spec,
            PatternSpec pattern,
            Set<String> given,
            boolean extending) {
        List<String> partition = key.partitionVariables();
        if (!given.containsAll(partition) || (extending && key.numeric())) {
            return Optional.empty();
        }
        Set<String> equal = new LinkedHashSet<>(given);
        partition.forEach(equal::remove);
        List<String> values = key.sortVariables();
        List<String> fixedValues = extending ? key.sortValues() : values;
        int n = equal.size();
        if (fixedValues.size() < n) {
            if (!extending || !equal.containsAll(fixedValues)) {
                return Optional.empty();
            }
            return Optional.of(n);
        }
        if (!new LinkedHashSet<>(fixedValues.subList(0, n)).equals(equal)) {
            return Optional.empty();
        }
        String target = target(pattern);
        if (target == null) {
            return Optional.of(n);
        }
        // a number orders or bounds only a key of its own type, not the text of a string key
        boolean number = numberOrdered(spec, target);
        if (values.size() > n && values.get(n).equals(target) && number == key.numeric()) {
            return Optional.of(n);
        }
        if (pattern.range().isEmpty()
                && values.size() > n
                && timeOrderedId(spec, values.get(n), target)) {
            return Optional.of(n);
        }
        return extending && !number && key.sortValues().size() == n
                ? Optional.of(n)
                : Optional.empty();
    }

    /**
     * Whether {@code attribute} is a number other than a time: ordered or bounded, it needs a sort
     * key of type N. A time held as a number is epoch seconds, ten digits from 2001 to 2286, so its
     * text sorts as the number does and it may share a composite string key.
     */
    boolean numberOrdered(EntitySpec spec, String attribute) {
        return !PatternWords.timeLike(attribute)
                && attributes.get(spec.name()).stream()
                        .anyMatch(
                                a ->
                                        a.name().equals(attribute)
                                                && a.type() == AttributeValue.Type.N);
    }

    /**
     * Children's ids are time-ordered, so their key order is their creation time's; not an id that
     * names another entity (an athlete's result in a contest is keyed by the contest's id).
     */
    boolean timeOrderedId(EntitySpec spec, String variable, String attribute) {
        return spec.parent() != null
                && spec.ids().size() == 1
                && spec.ids().get(0).equals(variable)
                && specs.values().stream()
                        .noneMatch(o -> o != spec && o.ids().equals(List.of(variable)))
                && creationTime(spec).map(attribute::equals).orElse(false);
    }

    KeyPath extended(KeyPath key, PatternSpec pattern, Set<String> given) {
        List<String> values = new ArrayList<>(key.sortValues());
        for (String g : given) {
            if (!key.partitionVariables().contains(g) && !values.contains(g)) {
                values.add(g);
            }
        }
        String target = target(pattern);
        if (target != null && !values.contains(target)) {
            values.add(target);
        }
        return key.withSortValues(values);
    }

    KeyPath newIndexKey(PatternSpec pattern, EntitySpec spec, Set<String> given) {
        String ordered = target(pattern);
        if (ordered != null && numberOrdered(spec, ordered) && !given.contains(ordered)) {
            return numberKey(pattern, spec, given, ordered);
        }
        List<String> ids = given.stream().filter(g -> idLike(g, spec)).toList();
        List<String> partition =
                ids.isEmpty() && !given.isEmpty() ? List.of(given.iterator().next()) : ids;
        List<KeyPath.Part> parts =
                partition.isEmpty()
                        ? List.of(new KeyPath.Part(spec.tag(), null))
                        : partition.stream().map(p -> new KeyPath.Part(ownerTag(p), p)).toList();
        List<String> values =
                new ArrayList<>(given.stream().filter(g -> !partition.contains(g)).toList());
        String target = target(pattern);
        if (target != null && !values.contains(target)) {
            values.add(target);
        }
        List<String> tail =
                values.isEmpty()
                        ? identity(spec).stream().filter(id -> !partition.contains(id)).toList()
                        : List.of();
        return new KeyPath(null, parts, spec.tag(), values, tail);
    }

    /**
     * An index key for a pattern ordered or bounded by a number ("the top 10 images by views"): the
     * values given, ids first, in the partition key and the number itself, of type N, as the sort
     * key, so the order is the number's and a Limit takes the top N. The entity's tag ends the
     * partition key unless it starts it, so two entities' numbers never share a partition (a number
     * sort key has no tag to tell them apart by).
     */
    private KeyPath numberKey(
            PatternSpec pattern, EntitySpec spec, Set<String> given, String number) {
        List<String> partition =
                new ArrayList<>(given.stream().filter(g -> idLike(g, spec)).toList());
        given.stream().filter(g -> !partition.contains(g)).forEach(partition::add);
        List<KeyPath.Part> parts = new ArrayList<>();
        partition.forEach(p -> parts.add(new KeyPath.Part(ownerTag(p), p)));
        if (parts.isEmpty() || !parts.get(0).tag().equals(spec.tag())) {
            parts.add(new KeyPath.Part(spec.tag(), null));
        }
        note(
                pattern.words(),
                "ordered by the number "
                        + number
                        + ": an index whose sort key is "
                        + number
                        + " itself (type N), since a number written into a string key sorts as"
                        + " text (10 before 9); the values given make its partition key");
        return new KeyPath(null, parts, spec.tag(), List.of(number), List.of(), true);
    }

    Optional<String> creationTime(EntitySpec spec) {
        return attributes.get(spec.name()).stream()
                .map(AttributeModel::name)
                .filter(PatternWords::timeLike)
                .filter(n -> !n.startsWith("next") && !n.startsWith("last"))
                .findFirst();
    }

    void ensureAttribute(EntitySpec spec, String name) {
        boolean known =
                identity(spec).contains(name)
                        || attributes.get(spec.name()).stream()
                                .anyMatch(a -> a.name().equals(name));
        if (!known) {
            attributes.get(spec.name()).add(new AttributeModel(name, AttributeValue.Type.S));
            note(
                    spec.name(),
                    "added the attribute "
                            + name
                            + " (S) that an access pattern is given or asks a range of");
        }
    }

    void note(String subject, String message) {
        findings.add(new Finding(Finding.Severity.INFO, Finding.Kind.TRADE_OFF, subject, message));
    }

    // ---- requests ----------------------------------------------------------------------

    AccessPattern request(Served served) {
        return LayoutRequests.build(served, tableKeys, indexKeys, entityNames());
    }

    List<String> entityNames() {
        return specs.values().stream().map(EntitySpec::name).toList();
    }

    TableModel model(List<AccessPattern> patterns) {
        return LayoutRequests.model(input, specs, tableKeys, indexKeys, attributes, patterns);
    }
}
