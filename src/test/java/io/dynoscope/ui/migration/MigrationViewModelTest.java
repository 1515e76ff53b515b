package io.dynoscope.ui.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.migration.MigrationReport;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Migrate… window's state, without a display: read-only refusal, cancel then resume. */
class MigrationViewModelTest {

    @TempDir Path folder;

    private final BackgroundWork work =
            new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());

    @AfterEach
    void stopWork() {
        work.shutdown();
    }

    @Test
    void onAReadOnlyConnectionThePlanIsShownAndApplyIsRefusedSayingWhy() {
        String table = MigrationFixture.table("migration-read-only");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(1));
        Map<String, Item> before = MigrationFixture.byKey(TestEngine.repository(), table);
        DynamoRepository readOnly =
                WriteAccess.guard(
                        TestEngine.repository(),
                        ReadOnlyPolicy.Access.readOnly("profile 'prod' matches '*prod*'"));
        MigrationViewModel viewModel = viewModel(table, Optional.empty(), readOnly, readOnly);

        assertEquals("a model inferred from a sample of the table", viewModel.currentSource());
        assertFalse(viewModel.resumableProperty().get(), "no journal yet");
        viewModel.plan().await();
        BackgroundWork.Handle applied = viewModel.apply();

        assertTrue(
                viewModel.planTextProperty().get().contains("create byAssignee"),
                viewModel.planTextProperty().get());
        assertFalse(viewModel.canApplyProperty().get());
        assertNull(applied, "Apply started nothing");
        assertEquals(
                "The connection is read-only (profile 'prod' matches '*prod*'): nothing was sent.",
                viewModel.problemProperty().get());
        assertEquals("", viewModel.confirmationProperty().get(), "nothing to confirm");
        assertNull(viewModel.reportProperty().get());
        assertEquals(before, MigrationFixture.byKey(TestEngine.repository(), table));
    }

    @Test
    void aCancelledApplyOffersResumeAndTheResumedRunIsProven() throws Exception {
        String table = MigrationFixture.table("migration-resume-ui");
        MigrationFixture.load(TestEngine.repository(), table, MigrationFixture.items(20));
        AtomicInteger updates = new AtomicInteger();
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        // from its 100th UpdateItem on, the backfill waits until the test has pressed Cancel
        DynamoRepository held =
                new ForwardingRepository(TestEngine.repository()) {
                    @Override
                    public WriteOutcome updateItem(UpdateSpec update) {
                        if (updates.incrementAndGet() >= 100) {
                            reached.countDown();
                            try {
                                gate.await(120, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        return super.updateItem(update);
                    }
                };
        MigrationViewModel viewModel =
                viewModel(
                        table,
                        Optional.of(
                                new MigrationPlanner.Source(
                                        MigrationFixture.model(MigrationFixture.CURRENT, table),
                                        "the saved model")),
                        TestEngine.repository(),
                        held);
        viewModel.plan().await();
        viewModel.apply().await();
        String requests = viewModel.confirmationProperty().get();

        BackgroundWork.Handle first = viewModel.confirm();
        assertTrue(reached.await(120, TimeUnit.SECONDS), "the backfill began");
        viewModel.cancel();
        gate.countDown();
        first.await();
        MigrationReport cancelled = viewModel.reportProperty().get();
        boolean offered = viewModel.resumableProperty().get() && viewModel.resumeProperty().get();
        viewModel.apply().await();
        String requestsOnResume = viewModel.confirmationProperty().get();
        viewModel.confirm().await();

        assertTrue(
                requests.contains("UpdateTable creating index byAssignee")
                        && requests.contains("\"IndexName\" : \"byAssignee\""),
                requests);
        assertTrue(requests.contains("ConditionExpression"), requests);
        assertEquals(MigrationReport.Outcome.CANCELLED, cancelled.outcome());
        assertTrue(offered, "Resume is offered and chosen");
        assertFalse(requestsOnResume.contains("UpdateTable"), "the index exists now");
        MigrationReport resumed = viewModel.reportProperty().get();
        assertEquals(
                MigrationReport.Outcome.PROVEN,
                resumed.outcome(),
                viewModel.reportTextProperty().get());
        assertFalse(viewModel.resumableProperty().get(), "the journal is gone once proven");
        assertTrue(
                viewModel.reportTextProperty().get().contains("Proof: passed"),
                viewModel.reportTextProperty().get());
        for (Item item : MigrationFixture.byKey(TestEngine.repository(), table).values()) {
            assertEquals(
                    MigrationFixture.expectedComputed(item), MigrationFixture.computedIn(item));
        }
        try (var saved = Files.list(folder.resolve("migrations"))) {
            assertTrue(saved.anyMatch(f -> f.toString().endsWith(".migration-report.json")));
        }
    }

    private MigrationViewModel viewModel(
            String table,
            Optional<MigrationPlanner.Source> current,
            DynamoRepository reads,
            DynamoRepository writes) {
        return new MigrationViewModel(
                table,
                current,
                ModelJson.read(MigrationFixture.TARGET).tables().get(0),
                new MigrationViewModel.Services(
                        new MigrationPlanner(reads),
                        new Migration(writes),
                        Optional.empty(),
                        Optional.of(folder.resolve("migrations")),
                        WriteAccess.reason(writes)),
                work);
    }
}
