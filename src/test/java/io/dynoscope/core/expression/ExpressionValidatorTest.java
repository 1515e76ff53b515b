package io.dynoscope.core.expression;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
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

class ExpressionValidatorTest {

    private static final Optional<KeySchema> SAAS =
            Optional.of(KeySchema.of("EntityRef", "Detail"));

    private static List<String> problems(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        return problems(kind, text, names, values, Optional.empty());
    }

    private static List<String> problems(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return ExpressionValidator.validate(kind, text, names, values, keys).problems().stream()
                .map(ExpressionProblem::toString)
                .toList();
    }

    private static List<String> key(String text, Map<String, AttributeValue> values) {
        return problems(ExpressionKind.KEY_CONDITION, text, Map.of(), values, SAAS);
    }

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

    @Test
    void keyConditionAcceptsEverySortKeyComparison() {
        Map<String, AttributeValue> values =
                Map.of(":pk", s("WS#acme"), ":a", s("PROJ#1"), ":b", s("PROJ#9"));
        for (String sk :
                List.of(
                        "Detail = :a",
                        "Detail < :a",
                        "Detail <= :a",
                        "Detail > :a",
                        "Detail >= :a",
                        "Detail BETWEEN :a AND :b",
                        "begins_with(Detail, :a)")) {
            Map<String, AttributeValue> used = new LinkedHashMap<>(values);
            if (!sk.contains(":b")) {
                used.remove(":b");
            }
            assertEquals(List.of(), key("EntityRef = :pk AND " + sk, used), sk);
        }
        assertEquals(List.of(), key("EntityRef = :pk", Map.of(":pk", s("WS#acme"))));
        assertEquals(
                List.of(),
                key(
                        "Detail = :a AND EntityRef = :pk",
                        Map.of(":pk", s("WS#acme"), ":a", s("META"))));
    }

    @Test
    void keyConditionRejectsWhatQueryRejects() {
        Map<String, AttributeValue> v = Map.of(":pk", s("WS#acme"), ":a", s("x"));
        assertEquals(
                List.of("column 17: key conditions cannot use OR; run one Query per alternative"),
                key("EntityRef = :pk OR Detail = :a", v));
        assertEquals(
                List.of("column 21: key conditions cannot use NOT"),
                key("EntityRef = :pk AND NOT Detail = :a", v));
        assertEquals(
                List.of("column 21: key conditions cannot use IN"),
                key("EntityRef = :pk AND Detail IN (:a)", v));
        assertEquals(
                List.of("column 21: key conditions cannot use <>"),
                key("EntityRef = :pk AND Detail <> :a", v));
        assertEquals(
                List.of(
                        "column 21: key conditions cannot use contains; put it in a filter instead"),
                key("EntityRef = :pk AND contains(Detail, :a)", v));
        assertEquals(
                List.of(
                        "column 21: key conditions cannot use attribute_exists; put it in a filter instead"),
                key("EntityRef = :pk AND attribute_exists(Detail)", Map.of(":pk", s("WS#acme"))));
        assertEquals(
                List.of("column 21: key conditions cannot use size"),
                key(
                        "EntityRef = :pk AND size(Detail) > :n",
                        Map.of(":pk", s("WS#acme"), ":n", n(1))));
    }

    @Test
    void partitionKeyOnlyWithEquality() {
        assertEquals(
                List.of("column 1: the partition key EntityRef can only be compared with ="),
                key("begins_with(EntityRef, :p)", Map.of(":p", s("WS#"))));
        assertEquals(
                List.of("column 1: the partition key EntityRef can only be compared with ="),
                key("EntityRef > :p", Map.of(":p", s("WS#"))));
    }

    @Test
    void keyConditionNeedsThePartitionKey() {
        assertEquals(
                List.of(
                        "column 1: a key condition needs the partition key compared with =, e.g. EntityRef = :v"),
                key("begins_with(Detail, :p)", Map.of(":p", s("PROJ#"))));
    }

    @Test
    void eachKeyOnceAndOnlyKeys() {
        Map<String, AttributeValue> v = Map.of(":pk", s("WS#acme"), ":a", s("A"), ":b", s("B"));
        assertEquals(
                List.of(
                        "column 37: the key Detail is used more than once; a key condition names each key once"),
                key("EntityRef = :pk AND Detail > :a AND Detail < :b", v));
        assertEquals(
                List.of(
                        "column 21: status is not a key here; key conditions can only use EntityRef and Detail"),
                problems(
                        ExpressionKind.KEY_CONDITION,
                        "EntityRef = :pk AND #s = :a",
                        Map.of("#s", "status"),
                        Map.of(":pk", s("WS#acme"), ":a", s("A")),
                        SAAS));
        assertEquals(
                List.of("column 30: a key is compared with a :value, not with another attribute"),
                key("EntityRef = :pk AND Detail = EntityRef", Map.of(":pk", s("WS#acme"))));
        assertEquals(
                List.of("column 30: key values are strings, numbers or binary, but :a holds SS"),
                key(
                        "EntityRef = :pk AND Detail = :a",
                        Map.of(":pk", s("WS#acme"), ":a", AttributeValue.ss("x"))));
    }

    @Test
    void keyValuesCannotBeEmpty() {
        assertEquals(
                List.of("column 13: key values cannot be empty, but :pk is"),
                key("EntityRef = :pk", Map.of(":pk", s(""))));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.FILTER, "note = :empty", Map.of(), Map.of(":empty", s(""))));
    }

    @Test
    void mapKeysMustBePlaceholders() {
        assertEquals(
                List.of(
                        "ExpressionAttributeNames key 'er' is not a placeholder: write # then letters, digits or _",
                        "#d stands for an empty attribute name",
                        "ExpressionAttributeValues key 'v' is not a placeholder: write : then letters, digits or _",
                        "ExpressionAttributeNames has er, which no expression uses; DynamoDB rejects unused entries",
                        "ExpressionAttributeValues has v, which no expression uses; DynamoDB rejects unused entries"),
                problems(
                        ExpressionKind.FILTER,
                        "#d = :x",
                        linked("er", "EntityRef", "#d", ""),
                        linked(":x", n(1), "v", n(2))));
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> linked(Object... pairs) {
        Map<String, V> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (V) pairs[i + 1]);
        }
        return map;
    }

    @Test
    void keyConditionWithoutASchemaChecksTheShape() {
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.KEY_CONDITION,
                        "pk = :pk AND begins_with(sk, :p)",
                        Map.of(),
                        Map.of(":pk", s("a"), ":p", s("b"))));
        assertEquals(
                List.of(
                        "column 1: a key condition needs the partition key compared with =, e.g. partitionKey = :v"),
                problems(
                        ExpressionKind.KEY_CONDITION, "pk > :pk", Map.of(), Map.of(":pk", s("a"))));
    }

    // ---- what DynamoDB rejects in the context of the request -------------------------------

    /**
     * The blog table: PK/SK, a GSI byAuthor on authorId/createdAt, a number key "stars" on byStars.
     */
    private static final TableKeys BLOG =
            new TableKeys(
                    KeySchema.of("PK", "SK"),
                    Map.of(
                            "byAuthor",
                            KeySchema.of("authorId", "createdAt"),
                            "byStars",
                            KeySchema.of("stars", null)),
                    Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S", "stars", "N"));

    private static List<String> in(
            RequestContext context,
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        return ExpressionValidator.validate(Map.of(kind, text), names, values, context)
                .problems()
                .stream()
                .map(ExpressionProblem::toString)
                .toList();
    }

    @Test
    void anEmptyMapIsRejectedAndNamed() {
        assertEquals(
                List.of(
                        "ExpressionAttributeNames is empty; DynamoDB refuses an empty map: leave it out"),
                in(
                        RequestContext.none(),
                        ExpressionKind.FILTER,
                        "a = :a",
                        Map.of(),
                        Map.of(":a", s("x"))));
        assertEquals(
                List.of(
                        "ExpressionAttributeValues is empty; DynamoDB refuses an empty map: leave it out"),
                in(RequestContext.none(), ExpressionKind.PROJECTION, "a", null, Map.of()));
        assertEquals(
                List.of(),
                in(RequestContext.none(), ExpressionKind.PROJECTION, "a", null, null),
                "maps left out are fine");
        assertEquals(
                List.of(),
                problems(ExpressionKind.PROJECTION, "a", Map.of(), Map.of()),
                "the map-taking overload reads empty maps as left out");
    }

    @Test
    void aKeyConditionValueMustHaveTheKeyType() {
        RequestContext table = RequestContext.of(Operation.QUERY, BLOG, null);
        assertEquals(
                List.of("column 6: the key PK is of type S, but :n holds N"),
                in(table, ExpressionKind.KEY_CONDITION, "PK = :n", null, Map.of(":n", n(12))));
        assertEquals(
                List.of(
                        "column 25: the key SK is of type S, but :lo holds N",
                        "column 33: the key SK is of type S, but :hi holds N"),
                in(
                        table,
                        ExpressionKind.KEY_CONDITION,
                        "PK = :pk AND SK BETWEEN :lo AND :hi",
                        null,
                        Map.of(":pk", s("USER#12"), ":lo", n(1), ":hi", n(2))));
        RequestContext byStars = RequestContext.of(Operation.QUERY, BLOG, "byStars");
        assertEquals(
                List.of("column 9: the key stars is of type N, but :r holds S"),
                in(
                        byStars,
                        ExpressionKind.KEY_CONDITION,
                        "stars = :r",
                        null,
                        Map.of(":r", s("7"))));
        assertEquals(
                List.of(),
                in(byStars, ExpressionKind.KEY_CONDITION, "stars = :r", null, Map.of(":r", n(7))));
    }

    @Test
    void anUpdateCannotTouchATableKeyAttribute() {
        RequestContext update = RequestContext.of(Operation.UPDATE_ITEM, BLOG, null);
        assertEquals(
                List.of(
                        "column 5: PK is part of the table's key, which an update cannot SET; "
                                + "put the item under its new key and delete the old one"),
                in(
                        update,
                        ExpressionKind.UPDATE,
                        "SET #pk = :s",
                        Map.of("#pk", "PK"),
                        Map.of(":s", s("x"))));
        assertEquals(
                List.of(
                        "column 8: SK is part of the table's key, which an update cannot REMOVE; "
                                + "put the item under its new key and delete the old one"),
                in(update, ExpressionKind.UPDATE, "REMOVE SK", null, null));
        assertEquals(
                List.of(
                        "column 5: SK is part of the table's key, which an update cannot ADD; "
                                + "put the item under its new key and delete the old one",
                        "column 18: PK is part of the table's key, which an update cannot DELETE; "
                                + "put the item under its new key and delete the old one"),
                in(
                        update,
                        ExpressionKind.UPDATE,
                        "ADD SK :n DELETE PK :ss",
                        null,
                        Map.of(":n", n(1), ":ss", AttributeValue.ss("a"))));
    }

    @Test
    void anIndexKeyAttributeTakesOnlyAValueOfItsType() {
        RequestContext update = RequestContext.of(Operation.UPDATE_ITEM, BLOG, null);
        assertEquals(
                List.of(
                        "column 16: authorId is a key of index byAuthor, of type S, but :n holds N"),
                in(update, ExpressionKind.UPDATE, "SET authorId = :n", null, Map.of(":n", n(12))));
        assertEquals(
                List.of(
                        "column 13: stars is a key of index byStars, of type N, but this value is L"),
                in(
                        update,
                        ExpressionKind.UPDATE,
                        "SET stars = list_append(:l, :l)",
                        null,
                        Map.of(":l", AttributeValue.l(List.of()))));
        assertEquals(
                List.of(
                        "column 16: authorId is a key of index byAuthor, which cannot be set to an empty value"),
                in(
                        update,
                        ExpressionKind.UPDATE,
                        "SET authorId = if_not_exists(authorId, :e)",
                        null,
                        Map.of(":e", s(""))));
        assertEquals(
                List.of(),
                in(
                        update,
                        ExpressionKind.UPDATE,
                        "SET authorId = :a, stars = stars + :n REMOVE createdAt",
                        null,
                        Map.of(":a", s("U#12"), ":n", n(1))),
                "a value of the key's type, arithmetic on a number key and REMOVE are allowed");
    }

    @Test
    void aQueryFilterCannotNameTheKeysItReads() {
        RequestContext table = RequestContext.of(Operation.QUERY, BLOG, null);
        assertEquals(
                List.of(
                        "column 1: a Query's filter cannot use SK, a key of the table it reads; "
                                + "put the condition in the key condition"),
                in(
                        table,
                        ExpressionKind.FILTER,
                        "#sk = :s",
                        Map.of("#sk", "SK"),
                        Map.of(":s", s("x"))));
        RequestContext index = RequestContext.of(Operation.QUERY, BLOG, "byAuthor");
        assertEquals(
                List.of(
                        "column 13: a Query's filter cannot use createdAt, a key of the index byAuthor it reads; "
                                + "put the condition in the key condition"),
                in(
                        index,
                        ExpressionKind.FILTER,
                        "PK = :s AND createdAt > :s",
                        null,
                        Map.of(":s", s("x"))),
                "the table's keys are ordinary attributes in an index Query's filter");
        assertEquals(
                List.of(),
                in(
                        RequestContext.of(Operation.SCAN, BLOG, null),
                        ExpressionKind.FILTER,
                        "SK = :s",
                        null,
                        Map.of(":s", s("x"))),
                "a Scan's filter may use any attribute");
        assertEquals(
                List.of(),
                in(
                        new RequestContext(Optional.empty(), Optional.of(BLOG), Optional.empty()),
                        ExpressionKind.FILTER,
                        "SK = :s",
                        null,
                        Map.of(":s", s("x"))),
                "without an operation a filter is checked as for a Scan");
    }

    @Test
    void notNotIsAccepted() {
        assertEquals(
                List.of(),
                problems(ExpressionKind.FILTER, "NOT NOT a = :a", Map.of(), Map.of(":a", s("x"))));
        assertEquals(
                List.of(),
                problems(
                        ExpressionKind.CONDITION,
                        "not not not attribute_exists(a)",
                        Map.of(),
                        Map.of()));
    }

    @Test
    void anExpressionTheCallDoesNotTakeIsRejected() {
        assertEquals(
                List.of("GetItem takes no FilterExpression"),
                in(
                        RequestContext.of(Operation.GET_ITEM, BLOG, null),
                        ExpressionKind.FILTER,
                        "a = :a",
                        null,
                        Map.of(":a", s("x"))));
    }
}
