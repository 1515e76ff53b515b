package io.dynoscope.testsupport;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.net.URI;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine the repository and CLI tests run against: one local dynalite per test JVM, started on
 * first use and stopped at exit, or the engine at {@code DYNAMODB_ENDPOINT} when that is set (for
 * example DynamoDB Local). Tests share one repository and each test class makes its own tables.
 */
public final class TestEngine {

    /** Environment variable naming an already running engine to test against instead. */
    public static final String ENDPOINT_VARIABLE = "DYNAMODB_ENDPOINT";

    private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();
    private static final String RUN_ID =
            Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);

    private static URI endpoint;
    private static SdkDynamoRepository repository;

    private TestEngine() {}

    /** The engine's endpoint, starting the local engine on first use. */
    public static synchronized URI endpoint() {
        if (endpoint == null) {
            String configured = System.getenv(ENDPOINT_VARIABLE);
            if (configured != null && !configured.isBlank()) {
                endpoint = URI.create(configured.strip());
            } else {
                // LocalEngine stops itself in its shutdown hook when the test JVM exits.
                endpoint = LocalEngine.start().endpoint();
            }
        }
        return endpoint;
    }

    /** The connection tests use: the engine's endpoint with the default local dummy credentials. */
    public static ConnectionSpec.Endpoint connection() {
        return new ConnectionSpec.Endpoint(endpoint(), null, null);
    }

    /** The repository all tests share; do not close it. */
    public static synchronized DynamoRepository repository() {
        if (repository == null) {
            repository = SdkDynamoRepository.connect(connection());
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(repository::close, "dynoscope-test-repository-close"));
        }
        return repository;
    }

    /**
     * A table name no other test uses in this engine: the prefix (letters, digits, '-', '_' and '.'
     * kept, at least 3 characters in all), a run id and a counter.
     */
    public static String uniqueTableName(String prefix) {
        String clean = prefix.replaceAll("[^A-Za-z0-9_.-]", "-").toLowerCase(Locale.ROOT);
        return (clean.isEmpty() ? "table" : clean)
                + "-"
                + RUN_ID
                + "-"
                + TABLE_COUNTER.incrementAndGet();
    }

    /** Creates a table shaped like {@code template} under a fresh name and returns that name. */
    public static String freshTable(TableDefinition template) {
        String name = uniqueTableName(template.name());
        repository()
                .createTable(
                        new TableDefinition(
                                name,
                                template.keySchema(),
                                template.attributeTypes(),
                                template.globalSecondaryIndexes(),
                                template.localSecondaryIndexes()));
        return name;
    }

    /** Creates a fresh table with string keys {@code pk} and {@code sk} and returns its name. */
    public static String freshTable(String prefix) {
        return freshTable(TableDefinition.simple(prefix, "pk", "sk"));
    }

    /** Every item of a table, read by one Scan of the test engine. */
    public static Set<Item> items(String table) {
        Set<Item> items = new HashSet<>();
        repository()
                .scan(
                        ScanSpec.table(table),
                        page -> items.addAll(page.items()),
                        Cancellation.none());
        return items;
    }
}
