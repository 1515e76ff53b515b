package io.dynoscope.ui.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.access.ReadOnlyPolicy.Access;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Clone to another connection (a second client of the test engine), without a display. */
class CloneViewModelTest {

    private static BackgroundWork work;
    private static String source;

    @BeforeAll
    static void start() {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
        source =
                TestEngine.freshTable(
                        new TableDefinition(
                                "clone-source",
                                GeneratedItems.KEYS,
                                Map.of("pk", "S", "sk", "N", "name", "S"),
                                List.of(
                                        SecondaryIndex.global("byName", "name", null),
                                        new SecondaryIndex(
                                                "byPk",
                                                true,
                                                KeySchema.of("pk", "name"),
                                                "KEYS_ONLY",
                                                List.of())),
                                List.of()));
        TestEngine.repository()
                .batchWrite(source, GeneratedItems.items(600), List.of(), Cancellation.none());
    }

    @AfterAll
    static void stop() {
        work.shutdown();
    }

    /** Another connection to the engine, through its own client (and read-only setting). */
    private static CloneTarget target(String label, Access access) {
        return new CloneTarget(
                label,
                access.readOnly() ? Optional.of(access.reason()) : Optional.empty(),
                1,
                cancellation ->
                        new ConnectionServices(
                                WriteAccess.guard(
                                        SdkDynamoRepository.connect(TestEngine.connection()),
                                        access)));
    }

    @Test
    void aTableWithTwoGlobalIndexesIsClonedWithEveryItemAndACountCheck() {
        String copy = TestEngine.uniqueTableName("clone-copy");
        CloneViewModel clone =
                new CloneViewModel(
                        source,
                        new ConnectionServices(TestEngine.repository()),
                        List.of(target("Other engine", Access.writable())),
                        work);
        clone.targetTableProperty().set(copy);
        clone.segmentsProperty().set(3);

        clone.plan().await();
        assertEquals(
                TestEngine.repository()
                        .requestText(
                                new TableChange.CreateTable(
                                        TableDefinition.like(
                                                TestEngine.repository().describeTable(source),
                                                copy,
                                                TableDefinition.Billing.onDemand()))),
                clone.requestTextProperty().get());
        assertFalse(TestEngine.repository().listTables().contains(copy), "a plan creates nothing");

        clone.start().await();

        assertTrue(clone.resultProperty().get().complete(), clone.reportProperty().get());
        assertTrue(clone.resultProperty().get().countsMatch());
        assertTrue(
                clone.reportProperty()
                        .get()
                        .startsWith(
                                "Cloned 600 items to "
                                        + copy
                                        + " on Other engine. Count check: the copy holds 600"
                                        + " items, as many as were read."),
                clone.reportProperty().get());
        assertTrue(clone.reportProperty().get().contains(" RCU. Written: "));
        assertTrue(clone.reportProperty().get().contains(" WCU."));
        assertEquals(TestEngine.items(source), TestEngine.items(copy));
        TableInfo copied = TestEngine.repository().describeTable(copy);
        assertEquals(
                Set.of("byName", "byPk"),
                Set.copyOf(
                        copied.globalSecondaryIndexes().stream()
                                .map(SecondaryIndex::name)
                                .toList()));
    }

    @Test
    void aReadOnlyTargetCannotBeChosenToCloneInto() {
        CloneViewModel clone =
                new CloneViewModel(
                        source,
                        new ConnectionServices(TestEngine.repository()),
                        List.of(
                                target(
                                        "prod",
                                        Access.readOnly("the connection is marked read-only")),
                                target("dev", Access.writable())),
                        work);
        clone.targetTableProperty().set(TestEngine.uniqueTableName("clone-refused"));

        assertFalse(clone.canCloneProperty().get());
        assertEquals(
                "The target is read-only: the connection is marked read-only.",
                clone.targetReadOnlyProperty().get());
        assertNull(clone.start());

        clone.targetProperty().set(clone.targets().get(1));
        assertTrue(clone.canCloneProperty().get());
        assertEquals("", clone.targetReadOnlyProperty().get());
    }
}
