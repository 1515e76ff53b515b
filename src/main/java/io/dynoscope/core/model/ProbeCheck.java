package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tests an access pattern's request on items made from the entities alone ({@link ProbeItems}), not
 * on the design's own examples: for every set of values the question can be asked with (each
 * parent, each status…), the request is answered in memory as DynamoDB would ({@link KeyReads}) and
 * compared with the answer computed from what each item was made as and what it holds: its entity,
 * the values given, the range, the order and the limit asked. A key that also returns another
 * entity's items, a neighbour's whose id starts the same, or misses a parent's items past a Limit,
 * fails here even when every example of the design comes back right.
 */
public final class ProbeCheck {

    /** The most sets of values a pattern is asked with. */
    static final int RUNS = 12;

    private ProbeCheck() {}

    /**
     * What the probe found for one pattern.
     *
     * @param runs how many sets of values it was asked with (0: it could not be run)
     * @param problem what was wrong, with the values that showed it; empty when every run was right
     */
    public record Result(int runs, Optional<String> problem) {
        public boolean right() {
            return problem.isEmpty();
        }
    }

    /** Checks every run of {@code pattern} over {@code probes}. */
    public static Result check(TableModel model, AccessPattern pattern, ProbeItems.Probes probes) {
        Question question = PatternAnswers.questionOf(pattern);
        // a Scan fails the check by what it reads already; its answer is the whole table
        if (pattern.operation() == AccessPattern.Operation.SCAN
                || !PatternAnswers.unanswerable(pattern).isEmpty()) {
            return new Result(0, Optional.empty());
        }
        List<Item> table = probes.items().stream().map(ProbeItems.Probe::item).toList();
        List<String> collisions = collisions(pattern, probes);
        int runs = 0;
        for (Map<String, AttributeValue> parameters : runs(pattern, question, probes)) {
            PatternRequests.PatternRequest request;
            try {
                request = PatternRequests.build(model, pattern, parameters);
            } catch (IllegalArgumentException e) {
                continue;
            }
            List<Item> returned = KeyReads.read(model, request, table);
            runs++;
            Optional<String> wrong = judge(model, pattern, question, parameters, probes, returned);
            if (wrong.isPresent()) {
                return new Result(
                        runs,
                        Optional.of(
                                "on items made from the entities alone, with "
                                        + describe(parameters)
                                        + ": "
                                        + wrong.get()
                                        + (collisions.isEmpty()
                                                ? ""
                                                : "; " + String.join("; ", collisions))));
            }
        }
        if (!collisions.isEmpty()) {
            return new Result(
                    runs,
                    Optional.of(
                            "on items made from the entities alone: "
                                    + String.join("; ", collisions)));
        }
        return new Result(runs, Optional.empty());
    }

    private static List<String> collisions(AccessPattern pattern, ProbeItems.Probes probes) {
        return probes.collisions().stream()
                .filter(c -> pattern.entities().stream().anyMatch(e -> c.contains(" " + e + " ")))
                .toList();
    }

    /**
     * The sets of values to ask with: the given values of each distinct group of the first entity's
     * items (the first groups made hold the parent with many children and the ids that start
     * another's), with range bounds inside each group.
     */
    public static List<Map<String, AttributeValue>> runs(
            AccessPattern pattern, Question question, ProbeItems.Probes probes) {
        Map<List<String>, List<ProbeItems.Probe>> groups = new LinkedHashMap<>();
        String entity = pattern.entities().get(0);
        for (ProbeItems.Probe probe : probes.items()) {
            if (!probe.entity().equals(entity)
                    || !probe.values().keySet().containsAll(question.given())) {
                continue;
            }
            List<String> tuple = question.given().stream().map(probe.values()::get).toList();
            groups.computeIfAbsent(tuple, t -> new ArrayList<>()).add(probe);
        }
        List<Map<String, AttributeValue>> runs = new ArrayList<>();
        for (List<ProbeItems.Probe> group : groups.values()) {
            if (runs.size() == RUNS) {
                break;
            }
            Map<String, AttributeValue> values = new LinkedHashMap<>();
            ProbeItems.Probe first = group.get(0);
            for (String name : question.given()) {
                values.put(name, attribute(first, name));
            }
            if (question.range().isPresent()) {
                Question.Range range = question.range().get();
                List<AttributeValue> sorted =
                        group.stream()
                                .filter(p -> p.values().containsKey(range.attribute()))
                                .map(p -> attribute(p, range.attribute()))
                                .distinct()
                                .sorted(Question::compare)
                                .toList();
                if (sorted.isEmpty()) {
                    continue;
                }
                values.putAll(PatternAnswers.bounds(range, sorted));
            }
            runs.add(values);
        }
        return runs;
    }

    private static AttributeValue attribute(ProbeItems.Probe probe, String name) {
        AttributeValue value = probe.item().attributes().get(name);
        return value != null ? value : AttributeValue.s(probe.values().get(name));
    }

    /** Why {@code probe} does not answer the question, or empty when it does. */
    static Optional<String> mismatch(
            AccessPattern pattern,
            Question question,
            Map<String, AttributeValue> parameters,
            ProbeItems.Probe probe) {
        if (!pattern.entities().contains(probe.entity())) {
            return Optional.of("is " + article(probe.entity()) + " " + probe.entity());
        }
        for (String name : question.given()) {
            String value = probe.values().get(name);
            String wanted = Question.text(parameters.get(name));
            if (value == null) {
                return Optional.of("has no " + name);
            }
            if (Question.compare(attribute(probe, name), wanted) != 0) {
                return Optional.of("has " + name + " " + value + ", not " + wanted);
            }
        }
        if (question.range().isPresent()) {
            Question.Range range = question.range().get();
            Map<String, String> bounds = new LinkedHashMap<>();
            range.parameters().forEach(p -> bounds.put(p, Question.text(parameters.get(p))));
            if (!probe.values().containsKey(range.attribute())) {
                return Optional.of("has no " + range.attribute());
            }
            if (!range.contains(attribute(probe, range.attribute()), bounds)) {
                return Optional.of(
                        "has "
                                + range.attribute()
                                + " "
                                + probe.values().get(range.attribute())
                                + ", outside "
                                + PatternAnswers.describe(range, bounds));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> judge(
            TableModel model,
            AccessPattern pattern,
            Question question,
            Map<String, AttributeValue> parameters,
            ProbeItems.Probes probes,
            List<Item> returned) {
        KeySchema keys = model.keys();
        Map<Key, ProbeItems.Probe> byKey = new LinkedHashMap<>();
        probes.items().forEach(p -> byKey.put(keys.keyOf(p.item()), p));
        List<ProbeItems.Probe> expected = new ArrayList<>();
        for (ProbeItems.Probe probe : probes.items()) {
            if (!PatternAnswers.outOfSparseIndex(model, pattern, probe.item())
                    && mismatch(pattern, question, parameters, probe).isEmpty()
                    && KeyConditionLiterals.mismatch(model, pattern, parameters, probe.item())
                            .isEmpty()) {
                expected.add(probe);
            }
        }
        Comparator<ProbeItems.Probe> order = order(question);
        if (order != null) {
            expected.sort(order);
        }
        int limit = PatternAnswers.limitAsked(pattern);
        List<String> problems = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        Set<Key> returnedKeys = new LinkedHashSet<>();
        for (Item item : returned) {
            Key key = keys.keyOf(item);
            returnedKeys.add(key);
            ProbeItems.Probe probe = byKey.get(key);
            // what the key condition's own text asks ("OPEN#" of {state}#…) counts as asked too
            mismatch(pattern, question, parameters, probe)
                    .or(
                            () ->
                                    KeyConditionLiterals.mismatch(
                                            model, pattern, parameters, probe.item()))
                    .ifPresent(why -> extra.add(key.text() + " " + why));
        }
        if (!extra.isEmpty()) {
            problems.add(count(extra.size(), "returned item") + " not asked for: " + first(extra));
        }
        List<ProbeItems.Probe> wanted =
                limit > 0 && order != null && expected.size() > limit
                        ? expected.subList(0, limit)
                        : expected;
        int owed = limit > 0 ? Math.min(limit, expected.size()) : expected.size();
        List<String> missing = new ArrayList<>();
        for (ProbeItems.Probe probe : wanted) {
            Key key = keys.keyOf(probe.item());
            if (!returnedKeys.contains(key) && (order != null || limit == 0)) {
                missing.add(key.text());
            }
        }
        if (!missing.isEmpty()) {
            problems.add(
                    count(missing.size(), "expected item")
                            + " missing of "
                            + wanted.size()
                            + ": "
                            + first(missing));
        } else if (returned.size() - extra.size() < owed) {
            problems.add("it returned " + returned.size() + " items of the " + owed + " asked");
        }
        if (limit > 0 && returned.size() > limit) {
            problems.add("it returned " + returned.size() + " items, over the limit of " + limit);
        }
        if (order != null && problems.isEmpty()) {
            for (int i = 1; i < returned.size(); i++) {
                ProbeItems.Probe a = byKey.get(keys.keyOf(returned.get(i - 1)));
                ProbeItems.Probe b = byKey.get(keys.keyOf(returned.get(i)));
                String attribute = question.order().get().attribute();
                if (a.values().containsKey(attribute)
                        && b.values().containsKey(attribute)
                        && order.compare(a, b) > 0) {
                    problems.add(
                            "out of order: "
                                    + keys.keyOf(a.item()).text()
                                    + " came before "
                                    + keys.keyOf(b.item()).text());
                    break;
                }
            }
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    }

    private static Comparator<ProbeItems.Probe> order(Question question) {
        if (question.order().isEmpty()) {
            return null;
        }
        Question.Order asked = question.order().get();
        Comparator<ProbeItems.Probe> byValue =
                (a, b) -> {
                    boolean x = a.values().containsKey(asked.attribute());
                    boolean y = b.values().containsKey(asked.attribute());
                    if (!x || !y) {
                        return Boolean.compare(x, y);
                    }
                    return Question.compare(
                            attribute(a, asked.attribute()), attribute(b, asked.attribute()));
                };
        return asked.descending() ? byValue.reversed() : byValue;
    }

    static String article(String noun) {
        return !noun.isEmpty() && "aeiouAEIOU".indexOf(noun.charAt(0)) >= 0 ? "an" : "a";
    }

    private static String describe(Map<String, AttributeValue> parameters) {
        List<String> parts = new ArrayList<>();
        parameters.forEach((k, v) -> parts.add(k + "=" + Question.text(v)));
        return parts.isEmpty() ? "no values" : String.join(", ", parts);
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? " is" : "s are");
    }

    private static String first(List<String> all) {
        return String.join(
                "; ", all.size() <= 3 ? all : List.of(all.get(0), all.get(1), all.get(2), "…"));
    }
}
