package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Items made from a model's entities alone, to test its key design with: unlike the design's own
 * examples they are not laid out to fit the keys, so a key that returns items nobody asked for, or
 * leaves some out, shows. Every value is a plain attribute of the item (its own ids, its parents'
 * ids, its attributes), and each item knows the entity it was made as, so the right answer to a
 * question is computed without the key templates.
 *
 * <p>What they hold: three items of each top-level entity with ids whose text is a prefix of
 * another's ({@code 1}, {@code 10}, {@code 2}), so a key without a separator after an id returns
 * its neighbour's items; children under every parent, the first parent with more than {@value
 * #MANY} (more than one page of any Limit up to that), the others with two and three; ids unique in
 * the entity and, as an application's time-ordered ids are, increasing in key order; references to
 * items of other entities that exist, several items referring to each; numbers of different widths
 * ({@code 5}, {@code 40}, {@code 300}), so a number compared as text sorts wrong; pooled values, so
 * a value is shared by several items. Only then are the keys rendered from the design's templates:
 * two items given the same key by the design are a collision (the second overwrites the first, as
 * the table would).
 */
public final class ProbeItems {

    /** Children of the first parent: more than a page of any Limit up to this. */
    static final int MANY = 25;

    private static final List<String> ROOT_IDS = List.of("1", "10", "2");
    private static final List<String> STATUSES = List.of("ACTIVE", "PAUSED", "ARCHIVED");
    private static final Instant START = Instant.parse("2026-02-02T08:00:00Z");
    private static final Pattern TIME_NAME =
            Pattern.compile("(?i).*(date|time|day|month|year|at|on|timestamp)");

    /**
     * One item and what it was made as.
     *
     * @param values every value it holds, by attribute name, as text (what a question reads)
     */
    public record Probe(String entity, Item item, Map<String, String> values) {
        public Probe {
            values = Map.copyOf(values);
        }
    }

    /**
     * The items a table would hold, and the keys the design gave to two items.
     *
     * @param items the items the table holds after every write, in the order written
     * @param collisions one sentence per key two items were given
     */
    public record Probes(List<Probe> items, List<String> collisions) {
        public Probes {
            items = List.copyOf(items);
            collisions = List.copyOf(collisions);
        }
    }

    private final TableModel model;
    private final Map<String, Set<String>> keyVariables = new LinkedHashMap<>();
    private final Map<String, String> parents = new HashMap<>();
    private final Map<String, List<Map<String, String>>> made = new LinkedHashMap<>();
    private final Map<String, Integer> counters = new HashMap<>();
    private final List<Map.Entry<String, Map<String, String>>> rows = new ArrayList<>();

    private ProbeItems(TableModel model) {
        this.model = model;
        for (Entity entity : model.entities()) {
            Set<String> variables = new LinkedHashSet<>(entity.keys().partitionKey().variables());
            entity.keys().sortKey().ifPresent(sk -> variables.addAll(sk.variables()));
            keyVariables.put(entity.name(), variables);
        }
        for (Entity entity : model.entities()) {
            parentOf(entity.name()).ifPresent(p -> parents.put(entity.name(), p));
        }
    }

    /** The probe items of {@code model}'s entities, keyed by its design. */
    public static Probes of(TableModel model) {
        ProbeItems probes = new ProbeItems(model);
        probes.make();
        return probes.keyed();
    }

    /** The entity whose key variables are the most of this one's, all of them and fewer. */
    private Optional<String> parentOf(String entity) {
        Set<String> own = keyVariables.get(entity);
        return keyVariables.entrySet().stream()
                .filter(e -> !e.getKey().equals(entity))
                .filter(e -> !e.getValue().isEmpty() && own.containsAll(e.getValue()))
                .filter(e -> e.getValue().size() < own.size())
                .max(Comparator.comparingInt(e -> e.getValue().size()))
                .map(Map.Entry::getKey);
    }

    /** The entity that introduces {@code variable} with the fewest key variables, if another. */
    private Optional<String> ownerOf(String variable, String asking) {
        return keyVariables.entrySet().stream()
                .filter(e -> !e.getKey().equals(asking))
                .filter(e -> ownVariables(e.getKey()).contains(variable))
                .filter(e -> e.getValue().size() <= keyVariables.get(asking).size())
                .min(Comparator.comparingInt(e -> e.getValue().size()))
                .map(Map.Entry::getKey);
    }

    /** The key variables an entity adds to its parent's. */
    private Set<String> ownVariables(String entity) {
        Set<String> own = new LinkedHashSet<>(keyVariables.get(entity));
        String parent = parents.get(entity);
        if (parent != null) {
            own.removeAll(keyVariables.get(parent));
        }
        return own;
    }

    private void make() {
        List<String> pending = new ArrayList<>(keyVariables.keySet());
        // an entity is made once its parent and the entities its ids refer to exist
        while (!pending.isEmpty()) {
            String next = pending.stream().filter(this::ready).findFirst().orElse(pending.get(0));
            pending.remove(next);
            makeAll(next);
        }
    }

    private boolean ready(String entity) {
        String parent = parents.get(entity);
        if (parent != null && !made.containsKey(parent)) {
            return false;
        }
        return ownVariables(entity).stream()
                .map(v -> ownerOf(v, entity))
                .flatMap(Optional::stream)
                .allMatch(made::containsKey);
    }

    private void makeAll(String entity) {
        made.put(entity, new ArrayList<>());
        String parent = parents.get(entity);
        List<Map<String, String>> parentItems =
                parent == null ? List.of(Map.of()) : made.get(parent);
        int roots = referencesOnly(entity) ? 2 * ROOT_IDS.size() : ROOT_IDS.size();
        int ids = 0;
        for (int p = 0; p < parentItems.size(); p++) {
            ids += parent == null ? roots : p == 0 ? MANY : 2 + p % 2;
        }
        List<String> sequence = sequence(ids);
        int next = 0;
        Set<Map<String, String>> used = new LinkedHashSet<>();
        for (int p = 0; p < parentItems.size(); p++) {
            int count = parent == null ? roots : p == 0 ? MANY : 2 + p % 2;
            for (int i = 0; i < count; i++, next++) {
                Map<String, String> values = new LinkedHashMap<>(parentItems.get(p));
                int k = 0;
                for (String variable : ownVariables(entity)) {
                    values.put(variable, ownValue(entity, variable, sequence.get(next), next, k++));
                }
                Map<String, String> identity = new LinkedHashMap<>(values);
                if (used.add(identity)) {
                    attributes(entity, values, next);
                    made.get(entity).add(values);
                    rows.add(Map.entry(entity, values));
                }
            }
        }
    }

    /**
     * Whether an entity's own ids are all other entities' (an inventory of a product at a place).
     */
    private boolean referencesOnly(String entity) {
        Set<String> own = ownVariables(entity);
        return own.size() > 1 && own.stream().allMatch(v -> ownerOf(v, entity).isPresent());
    }

    /**
     * {@code n} ids in text order, so the order of the keys is the order they were made in: {@code
     * 1, 10, 11, 12, 2, 3…} for a child, {@code 1, 10, 2} for the top level.
     */
    private static List<String> sequence(int n) {
        if (n <= ROOT_IDS.size()) {
            return ROOT_IDS.subList(0, n);
        }
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            ids.add(Integer.toString(i));
        }
        ids.sort(Comparator.naturalOrder());
        return ids;
    }

    private String ownValue(String entity, String variable, String id, int n, int k) {
        Optional<String> owner = ownerOf(variable, entity);
        if (owner.isPresent() && made.containsKey(owner.get())) {
            return reference(owner.get(), variable, n, k);
        }
        if (timeLike(variable)) {
            return time(n).toString();
        }
        if (statusLike(variable)) {
            return STATUSES.get(n % STATUSES.size());
        }
        return id;
    }

    /**
     * A value of another entity's item, cycling so several items refer to each; the {@code k}-th
     * reference of an item is shifted as {@code n} grows, pairing each value with others: (0,0),
     * (1,1), (2,2), (0,1), (1,2), (2,0).
     */
    private String reference(String owner, String variable, int n, int k) {
        List<Map<String, String>> items = made.get(owner);
        int size = items.size();
        return items.get((n + k * (n / size)) % size).get(variable);
    }

    private void attributes(String entityName, Map<String, String> values, int n) {
        Entity entity = model.entity(entityName).orElseThrow();
        int counter = counters.merge(entityName, 1, Integer::sum);
        Map<String, AttributeValue.Type> wanted = new LinkedHashMap<>();
        entity.attributes().forEach(a -> wanted.put(a.name(), a.type()));
        // an index key may name values the attributes do not list
        for (KeyTemplates index : entity.indexKeys().values()) {
            index.partitionKey()
                    .variables()
                    .forEach(v -> wanted.putIfAbsent(v, AttributeValue.Type.S));
            index.sortKey()
                    .ifPresent(
                            sk ->
                                    sk.variables()
                                            .forEach(
                                                    v ->
                                                            wanted.putIfAbsent(
                                                                    v, AttributeValue.Type.S)));
        }
        wanted.forEach(
                (name, type) -> {
                    if (!values.containsKey(name)) {
                        value(entityName, name, type, n, counter)
                                .ifPresent(v -> values.put(name, v));
                    }
                });
    }

    private Optional<String> value(
            String entity, String name, AttributeValue.Type type, int n, int counter) {
        Optional<String> owner = ownerOf(name, entity);
        if (owner.isPresent() && made.containsKey(owner.get())) {
            return Optional.of(reference(owner.get(), name, n, 0));
        }
        if (type != AttributeValue.Type.S && type != AttributeValue.Type.N) {
            return Optional.empty();
        }
        boolean number = type == AttributeValue.Type.N;
        if (timeLike(name)) {
            return Optional.of(
                    number ? Long.toString(time(n).getEpochSecond()) : time(n).toString());
        }
        if (number) {
            return Optional.of(Integer.toString(widths(counter)));
        }
        if (statusLike(name)) {
            return Optional.of(STATUSES.get(counter % STATUSES.size()));
        }
        return Optional.of(name.toLowerCase(Locale.ROOT) + "-" + ROOT_IDS.get(counter % 3));
    }

    /** Numbers of one, two and three digits, so text order and number order differ. */
    private static int widths(int n) {
        return switch (n % 3) {
            case 0 -> 5 + n;
            case 1 -> 40 + n;
            default -> 300 + n;
        };
    }

    private static Instant time(int n) {
        return START.plus(Duration.ofHours(29L * n));
    }

    static boolean timeLike(String name) {
        return TIME_NAME.matcher(name).matches();
    }

    static boolean statusLike(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith("status") || lower.endsWith("state");
    }

    private Probes keyed() {
        Map<Key, Probe> table = new LinkedHashMap<>();
        List<String> collisions = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> row : rows) {
            Entity entity = model.entity(row.getKey()).orElseThrow();
            Map<String, String> values = row.getValue();
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            try {
                attributes.put(
                        model.keys().partitionKey(),
                        keyValue(
                                model.keys().partitionKey(), entity.keys().partitionKey(), values));
                if (model.keys().sortKey().isPresent() && entity.keys().sortKey().isPresent()) {
                    String sk = model.keys().sortKey().get();
                    attributes.put(sk, keyValue(sk, entity.keys().sortKey().get(), values));
                }
            } catch (IllegalArgumentException e) {
                continue;
            }
            for (Map.Entry<String, KeyTemplates> index : entity.indexKeys().entrySet()) {
                indexKeys(index.getKey(), index.getValue(), values).ifPresent(attributes::putAll);
            }
            Map<String, AttributeValue> all = new LinkedHashMap<>(attributes);
            values.forEach((name, text) -> all.putIfAbsent(name, plain(entity, name, text)));
            Item item = Item.of(all);
            Key key = model.keys().keyOf(item);
            Probe probe = new Probe(entity.name(), item, values);
            Probe before = table.put(key, probe);
            if (before != null) {
                collisions.add(
                        ProbeCheck.article(before.entity())
                                + " "
                                + before.entity()
                                + " and "
                                + ProbeCheck.article(entity.name())
                                + " "
                                + entity.name()
                                + " are both given the key "
                                + key.text()
                                + ", so the second overwrites the first");
            }
        }
        return new Probes(List.copyOf(table.values()), collisions);
    }

    private AttributeValue keyValue(
            String attribute, KeyTemplate template, Map<String, String> values) {
        List<String> rendered = template.render(values);
        // a sharded key: the shard an item's values fall in
        String text = rendered.get(Math.floorMod(values.hashCode(), rendered.size()));
        return model.keyType(attribute) == KeyType.N
                ? AttributeValue.n(text)
                : AttributeValue.s(text);
    }

    private Optional<Map<String, AttributeValue>> indexKeys(
            String index, KeyTemplates templates, Map<String, String> values) {
        Optional<SecondaryIndex> indexModel = model.index(index);
        if (indexModel.isEmpty()
                || !values.keySet().containsAll(templates.partitionKey().variables())
                || templates
                        .sortKey()
                        .map(sk -> !values.keySet().containsAll(sk.variables()))
                        .orElse(false)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> keys = new LinkedHashMap<>();
        String pk = indexModel.get().keySchema().partitionKey();
        keys.put(pk, keyValue(pk, templates.partitionKey(), values));
        Optional<String> sk = indexModel.get().keySchema().sortKey();
        if (sk.isPresent() && templates.sortKey().isPresent()) {
            keys.put(sk.get(), keyValue(sk.get(), templates.sortKey().get(), values));
        }
        return Optional.of(keys);
    }

    private static AttributeValue plain(Entity entity, String name, String text) {
        boolean number =
                entity.attributes().stream()
                        .anyMatch(a -> a.name().equals(name) && a.type() == AttributeValue.Type.N);
        return number ? AttributeValue.n(text) : AttributeValue.s(text);
    }
}
