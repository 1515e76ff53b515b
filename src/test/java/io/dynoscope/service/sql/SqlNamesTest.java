package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.GatedEndpoint;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SQL names what DynamoDB names, exactly (names are case-sensitive), and describes only what a
 * statement reads, each DescribeTable in the statement's result: counted by a logging endpoint in
 * front of the engine.
 */
class SqlNamesTest {

    private static String lower;
    private static String upper;
    private static GatedEndpoint proxy;
    private static DynamoRepository repository;

    @BeforeAll
    static void seed() throws IOException {
        // Underscores only, so the names can be written unquoted.
        lower = TestEngine.uniqueTableName("names_saas").replace('-', '_');
        upper = lower.toUpperCase(Locale.ROOT);
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, lower);
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, upper);
        // The two tables differ in one item, so a statement shows which one it read.
        TestEngine.repository()
                .putItem(
                        upper,
                        Item.of(
                                Map.of(
                                        "EntityRef", AttributeValue.s("WS#acme"),
                                        "Detail", AttributeValue.s("META"),
                                        "name", AttributeValue.s("UPPER"))),
                        (CompiledExpression) null);
        proxy = new GatedEndpoint(TestEngine.endpoint());
        repository =
                SdkDynamoRepository.connect(
                        new ConnectionSpec.Endpoint(proxy.endpoint(), null, null));
    }

    @AfterAll
    static void close() {
        repository.close();
        proxy.close();
    }

    @BeforeEach
    void forget() {
        proxy.clearRequests();
    }

    private static String workspaceName(SqlConsole console, String from) {
        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(
                        console,
                        "SELECT name FROM "
                                + from
                                + " WHERE EntityRef = 'WS#acme' AND Detail = 'META'");
        return String.valueOf(out.rows().get(0).get(0));
    }

    private List<String> touched() {
        return proxy.requests().stream().filter(r -> !r.equals("ListTables")).toList();
    }

    @Test
    void aQuotedNameReadsTheTableOfExactlyThatName() {
        SqlConsole console = new SqlConsole(repository, List.of());

        String got = workspaceName(console, "\"" + lower + "\"");
        assertEquals("Acme", got, touched().toString());
        assertTrue(touched().stream().allMatch(r -> r.endsWith(" " + lower)), touched().toString());
        proxy.clearRequests();
        assertEquals("UPPER", workspaceName(console, "\"" + upper + "\""));
        assertTrue(touched().stream().allMatch(r -> r.endsWith(" " + upper)), touched().toString());
    }

    @Test
    void anUnquotedNameThatMatchesSeveralTablesOnlyByCaseIsAnErrorNamingThem() {
        SqlConsole console = new SqlConsole(repository, List.of());
        String mixed = lower.substring(0, 1).toUpperCase(Locale.ROOT) + lower.substring(1);

        SqlStatementException e =
                assertThrows(
                        SqlStatementException.class,
                        () -> SqlConsoleTest.run(console, "SELECT name FROM " + mixed));

        assertTrue(e.getMessage().contains(lower), e.getMessage());
        assertTrue(e.getMessage().contains(upper), e.getMessage());
        assertTrue(e.getMessage().contains("case"), e.getMessage());
        assertEquals(List.of(), touched(), "nothing was described or read");
    }

    @Test
    void anUnquotedExactNameReadsThatTable() {
        SqlConsole console = new SqlConsole(repository, List.of());

        assertEquals("UPPER", workspaceName(console, upper));
        assertEquals("Acme", workspaceName(console, lower));
        assertTrue(
                touched().stream()
                        .allMatch(r -> r.endsWith(" " + upper) || r.endsWith(" " + lower)),
                touched().toString());
    }

    @Test
    void theEngineMetadataTablesAreNotOfferedAndDescribeNothing() {
        SqlConsole console = new SqlConsole(repository, List.of());

        SqlStatementException e =
                assertThrows(
                        SqlStatementException.class,
                        () -> SqlConsoleTest.run(console, "SELECT COUNT(*) FROM metadata.COLUMNS"));

        assertTrue(e.getMessage().contains("no table or view `metadata`"), e.getMessage());
        assertEquals(List.of(), touched(), "no table was described");
    }

    @Test
    void aViewTheStatementDoesNotUseIsNeitherDescribedNorAnError() {
        SqlConsole console =
                SqlConsole.ofViews(
                        repository,
                        List.of(
                                new SqlCatalog.View(upper, entity("upperWorkspace")),
                                new SqlCatalog.View("nosuch-table-x", entity("ghost"))));

        SqlConsoleTest.Collected out =
                SqlConsoleTest.run(
                        console,
                        "SELECT name FROM \""
                                + lower
                                + "\" WHERE EntityRef = 'WS#acme' AND Detail = 'META'");

        assertEquals(List.of(List.of("Acme")), out.rows());
        // Its own table is described and read (a sampling Scan types `name`); the views' are not.
        assertTrue(touched().stream().allMatch(r -> r.endsWith(" " + lower)), touched().toString());
        assertEquals(1, touched().stream().filter(r -> r.startsWith("DescribeTable ")).count());
        assertEquals(List.of(lower), out.result().described());

        proxy.clearRequests();
        SqlConsoleTest.Collected again =
                SqlConsoleTest.run(
                        console,
                        "SELECT name FROM \""
                                + lower
                                + "\" WHERE EntityRef = 'WS#acme' AND Detail = 'META'");
        assertEquals(List.of(), again.result().described(), "described once per console");
    }

    @Test
    void aViewOfAMissingTableFailsOnlyTheStatementThatUsesIt() {
        SqlConsole console =
                SqlConsole.ofViews(
                        repository,
                        List.of(new SqlCatalog.View("nosuch-table-x", entity("ghost"))));

        RuntimeException e =
                assertThrows(
                        RuntimeException.class,
                        () -> SqlConsoleTest.run(console, "SELECT * FROM ghost"));

        assertTrue(e.getMessage().contains("nosuch-table-x"), e.getMessage());
    }

    @Test
    void twoViewsOfOneNameAreRefused() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                SqlConsole.ofViews(
                                        repository,
                                        List.of(
                                                new SqlCatalog.View(lower, entity("ws")),
                                                new SqlCatalog.View(upper, entity("ws")))));

        assertTrue(e.getMessage().contains("`ws`"), e.getMessage());
        assertFalse(proxy.requests().stream().anyMatch(r -> r.startsWith("Describe")));
    }

    private static Entity entity(String name) {
        return new Entity(name, KeyTemplates.of("WS#{workspaceId}", "META"), List.of(), Map.of());
    }
}
