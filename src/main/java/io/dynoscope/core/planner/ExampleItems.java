package io.dynoscope.core.planner;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.IndexModel;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Example items for every entity of a planned design, laid out as item collections: each top-level
 * item followed by its children. Top-level ids are words ({@code acme}, {@code beta}); children get
 * zero-padded, time-ordered ids ({@code 2026-0001}) with {@code createdAt}-like attributes that
 * grow with them, so "newest first" reads right. Every key and index key is rendered from the
 * model's templates, so the examples are what the design will store.
 */
public final class ExampleItems {

    /** Top-level items of each entity. */
    static final int ROOTS = 2;

    /** Children under each parent item. */
    static final int CHILDREN = 3;

    private static final List<String> WORDS =
            List.of("acme", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda");
    private static final String[] STATUSES = {"ACTIVE", "PAUSED", "ACTIVE", "ARCHIVED"};
    private static final Instant EPOCH = Instant.parse("2026-01-01T08:00:00Z");

    private final TableModel model;
    private final Map<String, EntitySpec> specs = new LinkedHashMap<>();
    private final Map<String, Integer> counters = new HashMap<>();
    private final List<Item> items = new ArrayList<>();
    private int nextWord;

    private ExampleItems(TableModel model, List<EntitySpec> specs) {
        this.model = model;
        specs.forEach(s -> this.specs.put(s.name(), s));
    }

    /** Examples for the entities of {@code model}, shaped by their specs. */
    public static List<Item> of(TableModel model, List<EntitySpec> specs) {
        ExampleItems examples = new ExampleItems(model, specs);
        for (EntitySpec spec : specs) {
            if (spec.parent() == null || !examples.specs.containsKey(spec.parent())) {
                for (int i = 0; i < ROOTS; i++) {
                    examples.add(spec, new LinkedHashMap<>());
                }
            }
        }
        return List.copyOf(examples.items);
    }

    private void add(EntitySpec spec, Map<String, String> ancestors) {
        Entity entity = model.entity(spec.name()).orElse(null);
        if (entity == null) {
            return;
        }
        int n = counters.merge(spec.name(), 1, Integer::sum);
        Map<String, String> bindings = new LinkedHashMap<>(ancestors);
        boolean root = ancestors.isEmpty();
        String id;
        if (root) {
            int word = nextWord++;
            id =
                    WORDS.get(word % WORDS.size())
                            + (word < WORDS.size() ? "" : "-" + (word / WORDS.size() + 1));
        } else {
            id = String.format(Locale.ROOT, "2026-%04d", n);
        }
        bindings.put(spec.idAttribute(), id);

        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(model.keys().partitionKey(), key(entity.keys().partitionKey(), bindings));
        entity.keys()
                .sortKey()
                .ifPresent(
                        sk ->
                                attributes.put(
                                        model.keys().sortKey().orElseThrow(), key(sk, bindings)));
        Map<String, String> values = new LinkedHashMap<>(bindings);
        for (AttributeModel attribute : entity.attributes()) {
            AttributeValue value = value(spec, attribute, n, bindings);
            attributes.put(attribute.name(), value);
            if (value instanceof AttributeValue.Str s) {
                values.putIfAbsent(attribute.name(), s.value());
            } else if (value instanceof AttributeValue.Num num) {
                values.putIfAbsent(attribute.name(), num.text());
            }
        }
        for (Map.Entry<String, KeyTemplates> index : entity.indexKeys().entrySet()) {
            IndexModel indexModel = model.index(index.getKey()).orElse(null);
            KeyTemplates t = index.getValue();
            if (indexModel == null || !values.keySet().containsAll(t.partitionKey().variables())) {
                continue;
            }
            attributes.put(indexModel.keys().partitionKey(), key(t.partitionKey(), values));
            if (indexModel.keys().sortKey().isPresent() && t.sortKey().isPresent()) {
                if (!values.keySet().containsAll(t.sortKey().get().variables())) {
                    attributes.remove(indexModel.keys().partitionKey());
                    continue;
                }
                attributes.put(indexModel.keys().sortKey().get(), key(t.sortKey().get(), values));
            }
        }
        items.add(Item.of(attributes));
        for (EntitySpec child : specs.values()) {
            if (spec.name().equals(child.parent())) {
                int count = root ? CHILDREN : CHILDREN - 1;
                for (int i = 0; i < count; i++) {
                    add(child, bindings);
                }
            }
        }
    }

    private static AttributeValue key(KeyTemplate template, Map<String, String> bindings) {
        return AttributeValue.s(template.render(bindings).get(0));
    }

    private static AttributeValue value(
            EntitySpec spec, AttributeModel attribute, int n, Map<String, String> bindings) {
        String name = attribute.name();
        String lower = name.toLowerCase(Locale.ROOT);
        Instant time = EPOCH.plus(Duration.ofHours(11L * n));
        boolean timeLike = lower.endsWith("at") || lower.contains("date") || lower.contains("time");
        return switch (attribute.type()) {
            case S -> {
                if (bindings.containsKey(name)) {
                    yield AttributeValue.s(bindings.get(name));
                } else if (lower.contains("status") || lower.equals("state")) {
                    yield AttributeValue.s(STATUSES[(n - 1) % STATUSES.length]);
                } else if (timeLike) {
                    yield AttributeValue.s(time.toString());
                } else if (lower.equals("name") || lower.equals("title")) {
                    yield AttributeValue.s(capitalized(spec.name()) + " " + n);
                } else if (lower.contains("email")) {
                    yield AttributeValue.s(
                            spec.name().toLowerCase(Locale.ROOT) + n + "@example.com");
                } else {
                    yield AttributeValue.s(name + " " + n);
                }
            }
            case N -> AttributeValue.n(timeLike ? time.getEpochSecond() : 10L * n);
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

    private static String capitalized(String word) {
        return word.isEmpty()
                ? word
                : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
