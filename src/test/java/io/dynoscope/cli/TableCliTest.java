package io.dynoscope.cli;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.DynamoClients;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * {@code table create | delete | ttl | add-index | remove-index} against the engine. dynalite has
 * no UpdateTimeToLive, so TTL is also run against a client that answers the TTL calls as DynamoDB
 * does (constructed SDK responses) and passes every other call to the engine. Index changes are
 * made by the engine launcher's addition to dynalite (src/main/engine/index-updates.js).
 */
class TableCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static CliRun run(
            Function<ConnectionSpec, DynamoRepository> repositories, String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        all.addAll(List.of(args));
        return CliRun.run(Map.of(), repositories, all);
    }

    private static CliRun cli(String... args) {
        return run(SdkDynamoRepository::connect, args);
    }

    @Test
    void createPrintsTheExactRequestThenCreatesTheTableAndDeleteWantsItsName() throws IOException {
        String table = TestEngine.uniqueTableName("cli-create");
        String[] create = {
            "table",
            "create",
            "--table",
            table,
            "--pk",
            "EntityRef:S",
            "--sk",
            "Detail:S",
            "--gsi",
            "byAuthor:authorId:S:createdAt:N",
            "--gsi",
            "byStatus:status:S",
            "--lsi",
            "byCreated:createdAt:N",
            "--projection",
            "byStatus=KEYS_ONLY",
            "--projection",
            "byAuthor=INCLUDE:title,body"
        };

        CliRun dryRun = cli(concat(create, "--dry-run"));

        assertEquals(0, dryRun.exitCode(), dryRun.err());
        assertEquals(
                JSON.readTree(
                        """
                        {"AttributeDefinitions": [
                           {"AttributeName": "Detail", "AttributeType": "S"},
                           {"AttributeName": "EntityRef", "AttributeType": "S"},
                           {"AttributeName": "authorId", "AttributeType": "S"},
                           {"AttributeName": "createdAt", "AttributeType": "N"},
                           {"AttributeName": "status", "AttributeType": "S"}],
                         "TableName": "%s",
                         "KeySchema": [{"AttributeName": "EntityRef", "KeyType": "HASH"},
                                       {"AttributeName": "Detail", "KeyType": "RANGE"}],
                         "LocalSecondaryIndexes": [
                           {"IndexName": "byCreated",
                            "KeySchema": [{"AttributeName": "EntityRef", "KeyType": "HASH"},
                                          {"AttributeName": "createdAt", "KeyType": "RANGE"}],
                            "Projection": {"ProjectionType": "ALL"}}],
                         "GlobalSecondaryIndexes": [
                           {"IndexName": "byAuthor",
                            "KeySchema": [{"AttributeName": "authorId", "KeyType": "HASH"},
                                          {"AttributeName": "createdAt", "KeyType": "RANGE"}],
                            "Projection": {"ProjectionType": "INCLUDE",
                                           "NonKeyAttributes": ["title", "body"]}},
                           {"IndexName": "byStatus",
                            "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                            "Projection": {"ProjectionType": "KEYS_ONLY"}}],
                         "BillingMode": "PAY_PER_REQUEST"}
                        """
                                .formatted(table)),
                JSON.readTree(dryRun.out()));
        assertFalse(TestEngine.repository().listTables().contains(table));

        CliRun created = cli(create);
        assertEquals(0, created.exitCode(), created.err());
        assertEquals("created table '" + table + "'", created.lastErrLine());
        CliRun again = cli(create);
        assertEquals(ExitCodes.CONDITION_FAILED, again.exitCode(), again.err());
        assertEquals(
                "dynoscope table create: table '" + table + "' already exists: nothing was created",
                again.lastErrLine());
        CliRun cloneOnto = cli("clone", "--table", table, "--to-table", table + "-copy");
        assertEquals(0, cloneOnto.exitCode(), cloneOnto.err());
        CliRun cloneAgain = cli("clone", "--table", table, "--to-table", table + "-copy");
        assertEquals(ExitCodes.CONDITION_FAILED, cloneAgain.exitCode(), cloneAgain.err());
        assertTrue(
                cloneAgain
                        .lastErrLine()
                        .startsWith(
                                "dynoscope clone: table '"
                                        + table
                                        + "-copy' already exists: nothing was copied"),
                cloneAgain.err());
        TableInfo info = TestEngine.repository().describeTable(table);
        assertEquals(KeySchema.of("EntityRef", "Detail"), info.keySchema());
        assertEquals(KeySchema.of("authorId", "createdAt"), info.keySchemaOf("byAuthor"));
        assertEquals("KEYS_ONLY", info.globalSecondaryIndexes().get(1).projectionType());
        assertEquals(KeySchema.of("EntityRef", "createdAt"), info.keySchemaOf("byCreated"));

        CliRun unconfirmed = cli("table", "delete", "--table", table, "--confirm", "oops");
        assertEquals(ExitCodes.USAGE, unconfirmed.exitCode());
        assertTrue(TestEngine.repository().listTables().contains(table));
        CliRun deleted = cli("table", "delete", "--table", table, "--confirm", table);
        assertEquals(0, deleted.exitCode(), deleted.err());
        assertFalse(TestEngine.repository().listTables().contains(table));
    }

    @Test
    void aDefinitionDynamoDbWouldRefuseIsABadArgument() {
        CliRun lsiWithoutSortKey =
                cli(
                        "table",
                        "create",
                        "--table",
                        "never-made",
                        "--pk",
                        "id:S",
                        "--lsi",
                        "byDate:date:N");
        CliRun wrongType = cli("table", "create", "--table", "never-made", "--pk", "id:X");
        CliRun provisionedWithoutCapacity =
                cli(
                        "table",
                        "create",
                        "--table",
                        "never-made",
                        "--pk",
                        "id:S",
                        "--billing",
                        "provisioned");

        assertEquals(ExitCodes.USAGE, lsiWithoutSortKey.exitCode());
        assertTrue(
                lsiWithoutSortKey.err().contains("needs a table with a sort key"),
                lsiWithoutSortKey.err());
        assertEquals(ExitCodes.USAGE, wrongType.exitCode());
        assertEquals(ExitCodes.USAGE, provisionedWithoutCapacity.exitCode());
        assertFalse(TestEngine.repository().listTables().contains("never-made"));
    }

    @Test
    void ttlIsTurnedOnShownAndOffWhereTheEngineHasIt() throws IOException {
        String table = TestEngine.freshTable("cli-ttl");
        try (DynamoDbClient engine = DynamoClients.create(TestEngine.connection())) {
            DynamoDbClient withTtl = withTimeToLive(engine);
            Function<ConnectionSpec, DynamoRepository> repositories =
                    spec -> new SdkDynamoRepository(withTtl, spec);

            CliRun dryRun =
                    run(
                            repositories,
                            "table",
                            "ttl",
                            "--table",
                            table,
                            "--attribute",
                            "expiresAt",
                            "--dry-run");
            CliRun before = run(repositories, "table", "ttl", "--table", table);
            CliRun on =
                    run(repositories, "table", "ttl", "--table", table, "--attribute", "expiresAt");
            CliRun shown = run(repositories, "table", "ttl", "--table", table);
            CliRun off = run(repositories, "table", "ttl", "--table", table, "--disable");
            CliRun after = run(repositories, "table", "ttl", "--table", table);

            assertEquals(
                    JSON.readTree(
                            "{\"TableName\": \""
                                    + table
                                    + "\", \"TimeToLiveSpecification\":"
                                    + " {\"Enabled\": true, \"AttributeName\": \"expiresAt\"}}"),
                    JSON.readTree(dryRun.out()));
            assertEquals("DISABLED\n", before.out());
            assertEquals(0, on.exitCode(), on.err());
            assertEquals("ENABLED expiresAt\n", shown.out());
            assertEquals(0, off.exitCode(), off.err());
            assertEquals("TTL of table '" + table + "' is off", off.lastErrLine());
            assertEquals("DISABLED\n", after.out());
        }
        CliRun onDynalite = cli("table", "ttl", "--table", table, "--attribute", "expiresAt");
        assertEquals(ExitCodes.SERVICE_ERROR, onDynalite.exitCode());
        assertTrue(
                onDynalite
                        .lastErrLine()
                        .startsWith(
                                "dynoscope table ttl: UpdateTimeToLive on table '"
                                        + table
                                        + "' failed"),
                onDynalite.lastErrLine());
    }

    @Test
    void anIndexIsAddedWithTheTablesItemsAndRemoved() {
        String table = TestEngine.uniqueTableName("cli-index");
        CliRun created =
                cli(
                        "table",
                        "create",
                        "--table",
                        table,
                        "--pk",
                        "id:S",
                        "--billing",
                        "provisioned",
                        "--read-capacity",
                        "1",
                        "--write-capacity",
                        "1");
        assertEquals(0, created.exitCode(), created.err());

        TestEngine.repository()
                .putItem(table, Item.of(Map.of("id", s("u1"), "name", s("Mara"))), null);

        CliRun withoutCapacity =
                cli("table", "add-index", "--table", table, "--gsi", "byName:name:S");
        CliRun added =
                cli(
                        "table",
                        "add-index",
                        "--table",
                        table,
                        "--gsi",
                        "byName:name:S",
                        "--read-capacity",
                        "1",
                        "--write-capacity",
                        "1");
        TableInfo withIndex = TestEngine.repository().describeTable(table);
        List<Item> byName = new ArrayList<>();
        TestEngine.repository()
                .scan(
                        ScanSpec.table(table).onIndex("byName"),
                        page -> byName.addAll(page.items()),
                        Cancellation.none());
        CliRun missing = cli("table", "remove-index", "--table", table, "--index", "nope");
        CliRun removed = cli("table", "remove-index", "--table", table, "--index", "byName");

        assertEquals(ExitCodes.USAGE, withoutCapacity.exitCode());
        assertTrue(
                withoutCapacity.lastErrLine().contains("is provisioned: give the index"),
                withoutCapacity.lastErrLine());
        assertEquals(0, added.exitCode(), added.err());
        assertEquals(
                List.of("byName"),
                withIndex.globalSecondaryIndexes().stream().map(SecondaryIndex::name).toList());
        assertEquals(
                List.of(Item.of(Map.of("id", s("u1"), "name", s("Mara")))),
                byName,
                "the item written before the index is in it");
        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(
                missing.lastErrLine().contains("has no global secondary index 'nope'"),
                missing.lastErrLine());
        assertEquals(0, removed.exitCode(), removed.err());
        assertTrue(TestEngine.repository().describeTable(table).globalSecondaryIndexes().isEmpty());
    }

    @Test
    void aTableIsClonedToASecondEngine() {
        String source = TestEngine.uniqueTableName("cli-clone");
        assertEquals(0, cli("seed", "--dataset", "blog", "--table", source).exitCode());
        try (LocalEngine second = LocalEngine.start()) {
            CliRun cloned =
                    cli(
                            "clone",
                            "--table",
                            source,
                            "--to-endpoint",
                            second.endpoint().toString(),
                            "--to-table",
                            "blog-copy",
                            "--segments",
                            "2");

            assertEquals(0, cloned.exitCode(), cloned.err());
            long count = countItems(TestEngine.repository(), source);
            assertEquals(
                    "cloned "
                            + count
                            + " items from table '"
                            + source
                            + "' into table 'blog-copy' at "
                            + second.endpoint()
                            + "; the copy holds "
                            + count
                            + " items",
                    cloned.lastErrLine());
            try (SdkDynamoRepository copy =
                    SdkDynamoRepository.connect(
                            new ConnectionSpec.Endpoint(second.endpoint(), null, null))) {
                assertEquals(
                        TestEngine.repository()
                                .describeTable(source)
                                .globalSecondaryIndexes()
                                .size(),
                        copy.describeTable("blog-copy").globalSecondaryIndexes().size());
            }
        }
    }

    /**
     * The engine's client, with UpdateTimeToLive and DescribeTimeToLive answered as DynamoDB
     * answers them (dynalite has the one and always says DISABLED to the other).
     */
    private static DynamoDbClient withTimeToLive(DynamoDbClient engine) {
        Map<String, TimeToLiveDescription> ttl = new ConcurrentHashMap<>();
        InvocationHandler handler =
                (proxy, method, arguments) -> {
                    if (method.isDefault()
                            && !Set.of("updateTimeToLive", "describeTimeToLive")
                                    .contains(method.getName())) {
                        return InvocationHandler.invokeDefault(proxy, method, arguments);
                    }
                    if (arguments != null
                            && arguments.length == 1
                            && arguments[0] instanceof UpdateTimeToLiveRequest update) {
                        boolean enabled = update.timeToLiveSpecification().enabled();
                        ttl.put(
                                update.tableName(),
                                TimeToLiveDescription.builder()
                                        .attributeName(
                                                enabled
                                                        ? update.timeToLiveSpecification()
                                                                .attributeName()
                                                        : null)
                                        .timeToLiveStatus(
                                                enabled
                                                        ? TimeToLiveStatus.ENABLED
                                                        : TimeToLiveStatus.DISABLED)
                                        .build());
                        return UpdateTimeToLiveResponse.builder()
                                .timeToLiveSpecification(update.timeToLiveSpecification())
                                .build();
                    }
                    if (arguments != null
                            && arguments.length == 1
                            && arguments[0] instanceof DescribeTimeToLiveRequest describe) {
                        return DescribeTimeToLiveResponse.builder()
                                .timeToLiveDescription(
                                        ttl.getOrDefault(
                                                describe.tableName(),
                                                TimeToLiveDescription.builder()
                                                        .timeToLiveStatus(TimeToLiveStatus.DISABLED)
                                                        .build()))
                                .build();
                    }
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, arguments);
                    }
                    try {
                        return method.invoke(engine, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                };
        return (DynamoDbClient)
                Proxy.newProxyInstance(
                        TableCliTest.class.getClassLoader(),
                        new Class<?>[] {DynamoDbClient.class},
                        handler);
    }

    private static long countItems(DynamoRepository repository, String table) {
        long[] count = {0};
        repository.scan(
                ScanSpec.table(table),
                page -> {
                    count[0] += page.items().size();
                    return true;
                },
                Cancellation.none());
        return count[0];
    }

    private static String[] concat(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
