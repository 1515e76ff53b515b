package io.dynoscope.service.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.access.ReadOnlyException;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.table.TableExistsException;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A table with two global and one local index cloned from the test engine to a second engine. */
class CloneServiceTest {

    private static final int ITEMS = 2_000;

    private static LocalEngine secondEngine;
    private static DynamoRepository target;
    private static String source;

    @BeforeAll
    static void sourceTableAndSecondEngine() {
        source =
                TestEngine.freshTable(
                        new TableDefinition(
                                "clone-source",
                                GeneratedItems.KEYS,
                                Map.of("pk", "S", "sk", "N", "name", "S", "n38", "N"),
                                List.of(
                                        new SecondaryIndex(
                                                "byName",
                                                true,
                                                KeySchema.of("name", null),
                                                "KEYS_ONLY",
                                                List.of()),
                                        new SecondaryIndex(
                                                "byNumber",
                                                true,
                                                KeySchema.of("n38", "name"),
                                                "INCLUDE",
                                                List.of("flag", "tags"))),
                                List.of(SecondaryIndex.local("byNumberHere", "pk", "n38"))));
        TestEngine.repository()
                .batchWrite(source, GeneratedItems.items(ITEMS), List.of(), Cancellation.none());
        secondEngine = LocalEngine.start();
        target =
                SdkDynamoRepository.connect(
                        new ConnectionSpec.Endpoint(secondEngine.endpoint(), null, null));
    }

    @AfterAll
    static void stopSecondEngine() {
        target.close();
        secondEngine.close();
    }

    private static Set<Item> scan(DynamoRepository repository, String table) {
        Set<Item> items = new HashSet<>();
        repository.scan(
                ScanSpec.table(table), page -> items.addAll(page.items()), Cancellation.none());
        return items;
    }

    @Test
    void theCopyHasTheSameKeysIndexesAndItems() {
        AtomicLong lastRead = new AtomicLong();
        CloneService.Report report =
                new CloneService(TestEngine.repository(), target)
                        .clone(
                                new CloneService.Request(source, "copy", 3, 4, Billing.onDemand()),
                                progress -> lastRead.set(progress.read()),
                                Cancellation.none());

        assertTrue(report.complete(), String.valueOf(report.failure()));
        assertTrue(report.countsMatch());
        assertEquals(ITEMS, report.targetCount());
        assertEquals(ITEMS, report.progress().written());
        assertEquals(ITEMS, lastRead.get());
        assertTrue(report.reads().requests() >= 3, "one Scan request per segment at least");

        TableInfo original = TestEngine.repository().describeTable(source);
        TableInfo copy = target.describeTable("copy");
        assertEquals(original.keySchema(), copy.keySchema());
        assertEquals(original.keyAttributeTypes(), copy.keyAttributeTypes());
        assertEquals(
                indexes(original.globalSecondaryIndexes()), indexes(copy.globalSecondaryIndexes()));
        assertEquals(
                indexes(original.localSecondaryIndexes()), indexes(copy.localSecondaryIndexes()));
        assertEquals(new HashSet<>(GeneratedItems.items(ITEMS)), scan(target, "copy"));
    }

    private static Set<List<Object>> indexes(List<SecondaryIndex> indexes) {
        Set<List<Object>> described = new HashSet<>();
        for (SecondaryIndex index : indexes) {
            described.add(
                    List.of(
                            index.name(),
                            index.keySchema(),
                            index.projectionType(),
                            Set.copyOf(index.nonKeyAttributes())));
        }
        return described;
    }

    @Test
    void theRequestsThatCreateTheCopyAreShownFirst() {
        List<String> plan =
                new CloneService(TestEngine.repository(), target)
                        .plan(
                                new CloneService.Request(
                                        source, "planned", 1, 1, Billing.provisioned(5, 7)));

        assertEquals(1, plan.size());
        assertTrue(plan.get(0).contains("\"TableName\" : \"planned\""), plan.get(0));
        assertTrue(plan.get(0).contains("\"IndexName\" : \"byNumber\""), plan.get(0));
        assertTrue(plan.get(0).contains("\"ReadCapacityUnits\" : 5"), plan.get(0));
        assertTrue(plan.get(0).contains("\"BillingMode\" : \"PROVISIONED\""), plan.get(0));
        assertFalse(target.listTables().contains("planned"));
    }

    @Test
    void anExistingTableOrAReadOnlyTargetIsRefusedBeforeAnyWrite() {
        target.createTable(TableDefinition.simple("taken", "pk", null));
        CloneService into = new CloneService(TestEngine.repository(), target);
        CloneService readOnly =
                new CloneService(
                        TestEngine.repository(),
                        WriteAccess.guard(target, Access.readOnly("a test says so")));

        TableExistsException taken =
                assertThrows(
                        TableExistsException.class,
                        () ->
                                into.clone(
                                        new CloneService.Request(
                                                source, "taken", 1, 1, Billing.onDemand()),
                                        p -> {},
                                        Cancellation.none()));
        ReadOnlyException refused =
                assertThrows(
                        ReadOnlyException.class,
                        () ->
                                readOnly.clone(
                                        new CloneService.Request(
                                                source, "never", 1, 1, Billing.onDemand()),
                                        p -> {},
                                        Cancellation.none()));

        assertEquals("taken", taken.table());
        assertTrue(
                taken.getMessage().startsWith("table 'taken' already exists: nothing was copied"));
        assertEquals(
                "clone into table 'never' refused: the connection is read-only (a test says so);"
                        + " nothing was sent",
                refused.getMessage());
        assertEquals(Set.of(), scan(target, "taken"));
        assertFalse(target.listTables().contains("never"));
    }
}
