package io.dynoscope.ui.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.read.TableReads;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the builder runs, run against the test engine as the table tab runs it. */
class RequestSpecsTest {

    private static DynamoRepository repository;
    private static String saas;
    private static String blog;

    @BeforeAll
    static void seed() {
        repository = TestEngine.repository();
        saas = TestEngine.uniqueTableName("builder-saas");
        blog = TestEngine.uniqueTableName("builder-blog");
        SampleTables.seed(repository, Dataset.SAAS, saas);
        SampleTables.seed(repository, Dataset.BLOG, blog);
    }

    @Test
    void theSeedQueryBuiltByRowsReadsAcmeProjectsNewestFirstInOneRequest() {
        ExpressionBuilderViewModel builder =
                new ExpressionBuilderViewModel(
                        repository.describeTable(saas), SnippetOptions.aws());
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);
        builder.rows().get(0).valueProperty().set(SampleData.ACME);
        builder.addRow().valueProperty().set(SampleData.PROJECT_PREFIX);
        builder.newestFirstProperty().set(true);
        builder.run();

        List<Item> items = new ArrayList<>();
        ReadResult result = read(ran.get(0), saas, items);

        List<String> details = items.stream().map(i -> i.string("Detail").orElseThrow()).toList();
        assertEquals(
                IntStream.iterate(42, n -> n >= 23, n -> n - 1)
                        .mapToObj(SampleData::projectDetail)
                        .toList(),
                details);
        assertEquals(1, result.statistics().requests());
        assertTrue(result.statistics().consumedCapacity() > 0);
    }

    @Test
    void aFilterOnTheIndexBecomesAScanOfTheIndex() {
        ExpressionBuilderViewModel builder =
                new ExpressionBuilderViewModel(
                        repository.describeTable(blog), SnippetOptions.aws());
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);
        builder.kindProperty().set(ExpressionKind.FILTER);
        builder.indexProperty().set(SampleData.BLOG_AUTHOR_INDEX);
        builder.rows().setAll(BuilderRow.condition("authorId", Row.Operator.EQ, "U#12"));
        builder.run();

        List<Item> items = new ArrayList<>();
        read(ran.get(0), blog, items);

        assertTrue(items.size() > 1, items.toString());
        assertTrue(items.stream().allMatch(i -> i.string("authorId").orElseThrow().equals("U#12")));
    }

    /** Reads what the builder ran as the table tab does: as the grid's read of it. */
    private static ReadResult read(SnippetRequest ran, String table, List<Item> items) {
        TableInfo info = repository.describeTable(table);
        return new TableReads(repository)
                .session(ReadRequest.of(ran, info, 0), info, null)
                .next(
                        page -> {
                            items.addAll(page.items());
                            return true;
                        },
                        Cancellation.none());
    }

    @Test
    void theGuardedPropagationWritesOnlyWhereTheOldValueStillHolds() {
        ExpressionBuilderViewModel builder =
                new ExpressionBuilderViewModel(
                        repository.describeTable(blog), SnippetOptions.aws());
        List<SnippetRequest> ran = new ArrayList<>();
        builder.setOnRun(ran::add);
        builder.kindProperty().set(ExpressionKind.UPDATE);
        builder.rows().setAll(BuilderRow.action(UpdateClause.Keyword.SET, "authorName", "Lio Tan"));
        builder.guardRows().setAll(BuilderRow.condition("authorName", Row.Operator.EQ, "nobody"));
        builder.itemKeyProperty().set("{\"PK\": \"POST#c55\", \"SK\": \"META\"}");
        builder.run();
        builder.guardRows()
                .get(0)
                .valueProperty()
                .set(
                        repository
                                .getItem(blog, SampleData.blogKey("POST#c55", "META"), true)
                                .item()
                                .orElseThrow()
                                .string("authorName")
                                .orElseThrow());
        builder.run();

        assertEquals(AttributeValue.s("Lionel Tan"), ran.get(1).values().get(":an2"));
        WriteOutcome refused = repository.updateItem(RequestSpecs.update(ran.get(0)));
        WriteOutcome written = repository.updateItem(RequestSpecs.update(ran.get(1)));

        assertInstanceOf(WriteOutcome.ConditionFailed.class, refused);
        assertInstanceOf(WriteOutcome.Written.class, written);
        assertEquals(
                AttributeValue.s("Lio Tan"),
                repository
                        .getItem(blog, SampleData.blogKey("POST#c55", "META"), true)
                        .item()
                        .orElseThrow()
                        .get("authorName")
                        .orElseThrow());
    }
}
