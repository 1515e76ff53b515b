package io.dynoscope.service.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Query-not-Scan hint, checked by running the Scan and the Query it proposes on dynalite. */
class QueryHintTest {

    private static final String BLOG = TestEngine.uniqueTableName("hint-blog");
    private static final String SAAS = TestEngine.uniqueTableName("hint-saas");
    private static DynamoRepository repository;

    @BeforeAll
    static void seed() {
        repository = TestEngine.repository();
        SampleTables.seed(repository, SampleData.Dataset.BLOG, BLOG);
        SampleTables.seed(repository, SampleData.Dataset.SAAS, SAAS);
    }

    private static ReadRequest scan(String table, CompiledExpression filter) {
        return new ReadRequest(table, ReadMode.SCAN, null, null, true, filter, null, 1, 0, false);
    }

    private static List<Item> read(ReadRequest request, int[] requests) {
        ReadSession session = new ReadSession(repository, request, null, KeyType.S);
        List<Item> items = new ArrayList<>();
        while (session.hasMore()) {
            session.next(
                    page -> {
                        items.addAll(page.items());
                        return true;
                    },
                    Cancellation.none());
        }
        requests[0] = session.totals().requests();
        items.sort(Comparator.comparing(Item::toString));
        return items;
    }

    @Test
    void aScanForOneAuthorBecomesAQueryOfTheAuthorIndexWithTheSameItems() {
        TableInfo info = repository.describeTable(BLOG);
        ReadRequest scan =
                scan(
                        BLOG,
                        new CompiledExpression(
                                "#a = :a AND #t <> :t",
                                Map.of("#a", "authorId", "#t", "title"),
                                Map.of(
                                        ":a", AttributeValue.s("U#12"),
                                        ":t", AttributeValue.s("no such title"))));

        QueryHint hint = QueryHint.of(scan, info).orElseThrow();

        ReadRequest query = hint.query();
        assertEquals(ReadMode.QUERY, query.mode());
        assertEquals(SampleData.BLOG_AUTHOR_INDEX, query.index());
        assertEquals(AttributeValue.s("U#12"), query.keyCondition().partitionValue());
        assertTrue(query.filter().text().contains(" <> :"), query.filter().text());
        assertTrue(query.filter().names().containsValue("title"), "the other row stays a filter");
        assertTrue(
                hint.message().startsWith("This Scan reads the whole table to keep authorId = "),
                hint.message());
        assertTrue(hint.message().contains("A Query of index byAuthor"), hint.message());
        int[] scanRequests = {0};
        int[] queryRequests = {0};
        List<Item> scanned = read(scan, scanRequests);
        List<Item> queried = read(query, queryRequests);
        assertEquals(scanned, queried, "the same items");
        assertEquals(1, queryRequests[0]);
    }

    @Test
    void aSortKeyRowBecomesTheSortKeyConditionOfTheTablesQuery() {
        TableInfo info = repository.describeTable(SAAS);
        ReadRequest scan =
                scan(
                        SAAS,
                        new CompiledExpression(
                                "begins_with(#d, :p) AND #e = :e",
                                Map.of("#d", "Detail", "#e", "EntityRef"),
                                Map.of(
                                        ":p", AttributeValue.s("PROJ#"),
                                        ":e", AttributeValue.s(SampleData.ACME))));

        ReadRequest query = QueryHint.of(scan, info).orElseThrow().query();

        assertNull(query.index());
        assertNull(query.filter(), "both rows are key conditions");
        assertTrue(query.keyCondition().sortKey().isPresent());
        int[] requests = {0};
        assertEquals(read(scan, requests), read(query, requests));
        assertEquals(SampleData.ACME_PROJECTS, read(query, requests).size());
    }

    @Test
    void noHintWithoutAnEqualityOnAPartitionKey() {
        TableInfo info = repository.describeTable(SAAS);
        Optional<QueryHint> or =
                QueryHint.of(
                        scan(
                                SAAS,
                                new CompiledExpression(
                                        "#e = :a OR #e = :b",
                                        Map.of("#e", "EntityRef"),
                                        Map.of(
                                                ":a", AttributeValue.s(SampleData.ACME),
                                                ":b", AttributeValue.s(SampleData.BETA)))),
                        info);
        Optional<QueryHint> prefix =
                QueryHint.of(
                        scan(
                                SAAS,
                                new CompiledExpression(
                                        "begins_with(#e, :a)",
                                        Map.of("#e", "EntityRef"),
                                        Map.of(":a", AttributeValue.s("WS#")))),
                        info);
        Optional<QueryHint> noFilter = QueryHint.of(scan(SAAS, null), info);
        assertTrue(or.isEmpty(), "an OR reads two collections");
        assertTrue(prefix.isEmpty(), "begins_with on a partition key is no key condition");
        assertTrue(noFilter.isEmpty());
    }
}
