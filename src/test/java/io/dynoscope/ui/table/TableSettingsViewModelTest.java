package io.dynoscope.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A table's TTL, indexes and deletion, reviewed then sent, against the test engine. */
class TableSettingsViewModelTest {

    private static BackgroundWork work;

    @BeforeAll
    static void start() {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
    }

    @AfterAll
    static void stop() {
        work.shutdown();
    }

    private static TableSettingsViewModel settings(String table) {
        DynamoRepository repository = TestEngine.repository();
        TableSettingsViewModel settings =
                new TableSettingsViewModel(
                        table, new TableAdmin(repository), repository.connection(), work);
        settings.load().await();
        return settings;
    }

    @Test
    void aTableIsDeletedOnlyOnceItsNameIsTypedAgain() {
        String table = TestEngine.freshTable("settings-delete");
        TableSettingsViewModel settings = settings(table);

        settings.reviewDeletion().await();

        assertEquals(
                "DeleteTable\n"
                        + TestEngine.repository().requestText(new TableChange.DeleteTable(table)),
                settings.requestTextProperty().get());
        assertFalse(settings.canSendProperty().get(), "not before the name is typed");
        assertNull(settings.send());
        settings.confirmationProperty().set(table.substring(1));
        assertFalse(settings.canSendProperty().get());
        settings.confirmationProperty().set(table);
        assertTrue(settings.canSendProperty().get());

        settings.send().await();

        assertTrue(settings.deletedProperty().get());
        assertEquals("Deleted table " + table + ".", settings.statusProperty().get());
        assertFalse(TestEngine.repository().listTables().contains(table));
    }

    @Test
    void turningTtlOnShowsTheRequestAndDynalitesRefusalIsReported() {
        String table = TestEngine.freshTable("settings-ttl");
        TableSettingsViewModel settings = settings(table);
        assertEquals("DISABLED", settings.ttlStatusProperty().get());

        settings.ttlAttributeProperty().set("expiresAt");
        settings.reviewTimeToLiveOn().await();

        assertEquals(
                "UpdateTimeToLive\n"
                        + TestEngine.repository()
                                .requestText(
                                        new TableChange.UpdateTimeToLive(table, "expiresAt", true)),
                settings.requestTextProperty().get());
        settings.ttlAttributeProperty().set("expires");
        assertNull(settings.pendingProperty().get(), "a changed form withdraws the review");
        settings.ttlAttributeProperty().set("expiresAt");
        settings.reviewTimeToLiveOn().await();

        settings.send().await();

        assertTrue(
                settings.problemProperty().get().startsWith("UpdateTimeToLive on table '" + table),
                settings.problemProperty().get());
        assertTrue(settings.problemProperty().get().contains("dynalite"));
    }

    @Test
    void turningOffATtlThatIsNotOnIsRefusedWithoutARequest() {
        String table = TestEngine.freshTable("settings-ttl-off");
        TableSettingsViewModel settings = settings(table);

        settings.reviewTimeToLiveOff().await();

        assertEquals(
                "TTL is not on for table '" + table + "' (DISABLED).",
                settings.problemProperty().get());
        assertEquals("", settings.requestTextProperty().get());
        assertFalse(settings.canSendProperty().get());
    }

    @Test
    void aGlobalIndexIsReviewedWithItsKeyTypesAndALocalOneCannotBeRemoved() {
        String table =
                TestEngine.freshTable(
                        new TableDefinition(
                                "settings-index",
                                KeySchema.of("pk", "sk"),
                                Map.of("pk", "S", "sk", "S", "at", "N"),
                                List.of(),
                                List.of(SecondaryIndex.local("byAt", "pk", "at"))));
        TableSettingsViewModel settings = settings(table);
        assertEquals(
                List.of("byAt"), settings.indexes().stream().map(SecondaryIndex::name).toList());

        IndexRow index = settings.newIndex();
        index.nameProperty().set("byStatus");
        index.keys().partitionKeyProperty().set("status");
        index.keys().sortKeyProperty().set("at");
        settings.reviewIndexAddition().await();

        TableChange expected =
                new TableChange.CreateGlobalIndex(
                        table,
                        new SecondaryIndex(
                                "byStatus", true, KeySchema.of("status", "at"), "ALL", List.of()),
                        Map.of("status", "S", "at", "N"),
                        TableDefinition.Billing.onDemand());
        assertEquals(
                "UpdateTable\n" + TestEngine.repository().requestText(expected),
                settings.requestTextProperty().get());

        settings.reviewIndexRemoval("byAt").await();
        assertEquals(
                "Table '"
                        + table
                        + "' has no global secondary index 'byAt' (a local secondary index cannot"
                        + " be removed).",
                settings.problemProperty().get());
    }
}
