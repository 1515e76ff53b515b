package io.dynoscope.core.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an access pattern and the values of its parameters into the request that serves it: a
 * GetItem key, a Query's key condition (one per shard when the partition key fans out) with its
 * filter, or a Scan. Key conditions and filters are compiled by {@link KeyCondition} and {@link
 * ExpressionCompiler}, so their placeholders never collide.
 *
 * <p>A pattern's filter is written with attribute names as they are and its values as {@code
 * :parameter} placeholders, such as {@code status = :status}; the parameter's value fills it.
 */
public final class PatternRequests {

    private static final Pattern VALUE_PLACEHOLDER = Pattern.compile(":([A-Za-z0-9_]+)");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PatternRequests() {}

    /** A request ready for the repository. */
    public sealed interface PatternRequest permits Get, Query, Scan {
        /** The index read, or null for the table. */
        String index();

        /** The request as DynamoDB's parameters, for a person to read. */
        String describe();
    }

    /** A GetItem of one key. */
    public record Get(String table, Key key) implements PatternRequest {
        @Override
        public String index() {
            return null;
        }

        @Override
        public String describe() {
            return "GetItem "
                    + table
                    + "\nKey                        "
                    + ItemJson.DYNAMODB.write(key.asItem());
        }
    }

    /**
     * A Query: one key condition per partition read (several for a sharded partition key).
     *
     * @param filter null for none
     * @param limit the Limit sent, or 0 for none
     * @param count Select COUNT: only how many items match
     */
    public record Query(
            String table,
            String index,
            List<CompiledExpression> keyConditions,
            CompiledExpression filter,
            boolean scanForward,
            int limit,
            boolean count)
            implements PatternRequest {
        public Query {
            keyConditions = List.copyOf(keyConditions);
        }

        @Override
        public String describe() {
            StringBuilder text =
                    new StringBuilder("Query ")
                            .append(table)
                            .append(index == null ? "" : " index " + index);
            if (keyConditions.size() > 1) {
                text.append(" (")
                        .append(keyConditions.size())
                        .append(" Queries, one per shard; the first shown)");
            }
            CompiledExpression first = keyConditions.get(0);
            text.append("\nKeyConditionExpression     ").append(first.text());
            if (filter != null) {
                text.append("\nFilterExpression           ").append(filter.text());
            }
            Map<String, String> names = new LinkedHashMap<>(first.names());
            Map<String, AttributeValue> values = new LinkedHashMap<>(first.values());
            if (filter != null) {
                names.putAll(filter.names());
                values.putAll(filter.values());
            }
            text.append("\nExpressionAttributeNames   ").append(json(names));
            text.append("\nExpressionAttributeValues  ")
                    .append(ItemJson.DYNAMODB.write(Item.of(values)));
            if (!scanForward) {
                text.append("\nScanIndexForward           false");
            }
            if (limit > 0) {
                text.append("\nLimit                      ").append(limit);
            }
            if (count) {
                text.append("\nSelect                     COUNT");
            }
            return text.toString();
        }
    }

    /**
     * A Scan of the table or an index.
     *
     * @param filter null for none
     */
    public record Scan(String table, String index, CompiledExpression filter)
            implements PatternRequest {
        @Override
        public String describe() {
            StringBuilder text =
                    new StringBuilder("Scan ")
                            .append(table)
                            .append(index == null ? "" : " index " + index);
            if (filter != null) {
                text.append("\nFilterExpression           ").append(filter.text());
                text.append("\nExpressionAttributeNames   ").append(json(filter.names()));
                text.append("\nExpressionAttributeValues  ")
                        .append(ItemJson.DYNAMODB.write(Item.of(filter.values())));
            }
            return text.toString();
        }
    }

    private static String json(Map<String, String> names) {
        try {
            return MAPPER.writeValueAsString(names);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The parameters a caller supplies: the key templates' variables, the filter's values and, for
     * a GetItem of a sharded key, the shard ({@code shard} of {@code {shard:01..10}}).
     */
    public static Set<String> parameters(AccessPattern pattern) {
        Set<String> names = new LinkedHashSet<>(pattern.parameters());
        if (pattern.operation() == AccessPattern.Operation.GET_ITEM
                && pattern.partitionKey() != null) {
            names.addAll(rangeNames(pattern.partitionKey()));
        }
        names.addAll(filterParameters(pattern.filter()));
        return names;
    }

    /** The names of a template's named ranges: {@code shard} of {@code WS#{id}#{shard:01..10}}. */
    static Set<String> rangeNames(KeyTemplate template) {
        if (!template.hasRange()) {
            return Set.of();
        }
        Map<String, String> any = new LinkedHashMap<>();
        template.variables().forEach(v -> any.put(v, "x"));
        Set<String> names =
                new LinkedHashSet<>(
                        template.match(template.render(any).get(0)).orElseThrow().keySet());
        names.removeAll(template.variables());
        return names;
    }

    /**
     * The values of a template; a named range whose value is among the bindings gives that one
     * value instead of all of them.
     */
    private static List<String> render(KeyTemplate template, Map<String, String> bindings) {
        List<String> values = template.render(bindings);
        Set<String> bound = new LinkedHashSet<>(rangeNames(template));
        bound.retainAll(bindings.keySet());
        if (bound.isEmpty()) {
            return values;
        }
        return values.stream()
                .filter(
                        v -> {
                            Map<String, String> match = template.match(v).orElseThrow();
                            return bound.stream()
                                    .allMatch(n -> match.get(n).equals(bindings.get(n)));
                        })
                .toList();
    }

    private static Set<String> filterParameters(String filter) {
        Set<String> names = new LinkedHashSet<>();
        if (filter != null) {
            Matcher m = VALUE_PLACEHOLDER.matcher(filter);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** DynamoDB's limits on a partition key and a sort key value, in bytes. */
    private static final int MAX_PARTITION_KEY_BYTES = 2048;

    private static final int MAX_SORT_KEY_BYTES = 1024;

    /**
     * Checks the values given for the patterns' parameters before anything is sent: each names a
     * parameter some pattern takes (a key template's variable, a filter's value or a question's
     * range bound); a variable stands for one key segment, so its value is not empty, holds no
     * {@code #} and fits DynamoDB's key limits (2,048 bytes in a partition key, 1,024 in a sort
     * key). Throws {@link IllegalArgumentException} naming the parameter and why.
     */
    public static void checkKeyValues(TableModel model, Map<String, AttributeValue> parameters) {
        Map<String, Integer> templateNames = new LinkedHashMap<>();
        Set<String> known = new TreeSet<>();
        for (AccessPattern pattern : model.accessPatterns()) {
            known.addAll(parameters(pattern));
            known.addAll(PatternAnswers.questionOf(pattern).parameters());
            if (pattern.partitionKey() != null) {
                pattern.partitionKey()
                        .variables()
                        .forEach(v -> templateNames.merge(v, MAX_PARTITION_KEY_BYTES, Math::min));
            }
            pattern.sortKey()
                    .ifPresent(
                            sk -> {
                                Set<String> names = new LinkedHashSet<>(sk.value().variables());
                                if (sk.upper() != null) {
                                    names.addAll(sk.upper().variables());
                                }
                                names.forEach(
                                        v -> templateNames.merge(v, MAX_SORT_KEY_BYTES, Math::min));
                            });
        }
        for (Map.Entry<String, AttributeValue> given : parameters.entrySet()) {
            if (!known.contains(given.getKey())) {
                throw new IllegalArgumentException(
                        "parameter "
                                + given.getKey()
                                + " is not one the access patterns take ("
                                + (known.isEmpty() ? "they take none" : String.join(", ", known))
                                + ")");
            }
            Integer limit = templateNames.get(given.getKey());
            if (limit == null) {
                continue;
            }
            String text = Question.text(given.getValue());
            if (text.isEmpty()) {
                throw new IllegalArgumentException(
                        "parameter "
                                + given.getKey()
                                + " is empty: it fills a key segment, which needs one or more"
                                + " characters");
            }
            if (text.indexOf('#') >= 0) {
                throw new IllegalArgumentException(
                        "parameter "
                                + given.getKey()
                                + " is '"
                                + (text.length() > 64 ? text.substring(0, 64) + "…" : text)
                                + "': it fills one key segment, which cannot hold '#' (the"
                                + " separator between segments)");
            }
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > limit) {
                throw new IllegalArgumentException(
                        "parameter "
                                + given.getKey()
                                + " is "
                                + bytes
                                + " bytes, over DynamoDB's limit of "
                                + limit
                                + " bytes for the "
                                + (limit == MAX_SORT_KEY_BYTES ? "sort" : "partition")
                                + " key it fills");
            }
        }
    }

    /**
     * The request serving {@code pattern} of {@code model} with these parameter values; throws
     * {@link IllegalArgumentException} naming a missing parameter or a filter rows cannot hold.
     */
    public static PatternRequest build(
            TableModel model, AccessPattern pattern, Map<String, AttributeValue> parameters) {
        Objects.requireNonNull(parameters, "parameters");
        for (String name : parameters(pattern)) {
            if (!parameters.containsKey(name)) {
                throw new IllegalArgumentException(
                        "access pattern '" + pattern.name() + "' needs a value for " + name);
            }
        }
        checkKeyValues(model.with(b -> b.accessPatterns(List.of(pattern))), parameters);
        CompiledExpression filter = filter(pattern, parameters);
        String table = model.table();
        KeySchema keys = model.keysOf(pattern.index());
        Map<String, String> bindings = new LinkedHashMap<>();
        parameters.forEach((name, value) -> bindings.put(name, Question.text(value)));
        return switch (pattern.operation()) {
            case SCAN -> new Scan(table, pattern.index(), filter);
            case GET_ITEM -> {
                if (pattern.index() != null) {
                    throw new IllegalArgumentException(
                            "access pattern '"
                                    + pattern.name()
                                    + "': a GetItem reads the table, not index "
                                    + pattern.index());
                }
                List<String> partitions = render(pattern.partitionKey(), bindings);
                if (partitions.size() != 1) {
                    throw new IllegalArgumentException(
                            "access pattern '"
                                    + pattern.name()
                                    + "': a GetItem reads one key, but "
                                    + pattern.partitionKey()
                                    + " names "
                                    + partitions.size());
                }
                Map<String, AttributeValue> key = new LinkedHashMap<>();
                key.put(keys.partitionKey(), value(model, keys.partitionKey(), partitions.get(0)));
                if (keys.sortKey().isPresent()) {
                    AccessPattern.SortKeyPattern sk =
                            pattern.sortKey()
                                    .filter(s -> s.operator() == SortKeyCondition.Operator.EQ)
                                    .orElseThrow(
                                            () ->
                                                    new IllegalArgumentException(
                                                            "access pattern '"
                                                                    + pattern.name()
                                                                    + "': a GetItem needs the whole sort key (operator EQ)"));
                    key.put(
                            keys.sortKey().get(),
                            value(model, keys.sortKey().get(), single(sk.value(), bindings)));
                }
                yield new Get(table, new Key(key));
            }
            case QUERY -> {
                Optional<SortKeyCondition> sortKey =
                        pattern.sortKey()
                                .map(
                                        sk -> {
                                            String attribute =
                                                    keys.sortKey()
                                                            .orElseThrow(
                                                                    () ->
                                                                            new IllegalArgumentException(
                                                                                    "access pattern '"
                                                                                            + pattern
                                                                                                    .name()
                                                                                            + "' puts a condition on a sort key the key schema lacks"));
                                            AttributeValue lower =
                                                    value(
                                                            model,
                                                            attribute,
                                                            single(sk.value(), bindings));
                                            AttributeValue upper =
                                                    sk.upper() == null
                                                            ? null
                                                            : value(
                                                                    model,
                                                                    attribute,
                                                                    single(sk.upper(), bindings));
                                            return new SortKeyCondition(
                                                    sk.operator(), lower, upper);
                                        });
                List<CompiledExpression> conditions = new ArrayList<>();
                for (String partition : render(pattern.partitionKey(), bindings)) {
                    KeyCondition condition =
                            KeyCondition.partition(
                                            keys, value(model, keys.partitionKey(), partition))
                                    .and(sortKey.orElse(null));
                    conditions.add(
                            filter == null ? condition.compile() : condition.compile(filter));
                }
                yield new Query(
                        table,
                        pattern.index(),
                        conditions,
                        filter,
                        !pattern.newestFirst(),
                        pattern.limit(),
                        pattern.count());
            }
        };
    }

    private static CompiledExpression filter(
            AccessPattern pattern, Map<String, AttributeValue> parameters) {
        if (pattern.filter() == null || pattern.filter().isBlank()) {
            return null;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (String name : filterParameters(pattern.filter())) {
            values.put(":" + name, parameters.get(name));
        }
        AsRows<Row> rows =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.FILTER, pattern.filter(), Map.of(), values);
        if (rows instanceof AsRows.NotShown<Row> notShown) {
            throw new IllegalArgumentException(
                    "access pattern '"
                            + pattern.name()
                            + "': the filter '"
                            + pattern.filter()
                            + "' cannot be used: "
                            + notShown.reason());
        }
        return ExpressionCompiler.compile(ExpressionKind.FILTER, ((AsRows.Shown<Row>) rows).rows());
    }

    private static String single(KeyTemplate template, Map<String, String> bindings) {
        List<String> values = template.render(bindings);
        if (values.size() != 1) {
            throw new IllegalArgumentException(
                    "the sort-key template " + template + " names " + values.size() + " values");
        }
        return values.get(0);
    }

    /** A key value of the attribute's type: a number for N, else a string. */
    private static AttributeValue value(TableModel model, String attribute, String text) {
        return switch (model.keyType(attribute)) {
            case N -> AttributeValue.n(text);
            case B ->
                    throw new IllegalArgumentException(
                            "key attribute '" + attribute + "' is binary: templates write text");
            case S -> AttributeValue.s(text);
        };
    }
}
