package io.dynoscope.core.model;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The right answer to an access pattern, computed from example items alone: the items of the
 * pattern's entities whose attributes hold the given values and lie in the range, in the order
 * asked. It reads no key condition and no index, so it can judge the request the key design sends.
 *
 * <p>An attribute of an item is its own attribute of that name, or else what its entity's key
 * templates bind ({@code workspaceId} of {@code WS#{workspaceId}}), so items that keep an id only
 * in their keys are read as well.
 */
public final class PatternAnswers {

    private static final Pattern FILTER_EQUALS =
            Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*:([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern ISO_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}([T ].*)?");

    private PatternAnswers() {}

    /**
     * The expected answer.
     *
     * @param items the expected items, in the order asked (key order when the question came from
     *     the request)
     * @param ordered whether the order matters
     */
    public record Answer(List<Item> items, boolean ordered) {
        public Answer {
            items = List.copyOf(items);
        }
    }

    /**
     * The question {@code pattern} asks: its own, or for a model that does not say, the one its
     * request implies (the key templates' variables and the filter's {@code attribute = :value}
     * pairs are given; the order is the sort key's).
     */
    public static Question questionOf(AccessPattern pattern) {
        if (pattern.question().isPresent()) {
            return pattern.question().get();
        }
        Set<String> given = new LinkedHashSet<>();
        if (pattern.partitionKey() != null) {
            given.addAll(pattern.partitionKey().variables());
        }
        pattern.sortKey()
                .filter(
                        sk ->
                                sk.operator() == SortKeyCondition.Operator.EQ
                                        || sk.operator() == SortKeyCondition.Operator.BEGINS_WITH)
                .ifPresent(sk -> given.addAll(sk.value().variables()));
        if (pattern.operation() == AccessPattern.Operation.GET_ITEM
                && pattern.partitionKey() != null) {
            given.addAll(PatternRequests.rangeNames(pattern.partitionKey()));
        }
        if (pattern.filter() != null) {
            Matcher m = FILTER_EQUALS.matcher(pattern.filter());
            while (m.find()) {
                if (m.group(1).equals(m.group(2))) {
                    given.add(m.group(1));
                }
            }
        }
        return Question.given(List.copyOf(given));
    }

    /**
     * How many items the question asks at most (0: all): its own limit, else the request's Limit.
     */
    public static int limitAsked(AccessPattern pattern) {
        return questionOf(pattern).limit().orElse(pattern.limit());
    }

    /** Whether the question was stated in the model (else it was read off the request). */
    public static boolean stated(AccessPattern pattern) {
        return pattern.question().isPresent();
    }

    /**
     * The value of {@code attribute} on {@code item} as a question reads it: what the keys of its
     * entity bind (table keys, then index keys) when they bind it to something else than the item's
     * own attribute of that name and part of it ({@code U#{authorId}} over an {@code authorId} of
     * {@code U#88} binds {@code 88}, the value the key is filled with), else the item's own, else
     * the binding.
     */
    public static Optional<AttributeValue> value(TableModel model, Item item, String attribute) {
        AttributeValue own = item.attributes().get(attribute);
        String bound = bindings(model, item).get(attribute);
        if (own != null
                && (bound == null
                        || bound.equals(Question.text(own))
                        || !Question.text(own).endsWith("#" + bound))) {
            return Optional.of(own);
        }
        return Optional.ofNullable(bound).map(AttributeValue::s);
    }

    /** Everything an item's keys bind through its entity's templates. */
    static Map<String, String> bindings(TableModel model, Item item) {
        Map<String, String> bound = new LinkedHashMap<>();
        Optional<Entity> entity = model.entityOf(item);
        if (entity.isEmpty()) {
            return bound;
        }
        entity.get().match(item, model.keys()).ifPresent(bound::putAll);
        for (Map.Entry<String, KeyTemplates> index : entity.get().indexKeys().entrySet()) {
            Optional<SecondaryIndex> indexModel = model.index(index.getKey());
            if (indexModel.isEmpty()) {
                continue;
            }
            KeySchema keys = indexModel.get().keySchema();
            String partition = KeyShapes.keyText(item, keys.partitionKey());
            String sort = keys.sortKey().map(sk -> KeyShapes.keyText(item, sk)).orElse(null);
            if (partition == null || (keys.sortKey().isPresent() && sort == null)) {
                continue;
            }
            index.getValue().match(partition, sort).ifPresent(b -> b.forEach(bound::putIfAbsent));
        }
        return bound;
    }

    /**
     * Parameter values for the question taken from {@code examples} so that the answer is known and
     * tells something: the given values of the largest group of items that share them, and range
     * bounds inside that group's values, so that the range keeps some items and leaves others out.
     * Values in {@code given} are used as they are. Empty when no example has what it needs.
     */
    public static Optional<Map<String, AttributeValue>> parameters(
            TableModel model,
            AccessPattern pattern,
            List<Item> examples,
            Map<String, AttributeValue> given) {
        Question question = questionOf(pattern);
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (String name : question.parameters()) {
            if (given.containsKey(name)) {
                values.put(name, given.get(name));
            }
        }
        if (values.keySet().containsAll(question.parameters())) {
            return Optional.of(values);
        }
        Map<List<String>, List<Item>> groups = new LinkedHashMap<>();
        for (Item item : examples) {
            if (!ofEntities(model, pattern, item)) {
                continue;
            }
            List<String> tuple = new ArrayList<>();
            boolean complete = true;
            for (String name : question.given()) {
                Optional<AttributeValue> value = value(model, item, name);
                if (value.isEmpty()
                        || (given.containsKey(name)
                                && Question.compare(value.get(), Question.text(given.get(name)))
                                        != 0)) {
                    complete = false;
                    break;
                }
                tuple.add(Question.text(value.get()));
            }
            if (complete && keyConditionsHold(model, pattern, question, tuple, item)) {
                groups.computeIfAbsent(tuple, t -> new ArrayList<>()).add(item);
            }
        }
        Optional<List<Item>> best =
                groups.values().stream()
                        .max(Comparator.comparingInt(g -> richness(model, question, g)));
        if (best.isEmpty()) {
            return Optional.empty();
        }
        Item first = best.get().get(0);
        for (String name : question.given()) {
            values.putIfAbsent(name, value(model, first, name).orElseThrow());
        }
        if (question.range().isPresent()) {
            Question.Range range = question.range().get();
            List<AttributeValue> sorted =
                    best.get().stream()
                            .map(i -> value(model, i, range.attribute()))
                            .flatMap(Optional::stream)
                            .distinct()
                            .sorted(Question::compare)
                            .toList();
            if (sorted.isEmpty()) {
                return Optional.empty();
            }
            bounds(range, sorted).forEach(values::putIfAbsent);
        }
        return Optional.of(values);
    }

    /** Whether the item answers what the key conditions' text asks, given its own values. */
    private static boolean keyConditionsHold(
            TableModel model,
            AccessPattern pattern,
            Question question,
            List<String> tuple,
            Item item) {
        Map<String, AttributeValue> own = new LinkedHashMap<>();
        for (int i = 0; i < tuple.size(); i++) {
            own.put(question.given().get(i), AttributeValue.s(tuple.get(i)));
        }
        return KeyConditionLiterals.mismatch(model, pattern, own, item).isEmpty();
    }

    /** How well a group shows the answer: its size, and with a range, its distinct values. */
    private static int richness(TableModel model, Question question, List<Item> group) {
        if (question.range().isEmpty()) {
            return group.size();
        }
        String attribute = question.range().get().attribute();
        return (int)
                group.stream()
                        .map(i -> value(model, i, attribute).map(Question::text).orElse(null))
                        .filter(v -> v != null)
                        .distinct()
                        .count();
    }

    /** Bounds inside the sorted values that keep some of them and leave others out. */
    static Map<String, AttributeValue> bounds(Question.Range range, List<AttributeValue> sorted) {
        int n = sorted.size();
        Map<String, AttributeValue> bounds = new LinkedHashMap<>();
        switch (range.kind()) {
            case BETWEEN -> {
                bounds.put(range.from(), sorted.get(Math.min(1, n - 1)));
                bounds.put(range.to(), sorted.get(Math.max(Math.min(1, n - 1), n - 2)));
            }
            case AFTER -> bounds.put(range.from(), sorted.get(n / 2));
            case BEFORE -> bounds.put(range.to(), sorted.get((n - 1) / 2));
            case PREFIX -> {
                String middle = Question.text(sorted.get(n / 2));
                bounds.put(
                        range.prefix(),
                        AttributeValue.s(
                                ISO_DATE.matcher(middle).matches()
                                        ? middle.substring(0, 10)
                                        : middle));
            }
        }
        return bounds;
    }

    private static boolean ofEntities(TableModel model, AccessPattern pattern, Item item) {
        return model.entityOf(item).map(e -> pattern.entities().contains(e.name())).orElse(false);
    }

    /**
     * Why {@code item} does not answer the question with these parameters, or empty when it does:
     * it is of another entity, lacks a given value or holds another, or lies outside the range.
     */
    public static Optional<String> mismatch(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            Item item) {
        if (!ofEntities(model, pattern, item)) {
            return Optional.of(
                    "is "
                            + model.entityOf(item).map(e -> "a " + e.name()).orElse("of no entity")
                            + ", not "
                            + String.join(" or ", pattern.entities()));
        }
        Question question = questionOf(pattern);
        for (String name : question.given()) {
            AttributeValue wanted = parameters.get(name);
            Optional<AttributeValue> value = value(model, item, name);
            if (wanted == null) {
                continue;
            }
            if (value.isEmpty()) {
                return Optional.of("has no " + name);
            }
            if (Question.compare(value.get(), Question.text(wanted)) != 0) {
                return Optional.of(
                        "has "
                                + name
                                + " "
                                + Question.text(value.get())
                                + ", not "
                                + Question.text(wanted));
            }
        }
        Optional<String> literal = KeyConditionLiterals.mismatch(model, pattern, parameters, item);
        if (literal.isPresent()) {
            return literal;
        }
        if (question.range().isPresent()) {
            Question.Range range = question.range().get();
            Map<String, String> bounds = new LinkedHashMap<>();
            for (String name : range.parameters()) {
                if (parameters.containsKey(name)) {
                    bounds.put(name, Question.text(parameters.get(name)));
                }
            }
            if (bounds.size() < range.parameters().size()) {
                return Optional.empty();
            }
            Optional<AttributeValue> value = value(model, item, range.attribute());
            if (value.isEmpty()) {
                return Optional.of("has no " + range.attribute());
            }
            if (!range.contains(value.get(), bounds)) {
                return Optional.of(
                        "has "
                                + range.attribute()
                                + " "
                                + Question.text(value.get())
                                + ", outside "
                                + describe(range, bounds));
            }
        }
        return Optional.empty();
    }

    /** A range with its bounds, for a person: {@code 2026-01-05 .. 2026-01-19}. */
    public static String describe(Question.Range range, Map<String, String> bounds) {
        return switch (range.kind()) {
            case BETWEEN -> bounds.get(range.from()) + " .. " + bounds.get(range.to());
            case AFTER -> "from " + bounds.get(range.from());
            case BEFORE -> "up to " + bounds.get(range.to());
            case PREFIX -> "'" + bounds.get(range.prefix()) + "…'";
        };
    }

    /**
     * Whether a caller could get {@code item} from the pattern: it is of the pattern's entities,
     * the values it would be asked by (its own given values) can fill key segments (a string or a
     * number, not empty, no {@code #}), and it answers the question with them. Whether the request
     * returns it is not asked: this says which items a request must return, for items the migration
     * could not key.
     */
    public static boolean answerable(TableModel model, AccessPattern pattern, Item item) {
        if (!ofEntities(model, pattern, item)) {
            return false;
        }
        Map<String, AttributeValue> own = new LinkedHashMap<>();
        for (String name : questionOf(pattern).given()) {
            Optional<AttributeValue> value = value(model, item, name);
            if (value.isEmpty()
                    || !(value.get() instanceof AttributeValue.Str
                            || value.get() instanceof AttributeValue.Num)) {
                return false;
            }
            String text = Question.text(value.get());
            if (text.isEmpty() || text.indexOf('#') >= 0) {
                return false;
            }
            own.put(name, value.get());
        }
        return mismatch(model, pattern, own, item).isEmpty();
    }

    /** The items of {@code examples} that answer the pattern, in the order it asks. */
    public static Answer expected(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            List<Item> examples) {
        List<Item> matching = new ArrayList<>();
        for (Item item : examples) {
            if (outOfSparseIndex(model, pattern, item)) {
                continue;
            }
            if (mismatch(model, pattern, parameters, item).isEmpty()) {
                matching.add(item);
            }
        }
        Comparator<Item> order = order(model, pattern);
        boolean ordered = order != null;
        if (ordered) {
            matching.sort(order);
        }
        int limit = limitAsked(pattern);
        if (limit > 0 && matching.size() > limit) {
            matching = matching.subList(0, limit);
        }
        return new Answer(matching, ordered);
    }

    /**
     * Whether an item lacks a key attribute of the index a pattern reads, for a question read off
     * the request: such a pattern asks only what its sparse index holds (tasks without a due date
     * are left out of an index sorted by it on purpose). A stated question keeps every item.
     */
    static boolean outOfSparseIndex(TableModel model, AccessPattern pattern, Item item) {
        if (stated(pattern) || pattern.index() == null) {
            return false;
        }
        KeySchema keys = model.keysOf(pattern.index());
        return !item.attributes().containsKey(keys.partitionKey())
                || keys.sortKey().map(sk -> !item.attributes().containsKey(sk)).orElse(false);
    }

    /**
     * The order an answer is compared in: the question's attribute (items that lack it, such as a
     * parent returned with its children, are left out of the comparison), or for a question read
     * off the request the sort key of the table or index read. Null when the order does not matter.
     */
    static Comparator<Item> order(TableModel model, AccessPattern pattern) {
        Question question = questionOf(pattern);
        if (question.order().isPresent()) {
            Question.Order asked = question.order().get();
            Comparator<Item> byValue =
                    (a, b) -> {
                        Optional<AttributeValue> x = value(model, a, asked.attribute());
                        Optional<AttributeValue> y = value(model, b, asked.attribute());
                        if (x.isEmpty() || y.isEmpty()) {
                            return Boolean.compare(x.isPresent(), y.isPresent());
                        }
                        return Question.compare(x.get(), y.get());
                    };
            return asked.descending() ? byValue.reversed() : byValue;
        }
        if (stated(pattern) || pattern.operation() != AccessPattern.Operation.QUERY) {
            return null;
        }
        Optional<String> sortKey = model.keysOf(pattern.index()).sortKey();
        if (sortKey.isEmpty()) {
            return null;
        }
        Comparator<Item> bySortKey =
                Comparator.comparing(
                        (Item i) -> i.attributes().get(sortKey.get()),
                        Comparator.nullsFirst(Question::compare));
        return pattern.newestFirst() ? bySortKey.reversed() : bySortKey;
    }

    /**
     * What is wrong with {@code returned} as an answer, or empty when it is right.
     *
     * <p>Every returned item must answer the question; every expected item must be among them; when
     * the order matters, the items must come in it. When everything returned is an example item,
     * the answer must be exactly the expected one; items the table holds beyond the examples are
     * judged one by one.
     */
    public static Optional<String> judge(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            List<Item> examples,
            List<Item> returned) {
        KeySchema keys = model.keys();
        Answer answer = expected(model, pattern, parameters, examples);
        List<String> problems = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (Item item : returned) {
            mismatch(model, pattern, parameters, item)
                    .ifPresent(why -> wrong.add(keyText(keys, item) + " " + why));
        }
        if (!wrong.isEmpty()) {
            problems.add(
                    wrong.size()
                            + " returned item"
                            + (wrong.size() == 1 ? " does" : "s do")
                            + " not answer it: "
                            + String.join("; ", first(wrong)));
        }
        Set<Key> returnedKeys = new LinkedHashSet<>();
        returned.forEach(i -> returnedKeys.add(keys.keyOf(i)));
        Set<Key> exampleKeys = new LinkedHashSet<>();
        examples.forEach(i -> exampleKeys.add(keys.keyOf(i)));
        boolean onlyExamples = exampleKeys.containsAll(returnedKeys);
        int limit = limitAsked(pattern);
        boolean limited = limit > 0;
        if (onlyExamples || !limited) {
            List<String> missing = new ArrayList<>();
            for (Item item : answer.items()) {
                if (!returnedKeys.contains(keys.keyOf(item))) {
                    missing.add(keyText(keys, item));
                }
            }
            if (!missing.isEmpty()) {
                problems.add(
                        missing.size()
                                + " expected item"
                                + (missing.size() == 1 ? " is" : "s are")
                                + " missing: "
                                + String.join("; ", first(missing)));
            }
        }
        if (limited && returned.size() > limit) {
            problems.add("it returned " + returned.size() + " items, over its limit of " + limit);
        }
        Comparator<Item> order = order(model, pattern);
        if (order != null) {
            for (int i = 1; i < returned.size(); i++) {
                if (order.compare(returned.get(i - 1), returned.get(i)) > 0
                        && comparable(model, pattern, returned.get(i - 1), returned.get(i))) {
                    problems.add(
                            "out of order: "
                                    + keyText(keys, returned.get(i - 1))
                                    + " came before "
                                    + keyText(keys, returned.get(i)));
                    break;
                }
            }
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    }

    /**
     * Whether two items both carry the attribute the order is asked by (or the order is a key's).
     */
    private static boolean comparable(TableModel model, AccessPattern pattern, Item a, Item b) {
        Optional<Question.Order> asked = questionOf(pattern).order();
        return asked.isEmpty()
                || (value(model, a, asked.get().attribute()).isPresent()
                        && value(model, b, asked.get().attribute()).isPresent());
    }

    private static List<String> first(List<String> all) {
        return all.size() <= 3 ? all : List.of(all.get(0), all.get(1), all.get(2), "…");
    }

    private static String keyText(KeySchema keys, Item item) {
        return keys.keyOf(item).text();
    }

    /**
     * The parameters the request needs that the question does not give, or empty: a GetItem of a
     * loan "for a given memberId" that also needs {@code loanId} the caller does not have.
     */
    public static Set<String> unanswerable(AccessPattern pattern) {
        Set<String> needed = new LinkedHashSet<>(PatternRequests.parameters(pattern));
        needed.removeAll(questionOf(pattern).parameters());
        return needed;
    }

    /**
     * Whether the request puts the question's range in its key condition; false for a range that is
     * only a filter (it then reads every item of the partition) or is not in the request at all.
     */
    public static boolean rangeInKeyCondition(AccessPattern pattern) {
        Optional<Question.Range> range = questionOf(pattern).range();
        if (range.isEmpty()) {
            return true;
        }
        if (pattern.sortKey().isEmpty()) {
            return false;
        }
        AccessPattern.SortKeyPattern sk = pattern.sortKey().get();
        Set<String> used = new LinkedHashSet<>(sk.value().variables());
        if (sk.upper() != null) {
            used.addAll(sk.upper().variables());
        }
        return used.stream().anyMatch(range.get().parameters()::contains);
    }
}
