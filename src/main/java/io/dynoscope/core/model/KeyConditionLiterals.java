package io.dynoscope.core.model;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the text of a pattern's key conditions asks of an item, for a question read off the request:
 * "open tickets of a priority" is {@code begins_with(GSI1SK, "OPEN#")} over the tickets' {@code
 * {state}#{openedAt}}, so it asks for tickets whose {@code state} is {@code OPEN}. The check
 * compares that with the item's own attributes, never with the key attributes a migration wrote, so
 * a wrong key is caught and a right one is not blamed for what the condition leaves out.
 */
final class KeyConditionLiterals {

    private KeyConditionLiterals() {}

    /** One value asked of an attribute: the whole value, or its start. */
    private record Asked(String attribute, String value, boolean start) {}

    /**
     * Why {@code item} does not answer what the key conditions ask, or empty when it does (or when
     * the question is stated, or the item's entity gives the index read no keys).
     */
    static Optional<String> mismatch(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            Item item) {
        if (PatternAnswers.stated(pattern)) {
            return Optional.empty();
        }
        Optional<Entity> entity = model.entityOf(item);
        if (entity.isEmpty()) {
            return Optional.empty();
        }
        KeyTemplates templates =
                pattern.index() == null
                        ? entity.get().keys()
                        : entity.get().indexKeys().get(pattern.index());
        if (templates == null) {
            return Optional.empty();
        }
        Map<String, String> bound = new LinkedHashMap<>();
        parameters.forEach((name, value) -> bound.put(name, Question.text(value)));
        Map<String, Asked> asked = new LinkedHashMap<>();
        String cannot = "its key template ";
        if (pattern.partitionKey() != null) {
            Optional<String> value = single(pattern.partitionKey(), bound);
            if (value.isPresent()) {
                Optional<Map<String, String>> whole = templates.partitionKey().match(value.get());
                if (whole.isEmpty()) {
                    return Optional.of(
                            cannot
                                    + templates.partitionKey().text()
                                    + " never gives "
                                    + value.get());
                }
                whole.get().forEach((a, v) -> asked.put(a, new Asked(a, v, false)));
            }
        }
        if (pattern.sortKey().isPresent() && templates.sortKey().isPresent()) {
            AccessPattern.SortKeyPattern condition = pattern.sortKey().get();
            KeyTemplate template = templates.sortKey().get();
            Optional<String> value = single(condition.value(), bound);
            if (value.isPresent() && condition.operator() == SortKeyCondition.Operator.EQ) {
                Optional<Map<String, String>> whole = template.match(value.get());
                if (whole.isEmpty()) {
                    return Optional.of(cannot + template.text() + " never gives " + value.get());
                }
                whole.get().forEach((a, v) -> asked.put(a, new Asked(a, v, false)));
            } else if (value.isPresent()
                    && condition.operator() == SortKeyCondition.Operator.BEGINS_WITH) {
                Optional<KeyTemplate.PrefixBindings> prefix = template.matchPrefix(value.get());
                if (prefix.isEmpty()) {
                    return Optional.of(
                            cannot + template.text() + " never starts with " + value.get());
                }
                prefix.get().whole().forEach((a, v) -> asked.put(a, new Asked(a, v, false)));
                if (prefix.get().partial() != null) {
                    String a = prefix.get().partial();
                    asked.put(a, new Asked(a, prefix.get().partialStart(), true));
                }
            }
        }
        for (Asked wanted : asked.values()) {
            Optional<AttributeValue> value = PatternAnswers.value(model, item, wanted.attribute());
            if (value.isEmpty()) {
                return Optional.of("has no " + wanted.attribute());
            }
            boolean holds =
                    wanted.start()
                            ? Question.text(value.get()).startsWith(wanted.value())
                            : Question.compare(value.get(), wanted.value()) == 0;
            if (!holds) {
                return Optional.of(
                        "has "
                                + wanted.attribute()
                                + " "
                                + Question.text(value.get())
                                + ", not "
                                + wanted.value()
                                + (wanted.start() ? "…" : ""));
            }
        }
        return Optional.empty();
    }

    /** The one value a condition's template takes with these bindings, if it takes exactly one. */
    private static Optional<String> single(KeyTemplate template, Map<String, String> bound) {
        if (!bound.keySet().containsAll(template.variables())) {
            return Optional.empty();
        }
        List<String> values = template.render(bound);
        return values.size() == 1 ? Optional.of(values.get(0)) : Optional.empty();
    }
}
