package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The planner on the public worked examples of the corpus, without the engine: each proposal's
 * requests are answered from its example items by a plain model of how DynamoDB reads a key (the
 * items of one partition of the table or index, the sort-key condition, the order, the Limit), and
 * the check's own answer ({@link PatternAnswers}) judges them. Every pattern must be one request
 * returning exactly the items its question asks for, in its order, with no more indexes than the
 * published design. service.model.PlannedDesignsTest does the same on the engine.
 */
class WorkedExamplesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "online shop",
                "device state log",
                "battle royale game",
                "complaint management",
                "recurring payments"
            })
    void everyPatternIsOneRequestReturningExactlyWhatItAsks(String name) {
        PlanRequests.Example example = PlanRequests.example(name);
        Plan plan = Planner.plan(PlanRequest.read(example.planRequest()).input());
        TableDesign design = plan.design();
        TableModel model = design.model();
        assertTrue(
                model.indexes().size() <= example.publishedIndexes(),
                name + ": " + model.indexes().size() + " indexes");
        assertEquals(example.sentences().size(), model.accessPatterns().size());
        for (AccessPattern pattern : model.accessPatterns()) {
            String what = name + ": '" + pattern.name() + "'";
            assertTrue(pattern.operation() != AccessPattern.Operation.SCAN, what + " is a Scan");
            assertEquals(null, pattern.filter(), what + " filters");
            assertEquals(1, pattern.partitionKey().fanOut(), what + " fans out");
            assertTrue(PatternAnswers.unanswerable(pattern).isEmpty(), what);
            assertTrue(PatternAnswers.rangeInKeyCondition(pattern), what + ": range filtered");
            assertTrue(
                    plan.findings().stream()
                            .noneMatch(
                                    f ->
                                            f.subject().equals(pattern.name())
                                                    && f.message().contains("second request")),
                    what + " needs a second request: " + plan.findings());
            Map<String, AttributeValue> parameters =
                    PatternAnswers.parameters(model, pattern, design.items(), Map.of())
                            .orElseThrow(() -> new AssertionError(what + ": no example"));
            List<Item> returned = read(model, pattern, parameters, design.items());
            assertEquals(
                    Optional.empty(),
                    PatternAnswers.judge(model, pattern, parameters, design.items(), returned),
                    what + " with " + parameters);
            assertTrue(
                    !returned.isEmpty() || pattern.count(),
                    what + " returns nothing from the examples: " + parameters);
        }
    }

    /**
     * What DynamoDB returns for one GetItem or Query of {@code pattern}: the items of the table or
     * index (an index holds only items with its key attributes) whose partition key is the value
     * given and whose sort key meets the condition, in sort-key order, up to the Limit.
     */
    static List<Item> read(
            TableModel model,
            AccessPattern pattern,
            Map<String, AttributeValue> parameters,
            List<Item> items) {
        Map<String, String> bindings = new LinkedHashMap<>();
        parameters.forEach((k, v) -> bindings.put(k, Question.text(v)));
        KeySchema keys = model.keysOf(pattern.index());
        List<String> partitions = pattern.partitionKey().render(bindings);
        assertEquals(1, partitions.size(), pattern.name());
        String partition = partitions.get(0);
        Optional<String> sortAttribute = keys.sortKey();
        List<Item> read = new ArrayList<>();
        for (Item item : items) {
            String pk = text(item, keys.partitionKey());
            String sk = sortAttribute.map(a -> text(item, a)).orElse("");
            if (pk == null || sk == null || !pk.equals(partition)) {
                continue;
            }
            if (pattern.sortKey().isPresent() && !meets(sk, pattern.sortKey().get(), bindings)) {
                continue;
            }
            read.add(item);
        }
        if (pattern.operation() == AccessPattern.Operation.GET_ITEM) {
            assertTrue(
                    pattern.sortKey().isEmpty()
                            || pattern.sortKey().get().operator() == SortKeyCondition.Operator.EQ,
                    pattern.name());
            assertTrue(read.size() <= 1, pattern.name() + " reads one key: " + read);
            return read;
        }
        Comparator<Item> bySortKey =
                Comparator.comparing(i -> sortAttribute.map(a -> text(i, a)).orElse(""));
        read.sort(pattern.newestFirst() ? bySortKey.reversed() : bySortKey);
        return pattern.limit() > 0 && read.size() > pattern.limit()
                ? read.subList(0, pattern.limit())
                : read;
    }

    private static boolean meets(
            String sortKey, AccessPattern.SortKeyPattern condition, Map<String, String> bindings) {
        String value = one(condition.value().render(bindings));
        return switch (condition.operator()) {
            case EQ -> sortKey.equals(value);
            case LT -> sortKey.compareTo(value) < 0;
            case LE -> sortKey.compareTo(value) <= 0;
            case GT -> sortKey.compareTo(value) > 0;
            case GE -> sortKey.compareTo(value) >= 0;
            case BEGINS_WITH -> sortKey.startsWith(value);
            case BETWEEN ->
                    sortKey.compareTo(value) >= 0
                            && sortKey.compareTo(one(condition.upper().render(bindings))) <= 0;
        };
    }

    private static String one(List<String> values) {
        assertEquals(1, values.size(), values.toString());
        return values.get(0);
    }

    private static String text(Item item, String attribute) {
        AttributeValue value = item.attributes().get(attribute);
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        return value instanceof AttributeValue.Num n ? n.text() : null;
    }
}
