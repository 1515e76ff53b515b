package io.dynoscope.core.expression;

import static io.dynoscope.core.expression.ValidatorProblems.SAAS;
import static io.dynoscope.core.expression.ValidatorProblems.key;
import static io.dynoscope.core.expression.ValidatorProblems.linked;
import static io.dynoscope.core.expression.ValidatorProblems.problems;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the validator finds against the keys and the request: key conditions Query accepts, key
 * values of the key's type, and what DynamoDB refuses in the request's context.
 */
class KeyConditionValidatorTest {

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
