package io.dynoscope.ui.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.ui.common.IndexChoices;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The expression builder's view model, without a display. */
class ExpressionBuilderViewModelTest {

    private static final TableInfo SAAS =
            new TableInfo(
                    "saas",
                    "ACTIVE",
                    KeySchema.of("EntityRef", "Detail"),
                    Map.of("EntityRef", "S", "Detail", "S"),
                    List.of(),
                    List.of(),
                    "PAY_PER_REQUEST",
                    0,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);
    private static final TableInfo BLOG =
            new TableInfo(
                    "blog",
                    "ACTIVE",
                    KeySchema.of("PK", "SK"),
                    Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S"),
                    List.of(
                            new SecondaryIndex(
                                    "byAuthor",
                                    true,
                                    KeySchema.of("authorId", "createdAt"),
                                    "ALL",
                                    List.of())),
                    List.of(),
                    "PAY_PER_REQUEST",
                    0,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);
    private static final SnippetOptions LOCAL =
            SnippetOptions.local(URI.create("http://localhost:8000"), "us-east-1", "me");

    @Test
    void theSeedKeyConditionIsBuiltFromTwoRows() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);

        assertEquals("EntityRef", builder.rows().get(0).attributeProperty().get());
        builder.rows().get(0).valueProperty().set("WS#acme");
        BuilderRow sortKey = builder.addRow();
        sortKey.valueProperty().set("PROJ#");
        builder.newestFirstProperty().set(true);

        assertEquals("Detail", sortKey.attributeProperty().get());
        assertEquals(Row.Operator.BEGINS_WITH, sortKey.operatorProperty().get());
        assertEquals("#er = :er AND begins_with(#d, :p)", builder.expressionTextProperty().get());
        assertEquals(
                "{\n  \"#er\" : \"EntityRef\",\n  \"#d\" : \"Detail\"\n}",
                builder.namesJsonProperty().get());
        assertEquals(
                "{\n  \":er\" : {\n    \"S\" : \"WS#acme\"\n  },\n  \":p\" : {\n    \"S\" : \"PROJ#\"\n  }\n}",
                builder.valuesJsonProperty().get());
        assertEquals(List.of(), builder.problems());
        assertTrue(
                builder.snippetProperty(SnippetLanguage.PYTHON)
                        .get()
                        .contains("ScanIndexForward=False"));
        assertTrue(builder.canRunProperty().get());

        builder.run();

        assertEquals(1, ran.size());
        SnippetRequest request = ran.get(0);
        assertEquals(Operation.QUERY, request.operation());
        assertEquals(
                "#er = :er AND begins_with(#d, :p)",
                request.expressions().get(ExpressionKind.KEY_CONDITION));
        assertEquals(
                Map.of(":er", AttributeValue.s("WS#acme"), ":p", AttributeValue.s("PROJ#")),
                request.values());
        assertFalse(request.scanForward());
    }

    private static ReadRequest query(String partition, SortKeyCondition sortKey) {
        KeyCondition key =
                KeyCondition.partition(SAAS.keySchema(), AttributeValue.s(partition)).and(sortKey);
        return new ReadRequest("saas", ReadMode.QUERY, null, key, false, null, null, 1, 100, false);
    }

    @Test
    void theBuilderFollowsTheReadsUntilThePersonChangesItAndAgainAfterTheirOwnRun() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);

        builder.follow(
                query(
                        "WS#acme",
                        SortKeyCondition.of(
                                SortKeyCondition.Operator.BEGINS_WITH, AttributeValue.s("PROJ#"))));
        assertEquals("#er = :er AND begins_with(#d, :p)", builder.expressionTextProperty().get());
        assertEquals("WS#acme", builder.rows().get(0).valueProperty().get());
        assertTrue(builder.newestFirstProperty().get(), "the read's direction");

        builder.follow(query("WS#beta", null));
        assertEquals("#er = :er", builder.expressionTextProperty().get());
        assertEquals("WS#beta", builder.rows().get(0).valueProperty().get(), "a later read");

        builder.rows().get(0).valueProperty().set("WS#gamma");
        builder.follow(query("WS#delta", null));
        assertEquals(
                "WS#gamma", builder.rows().get(0).valueProperty().get(), "the person's row stays");

        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);
        builder.run();
        builder.follow(query("WS#gamma", null));
        builder.follow(query("WS#epsilon", null));
        assertEquals(1, ran.size());
        assertEquals(
                "WS#epsilon",
                builder.rows().get(0).valueProperty().get(),
                "after its own Run the builder follows again");
    }

    @Test
    void aMisplacedOrInAPastedKeyConditionIsReportedAtTheOr() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);

        List<ExpressionBuilderViewModel.Problem> found =
                builder.load(
                        "#er = :er OR begins_with(#d, :p)",
                        "{\"#er\": \"EntityRef\", \"#d\": \"Detail\"}",
                        "{\":er\": {\"S\": \"WS#acme\"}, \":p\": {\"S\": \"PROJ#\"}}");

        assertEquals(1, found.size());
        assertEquals(11, found.get(0).column());
        assertEquals(
                "key conditions cannot use OR; run one Query per alternative",
                found.get(0).message());
        assertEquals(
                "Not loaded into rows: column 11: OR cannot be shown as rows; rows are joined with AND",
                builder.messageProperty().get());
        assertEquals("EntityRef", builder.rows().get(0).attributeProperty().get());
    }

    @Test
    void aProblemPointsAtTheRowItCameFrom() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.rows().get(0).valueProperty().set("WS#acme");
        BuilderRow notAKey = builder.addRow();
        notAKey.attributeProperty().set("status");
        notAKey.operatorProperty().set(Row.Operator.EQ);
        notAKey.valueProperty().set("ACTIVE");

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        ExpressionBuilderViewModel.Problem problem = builder.problems().get(0);
        assertEquals(1, problem.row());
        assertEquals(15, problem.column());
        assertEquals(
                "status is not a key here; key conditions can only use EntityRef and Detail",
                problem.message());
        assertFalse(builder.canRunProperty().get());
        assertEquals("", builder.snippetProperty(SnippetLanguage.JAVA).get());
    }

    @Test
    void aValueTheRowCannotTakeIsReportedOnItsRow() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.kindProperty().set(ExpressionKind.FILTER);
        builder.rows()
                .setAll(
                        BuilderRow.condition("status", Row.Operator.IN, "ACTIVE"),
                        BuilderRow.condition("budget", Row.Operator.BETWEEN, "100"));
        builder.rows().get(1).upperProperty().set("200.5");

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        assertEquals(0, builder.problems().get(0).row());
        assertEquals("#b BETWEEN :b1 AND :b2", builder.expressionTextProperty().get());

        builder.rows().get(0).valueProperty().set("[\"ACTIVE\", \"PAUSED\"]");

        assertEquals(List.of(), builder.problems());
        assertEquals(
                "#s IN (:s1, :s2) AND #b BETWEEN :b1 AND :b2",
                builder.expressionTextProperty().get());
    }

    @Test
    void aGuardedSetNeedsTheItemKeyToRun() {
        ExpressionBuilderViewModel builder =
                new ExpressionBuilderViewModel(BLOG, SnippetOptions.aws());
        builder.kindProperty().set(ExpressionKind.UPDATE);
        builder.rows()
                .setAll(BuilderRow.action(UpdateClause.Keyword.SET, "authorName", "Mara Vance"));
        builder.addGuardRow();
        builder.guardRows().setAll(BuilderRow.condition("authorName", Row.Operator.EQ, "Mara V."));

        assertEquals("SET #an = :an", builder.expressionTextProperty().get());
        assertEquals("#an = :an2", builder.guardTextProperty().get());
        assertFalse(builder.canRunProperty().get());

        builder.itemKeyProperty().set("{\"PK\": \"POST#9f3\", \"SK\": \"META\"}");

        assertTrue(builder.canRunProperty().get());
        String cli = builder.snippetProperty(SnippetLanguage.AWS_CLI).get();
        assertTrue(cli.contains("--condition-expression '#an = :an2'"), cli);
        assertTrue(
                cli.contains("--key '{\"PK\":{\"S\":\"POST#9f3\"},\"SK\":{\"S\":\"META\"}}'"), cli);
        assertFalse(cli.contains("endpoint"), cli);
    }

    @Test
    void aPastedFilterIsLoadedBackIntoRowsWithItsValues() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.kindProperty().set(ExpressionKind.FILTER);

        List<ExpressionBuilderViewModel.Problem> found =
                builder.load(
                        "#s IN (:a, :b) AND #n BETWEEN :lo AND :hi AND attribute_exists(billing.email) AND #l = :l",
                        "{\"#s\": \"status\", \"#n\": \"budget\", \"#l\": \"label\"}",
                        "{\":a\": {\"S\": \"ACTIVE\"}, \":b\": {\"S\": \"12\"}, \":lo\": {\"N\": \"1\"}, \":hi\": {\"N\": \"2.5\"},"
                                + " \":l\": {\"SS\": [\"q1\"]}}");

        assertEquals(List.of(), found);
        assertEquals("Loaded into rows.", builder.messageProperty().get());
        assertEquals(4, builder.rows().size());
        assertEquals("[\"ACTIVE\",\"12\"]", builder.rows().get(0).valueProperty().get());
        assertEquals("1", builder.rows().get(1).valueProperty().get());
        assertEquals("2.5", builder.rows().get(1).upperProperty().get());
        assertEquals("billing.email", builder.rows().get(2).attributeProperty().get());
        assertEquals("{\"SS\":[\"q1\"]}", builder.rows().get(3).valueProperty().get());
        assertEquals(List.of(), builder.problems());
        assertEquals(
                "#s IN (:s1, :s2) AND #b BETWEEN :b1 AND :b2 AND attribute_exists(#b2.#e) AND #l = :l",
                builder.expressionTextProperty().get());
    }

    @Test
    void theIndexDecidesTheKeysOfAKeyCondition() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(BLOG, LOCAL);
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);

        builder.indexProperty().set("byAuthor");
        builder.rows().get(0).valueProperty().set("U#12");
        builder.run();

        assertEquals(List.of(IndexChoices.TABLE, "byAuthor"), builder.indexChoices());
        assertEquals("authorId", builder.rows().get(0).attributeProperty().get());
        assertEquals(Optional.of("byAuthor"), ran.get(0).index());
        assertEquals("#ai = :ai", ran.get(0).expressions().get(ExpressionKind.KEY_CONDITION));
    }

    @Test
    void completionOffersKnownAttributesByPrefix() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(BLOG, LOCAL);
        builder.knownAttributes().addAll("authorName", "title", "author");

        assertEquals(List.of("authorId", "authorName", "author"), builder.completions("AUTH"));
        assertEquals(
                List.of("PK", "SK", "authorId", "createdAt", "authorName", "title", "author"),
                builder.completions(""));
    }

    @Test
    void aProjectionAndADeleteConditionBecomeScanAndDeleteItem() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);
        builder.kindProperty().set(ExpressionKind.PROJECTION);
        builder.rows()
                .setAll(
                        BuilderRow.condition("Detail", Row.Operator.EQ, ""),
                        BuilderRow.condition("owner.email", Row.Operator.EQ, ""));
        builder.run();
        builder.kindProperty().set(ExpressionKind.CONDITION);
        builder.rows().setAll(BuilderRow.condition("seats", Row.Operator.LT, "10"));
        builder.itemKeyProperty()
                .set("{\"EntityRef\": {\"S\": \"WS#beta\"}, \"Detail\": {\"S\": \"META\"}}");
        builder.run();

        assertEquals(2, ran.size());
        assertEquals(Operation.SCAN, ran.get(0).operation());
        assertEquals("#d, #o.#e", ran.get(0).expressions().get(ExpressionKind.PROJECTION));
        assertEquals(Operation.DELETE_ITEM, ran.get(1).operation());
        assertEquals(
                Optional.of(
                        Key.of(
                                "EntityRef",
                                AttributeValue.s("WS#beta"),
                                "Detail",
                                AttributeValue.s("META"))),
                ran.get(1).key());
        assertEquals("#s < :s", ran.get(1).expressions().get(ExpressionKind.CONDITION));
        assertEquals(Map.of(":s", AttributeValue.n(10)), ran.get(1).values());
    }

    // ---- what DynamoDB rejects in the context of the request (issue 13) ----------------------

    @Test
    void aPastedEmptyMapIsRejectedAndABuiltOneIsLeftOut() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.kindProperty().set(ExpressionKind.CONDITION);

        List<ExpressionBuilderViewModel.Problem> found =
                builder.load("attribute_not_exists(Detail)", "", "{}");

        assertEquals(1, found.size(), found.toString());
        assertEquals(Optional.empty(), found.get(0).expression());
        assertEquals(
                "ExpressionAttributeValues is empty; DynamoDB refuses an empty map: leave it out",
                found.get(0).message());

        builder.itemKeyProperty().set("{\"EntityRef\": \"WS#beta\", \"Detail\": \"META\"}");

        assertEquals(List.of(), builder.problems());
        assertEquals("attribute_not_exists(#d)", builder.expressionTextProperty().get());
        assertEquals("", builder.valuesJsonProperty().get());
        assertTrue(builder.canRunProperty().get());
        for (SnippetLanguage language : SnippetLanguage.values()) {
            String snippet = builder.snippetProperty(language).get();
            assertTrue(snippet.contains("#d"), snippet);
            assertFalse(snippet.contains("ExpressionAttributeValues"), snippet);
            assertFalse(snippet.contains("expression-attribute-values"), snippet);
        }
    }

    @Test
    void aKeyValueOfAnotherTypeIsReportedOnItsRow() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.rows().get(0).valueProperty().set("42");

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        ExpressionBuilderViewModel.Problem problem = builder.problems().get(0);
        assertEquals(0, problem.row());
        assertEquals("the key EntityRef is of type S, but :er holds N", problem.message());
        assertFalse(builder.canRunProperty().get());

        builder.rows().get(0).valueProperty().set("\"42\"");

        assertEquals(List.of(), builder.problems());
        assertTrue(builder.canRunProperty().get());
    }

    @Test
    void anIndexKeyValueOfAnotherTypeIsReportedInAKeyCondition() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(BLOG, LOCAL);
        builder.indexProperty().set("byAuthor");
        builder.rows().get(0).valueProperty().set("12");

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        assertEquals(
                "the key authorId is of type S, but :ai holds N",
                builder.problems().get(0).message());
    }

    @Test
    void anUpdateOfAKeyIsReported() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(BLOG, LOCAL);
        builder.kindProperty().set(ExpressionKind.UPDATE);
        builder.itemKeyProperty().set("{\"PK\": \"POST#9f3\", \"SK\": \"META\"}");
        builder.rows()
                .setAll(
                        BuilderRow.action(UpdateClause.Keyword.SET, "title", "Hello"),
                        BuilderRow.action(UpdateClause.Keyword.REMOVE, "SK", ""));

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        assertEquals(
                "SK is part of the table's key, which an update cannot REMOVE; "
                        + "put the item under its new key and delete the old one",
                builder.problems().get(0).message());
        assertFalse(builder.canRunProperty().get());

        builder.rows().setAll(BuilderRow.action(UpdateClause.Keyword.SET, "authorId", "12"));

        assertEquals(1, builder.problems().size(), builder.problems().toString());
        assertEquals(
                "authorId is a key of index byAuthor, of type S, but :ai holds N",
                builder.problems().get(0).message());

        builder.rows().get(0).valueProperty().set("U#12");

        assertEquals(List.of(), builder.problems());
        assertTrue(builder.canRunProperty().get());
    }

    @Test
    void aPastedNotNotIsValid() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(SAAS, LOCAL);
        builder.kindProperty().set(ExpressionKind.FILTER);

        List<ExpressionBuilderViewModel.Problem> found =
                builder.load("NOT NOT tier = :p", "", "{\":p\": {\"S\": \"pro\"}}");

        assertEquals(List.of(), found);
    }

    @Test
    void aSavedExpressionOpensAgainWithItsKindIndexAndRows() {
        ExpressionBuilderViewModel builder = new ExpressionBuilderViewModel(BLOG, LOCAL);
        builder.indexProperty().set("byAuthor");
        builder.rows().get(0).valueProperty().set("U#12");
        String text = builder.expressionTextProperty().get();
        String values = builder.valuesJsonProperty().get();

        assertFalse(builder.saveAs("  "), "a name is needed");
        assertTrue(builder.saveAs("posts of U#12"));
        assertEquals("Saved 'posts of U#12'.", builder.messageProperty().get());

        builder.kindProperty().set(ExpressionKind.FILTER);
        builder.rows().clear();
        SavedExpression saved = builder.savedExpressions().get(0);
        assertEquals("byAuthor", saved.index());
        builder.open(saved);

        assertEquals(ExpressionKind.KEY_CONDITION, builder.kindProperty().get());
        assertEquals("byAuthor", builder.indexProperty().get());
        assertEquals(text, builder.expressionTextProperty().get());
        assertEquals(values, builder.valuesJsonProperty().get());
        assertEquals("U#12", builder.rows().get(0).valueProperty().get());
        assertEquals("Opened 'posts of U#12'.", builder.messageProperty().get());

        assertTrue(builder.saveAs("posts of U#12"));
        assertEquals(1, builder.savedExpressions().size(), "the same name replaces");
        builder.forget(saved);
        assertTrue(builder.savedExpressions().isEmpty());
    }
}
