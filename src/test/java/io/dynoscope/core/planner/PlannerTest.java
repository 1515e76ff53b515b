package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Designs proposed from the seed's words and from the issue's library, read by an expert's eye. */
class PlannerTest {

    static final String SEED =
            """
            { "table": "saas-plan", "partitionKey": "EntityRef", "sortKey": "Detail",
              "entities": [
                { "name": "workspace", "attributes": { "name": "S", "plan": "S" } },
                { "name": "project", "id": "projectId", "belongsTo": "workspace",
                  "attributes": { "name": "S", "status": "S", "createdAt": "S", "labels": "SS" } } ],
              "accessPatterns": [
                "get a workspace's settings",
                "load a workspace and its projects, newest first",
                "get one project by its id",
                "all projects with status = ACTIVE across workspaces" ] }
            """;

    static final String LIBRARY =
            """
            { "table": "Library",
              "entities": [
                { "name": "member", "attributes": { "name": "S", "email": "S" } },
                { "name": "book", "id": "isbn", "attributes": { "title": "S", "authorId": "S" } },
                { "name": "branch", "attributes": { "city": "S" } },
                { "name": "copy", "id": ["isbn", "branchId"], "attributes": { "shelf": "S" } },
                { "name": "loan", "belongsTo": "member",
                  "attributes": { "isbn": "S", "status": "S", "loanedAt": "S", "renewals": "L" } } ],
              "accessPatterns": [
                "Look up a member by memberId",
                { "words": "List the loans of a given isbn loaned between two dates", "readsPerSecond": 40 },
                "List the loans of a member with a given status, newest first",
                "List the loans of a member, newest first",
                "Get a loan with its renewals",
                "Get the copies of a book at every branch",
                "Get the copy of a book at a given branch" ] }
            """;

    static Plan plan(String request) {
        return Planner.plan(PlanRequest.read(request).input());
    }

    @Test
    void theSeedIsOneCollectionPerWorkspaceAndOneIndexByStatus() {
        TableModel model = plan(SEED).design().model();
        assertEquals(KeySchema.of("EntityRef", "Detail"), model.keys());
        assertEquals(
                KeyTemplates.of("WORKSPACE#{workspaceId}", "META"),
                model.entity("workspace").orElseThrow().keys());
        Entity project = model.entity("project").orElseThrow();
        assertEquals(
                KeyTemplates.of("WORKSPACE#{workspaceId}", "PROJECT#{projectId}"), project.keys());
        assertEquals(
                List.of(
                        new SecondaryIndex(
                                "GSI1", true, KeySchema.of("GSI1PK", "GSI1SK"), "ALL", List.of())),
                model.indexes());
        assertEquals(
                Map.of(
                        "GSI1",
                        KeyTemplates.of("STATUS#{status}", "PROJECT#{workspaceId}#{projectId}")),
                project.indexKeys());
        List<AccessPattern> patterns = model.accessPatterns();
        assertEquals(AccessPattern.Operation.GET_ITEM, patterns.get(0).operation());
        AccessPattern both = patterns.get(1);
        assertEquals(List.of("workspace", "project"), both.entities());
        assertEquals("WORKSPACE#{workspaceId}", both.partitionKey().text());
        assertTrue(both.sortKey().isEmpty(), "the collection holds only the two: no condition");
        assertTrue(both.newestFirst());
        assertEquals(AccessPattern.Operation.GET_ITEM, patterns.get(2).operation());
        assertEquals("GSI1", patterns.get(3).index());
        assertEquals("STATUS#{status}", patterns.get(3).partitionKey().text());
        assertEquals(List.of("status"), patterns.get(3).question().orElseThrow().given());
    }

    @Test
    void theLibraryNeedsTwoIndexesWithCompositeSortKeysAndNaturalKeys() {
        Plan plan = plan(LIBRARY);
        TableModel model = plan.design().model();
        assertEquals(2, model.indexes().size(), describe(model));
        Entity loan = model.entity("loan").orElseThrow();
        assertEquals(KeyTemplates.of("MEMBER#{memberId}", "LOAN#{loanId}"), loan.keys());
        assertEquals(
                Set.of(
                        KeyTemplates.of("BOOK#{isbn}", "LOAN#{loanedAt}"),
                        KeyTemplates.of("MEMBER#{memberId}", "LOAN#{status}#{loanedAt}")),
                Set.copyOf(loan.indexKeys().values()));
        assertEquals(
                KeyTemplates.of("BOOK#{isbn}", "BRANCH#{branchId}"),
                model.entity("copy").orElseThrow().keys(),
                "a copy is unique by book and branch: its natural key, no made-up id");

        AccessPattern between = model.accessPatterns().get(1);
        assertEquals(SortKeyCondition.Operator.BETWEEN, between.sortKey().orElseThrow().operator());
        assertEquals("LOAN#{loanedAtFrom}", between.sortKey().get().value().text());
        assertEquals("LOAN#{loanedAtTo}", between.sortKey().get().upper().text());
        AccessPattern withStatus = model.accessPatterns().get(2);
        assertEquals("LOAN#{status}#", withStatus.sortKey().orElseThrow().value().text());
        assertTrue(withStatus.newestFirst());
        assertEquals(
                SortKeyCondition.Operator.BEGINS_WITH,
                model.accessPatterns().get(3).sortKey().orElseThrow().operator());
        assertEquals(
                null,
                model.accessPatterns().get(3).index(),
                "loan ids are time-ordered: the table's own key is the order");
        assertEquals(AccessPattern.Operation.GET_ITEM, model.accessPatterns().get(4).operation());
        assertEquals(
                "BRANCH#", model.accessPatterns().get(5).sortKey().orElseThrow().value().text());
        assertEquals(AccessPattern.Operation.GET_ITEM, model.accessPatterns().get(6).operation());
    }

    @Test
    void theExamplesExerciseEveryPatternWithSeveralItemsAndRealReferences() {
        TableDesign design = plan(LIBRARY).design();
        Set<String> isbns =
                design.itemsOf("book").stream()
                        .map(i -> i.string("isbn").orElseThrow())
                        .collect(Collectors.toSet());
        List<Item> loans = design.itemsOf("loan");
        assertTrue(loans.size() >= 8, "several loans: " + loans.size());
        for (Item loan : loans) {
            assertTrue(
                    isbns.contains(loan.string("isbn").orElseThrow()), "a loan points at a book");
        }
        assertTrue(
                loans.stream().map(i -> i.string("isbn").orElseThrow()).distinct().count()
                        < loans.size(),
                "several loans per book");
        for (AccessPattern pattern : design.model().accessPatterns()) {
            Map<String, AttributeValue> parameters =
                    PatternAnswers.parameters(design.model(), pattern, design.items(), Map.of())
                            .orElseThrow(() -> new AssertionError(pattern.name()));
            List<Item> expected =
                    PatternAnswers.expected(design.model(), pattern, parameters, design.items())
                            .items();
            assertFalse(expected.isEmpty(), pattern.name());
            if (pattern.question().orElseThrow().range().isPresent()) {
                long all = design.itemsOf(pattern.entities().get(0)).size();
                assertTrue(expected.size() < all, "the range leaves some out: " + pattern.name());
            }
        }
    }

    @Test
    void sparseIndexesAndTradeOffsAreSaid() {
        List<Finding> findings = plan(LIBRARY).findings();
        assertTrue(has(findings, Finding.Kind.SPARSE_INDEX, "GSI1"), findings.toString());
        assertTrue(
                findings.stream()
                        .anyMatch(
                                f ->
                                        f.kind() == Finding.Kind.TRADE_OFF
                                                && f.subject().equals("copy")
                                                && f.message().contains("natural key")),
                findings.toString());
    }

    @Test
    void aPatternGivenNothingIsAScanAndSaysSo() {
        Plan scan =
                plan(
                        """
                        { "table": "tbl", "entities": [ { "name": "workspace" } ],
                          "accessPatterns": [ "list every workspace" ] }
                        """);
        AccessPattern every = scan.design().model().accessPatterns().get(0);
        assertEquals(AccessPattern.Operation.SCAN, every.operation());
        assertTrue(has(scan.findings(), Finding.Kind.SCAN, "list every workspace"));
    }

    @Test
    void anLsiAndAFilterAreFlaggedInAModelEditedByHand() {
        TableDesign planned = plan(SEED).design();
        TableModel model = planned.model();
        TableModel edited =
                model.with(
                        b ->
                                b.indexes(
                                                List.of(
                                                        model.indexes().get(0),
                                                        new SecondaryIndex(
                                                                "byName",
                                                                false,
                                                                KeySchema.of("EntityRef", "name"),
                                                                "ALL",
                                                                List.of())))
                                        .accessPatterns(
                                                List.of(
                                                        new AccessPattern(
                                                                "active projects of a workspace",
                                                                AccessPattern.Operation.QUERY,
                                                                List.of("project"),
                                                                null,
                                                                model.entity("project")
                                                                        .orElseThrow()
                                                                        .keys()
                                                                        .partitionKey(),
                                                                Optional.empty(),
                                                                false,
                                                                "status = :status"))));
        List<Finding> findings = ModelReview.review(planned.withModel(edited));
        assertTrue(has(findings, Finding.Kind.LSI_LIMIT, "byName"), findings.toString());
        assertTrue(
                has(findings, Finding.Kind.FILTER, "active projects of a workspace"),
                findings.toString());
    }

    @Test
    void aRequestThePlannerCannotLayOutIsRefusedSayingWhy() {
        IllegalArgumentException twice =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                plan(
                                        """
                                        { "table": "tbl", "entities": [
                                            { "name": "loan" }, { "name": "loan" } ] }
                                        """));
        assertEquals("two entities are called 'loan'", twice.getMessage());
        IllegalArgumentException loop =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                plan(
                                        """
                                        { "table": "tbl", "entities": [
                                            { "name": "a", "belongsTo": "b" },
                                            { "name": "b", "belongsTo": "a" } ] }
                                        """));
        assertTrue(loop.getMessage().contains("is its own ancestor"), loop.getMessage());
    }

    @Test
    void aParentThatIsNoEntityGivesItsChildAPartitionOfItsOwnAndSaysSo() {
        Plan orphan =
                plan(
                        """
                        { "table": "tbl", "entities": [
                            { "name": "loan", "belongsTo": "member", "attributes": { "at": "S" } } ],
                          "accessPatterns": [ "get a loan by loanId" ] }
                        """);
        assertEquals(
                KeyTemplates.of("LOAN#{loanId}", "META"),
                orphan.design().model().entity("loan").orElseThrow().keys());
        assertTrue(
                has(orphan.findings(), Finding.Kind.TRADE_OFF, "loan"),
                orphan.findings().toString());
        assertEquals(
                AccessPattern.Operation.GET_ITEM,
                orphan.design().model().accessPatterns().get(0).operation());
    }

    @Test
    void aPatternReturningWhatIsNoEntityIsRefused() {
        PlanInput input =
                new PlanInput(
                        "t",
                        null,
                        null,
                        List.of(EntitySpec.of("member", null, null, List.of())),
                        List.of(PatternSpec.of("list books", "book", List.of(), true)));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Planner.plan(input));
        assertEquals(
                "access pattern 'list books' returns 'book', which is not an entity",
                e.getMessage());
    }

    static String describe(TableModel model) {
        return model.entities().stream()
                .map(e -> e.name() + " " + e.keys() + " " + e.indexKeys())
                .collect(Collectors.joining("\n"));
    }

    static boolean has(List<Finding> findings, Finding.Kind kind, String subject) {
        return findings.stream().anyMatch(f -> f.kind() == kind && f.subject().equals(subject));
    }
}
