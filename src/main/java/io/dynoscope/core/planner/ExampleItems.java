package io.dynoscope.core.planner;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Example items that exercise a planned design, laid out as item collections: three items of each
 * top-level entity, four, three and two children under them, two grandchildren under each parent's
 * first two children. References are real: an attribute named like another entity's id holds the id
 * of an item that exists, cycling so each is referred to several times (several loans per book and
 * per member); an attribute a parent also has is copied from it (an order item's {@code customerId}
 * is its order's). Times advance through the examples, days apart, so they spread over weeks and a
 * range keeps some items and not others; children's ids are zero-padded and time-ordered ({@code
 * 2026-0001}), so the key order is the creation order. Plain values come from a small pool ({@code
 * operator-1}, {@code operator-2}; ACTIVE, PAUSED, ARCHIVED for a status), so an index partition by
 * them holds several items. Every key and index key is rendered from the model's templates, and the
 * ids are also plain attributes.
 */
public final class ExampleItems {

    /** Items of each top-level entity. */
    static final int ROOTS = 3;

    /** Children under the first parent; each next parent has one fewer (at least two). */
    static final int CHILDREN = 4;

    /** How deep below the top level examples are made (a great-grandchild's great-grandchild). */
    static final int DEPTH = 4;

    /** Grandchildren (and deeper) under each of the first two children of a parent. */
    static final int GRANDCHILDREN = 2;

    private static final List<String> WORDS =
            List.of("acme", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda");
    private static final List<String> STATUSES = List.of("ACTIVE", "PAUSED", "ARCHIVED");
    private static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    private final TableModel model;
    private final Map<String, EntitySpec> specs = new LinkedHashMap<>();
    private final Map<String, List<Map<String, String>>> made = new HashMap<>();
    private final Map<String, Integer> counters = new HashMap<>();
    private final List<Item> items = new ArrayList<>();
    private final List<Pending> pending = new ArrayList<>();
    private final Set<Key> keys = new HashSet<>();
    private int clock;

    private ExampleItems(TableModel model, List<EntitySpec> specs) {
        this.model = model;
        specs.forEach(s -> this.specs.put(s.name(), s));
    }

    /** Examples for the entities of {@code model}, shaped by their specs. */
    public static List<Item> of(TableModel model, List<EntitySpec> specs) {
        ExampleItems examples = new ExampleItems(model, specs);
        List<EntitySpec> roots =
                specs.stream()
                        .filter(s -> s.parent() == null || !examples.specs.containsKey(s.parent()))
                        .toList();
        for (boolean composite : List.of(false, true)) {
            for (EntitySpec spec : roots) {
                if ((spec.ids().size() > 1) == composite) {
                    examples.roots(spec);
                }
            }
        }
        // children come once every top-level item exists, so their references find them
        for (Pending parent : List.copyOf(examples.pending)) {
            examples.children(parent.spec(), parent.values(), 0, parent.position());
        }
        return List.copyOf(examples.items);
    }

    /**
     * The top-level items of an entity; one unique by a combination gets twice as many, pairing
     * each referenced item with two others ((0,0), (1,1), (2,2), (0,1), (1,2), (2,0)).
     */
    private void roots(EntitySpec spec) {
        int count = spec.ids().size() == 1 ? ROOTS : 2 * ROOTS;
        for (int i = 0; i < count; i++) {
            Map<String, String> ids = new LinkedHashMap<>();
            if (spec.ids().size() == 1) {
                ids.put(spec.ids().get(0), rootId(spec, i));
            } else {
                for (int k = 0; k < spec.ids().size(); k++) {
                    ids.put(spec.ids().get(k), reference(spec.ids().get(k), i + k * (i / ROOTS)));
                }
            }
            add(spec, ids, Map.of(), 0, 0);
        }
    }

    private String rootId(EntitySpec spec, int i) {
        boolean first = specs.values().iterator().next() == spec;
        return first
                ? WORDS.get(i % WORDS.size())
                : spec.name().toLowerCase(Locale.ROOT) + "-" + (i + 1);
    }

    /**
     * A value of {@code attribute}: an id of the entity it names, cycling, else a pooled value. One
     * item made so far (a child's id referred to before its siblings exist) would give every
     * referring item the same value, one partition for a pattern by it: the pool spreads them.
     */
    private String reference(String attribute, int n) {
        for (EntitySpec other : specs.values()) {
            List<Map<String, String>> existing = made.getOrDefault(other.name(), List.of());
            if (other.ids().size() == 1
                    && other.ids().get(0).equals(attribute)
                    && existing.size() > 1) {
                return existing.get(n % existing.size()).get(attribute);
            }
        }
        return attribute.toLowerCase(Locale.ROOT) + "-" + (n % 3 + 1);
    }

    /**
     * One item and, below the top level, its children; {@code sibling} is its place among its
     * parent's children of its entity, so every parent's first children get grandchildren (not only
     * the first parent's: a pattern by a grandparent's id finds them in several partitions).
     */
    private void add(
            EntitySpec spec,
            Map<String, String> ids,
            Map<String, String> parent,
            int depth,
            int sibling) {
        Entity entity = model.entity(spec.name()).orElse(null);
        if (entity == null) {
            return;
        }
        int n = counters.merge(spec.name(), 1, Integer::sum);
        Instant time = START.plus(Duration.ofHours(29L * clock++));
        Map<String, String> values = new LinkedHashMap<>(parent);
        values.putAll(ids);
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        ids.forEach((k, v) -> attributes.put(k, AttributeValue.s(v)));
        for (AttributeModel attribute : entity.attributes()) {
            if (attributes.containsKey(attribute.name())) {
                continue;
            }
            AttributeValue value =
                    parent.containsKey(attribute.name()) && isId(attribute.name())
                            ? AttributeValue.s(parent.get(attribute.name()))
                            : value(spec, attribute, n, time);
            attributes.put(attribute.name(), value);
            if (value instanceof AttributeValue.Str s) {
                values.put(attribute.name(), s.value());
            } else if (value instanceof AttributeValue.Num num) {
                values.put(attribute.name(), num.text());
            }
        }
        Map<String, AttributeValue> keyed = new LinkedHashMap<>();
        keyed.put(model.keys().partitionKey(), key(entity.keys(), values, true));
        model.keys().sortKey().ifPresent(sk -> keyed.put(sk, key(entity.keys(), values, false)));
        for (Map.Entry<String, KeyTemplates> index : entity.indexKeys().entrySet()) {
            indexKeys(index.getKey(), index.getValue(), values).ifPresent(keyed::putAll);
        }
        keyed.putAll(attributes);
        Item item = Item.of(keyed);
        if (!keys.add(model.keys().keyOf(item))) {
            // two items one key: the table would keep one, so the examples keep the first
            return;
        }
        items.add(item);
        made.computeIfAbsent(spec.name(), k -> new ArrayList<>()).add(values);
        int position = made.get(spec.name()).size() - 1;
        if (depth == 0) {
            pending.add(new Pending(spec, values, position));
        } else {
            children(spec, values, depth, sibling);
        }
    }

    /** A top-level item whose children are made once every top-level item exists. */
    private record Pending(EntitySpec spec, Map<String, String> values, int position) {}

    private void children(EntitySpec spec, Map<String, String> values, int depth, int position) {
        if (depth > DEPTH) {
            return;
        }
        for (EntitySpec child : specs.values()) {
            if (!spec.name().equals(child.parent())) {
                continue;
            }
            int count =
                    depth == 0
                            ? Math.max(2, CHILDREN - position)
                            : position < 2 ? GRANDCHILDREN : 0;
            Set<Map<String, String>> used = new HashSet<>();
            for (int i = 0; i < count; i++) {
                Map<String, String> ids = new LinkedHashMap<>();
                for (String id : child.ids()) {
                    // an id the parent holds is the parent's: a combination under its parent
                    ids.put(
                            id,
                            values.containsKey(id)
                                    ? values.get(id)
                                    : childId(child, id, position + i));
                }
                // a child named by another entity's id exists once per parent
                if (used.add(ids)) {
                    add(child, ids, values, depth + 1, used.size() - 1);
                }
            }
        }
    }

    /** A child's id: an existing item's when the id names another entity, else time-ordered. */
    private String childId(EntitySpec child, String id, int n) {
        boolean names =
                specs.values().stream()
                        .anyMatch(
                                s ->
                                        s != child
                                                && s.ids().size() == 1
                                                && s.ids().get(0).equals(id)
                                                && made.containsKey(s.name()));
        if (names) {
            return reference(id, n);
        }
        if (PatternWords.timeLike(id)) {
            return START.plus(Duration.ofHours(29L * clock + 1)).toString();
        }
        if (isStatus(id)) {
            return STATUSES.get(n % STATUSES.size());
        }
        return String.format(Locale.ROOT, "2026-%04d", counters.getOrDefault(child.name(), 0) + 1);
    }

    private static AttributeValue key(KeyTemplates keys, Map<String, String> values, boolean pk) {
        return AttributeValue.s(
                pk
                        ? keys.partitionKey().render(values).get(0)
                        : keys.sortKey().orElseThrow().render(values).get(0));
    }

    private Optional<Map<String, AttributeValue>> indexKeys(
            String index, KeyTemplates templates, Map<String, String> values) {
        SecondaryIndex model = this.model.index(index).orElse(null);
        if (model == null
                || !values.keySet().containsAll(templates.partitionKey().variables())
                || !templates
                        .sortKey()
                        .map(sk -> values.keySet().containsAll(sk.variables()))
                        .orElse(true)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> keys = new LinkedHashMap<>();
        keys.put(model.keySchema().partitionKey(), key(templates, values, true));
        Optional<String> sk = model.keySchema().sortKey();
        if (sk.isPresent() && templates.sortKey().isPresent()) {
            keys.put(sk.get(), typed(sk.get(), key(templates, values, false)));
        }
        return Optional.of(keys);
    }

    /** A key value as its attribute's type: a number sort key holds the number ({@code 40}). */
    private AttributeValue typed(String attribute, AttributeValue text) {
        return model.keyType(attribute) == KeyType.N
                ? AttributeValue.n(((AttributeValue.Str) text).value())
                : text;
    }

    private AttributeValue value(EntitySpec spec, AttributeModel attribute, int n, Instant time) {
        String name = attribute.name();
        String lower = name.toLowerCase(Locale.ROOT);
        boolean timeLike = PatternWords.timeLike(name);
        Instant when = lower.startsWith("next") ? time.plus(Duration.ofDays(30)) : time;
        return switch (attribute.type()) {
            case S -> {
                if (timeLike) {
                    yield AttributeValue.s(when.toString());
                } else if (isStatus(name)) {
                    yield AttributeValue.s(STATUSES.get((n - 1) % STATUSES.size()));
                } else if (lower.equals("name") || lower.equals("title")) {
                    yield AttributeValue.s(capitalized(spec.name()) + " " + n);
                } else if (lower.contains("email")) {
                    yield AttributeValue.s(
                            spec.name().toLowerCase(Locale.ROOT) + n + "@example.com");
                } else {
                    yield AttributeValue.s(reference(name, n - 1));
                }
            }
            case N -> AttributeValue.n(timeLike ? when.getEpochSecond() : 10L * n);
            case BOOL -> AttributeValue.bool(n % 2 == 1);
            case NULL -> AttributeValue.nul();
            case B -> AttributeValue.b(bytes(name + n));
            case L ->
                    AttributeValue.l(AttributeValue.s(name + " 1"), AttributeValue.s(name + " 2"));
            case M -> AttributeValue.m(Map.of("note", AttributeValue.s(name + " " + n)));
            case SS -> AttributeValue.ss(name + "-a", name + "-b");
            case NS -> AttributeValue.ns("1", "2");
            case BS -> AttributeValue.bs(bytes(name + "-a"), bytes(name + "-b"));
        };
    }

    /** Whether some entity is named by this attribute, so a child copies its parent's value. */
    private boolean isId(String attribute) {
        return specs.values().stream().anyMatch(s -> s.ids().contains(attribute));
    }

    static boolean isStatus(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("status") || lower.endsWith("state");
    }

    private static String capitalized(String word) {
        return word.isEmpty()
                ? word
                : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
