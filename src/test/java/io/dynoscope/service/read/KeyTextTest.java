package io.dynoscope.service.read;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.SortKeyCondition.Operator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.KeyText.Labels;
import io.dynoscope.service.read.KeyText.Part;
import io.dynoscope.service.read.KeyText.Typed;
import io.dynoscope.testsupport.SampleInfo;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyTextTest {

    private static final Labels CLI = new Labels("--pk", "--sk-eq", "--sk-between", "--sk-*");
    private static final KeySchema SAAS = KeySchema.of("EntityRef", "Detail");
    private static final TableInfo saas = SampleInfo.saas("saas");

    /** A table keyed by a number partition key and a binary sort key, with no index. */
    private static final TableInfo numbers =
            new TableInfo(
                    "numbers",
                    "ACTIVE",
                    KeySchema.of("id", "blob"),
                    Map.of("id", "N", "blob", "B"),
                    List.of(),
                    List.of(),
                    "PAY_PER_REQUEST",
                    0,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);

    private static KeyCondition query(TableInfo table, Typed typed) {
        return KeyText.read(table, null, ReadMode.QUERY, typed, CLI);
    }

    private static KeyText.Problem problem(TableInfo table, ReadMode mode, Typed typed) {
        return assertThrows(
                KeyText.Problem.class, () -> KeyText.read(table, null, mode, typed, CLI));
    }

    @Test
    void aPartitionAndASortKeyConditionAreTypedByTheKeysTypes() {
        assertEquals(
                KeyCondition.partition(SAAS, s("WS#acme"))
                        .and(SortKeyCondition.of(Operator.BEGINS_WITH, s("PROJ#"))),
                query(saas, new Typed("WS#acme", Operator.BEGINS_WITH, "PROJ#", null)));
        byte[] blob = {0, 1, 2};
        String base64 = Base64.getEncoder().encodeToString(blob);
        assertEquals(
                KeyCondition.partition(
                                KeySchema.of("id", "blob"),
                                n("12345678901234567890123456789012345678"))
                        .and(
                                SortKeyCondition.between(
                                        AttributeValue.b(blob), AttributeValue.b(new byte[] {9}))),
                query(
                        numbers,
                        new Typed(
                                " 12345678901234567890123456789012345678 ",
                                Operator.BETWEEN,
                                base64,
                                Base64.getEncoder().encodeToString(new byte[] {9}))));
    }

    @Test
    void aGetItemComparesTheSortKeyForEqualityAndNeedsIt() {
        assertEquals(
                KeyCondition.partition(SAAS, s("WS#acme"))
                        .and(SortKeyCondition.of(Operator.EQ, s("META"))),
                KeyText.read(
                        saas, null, ReadMode.GET, new Typed("WS#acme", null, "META", null), CLI));
        KeyText.Problem missing = problem(saas, ReadMode.GET, new Typed("WS#acme", null, "", null));
        assertEquals(Part.SORT_KEY, missing.part());
        assertEquals("--sk-eq: a GetItem needs the full key: enter Detail", missing.getMessage());
    }

    @Test
    void aShardRangeStaysAsTypedForTheFanOut() {
        assertEquals(
                KeyCondition.partition(SAAS, s("WS#big#{01..10}")),
                query(saas, new Typed("WS#big#{01..10}", null, null, null)));
        assertEquals(
                "--pk: a GetItem reads one item; Query a shard range instead",
                problem(saas, ReadMode.GET, new Typed("WS#big#{01..10}", null, "META", null))
                        .getMessage());
        KeyText.Problem single =
                problem(saas, ReadMode.QUERY, new Typed("WS#{01..01}", null, null, null));
        assertEquals(Part.PARTITION_KEY, single.part());
        assertEquals(
                "'WS#{01..01}' names a single shard; a fan-out needs at least two",
                single.detail());
    }

    @Test
    void eachProblemSaysWhereItIsAndWhatIsWrong() {
        KeyText.Problem notANumber =
                problem(numbers, ReadMode.QUERY, new Typed("twelve", null, null, null));
        assertTrue(
                notANumber
                        .getMessage()
                        .startsWith("--pk: the partition key 'id' is a number key: "),
                notANumber.getMessage());
        assertEquals(
                "--pk: EntityRef: the partition key cannot be empty",
                problem(saas, ReadMode.QUERY, new Typed("", null, null, null)).getMessage());
        assertEquals(
                "--sk-eq: the sort key 'Detail' is a number; begins_with works on strings and binary",
                problem(
                                withNumberSortKey(),
                                ReadMode.QUERY,
                                new Typed("WS#acme", Operator.BEGINS_WITH, "1", null))
                        .getMessage());
        KeyText.Problem upper =
                problem(saas, ReadMode.QUERY, new Typed("WS#acme", Operator.BETWEEN, "A", null));
        assertEquals(Part.SORT_KEY_UPPER, upper.part());
        assertEquals("--sk-between: BETWEEN needs an upper bound", upper.getMessage());
        String tooLong = "x".repeat(1025);
        assertEquals(
                "--sk-*: Detail: the sort key is 1025 bytes, over DynamoDB's limit of 1024 bytes",
                problem(saas, ReadMode.QUERY, new Typed("WS#acme", Operator.EQ, tooLong, null))
                        .getMessage());
    }

    @Test
    void aSortKeyConditionOnATableWithoutASortKeyIsNamedAsTheFrontEndNamesIt() {
        TableInfo hashOnly =
                new TableInfo(
                        "hash",
                        "ACTIVE",
                        KeySchema.of("id", null),
                        Map.of("id", "S"),
                        List.of(),
                        List.of(),
                        "PAY_PER_REQUEST",
                        0,
                        0,
                        Optional.empty(),
                        Optional.empty(),
                        null);
        KeyText.Problem problem =
                problem(hashOnly, ReadMode.QUERY, new Typed("a", Operator.EQ, "b", null));
        assertEquals(
                "table 'hash' has no sort key, so it takes no --sk-* condition",
                problem.getMessage());
        assertEquals(Part.SORT_KEY, problem.part());
        assertEquals(
                KeyCondition.partition(KeySchema.of("id", null), s("a")),
                KeyText.read(hashOnly, null, ReadMode.GET, new Typed("a", null, null, null), CLI));
    }

    private static TableInfo withNumberSortKey() {
        return new TableInfo(
                "activity",
                "ACTIVE",
                SAAS,
                Map.of("EntityRef", "S", "Detail", "N"),
                List.of(),
                List.of(),
                "PAY_PER_REQUEST",
                0,
                0,
                Optional.empty(),
                Optional.empty(),
                null);
    }
}
