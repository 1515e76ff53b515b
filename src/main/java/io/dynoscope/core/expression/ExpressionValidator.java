package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks expressions and their placeholder maps for what DynamoDB would reject, before anything is
 * sent, and reports every problem found with its column.
 *
 * <p>Rules, from the DynamoDB developer guide and checked against dynalite (which reproduces the
 * service's checks) by the engine-agreement corpus test:
 *
 * <ul>
 *   <li>grammar (any {@link ExpressionSyntaxException}, including function arity);
 *   <li>reserved words used bare, and bare names that do not start with a letter or {@code _}: both
 *       need a {@code #name} placeholder;
 *   <li>placeholders missing from the maps, map entries no expression uses, placeholders over 255
 *       bytes;
 *   <li>expressions over 4 KB (4096 bytes of UTF-8), more than 300 operators, IN over 100 operands;
 *       operators counted are comparators, BETWEEN, IN, AND, OR, NOT, {@code +}, {@code -} and
 *       every function call;
 *   <li>attribute_type codes, begins_with operands that are not strings or binary (a number value
 *       or {@code size()}), size() of a number, boolean or NULL, BETWEEN bounds of different types
 *       or in the wrong order, identical paths on both sides ({@code a = a}, {@code contains(a,
 *       a)});
 *   <li>updates: a clause used twice, two actions on overlapping or conflicting paths, ADD with a
 *       value that is not a number or set, DELETE with a value that is not a set, {@code +}/{@code
 *       -} with non-numbers, list_append with non-lists;
 *   <li>projections: overlapping paths;
 *   <li>key conditions: {@code partitionKey = :v [AND sortKeyCondition]}, the sort key compared
 *       with = &lt; &lt;= &gt; &gt;= BETWEEN or begins_with, each key once, no OR, NOT, IN,
 *       &lt;&gt;, contains, size or attribute_*, key values of type S, N or B and, where the
 *       table's key types are known, of the key attribute's type;
 *   <li>the request: an empty names or values map (DynamoDB refuses one; leave it out), an
 *       expression the call does not take (a filter on a GetItem), a Query filter that names a key
 *       of the table or index it reads, an update that touches a key attribute of the table or
 *       gives an index key attribute a value of the wrong type or an empty one.
 * </ul>
 *
 * <p>{@code NOT NOT a = :a} is accepted: the documented grammar has {@code condition ::= NOT
 * condition}. dynalite rejects it; DynamoDB's grammar is followed here.
 */
public final class ExpressionValidator {

    public static final int MAX_EXPRESSION_BYTES = 4096;
    public static final int MAX_OPERATORS = 300;
    public static final int MAX_IN_OPERANDS = 100;
    public static final int MAX_PLACEHOLDER_BYTES = 255;

    private ExpressionValidator() {}

    /**
     * Validates one expression with the maps that go with it in the request; {@code keys} are those
     * of the table read. Empty maps count as left out.
     */
    public static Verdict validate(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return validate(Map.of(kind, text), names, values, keys);
    }

    /**
     * Validates the expressions of one request (e.g. a Query's key condition, filter and
     * projection) against the maps they share; an entry is unused only if no expression uses it.
     * {@code keys} are those of the table read; empty maps count as left out.
     */
    public static Verdict validate(
            Map<ExpressionKind, String> expressions,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return validate(
                expressions,
                names.isEmpty() ? null : names,
                values.isEmpty() ? null : values,
                keys.map(RequestContext::keys).orElseGet(RequestContext::none));
    }

    /**
     * Validates the expressions of one request in its context (the call, the table's keys and the
     * index read).
     *
     * @param givenNames the request's ExpressionAttributeNames, or null when it has none (an empty
     *     map is a map sent empty, which DynamoDB refuses)
     * @param givenValues the request's ExpressionAttributeValues, or null when it has none
     */
    public static Verdict validate(
            Map<ExpressionKind, String> expressions,
            Map<String, String> givenNames,
            Map<String, AttributeValue> givenValues,
            RequestContext context) {
        List<ExpressionProblem> problems = new ArrayList<>();
        emptyMap("ExpressionAttributeNames", givenNames, problems);
        emptyMap("ExpressionAttributeValues", givenValues, problems);
        Map<String, String> names = givenNames == null ? Map.of() : givenNames;
        Map<String, AttributeValue> values = givenValues == null ? Map.of() : givenValues;
        mapKeys(names, values, problems);
        Map<ExpressionKind, Expression> parsed = new EnumMap<>(ExpressionKind.class);
        Set<String> usedNames = new LinkedHashSet<>();
        Set<String> usedValues = new LinkedHashSet<>();
        boolean allParsed = true;
        for (Map.Entry<ExpressionKind, String> entry : new TreeMap<>(expressions).entrySet()) {
            ExpressionKind kind = entry.getKey();
            String text = entry.getValue();
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_EXPRESSION_BYTES) {
                problems.add(
                        ExpressionProblem.at(
                                kind,
                                ExpressionProblem.NO_COLUMN,
                                "the expression is "
                                        + bytes
                                        + " bytes; DynamoDB allows at most "
                                        + MAX_EXPRESSION_BYTES
                                        + " (4 KB)"));
            }
            Expression expression;
            try {
                expression = ExpressionParser.parse(kind, text);
            } catch (ExpressionSyntaxException e) {
                problems.add(ExpressionProblem.at(kind, e.column(), e.reason()));
                allParsed = false;
                continue;
            }
            parsed.put(kind, expression);
            context.operation()
                    .filter(operation -> !operation.accepts(kind))
                    .ifPresent(
                            operation ->
                                    problems.add(
                                            ExpressionProblem.at(
                                                    kind,
                                                    ExpressionProblem.NO_COLUMN,
                                                    operation.apiName()
                                                            + " takes no "
                                                            + kind.parameterName())));
            ExpressionCheck check = new ExpressionCheck(kind, names, values, context);
            check.expression(expression);
            problems.addAll(check.sortedProblems());
            usedNames.addAll(check.usedNames);
            usedValues.addAll(check.usedValues);
        }
        // Unused entries can only be judged when every expression could be read.
        if (allParsed) {
            for (String name : names.keySet()) {
                if (!usedNames.contains(name)) {
                    problems.add(
                            ExpressionProblem.inMaps(
                                    "ExpressionAttributeNames has "
                                            + name
                                            + ", which no expression uses; DynamoDB rejects unused entries"));
                }
            }
            for (String value : values.keySet()) {
                if (!usedValues.contains(value)) {
                    problems.add(
                            ExpressionProblem.inMaps(
                                    "ExpressionAttributeValues has "
                                            + value
                                            + ", which no expression uses; DynamoDB rejects unused entries"));
                }
            }
        }
        return new Verdict(parsed, problems);
    }

    private static void emptyMap(String map, Map<?, ?> given, List<ExpressionProblem> problems) {
        if (given != null && given.isEmpty()) {
            problems.add(
                    ExpressionProblem.inMaps(
                            map + " is empty; DynamoDB refuses an empty map: leave it out"));
        }
    }

    /** Map entries DynamoDB refuses whatever the expressions say. */
    private static void mapKeys(
            Map<String, String> names,
            Map<String, AttributeValue> values,
            List<ExpressionProblem> problems) {
        names.forEach(
                (key, name) -> {
                    if (!isPlaceholder(key, '#')) {
                        problems.add(
                                ExpressionProblem.inMaps(
                                        "ExpressionAttributeNames key '"
                                                + key
                                                + "' is not a placeholder: write # then letters, digits or _"));
                    }
                    if (name.isEmpty()) {
                        problems.add(
                                ExpressionProblem.inMaps(
                                        key + " stands for an empty attribute name"));
                    }
                });
        values.keySet()
                .forEach(
                        key -> {
                            if (!isPlaceholder(key, ':')) {
                                problems.add(
                                        ExpressionProblem.inMaps(
                                                "ExpressionAttributeValues key '"
                                                        + key
                                                        + "' is not a placeholder: write : then letters, digits or _"));
                            }
                        });
    }

    private static boolean isPlaceholder(String key, char sigil) {
        return key.length() > 1
                && key.charAt(0) == sigil
                && key.substring(1).chars().allMatch(c -> Lexer.isNameChar((char) c));
    }

    /** Orders two values of the same scalar type as DynamoDB does; empty for other types. */
    static Optional<Integer> compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return Optional.of(x.compareTo(y));
        }
        if (a instanceof AttributeValue.Str x && b instanceof AttributeValue.Str y) {
            return Optional.of(
                    Arrays.compareUnsigned(
                            x.value().getBytes(StandardCharsets.UTF_8),
                            y.value().getBytes(StandardCharsets.UTF_8)));
        }
        if (a instanceof AttributeValue.Bin x && b instanceof AttributeValue.Bin y) {
            return Optional.of(Arrays.compareUnsigned(x.bytes(), y.bytes()));
        }
        return Optional.empty();
    }
}
