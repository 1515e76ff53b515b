package io.dynoscope.core.model;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The check's own answer: the right items of a pattern worked out from the example items alone, and
 * its verdict on what a request returned. Every expected list here is read off the handful of loans
 * written below, not off the code.
 */
class PatternAnswersTest {

    private static final KeySchema KEYS = KeySchema.of("PK", "SK");
    private static final Entity MEMBER =
            new Entity(
                    "member",
                    KeyTemplates.of("MEMBER#{memberId}", "META"),
                    List.of(new AttributeModel("name", AttributeValue.Type.S)),
                    Map.of());
    private static final Entity LOAN =
            new Entity(
                    "loan",
                    KeyTemplates.of("MEMBER#{memberId}", "LOAN#{loanId}"),
                    List.of(
                            new AttributeModel("isbn", AttributeValue.Type.S),
                            new AttributeModel("status", AttributeValue.Type.S),
                            new AttributeModel("loanedAt", AttributeValue.Type.S)),
                    Map.of("GSI1", KeyTemplates.of("BOOK#{isbn}", "LOAN#{loanedAt}")));
    private static final SecondaryIndex GSI1 =
            new SecondaryIndex("GSI1", true, KeySchema.of("GSI1PK", "GSI1SK"), "ALL", List.of());

    // member m1 has loans 1 (OUT), 2 (RETURNED), 3 (OUT); m2 has loan 4 (OUT); books a and b
    private static final Item M1 = member("m1");
    private static final Item M2 = member("m2");
    private static final Item L1 = loan("m1", "1", "a", "OUT", "2026-01-03T10:00");
    private static final Item L2 = loan("m1", "2", "b", "RETURNED", "2026-01-05T09:00");
    private static final Item L3 = loan("m1", "3", "a", "OUT", "2026-01-09T16:30");
    private static final Item L4 = loan("m2", "4", "a", "OUT", "2026-01-04T08:15");
    private static final List<Item> EXAMPLES = List.of(M1, M2, L1, L2, L3, L4);

    private static final TableModel MODEL =
            new TableModel(
                    "Library",
                    KEYS,
                    Map.of("PK", "S", "SK", "S", "GSI1PK", "S", "GSI1SK", "S"),
                    List.of(GSI1),
                    List.of(MEMBER, LOAN),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of());

    private static Item member(String id) {
        return Item.of(Map.of("PK", s("MEMBER#" + id), "SK", s("META"), "name", s("member " + id)));
    }

    private static Item loan(String member, String id, String isbn, String status, String at) {
        Map<String, AttributeValue> a = new LinkedHashMap<>();
        a.put("PK", s("MEMBER#" + member));
        a.put("SK", s("LOAN#" + id));
        a.put("GSI1PK", s("BOOK#" + isbn));
        a.put("GSI1SK", s("LOAN#" + at));
        a.put("isbn", s(isbn));
        a.put("status", s(status));
        a.put("loanedAt", s(at));
        return Item.of(a);
    }

    private static AccessPattern stated(
            String name,
            AccessPattern.Operation operation,
            String index,
            String partitionKey,
            Optional<AccessPattern.SortKeyPattern> sortKey,
            boolean newestFirst,
            int limit,
            Question question) {
        return new AccessPattern(
                name,
                operation,
                List.of("loan"),
                index,
                KeyTemplate.parse(partitionKey),
                sortKey,
                newestFirst,
                null,
                limit,
                false,
                Optional.of(question),
                null);
    }

    private static final AccessPattern OUT_NEWEST_FIRST =
            stated(
                    "loans of a member with a given status, newest first",
                    AccessPattern.Operation.QUERY,
                    null,
                    "MEMBER#{memberId}",
                    Optional.empty(),
                    true,
                    0,
                    new Question(
                            List.of("memberId", "status"),
                            Optional.empty(),
                            Optional.of(new Question.Order("loanedAt", true))));

    private static AccessPattern ofBook(Question.Range.Kind kind) {
        return stated(
                "loans of a book, " + kind,
                AccessPattern.Operation.QUERY,
                "GSI1",
                "BOOK#{isbn}",
                Optional.empty(),
                false,
                0,
                new Question(
                        List.of("isbn"),
                        Optional.of(new Question.Range("loanedAt", kind)),
                        Optional.of(new Question.Order("loanedAt", false))));
    }

    private static List<Item> expected(AccessPattern pattern, Map<String, AttributeValue> params) {
        return PatternAnswers.expected(MODEL, pattern, params, EXAMPLES).items();
    }

    @Test
    void theAnswerHoldsTheGivenValuesInTheOrderAsked() {
        PatternAnswers.Answer answer =
                PatternAnswers.expected(
                        MODEL,
                        OUT_NEWEST_FIRST,
                        Map.of("memberId", s("m1"), "status", s("OUT")),
                        EXAMPLES);
        assertEquals(List.of(L3, L1), answer.items(), "m1's OUT loans, the 9th before the 3rd");
        assertTrue(answer.ordered());
        assertEquals(
                List.of(L4),
                expected(OUT_NEWEST_FIRST, Map.of("memberId", s("m2"), "status", s("OUT"))));
        assertEquals(
                List.of(),
                expected(OUT_NEWEST_FIRST, Map.of("memberId", s("m2"), "status", s("RETURNED"))));
        AccessPattern latest =
                stated(
                        "the latest loan of a member",
                        AccessPattern.Operation.QUERY,
                        null,
                        "MEMBER#{memberId}",
                        Optional.empty(),
                        true,
                        1,
                        new Question(
                                List.of("memberId"),
                                Optional.empty(),
                                Optional.of(new Question.Order("loanedAt", true))));
        assertEquals(List.of(L3), expected(latest, Map.of("memberId", s("m1"))), "a Limit of 1");
    }

    @Test
    void anIdKeptOnlyInTheKeyIsReadFromTheKey() {
        assertEquals(Optional.of(s("m1")), PatternAnswers.value(MODEL, L2, "memberId"));
        assertEquals(Optional.of(s("2")), PatternAnswers.value(MODEL, L2, "loanId"));
        assertEquals(Optional.of(s("RETURNED")), PatternAnswers.value(MODEL, L2, "status"));
        assertEquals(Optional.empty(), PatternAnswers.value(MODEL, M1, "status"));
        assertEquals(
                Map.of(
                        "memberId",
                        "m1",
                        "loanId",
                        "2",
                        "isbn",
                        "b",
                        "loanedAt",
                        "2026-01-05T09:00"),
                PatternAnswers.bindings(MODEL, L2));
        assertEquals(Map.of(), PatternAnswers.bindings(MODEL, Item.of(Map.of("PK", s("X")))));
    }

    @Test
    void aKeyFilledFromTheAttributeGivesTheAttributesValueNotTheTaggedKey() {
        // an attribute authorId of "U#88" fills the index key U#{authorId}: the key binds 88
        Entity post =
                new Entity(
                        "post",
                        KeyTemplates.of("POST#{postId}", "META"),
                        List.of(),
                        Map.of("byAuthor", KeyTemplates.of("U#{authorId}", null)));
        TableModel blog =
                new TableModel(
                        "blog",
                        KEYS,
                        Map.of(),
                        List.of(
                                new SecondaryIndex(
                                        "byAuthor",
                                        true,
                                        KeySchema.of("authorId", null),
                                        "ALL",
                                        List.of())),
                        List.of(post),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of());
        Item item = Item.of(Map.of("PK", s("POST#9"), "SK", s("META"), "authorId", s("U#88")));
        assertEquals(Optional.of(s("88")), PatternAnswers.value(blog, item, "authorId"));
        Item plain = Item.of(Map.of("PK", s("POST#9"), "SK", s("META"), "authorId", s("88x")));
        assertEquals(
                Optional.of(s("88x")),
                PatternAnswers.value(blog, plain, "authorId"),
                "the key does not match: the item's own value");
    }

    @Test
    void eachKindOfRangeSelectsItsBoundsInclusively() {
        // book a was loaned on the 3rd (1), the 4th (4) and the 9th (3)
        assertEquals(
                List.of(L1, L4),
                expected(
                        ofBook(Question.Range.Kind.BETWEEN),
                        Map.of(
                                "isbn", s("a"),
                                "loanedAtFrom", s("2026-01-03T10:00"),
                                "loanedAtTo", s("2026-01-04T08:15"))),
                "both bounds are inside, as DynamoDB's BETWEEN");
        assertEquals(
                List.of(L4, L3),
                expected(
                        ofBook(Question.Range.Kind.AFTER),
                        Map.of("isbn", s("a"), "loanedAtFrom", s("2026-01-04T08:15"))));
        assertEquals(
                List.of(L1, L4),
                expected(
                        ofBook(Question.Range.Kind.BEFORE),
                        Map.of("isbn", s("a"), "loanedAtTo", s("2026-01-04T08:15"))));
        assertEquals(
                List.of(L3),
                expected(
                        ofBook(Question.Range.Kind.PREFIX),
                        Map.of("isbn", s("a"), "loanedAtPrefix", s("2026-01-09"))));
        assertEquals(
                List.of(L1, L4, L3),
                expected(ofBook(Question.Range.Kind.BETWEEN), Map.of("isbn", s("a"))),
                "a range without its bounds leaves nothing out");
    }

    @Test
    void aNumberRangeComparesNumbersNotText() {
        Question.Range pages = new Question.Range("pages", Question.Range.Kind.BETWEEN);
        Map<String, String> bounds = Map.of("pagesFrom", "9", "pagesTo", "100");
        assertTrue(pages.contains(AttributeValue.n("10"), bounds), "10 is between 9 and 100");
        assertTrue(pages.contains(AttributeValue.n("100.0"), bounds));
        assertFalse(pages.contains(AttributeValue.n("101"), bounds));
        assertFalse(pages.contains(AttributeValue.n("8.5"), bounds));
        assertFalse(
                pages.contains(s("10"), bounds), "a string is compared as text: \"10\" < \"9\"");
        assertTrue(Question.compare(AttributeValue.n("9"), AttributeValue.n("10")) < 0);
        assertTrue(Question.compare(s("9"), s("10")) > 0);
        assertEquals(List.of("pagesFrom", "pagesTo"), pages.parameters());
        assertEquals(
                List.of("pagesFrom"),
                new Question.Range("pages", Question.Range.Kind.AFTER).parameters());
        assertEquals(
                List.of("pagesTo"),
                new Question.Range("pages", Question.Range.Kind.BEFORE).parameters());
        assertEquals(
                List.of("pagesPrefix"),
                new Question.Range("pages", Question.Range.Kind.PREFIX).parameters());
    }

    @Test
    void parametersComeFromTheLargestGroupAndTheRangeLeavesSomeOut() {
        Map<String, AttributeValue> byStatus =
                PatternAnswers.parameters(MODEL, OUT_NEWEST_FIRST, EXAMPLES, Map.of())
                        .orElseThrow();
        assertEquals(
                Map.of("memberId", s("m1"), "status", s("OUT")),
                byStatus,
                "m1's two OUT loans are the largest group");
        assertEquals(
                Map.of("memberId", s("m2"), "status", s("OUT")),
                PatternAnswers.parameters(
                                MODEL, OUT_NEWEST_FIRST, EXAMPLES, Map.of("memberId", s("m2")))
                        .orElseThrow(),
                "a value given is kept and the rest chosen to agree with it");
        Map<String, AttributeValue> all = Map.of("memberId", s("zz"), "status", s("LOST"));
        assertEquals(
                all,
                PatternAnswers.parameters(MODEL, OUT_NEWEST_FIRST, EXAMPLES, all).orElseThrow(),
                "every value given: used as it is");
        assertEquals(
                Optional.empty(),
                PatternAnswers.parameters(MODEL, OUT_NEWEST_FIRST, List.of(M1, M2), Map.of()),
                "no loan among the examples");

        for (Question.Range.Kind kind : Question.Range.Kind.values()) {
            AccessPattern pattern = ofBook(kind);
            Map<String, AttributeValue> values =
                    PatternAnswers.parameters(MODEL, pattern, EXAMPLES, Map.of()).orElseThrow();
            assertEquals(s("a"), values.get("isbn"), "book a has the most loans: " + kind);
            List<Item> answer = expected(pattern, values);
            assertFalse(answer.isEmpty(), kind + " " + values);
            assertTrue(answer.size() < 3, "the range leaves some of a's 3 loans out: " + kind);
        }
    }

    @Test
    void boundsLieInsideTheValuesForEverySize() {
        List<AttributeValue> values = new ArrayList<>();
        for (int n = 1; n <= 6; n++) {
            values.add(s("2026-02-0" + n + "T12:00"));
            for (Question.Range.Kind kind : Question.Range.Kind.values()) {
                Question.Range range = new Question.Range("at", kind);
                Map<String, String> bounds = new LinkedHashMap<>();
                PatternAnswers.bounds(range, values)
                        .forEach((k, v) -> bounds.put(k, Question.text(v)));
                assertEquals(Set.copyOf(range.parameters()), bounds.keySet(), kind.toString());
                long in = values.stream().filter(v -> range.contains(v, bounds)).count();
                assertTrue(in >= 1, kind + " keeps one of " + n + ": " + bounds);
                if (n >= 3) {
                    assertTrue(in < n, kind + " leaves one of " + n + " out: " + bounds);
                }
                if (kind == Question.Range.Kind.PREFIX) {
                    assertEquals(10, bounds.get("atPrefix").length(), "a day of a timestamp");
                }
            }
        }
    }

    @Test
    void theVerdictNamesWrongMissingAndMisorderedItems() {
        Map<String, AttributeValue> params = Map.of("memberId", s("m1"), "status", s("OUT"));
        assertEquals(
                Optional.empty(),
                PatternAnswers.judge(MODEL, OUT_NEWEST_FIRST, params, EXAMPLES, List.of(L3, L1)));
        assertEquals(
                Optional.of(
                        "1 returned item does not answer it: MEMBER#m1 / LOAN#2 has status"
                                + " RETURNED, not OUT"),
                PatternAnswers.judge(
                        MODEL, OUT_NEWEST_FIRST, params, EXAMPLES, List.of(L3, L2, L1)));
        assertEquals(
                Optional.of("1 expected item is missing: MEMBER#m1 / LOAN#1"),
                PatternAnswers.judge(MODEL, OUT_NEWEST_FIRST, params, EXAMPLES, List.of(L3)));
        assertEquals(
                Optional.of("out of order: MEMBER#m1 / LOAN#1 came before MEMBER#m1 / LOAN#3"),
                PatternAnswers.judge(MODEL, OUT_NEWEST_FIRST, params, EXAMPLES, List.of(L1, L3)));
        String both =
                PatternAnswers.judge(MODEL, OUT_NEWEST_FIRST, params, EXAMPLES, List.of(M1, L4))
                        .orElseThrow();
        assertTrue(
                both.startsWith(
                        "2 returned items do not answer it: MEMBER#m1 / META is a member, not"
                                + " loan; MEMBER#m2 / LOAN#4 has memberId m2, not m1"),
                both);
        assertTrue(
                both.endsWith(
                        "2 expected items are missing: MEMBER#m1 / LOAN#3; MEMBER#m1 / LOAN#1"),
                both);
    }

    @Test
    void aLimitedAnswerMayNotReturnMoreThanItsLimit() {
        AccessPattern latestTwo =
                stated(
                        "the two latest loans of a book",
                        AccessPattern.Operation.QUERY,
                        "GSI1",
                        "BOOK#{isbn}",
                        Optional.empty(),
                        true,
                        2,
                        new Question(
                                List.of("isbn"),
                                Optional.empty(),
                                Optional.of(new Question.Order("loanedAt", true))));
        Map<String, AttributeValue> a = Map.of("isbn", s("a"));
        assertEquals(List.of(L3, L4), expected(latestTwo, a));
        assertEquals(
                Optional.empty(),
                PatternAnswers.judge(MODEL, latestTwo, a, EXAMPLES, List.of(L3, L4)));
        assertEquals(
                Optional.of("it returned 3 items, over its limit of 2"),
                PatternAnswers.judge(MODEL, latestTwo, a, EXAMPLES, List.of(L3, L4, L1)));
        Item beyond = loan("m9", "9", "a", "OUT", "2026-01-10T00:00");
        assertEquals(
                Optional.empty(),
                PatternAnswers.judge(MODEL, latestTwo, a, EXAMPLES, List.of(beyond, L3)),
                "an item the table holds beyond the examples is judged on its own");
        Item newer = loan("m1", "9", "a", "OUT", "2026-01-10T00:00");
        assertEquals(
                Optional.of("1 expected item is missing: MEMBER#m1 / LOAN#1"),
                PatternAnswers.judge(
                        MODEL,
                        OUT_NEWEST_FIRST,
                        Map.of("memberId", s("m1"), "status", s("OUT")),
                        EXAMPLES,
                        List.of(newer, L3)),
                "without a limit, every expected item must be there");
    }

    @Test
    void aModelThatStatesNoQuestionIsAskedWhatItsRequestImplies() {
        AccessPattern byRequest =
                new AccessPattern(
                        "loans of a member by status",
                        AccessPattern.Operation.QUERY,
                        List.of("loan"),
                        null,
                        KeyTemplate.parse("MEMBER#{memberId}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("LOAN#"),
                                        null)),
                        true,
                        "status = :status AND isbn = :book");
        assertFalse(PatternAnswers.stated(byRequest));
        assertEquals(
                Question.given(List.of("memberId", "status")),
                PatternAnswers.questionOf(byRequest),
                "the filter's status = :status is given; isbn = :book names another parameter");
        Map<String, AttributeValue> params =
                Map.of("memberId", s("m1"), "status", s("OUT"), "book", s("a"));
        PatternAnswers.Answer answer = PatternAnswers.expected(MODEL, byRequest, params, EXAMPLES);
        assertEquals(List.of(L3, L1), answer.items(), "in the sort key's order, descending");

        AccessPattern bookRange =
                new AccessPattern(
                        "loans of a book from a date",
                        AccessPattern.Operation.QUERY,
                        List.of("loan"),
                        "GSI1",
                        KeyTemplate.parse("BOOK#{isbn}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.GE,
                                        KeyTemplate.parse("LOAN#{from}"),
                                        null)),
                        false,
                        null);
        assertEquals(Question.given(List.of("isbn")), PatternAnswers.questionOf(bookRange));
        Item unindexed =
                Item.of(
                        Map.of(
                                "PK", s("MEMBER#m1"),
                                "SK", s("LOAN#5"),
                                "isbn", s("a"),
                                "loanedAt", s("2026-01-06T11:00")));
        assertEquals(
                List.of(L1, L4, L3),
                PatternAnswers.expected(
                                MODEL,
                                bookRange,
                                Map.of("isbn", s("a")),
                                List.of(L3, unindexed, L4, L1))
                        .items(),
                "in GSI1's sort-key order; a loan without the index's keys is not in it");
    }

    @Test
    void aRequestThatNeedsWhatTheCallerLacksOrFiltersItsRangeIsNamed() {
        AccessPattern getWithLoanId =
                stated(
                        "a loan for a given memberId",
                        AccessPattern.Operation.GET_ITEM,
                        null,
                        "MEMBER#{memberId}",
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.EQ,
                                        KeyTemplate.parse("LOAN#{loanId}"),
                                        null)),
                        false,
                        0,
                        Question.given(List.of("memberId")));
        assertEquals(Set.of("loanId"), PatternAnswers.unanswerable(getWithLoanId));
        assertEquals(Set.of(), PatternAnswers.unanswerable(OUT_NEWEST_FIRST));

        AccessPattern noRange = ofBook(Question.Range.Kind.BETWEEN);
        assertFalse(PatternAnswers.rangeInKeyCondition(noRange), "no sort-key condition at all");
        AccessPattern prefixOnly =
                noRange.servedBy(
                        AccessPattern.Operation.QUERY,
                        "GSI1",
                        noRange.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BEGINS_WITH,
                                        KeyTemplate.parse("LOAN#"),
                                        null)),
                        false,
                        null);
        assertFalse(PatternAnswers.rangeInKeyCondition(prefixOnly), "a condition, not the range");
        AccessPattern between =
                noRange.servedBy(
                        AccessPattern.Operation.QUERY,
                        "GSI1",
                        noRange.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BETWEEN,
                                        KeyTemplate.parse("LOAN#{loanedAtFrom}"),
                                        KeyTemplate.parse("LOAN#{loanedAtTo}"))),
                        false,
                        null);
        assertTrue(PatternAnswers.rangeInKeyCondition(between));
        AccessPattern upperOnly =
                noRange.servedBy(
                        AccessPattern.Operation.QUERY,
                        "GSI1",
                        noRange.partitionKey(),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BETWEEN,
                                        KeyTemplate.parse("LOAN#"),
                                        KeyTemplate.parse("LOAN#{loanedAtTo}"))),
                        false,
                        null);
        assertTrue(PatternAnswers.rangeInKeyCondition(upperOnly), "the upper bound is the range");
        assertTrue(PatternAnswers.rangeInKeyCondition(OUT_NEWEST_FIRST), "no range asked");
    }

    @Test
    void aRangeIsDescribedWithItsBounds() {
        Map<String, String> bounds =
                Map.of("atFrom", "2026-01-05", "atTo", "2026-01-19", "atPrefix", "2026-01");
        assertEquals(
                "2026-01-05 .. 2026-01-19",
                PatternAnswers.describe(
                        new Question.Range("at", Question.Range.Kind.BETWEEN), bounds));
        assertEquals(
                "from 2026-01-05",
                PatternAnswers.describe(
                        new Question.Range("at", Question.Range.Kind.AFTER), bounds));
        assertEquals(
                "up to 2026-01-19",
                PatternAnswers.describe(
                        new Question.Range("at", Question.Range.Kind.BEFORE), bounds));
        assertEquals(
                "'2026-01…'",
                PatternAnswers.describe(
                        new Question.Range("at", Question.Range.Kind.PREFIX), bounds));
        assertEquals(
                Optional.of("has loanedAt 2026-01-09T16:30, outside 2026-01-01 .. 2026-01-05"),
                PatternAnswers.mismatch(
                        MODEL,
                        ofBook(Question.Range.Kind.BETWEEN),
                        Map.of(
                                "isbn",
                                s("a"),
                                "loanedAtFrom",
                                s("2026-01-01"),
                                "loanedAtTo",
                                s("2026-01-05")),
                        L3));
    }
}
