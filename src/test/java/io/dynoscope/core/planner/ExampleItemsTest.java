package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.TableDesign;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The example items of a planned library, judged as data a user would load to try the design:
 * several parents and children, references that point at items that exist, times spread over weeks
 * in key order, plain values from a small pool so an index partition holds several items, and
 * values of every type that tell the items apart.
 */
class ExampleItemsTest {

    private static final String LIBRARY =
            """
            { "table": "Library",
              "entities": [
                { "name": "member",
                  "attributes": { "name": "S", "email": "S", "active": "BOOL", "points": "N",
                                  "updatedAt": "N", "joinedAt": "S", "nextReviewAt": "S",
                                  "avatar": "B" } },
                { "name": "book", "id": "isbn", "attributes": { "title": "S" } },
                { "name": "branch", "attributes": { "city": "S" } },
                { "name": "copy", "id": ["isbn", "branchId"], "attributes": { "shelf": "S" } },
                { "name": "loan", "belongsTo": "member",
                  "attributes": { "isbn": "S", "status": "S", "loanedAt": "S" } },
                { "name": "renewal", "belongsTo": "loan", "attributes": { "renewedAt": "S" } },
                { "name": "favourite", "id": "isbn", "belongsTo": "member",
                  "attributes": { "note": "S" } } ],
              "accessPatterns": [
                "List the loans of a given isbn loaned between two dates",
                "Get a loan with its renewals" ] }
            """;

    private static final TableDesign DESIGN =
            Planner.plan(PlanRequest.read(LIBRARY).input()).design();

    @Test
    void topLevelEntitiesHaveSeveralItemsAndACombinationPairsEachItemWithTwoOthers() {
        assertEquals(3, DESIGN.itemsOf("member").size());
        assertEquals(3, DESIGN.itemsOf("book").size());
        assertEquals(3, DESIGN.itemsOf("branch").size());
        Set<String> books = values("book", "isbn");
        Set<String> branches = values("branch", "branchId");
        List<Item> copies = DESIGN.itemsOf("copy");
        assertEquals(6, copies.size(), "two copies of each book, at two branches");
        Set<List<String>> pairs = new HashSet<>();
        for (Item copy : copies) {
            String isbn = text(copy, "isbn");
            String branch = text(copy, "branchId");
            assertTrue(books.contains(isbn), "a copy of a book that exists: " + isbn);
            assertTrue(branches.contains(branch), "at a branch that exists: " + branch);
            assertTrue(pairs.add(List.of(isbn, branch)), "one copy per book and branch");
        }
        assertEquals(Set.of(2L), new HashSet<>(countBy(copies, "isbn").values()));
        assertEquals(Set.of(2L), new HashSet<>(countBy(copies, "branchId").values()));
    }

    @Test
    void childrenAreSeveralPerParentAndPointAtItemsThatExist() {
        List<Item> loans = DESIGN.itemsOf("loan");
        Map<String, Long> perMember = countBy(loans, "memberId");
        assertEquals(values("member", "memberId"), perMember.keySet());
        assertEquals(
                List.of(2L, 3L, 4L),
                perMember.values().stream().sorted().toList(),
                "four, three and two loans: members differ");
        Set<String> books = values("book", "isbn");
        Map<String, Long> perBook = countBy(loans, "isbn");
        assertEquals(books, perBook.keySet(), "every book is lent");
        assertTrue(perBook.values().stream().allMatch(n -> n >= 2), "several loans per book");

        List<Item> renewals = DESIGN.itemsOf("renewal");
        assertEquals(12, renewals.size(), "two renewals of each member's first two loans");
        assertEquals(
                values("member", "memberId"),
                countBy(renewals, "memberId").keySet(),
                "renewals under every member: a pattern by member finds several partitions");
        Map<String, Item> loansById =
                loans.stream().collect(Collectors.toMap(l -> text(l, "loanId"), l -> l));
        Map<String, Long> perLoan = countBy(renewals, "loanId");
        assertEquals(Set.of(2L), new HashSet<>(perLoan.values()));
        for (Item renewal : renewals) {
            Item loan = loansById.get(text(renewal, "loanId"));
            assertTrue(loan != null, "a renewal of a loan that exists");
            assertEquals(text(loan, "memberId"), text(renewal, "memberId"));
        }

        // a favourite is named by a book's id: a book that exists, once per member
        List<Item> favourites = DESIGN.itemsOf("favourite");
        for (Item favourite : favourites) {
            assertTrue(books.contains(text(favourite, "isbn")), favourite.toString());
        }
        Map<List<String>, Long> perPair =
                favourites.stream()
                        .collect(
                                Collectors.groupingBy(
                                        f -> List.of(text(f, "memberId"), text(f, "isbn")),
                                        Collectors.counting()));
        assertEquals(Set.of(1L), new HashSet<>(perPair.values()));
        assertTrue(countBy(favourites, "memberId").values().stream().anyMatch(n -> n > 1));
    }

    @Test
    void timesSpreadOverWeeksInTheOrderOfTheKeys() {
        List<Item> loans = new ArrayList<>(DESIGN.itemsOf("loan"));
        loans.sort((a, b) -> text(a, "loanId").compareTo(text(b, "loanId")));
        List<Instant> loanedAt = loans.stream().map(l -> instant(text(l, "loanedAt"))).toList();
        for (int i = 1; i < loanedAt.size(); i++) {
            assertTrue(
                    Duration.between(loanedAt.get(i - 1), loanedAt.get(i)).toHours() >= 24,
                    "loans a day or more apart, in the order of their ids: " + loanedAt);
        }
        assertTrue(
                Duration.between(loanedAt.get(0), loanedAt.get(loanedAt.size() - 1)).toDays() >= 14,
                "over weeks: " + loanedAt);
        for (Item member : DESIGN.itemsOf("member")) {
            Instant joined = instant(text(member, "joinedAt"));
            Instant review = instant(text(member, "nextReviewAt"));
            assertTrue(review.isAfter(joined.plus(Duration.ofDays(7))), "a next time is ahead");
            long updated = number(member, "updatedAt").longValueExact();
            assertTrue(
                    Math.abs(updated - joined.getEpochSecond()) < Duration.ofDays(1).toSeconds(),
                    "a time held as a number is epoch seconds: " + updated);
        }
    }

    @Test
    void plainValuesComeFromASmallPoolAndTellTheItemsApart() {
        Map<String, Long> perStatus = countBy(DESIGN.itemsOf("loan"), "status");
        assertTrue(perStatus.size() >= 2, "several statuses: " + perStatus);
        assertTrue(perStatus.values().stream().allMatch(n -> n >= 2), "several loans each");

        List<Item> members = DESIGN.itemsOf("member");
        assertEquals(3, values("member", "name").size());
        assertEquals(3, values("member", "email").size());
        for (Item member : members) {
            assertTrue(text(member, "name").startsWith("Member "), text(member, "name"));
            assertTrue(text(member, "email").endsWith("@example.com"), text(member, "email"));
        }
        for (Item book : DESIGN.itemsOf("book")) {
            assertTrue(text(book, "title").startsWith("Book "), text(book, "title"));
        }
        List<BigDecimal> points = members.stream().map(m -> number(m, "points")).toList();
        for (int i = 1; i < points.size(); i++) {
            assertTrue(
                    points.get(i).compareTo(points.get(i - 1)) > 0,
                    "numbers grow, so a range on them keeps some: " + points);
        }
        Set<Boolean> active = new HashSet<>();
        Set<String> avatars = new HashSet<>();
        for (Item member : members) {
            active.add(((AttributeValue.Bool) member.attributes().get("active")).value());
            byte[] avatar = ((AttributeValue.Bin) member.attributes().get("avatar")).bytes();
            assertFalse(avatar.length == 0);
            avatars.add(Arrays.toString(avatar));
        }
        assertEquals(Set.of(true, false), active);
        assertEquals(3, avatars.size(), "binary values differ too");
    }

    @Test
    void onlyTheEntitiesAnIndexKeysAreInIt() {
        for (Item item : DESIGN.items()) {
            boolean loan =
                    item.attributes().containsKey("loanId")
                            && !item.attributes().containsKey("renewalId");
            assertEquals(loan, item.attributes().containsKey("GSI1PK"), "a sparse index: " + item);
        }
    }

    private static Map<String, Long> countBy(List<Item> items, String attribute) {
        return items.stream()
                .collect(
                        Collectors.groupingBy(
                                (Function<Item, String>) i -> text(i, attribute),
                                Collectors.counting()));
    }

    private static Set<String> values(String entity, String attribute) {
        return DESIGN.itemsOf(entity).stream()
                .map(i -> text(i, attribute))
                .collect(Collectors.toSet());
    }

    /** An attribute's text, or an ancestor's id read from the item's key. */
    private static String text(Item item, String attribute) {
        return item.string(attribute)
                .or(() -> PatternAnswers.value(DESIGN.model(), item, attribute).map(Question::text))
                .orElseThrow(() -> new AssertionError(attribute + " " + item));
    }

    private static BigDecimal number(Item item, String attribute) {
        return new BigDecimal(((AttributeValue.Num) item.attributes().get(attribute)).text());
    }

    private static Instant instant(String text) {
        return Instant.parse(text);
    }
}
