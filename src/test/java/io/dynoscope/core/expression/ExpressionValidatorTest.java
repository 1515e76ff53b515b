package io.dynoscope.core.expression;

import static io.dynoscope.core.expression.ValidatorProblems.SAAS;
import static io.dynoscope.core.expression.ValidatorProblems.problems;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What the validator finds in an expression alone: its syntax, placeholders, DynamoDB's limits, the
 * types of its operands and the rules of an update.
 */
class ExpressionValidatorTest {

    @Test
    void reservedWordsListHasAll573Words() throws Exception {
        try (var in = ReservedWords.class.getResourceAsStream("reserved-words.txt")) {
            List<String> lines =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
                            .lines()
                            .filter(l -> !l.isBlank())
                            .toList();
            assertEquals(573, lines.size());
        }
        assertEquals(573, ReservedWords.all().size());
        assertTrue(ReservedWords.isReserved("status"));
        assertTrue(ReservedWords.isReserved("Name"));
        assertFalse(ReservedWords.isReserved("EntityRef"));
    }

    @Test
    void acceptsTheSeedKeyCondition() {
        Verdict verdict =
                ExpressionValidator.validate(
                        ExpressionKind.KEY_CONDITION,
                        "#er = :er AND begins_with(#d, :p)",
                        Map.of("#er", "EntityRef", "#d", "Detail"),
                        Map.of(":er", s("WS#acme"), ":p", s("PROJ#")),
                        SAAS);
        assertTrue(verdict.ok(), verdict.problems().toString());
        assertTrue(verdict.expression(ExpressionKind.KEY_CONDITION).isPresent());
    }

    @Test
    void reportsParseErrorsAsProblems() {
        assertEquals(
                List.of("column 15: begins_with takes a path and a value"),
                problems(
                        ExpressionKind.FILTER,
                        "#er = :er AND begins_with(#d)",
                        Map.of("#er", "EntityRef"),
                        Map.of(":er", s("x"))));
    }

    @Test
    void functionArityIsChecked() {
        assertEquals(
                List.of("column 1: size takes one path"),
                problems(ExpressionKind.FILTER, "size(a, b) > :n", Map.of(), Map.of(":n", n(1))));
        assertEquals(
                List.of("column 1: attribute_not_exists takes one path"),
                problems(ExpressionKind.CONDITION, "attribute_not_exists()", Map.of(), Map.of()));
    }

    @Test
    void reservedWordsMustBePlaceholders() {
        assertEquals(
                List.of(
                        "column 1: 'Status' is a reserved word in DynamoDB; use a #name placeholder, e.g. #status",
                        "column 24: 'name' is a reserved word in DynamoDB; use a #name placeholder, e.g. #name"),
                problems(
                        ExpressionKind.FILTER,
                        "Status = :s AND author.name = :n",
                        Map.of(),
                        Map.of(":s", s("A"), ":n", s("B"))));
    }

    @Test
    void namesThatCannotBeBareNeedPlaceholders() {
        assertEquals(
                List.of(
                        "column 1: '1st' cannot be written bare (a bare name starts with a letter or _); "
                                + "use a #name placeholder"),
                problems(ExpressionKind.PROJECTION, "1st, author", Map.of(), Map.of()));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.PROJECTION,
                        "workspace_id, a1, _hidden",
                        Map.of(),
                        Map.of()));
    }

    @Test
    void placeholdersMustBeDefined() {
        assertEquals(
                List.of(
                        "column 1: #a is not defined in ExpressionAttributeNames",
                        "column 6: :v is not defined in ExpressionAttributeValues"),
                problems(ExpressionKind.FILTER, "#a = :v", Map.of(), Map.of()));
    }

    @Test
    void unusedMapEntriesAreRejected() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#a", "a");
        names.put("#b", "b");
        Verdict verdict =
                ExpressionValidator.validate(
                        ExpressionKind.FILTER,
                        "#a = :v",
                        names,
                        Map.of(":v", n(1), ":w", n(2)),
                        Optional.empty());
        assertEquals(
                List.of(
                        "ExpressionAttributeNames has #b, which no expression uses; DynamoDB rejects unused entries",
                        "ExpressionAttributeValues has :w, which no expression uses; DynamoDB rejects unused entries"),
                verdict.problems().stream().map(ExpressionProblem::toString).toList());
        assertTrue(
                verdict.problems().stream()
                        .allMatch(p -> p.expression().isEmpty() && !p.hasColumn()));
    }

    @Test
    void entriesUsedByAnyExpressionOfTheRequestAreNotUnused() {
        Map<ExpressionKind, String> query = new LinkedHashMap<>();
        query.put(ExpressionKind.KEY_CONDITION, "#er = :er");
        query.put(ExpressionKind.FILTER, "#st = :active");
        query.put(ExpressionKind.PROJECTION, "#er, #n");
        Verdict verdict =
                ExpressionValidator.validate(
                        query,
                        Map.of("#er", "EntityRef", "#st", "status", "#n", "name"),
                        Map.of(":er", s("WS#acme"), ":active", s("ACTIVE")),
                        SAAS);
        assertTrue(verdict.ok(), verdict.problems().toString());
        assertEquals(3, verdict.expressions().size());
    }

    @Test
    void unusedIsNotJudgedWhenAnExpressionDoesNotParse() {
        assertEquals(
                List.of(
                        "column 12: the condition is incomplete: expected an attribute, a :value or a function"),
                problems(
                        ExpressionKind.FILTER,
                        "#a = :v AND",
                        Map.of("#a", "a", "#b", "b"),
                        Map.of(":v", n(1))));
    }

    @Test
    void inAllowsAtMost100Operands() {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (int i = 0; i < 101; i++) {
            values.put(":v" + i, n(i));
        }
        String hundredAndOne = "a IN (" + String.join(", ", values.keySet()) + ")";
        assertEquals(
                List.of("column 1: IN has 101 operands; DynamoDB allows at most 100"),
                problems(ExpressionKind.FILTER, hundredAndOne, Map.of(), values));
        values.remove(":v100");
        String hundred = "a IN (" + String.join(", ", values.keySet()) + ")";
        assertEquals(List.of(), problems(ExpressionKind.FILTER, hundred, Map.of(), values));
    }

    @Test
    void expressionsOver4KbAreRejected() {
        String padded = "a = :v" + " ".repeat(4096 - 6);
        assertEquals(
                List.of(), problems(ExpressionKind.FILTER, padded, Map.of(), Map.of(":v", n(1))));
        assertEquals(
                List.of("the expression is 4097 bytes; DynamoDB allows at most 4096 (4 KB)"),
                problems(ExpressionKind.FILTER, padded + " ", Map.of(), Map.of(":v", n(1))));
        // Bytes, not characters: 'é' is two bytes in UTF-8.
        String accented = "a = :v" + " ".repeat(4096 - 7) + "\u00e9";
        assertTrue(
                problems(ExpressionKind.FILTER, accented, Map.of(), Map.of(":v", n(1)))
                        .get(0)
                        .startsWith("the expression is 4097 bytes"));
    }

    @Test
    void moreThan300OperatorsAreRejected() {
        // 150 comparisons joined by 149 ANDs: 299 operators; one more comparison and AND make 301.
        String ok =
                IntStream.range(0, 150)
                        .mapToObj(i -> "a = :v")
                        .collect(Collectors.joining(" AND "));
        assertEquals(List.of(), problems(ExpressionKind.FILTER, ok, Map.of(), Map.of(":v", n(1))));
        assertEquals(
                List.of(
                        "the expression has 301 operators and functions; DynamoDB allows at most 300"),
                problems(ExpressionKind.FILTER, ok + " AND a = :v", Map.of(), Map.of(":v", n(1))));
    }

    @Test
    void updateArithmeticAndFunctionsCountAsOperators() {
        String set =
                IntStream.range(0, 101)
                        .mapToObj(i -> "a" + i + " = if_not_exists(a" + i + ", :z) + :one")
                        .collect(Collectors.joining(", "));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.UPDATE,
                        "SET " + set,
                        Map.of(),
                        Map.of(":z", n(0), ":one", n(1))));
        String more =
                IntStream.range(0, 151)
                        .mapToObj(i -> "a" + i + " = if_not_exists(a" + i + ", :z) + :one")
                        .collect(Collectors.joining(", "));
        assertTrue(
                problems(
                                ExpressionKind.UPDATE,
                                "SET " + more,
                                Map.of(),
                                Map.of(":z", n(0), ":one", n(1)))
                        .contains(
                                "the expression has 302 operators and functions; DynamoDB allows at most 300"));
    }

    @Test
    void attributeTypeCodeMustBeAKnownStringCode() {
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.FILTER,
                        "attribute_type(a, :t)",
                        Map.of(),
                        Map.of(":t", s("BOOL"))));
        assertEquals(
                List.of(
                        "column 19: 'STRING' in :t is not a DynamoDB type; use one of S, SS, N, NS, B, BS, BOOL, NULL, L, M"),
                problems(
                        ExpressionKind.FILTER,
                        "attribute_type(a, :t)",
                        Map.of(),
                        Map.of(":t", s("STRING"))));
        assertEquals(
                List.of("column 19: attribute_type needs a string type code, but :t holds N"),
                problems(
                        ExpressionKind.FILTER,
                        "attribute_type(a, :t)",
                        Map.of(),
                        Map.of(":t", n(1))));
    }

    @Test
    void beginsWithNeedsAStringOrBinary() {
        assertEquals(
                List.of("column 16: begins_with compares with a string or binary, but :p holds N"),
                problems(
                        ExpressionKind.FILTER, "begins_with(a, :p)", Map.of(), Map.of(":p", n(5))));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.FILTER,
                        "begins_with(a, :p)",
                        Map.of(),
                        Map.of(":p", AttributeValue.b(new byte[] {1}))));
    }

    @Test
    void betweenBoundsMustBeOrdered() {
        assertEquals(
                List.of("column 11: BETWEEN lower bound :lo is greater than upper bound :hi"),
                problems(
                        ExpressionKind.FILTER,
                        "a BETWEEN :lo AND :hi",
                        Map.of(),
                        Map.of(":lo", n(10), ":hi", n(9))));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.FILTER,
                        "a BETWEEN :lo AND :hi",
                        Map.of(),
                        Map.of(":lo", n("9.5"), ":hi", n(10))));
        // Strings compare by UTF-8 bytes: "Z" (0x5A) sorts before "a" (0x61).
        assertEquals(
                List.of("column 11: BETWEEN lower bound :lo is greater than upper bound :hi"),
                problems(
                        ExpressionKind.FILTER,
                        "a BETWEEN :lo AND :hi",
                        Map.of(),
                        Map.of(":lo", s("a"), ":hi", s("Z"))));
        assertEquals(
                List.of(
                        "column 11: BETWEEN bounds must have the same type, but :lo holds S and :hi holds N"),
                problems(
                        ExpressionKind.FILTER,
                        "a BETWEEN :lo AND :hi",
                        Map.of(),
                        Map.of(":lo", s("1"), ":hi", n(2))));
    }

    @Test
    void operandsMustDiffer() {
        assertEquals(
                List.of("column 1: = needs two different operands, but both are #a"),
                problems(ExpressionKind.CONDITION, "#a = a", Map.of("#a", "a"), Map.of()));
        assertEquals(
                List.of("column 1: contains needs two different operands, but both are tags"),
                problems(ExpressionKind.FILTER, "contains(tags, tags)", Map.of(), Map.of()));
    }

    @Test
    void updateMayUseEachClauseOnce() {
        assertEquals(
                List.of("column 21: SET appears more than once; an update uses each clause once"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a = :v REMOVE b SET c = :v",
                        Map.of(),
                        Map.of(":v", n(1))));
    }

    @Test
    void updateMayTouchEachPathOnce() {
        assertEquals(
                List.of("column 19: paths a and a overlap; an update may touch each path once"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a = :x REMOVE a",
                        Map.of(),
                        Map.of(":x", n(1))));
        assertEquals(
                List.of("column 13: paths a and a.b overlap; an update may touch each path once"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a = :x, a.b = :x",
                        Map.of(),
                        Map.of(":x", n(1))));
        assertEquals(
                List.of(
                        "column 18: paths #an and authorName overlap; an update may touch each path once"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET #an = :x ADD authorName :x",
                        Map.of("#an", "authorName"),
                        Map.of(":x", n(1))));
        assertEquals(
                List.of(
                        "column 16: paths a[0] and a.b conflict: one treats a as a list, the other as a map"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a[0] = :x, a.b = :x",
                        Map.of(),
                        Map.of(":x", n(1))));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a.b = :x, a.c = :x REMOVE a[0]".replace("a[0]", "d[0]"),
                        Map.of(),
                        Map.of(":x", n(1))));
    }

    @Test
    void projectionNamesEachPathOnce() {
        assertEquals(
                List.of("column 4: paths a and a.b overlap; a projection names each path once"),
                problems(ExpressionKind.PROJECTION, "a, a.b", Map.of(), Map.of()));
    }

    @Test
    void addNeedsANumberOrASetAndDeleteASet() {
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.UPDATE,
                        "ADD n :one, tags :more DELETE stale :gone",
                        Map.of(),
                        Map.of(
                                ":one",
                                n(1),
                                ":more",
                                AttributeValue.ss("x"),
                                ":gone",
                                AttributeValue.ns("1"))));
        assertEquals(
                List.of(
                        "column 7: ADD needs a number or a set, but :s holds S",
                        "column 22: DELETE needs a set, but :n holds N"),
                problems(
                        ExpressionKind.UPDATE,
                        "ADD n :s DELETE tags :n",
                        Map.of(),
                        Map.of(":s", s("1"), ":n", n(1))));
        assertEquals(
                List.of("column 10: DELETE needs a set, but :l holds L"),
                problems(
                        ExpressionKind.UPDATE,
                        "DELETE s :l",
                        Map.of(),
                        Map.of(":l", AttributeValue.l(n(1)))));
    }

    @Test
    void arithmeticNeedsNumbersAndListAppendLists() {
        assertEquals(
                List.of("column 13: + needs numbers, but :s holds S"),
                problems(ExpressionKind.UPDATE, "SET a = a + :s", Map.of(), Map.of(":s", s("1"))));
        assertEquals(
                List.of("column 24: list_append needs lists, but :s holds SS"),
                problems(
                        ExpressionKind.UPDATE,
                        "SET a = list_append(a, :s)",
                        Map.of(),
                        Map.of(":s", AttributeValue.ss("x"))));
    }

    // ---- key conditions ----------------------------------------------------------------------
}
