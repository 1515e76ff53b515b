package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The expression validator's answers as text, for the tests of its rules. */
final class ValidatorProblems {

    /** The saas sample's keys. */
    static final Optional<KeySchema> SAAS = Optional.of(KeySchema.of("EntityRef", "Detail"));

    static List<String> problems(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        return problems(kind, text, names, values, Optional.empty());
    }

    static List<String> problems(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return ExpressionValidator.validate(kind, text, names, values, keys).problems().stream()
                .map(ExpressionProblem::toString)
                .toList();
    }

    /** The problems of a key condition on the saas keys. */
    static List<String> key(String text, Map<String, AttributeValue> values) {
        return problems(ExpressionKind.KEY_CONDITION, text, Map.of(), values, SAAS);
    }

    private ValidatorProblems() {}

    /** A map in the order given: name, value, name, value… */
    @SuppressWarnings("unchecked")
    static <V> Map<String, V> linked(Object... pairs) {
        Map<String, V> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (V) pairs[i + 1]);
        }
        return map;
    }
}
