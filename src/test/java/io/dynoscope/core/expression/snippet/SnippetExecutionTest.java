package io.dynoscope.core.expression.snippet;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.nul;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.QuerySpec;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every snippet language, run for real against the test engine: the items a snippet prints are the
 * items the app's repository returns for the same request, and its writes leave the item the
 * repository then reads. Languages whose runtime is missing here are skipped with the reason.
 */
class SnippetExecutionTest {

    private static DynamoRepository repository;
    private static SnippetOptions local;
    private static String saas;
    private static String blog;

    @BeforeAll
    static void seed() {
        repository = TestEngine.repository();
        ConnectionSpec.Endpoint connection = TestEngine.connection();
        local =
                SnippetOptions.local(
                        connection.endpoint(), connection.region(), connection.accessKeyId());
        saas = TestEngine.uniqueTableName("snippet-saas");
        blog = TestEngine.uniqueTableName("snippet-blog");
        SampleTables.seed(repository, Dataset.SAAS, saas);
        SampleTables.seed(repository, Dataset.BLOG, blog);
    }

    /** A read a snippet makes, and how the app makes the same read. */
    record ReadCase(String name, Supplier<SnippetRequest> request, Supplier<List<Item>> app) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> reads() {
        List<ReadCase> cases =
                List.of(
                        new ReadCase(
                                "acme projects newest first, filtered and projected",
                                () -> acmeProjects().snippet,
                                () -> acmeProjects().app.get()),
                        new ReadCase(
                                "the oversized tenant, every page",
                                () ->
                                        SnippetRequest.query(saas, "#er = :er")
                                                .withNames(Map.of("#er", "EntityRef"))
                                                .withValues(Map.of(":er", s(SampleData.HUGE))),
                                () ->
                                        query(
                                                QuerySpec.of(
                                                        saas,
                                                        KeyCondition.partition(
                                                                SampleData.SAAS_KEYS,
                                                                s(SampleData.HUGE))))),
                        new ReadCase(
                                "blog scan with a binary and a set in the filter",
                                SnippetExecutionTest::blogScan,
                                () ->
                                        scan(
                                                ScanSpec.table(blog)
                                                        .withFilter(
                                                                new CompiledExpression(
                                                                        blogScan()
                                                                                .expressions()
                                                                                .values()
                                                                                .iterator()
                                                                                .next(),
                                                                        blogScan().names(),
                                                                        blogScan().values())))),
                        new ReadCase(
                                "posts by author on the GSI",
                                () ->
                                        SnippetRequest.query(blog, "#ai = :ai")
                                                .onIndex(SampleData.BLOG_AUTHOR_INDEX)
                                                .withNames(Map.of("#ai", "authorId"))
                                                .withValues(Map.of(":ai", s("U#12"))),
                                () ->
                                        query(
                                                QuerySpec.of(
                                                                blog,
                                                                KeyCondition.partition(
                                                                        SampleData
                                                                                .BLOG_AUTHOR_INDEX_KEYS,
                                                                        s("U#12")))
                                                        .onIndex(SampleData.BLOG_AUTHOR_INDEX))),
                        new ReadCase(
                                "the acme workspace, every type",
                                () -> SnippetRequest.getItem(saas, acmeMeta()),
                                () ->
                                        repository.getItem(saas, acmeMeta(), false).item().stream()
                                                .toList()),
                        new ReadCase(
                                "nested paths projected",
                                () ->
                                        SnippetRequest.getItem(saas, acmeMeta())
                                                .withProjection(
                                                        "#er, #d, #o.#em, #r[1], logo, budgetAlerts")
                                                .withNames(
                                                        Map.of(
                                                                "#er",
                                                                "EntityRef",
                                                                "#d",
                                                                "Detail",
                                                                "#o",
                                                                "owner",
                                                                "#em",
                                                                "email",
                                                                "#r",
                                                                "regions")),
                                () ->
                                        List.of(
                                                Item.of(
                                                        new LinkedHashMap<>(
                                                                Map.of(
                                                                        "EntityRef",
                                                                        s(SampleData.ACME),
                                                                        "Detail",
                                                                        s("META"),
                                                                        "owner",
                                                                        m(
                                                                                Map.of(
                                                                                        "email",
                                                                                        s(
                                                                                                "ops@acme.example"))),
                                                                        "regions",
                                                                        l(s("us-east-1")),
                                                                        "logo",
                                                                        acmeWorkspace()
                                                                                .get("logo")
                                                                                .orElseThrow(),
                                                                        "budgetAlerts",
                                                                        acmeWorkspace()
                                                                                .get("budgetAlerts")
                                                                                .orElseThrow()))))),
                        new ReadCase(
                                "a missing item",
                                () ->
                                        SnippetRequest.getItem(
                                                saas, SampleData.saasKey("WS#nobody", "META")),
                                List::of));
        List<Arguments> arguments = new ArrayList<>();
        for (SnippetLanguage language : SnippetLanguage.values()) {
            for (ReadCase c : cases) {
                arguments.add(Arguments.of(language, c));
            }
        }
        return arguments.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("reads")
    void aSnippetReadsWhatTheAppReads(SnippetLanguage language, ReadCase read) throws Exception {
        SnippetRunners.assumeRuntime(language);
        String snippet = Snippets.write(language, read.request().get(), local);

        List<Item> printed = SnippetRunners.run(language, snippet);

        List<Item> expected = read.app().get();
        assertEquals(expected.size(), printed.size(), snippet);
        assertEquals(expected, printed, snippet);
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void aGuardedUpdateThenAGuardedDeleteWriteWhatTheAppThenReads(SnippetLanguage language)
            throws Exception {
        SnippetRunners.assumeRuntime(language);
        String table = TestEngine.freshTable("snippet-write");
        Key key = Key.of("pk", s("ITEM#1"), "sk", s("it's \"quoted\""));
        Item before =
                Item.of(
                        new LinkedHashMap<>(
                                Map.of(
                                        "pk",
                                        s("ITEM#1"),
                                        "sk",
                                        s("it's \"quoted\""),
                                        "version",
                                        n(1),
                                        "old",
                                        s("x"),
                                        "tags",
                                        ss("a"))));
        assertTrue(repository.putItem(table, before, null) instanceof WriteOutcome.Written);
        AttributeValue awkward =
                m(
                        new LinkedHashMap<>(
                                Map.of(
                                        "text",
                                                s(
                                                        "it's \"quoted\" \\ back\nslash, caf\u00e9 \uD83D\uDE00"),
                                        "precise", n(SampleData.PRECISE_NUMBER),
                                        "flags", l(bool(true), bool(false), nul()),
                                        "empty", s(""),
                                        "bytes", b(new byte[] {0, (byte) 0xFF, 'x'}))));
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#m", "awkward value");
        names.put("#v", "version");
        names.put("#old", "old");
        names.put("#t", "tags");
        names.put("#ns", "numbers");
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        values.put(":m", awkward);
        values.put(":one", n(1));
        values.put(":v", n(1));
        values.put(":t", ss("b", "it's"));
        values.put(":ns", ns("1.5", "-300", "99999999999999999999999999999999999999"));
        SnippetRequest update =
                SnippetRequest.updateItem(
                                table,
                                key,
                                "SET #m = :m, #v = #v + :one REMOVE #old ADD #t :t, #ns :ns")
                        .withCondition("#v = :v AND attribute_exists(#old)")
                        .withNames(names)
                        .withValues(values);

        List<Item> updated = SnippetRunners.run(language, Snippets.write(language, update, local));

        Item after = repository.getItem(table, key, true).item().orElseThrow();
        assertEquals(List.of(after), updated);
        assertEquals(awkward, after.get("awkward value").orElseThrow());
        assertEquals(n(2), after.get("version").orElseThrow());
        assertEquals(ss("a", "b", "it's"), after.get("tags").orElseThrow());
        assertFalse(after.get("old").isPresent());

        SnippetRequest delete =
                SnippetRequest.deleteItem(table, key)
                        .withCondition("#v = :v")
                        .withNames(Map.of("#v", "version"))
                        .withValues(Map.of(":v", n(2)));
        List<Item> deleted = SnippetRunners.run(language, Snippets.write(language, delete, local));

        assertEquals(List.of(after), deleted);
        assertTrue(repository.getItem(table, key, true).item().isEmpty());
    }

    // ---- the requests ------------------------------------------------------------------------

    private record Paired(SnippetRequest snippet, Supplier<List<Item>> app) {}

    /** The seed's access pattern through the compiler: projects of WS#acme, newest first. */
    private static Paired acmeProjects() {
        ExpressionCompiler compiler = new ExpressionCompiler();
        String keyCondition =
                compiler.condition(
                        List.of(
                                Row.of("EntityRef", Row.Operator.EQ, s(SampleData.ACME)),
                                Row.of(
                                                "Detail",
                                                Row.Operator.BEGINS_WITH,
                                                s(SampleData.PROJECT_PREFIX))
                                        .named("p")));
        String filter = compiler.condition(List.of(Row.of("budget", Row.Operator.GT, n("2000.5"))));
        String projection =
                compiler.projection(
                        List.of(
                                AttributePath.of("EntityRef"),
                                AttributePath.of("Detail"),
                                AttributePath.of("name"),
                                AttributePath.of("budget"),
                                AttributePath.of("labels")));
        SnippetRequest snippet =
                SnippetRequest.query(saas, keyCondition)
                        .withFilter(filter)
                        .withProjection(projection)
                        .withNames(compiler.names())
                        .withValues(compiler.values())
                        .descending();
        Supplier<List<Item>> app =
                () ->
                        query(
                                QuerySpec.of(
                                                saas,
                                                new CompiledExpression(
                                                        keyCondition,
                                                        compiler.names(),
                                                        compiler.values()))
                                        .withFilter(CompiledExpression.of(filter))
                                        .withProjection(
                                                new CompiledExpression(
                                                        projection, compiler.names(), Map.of()))
                                        .descending());
        return new Paired(snippet, app);
    }

    private static SnippetRequest blogScan() {
        return SnippetRequest.scan(blog)
                .withFilter("#av = :av OR contains(#in, :in)")
                .withNames(Map.of("#av", "avatar", "#in", "interests"))
                .withValues(
                        Map.of(
                                ":av",
                                b("avatar-12".getBytes(StandardCharsets.UTF_8)),
                                ":in",
                                s("performance")));
    }

    private static Key acmeMeta() {
        return SampleData.saasKey(SampleData.ACME, SampleData.WORKSPACE_DETAIL);
    }

    private static Item acmeWorkspace() {
        return repository.getItem(saas, acmeMeta(), false).item().orElseThrow();
    }

    private static List<Item> query(QuerySpec spec) {
        List<Item> items = new ArrayList<>();
        repository.query(spec, page -> items.addAll(page.items()), Cancellation.none());
        return items;
    }

    private static List<Item> scan(ScanSpec spec) {
        List<Item> items = new ArrayList<>();
        repository.scan(spec, page -> items.addAll(page.items()), Cancellation.none());
        return items;
    }
}
