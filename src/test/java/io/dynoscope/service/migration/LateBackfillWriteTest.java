package io.dynoscope.service.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.migration.AttributeComputation;
import io.dynoscope.core.migration.Computed;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.service.drift.GuardedUpdates;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.MigrationFixture;
import io.dynoscope.testsupport.TestEngine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The backfill's write is sent only while the item holds what the scan saw, the new attributes
 * included: a write computed by a run that was killed (or superseded) and arrives late does not
 * replace what a later run, with an edited target, has written since.
 */
class LateBackfillWriteTest {

    private final DynamoRepository engine = TestEngine.repository();

    @Test
    void aLateWriteOfAnEarlierRunDoesNotReplaceWhatALaterRunWrote() {
        String table = MigrationFixture.table("late-write");
        MigrationFixture.load(engine, table, MigrationFixture.items(1));
        Item scanned =
                MigrationFixture.byKey(engine, table).values().stream()
                        .filter(i -> i.attributes().containsKey("dueAt"))
                        .findFirst()
                        .orElseThrow();
        TableModel first = MigrationFixture.model(MigrationFixture.TARGET, table);
        // the target edited before the rerun: the index's sort key the other way round
        TableModel edited =
                MigrationFixture.model(
                        MigrationFixture.TARGET.replace("{status}#{dueAt}", "{dueAt}#{status}"),
                        table);
        Computed late = AttributeComputation.of(first).compute(scanned).orElseThrow();
        Computed rerun = AttributeComputation.of(edited).compute(scanned).orElseThrow();
        assertNotEquals(late.values(), rerun.values());
        GuardedUpdates updates = new GuardedUpdates(engine);

        // the rerun, reading the item after the first run was killed, writes the edited values
        assertInstanceOf(
                GuardedUpdates.Updated.class,
                updates.send(
                        TablePass.backfillWrite(table, first.keys(), scanned, rerun), () -> false));
        // then the killed run's write, computed from the same values, reaches the table
        GuardedUpdates.Outcome outcome =
                updates.send(
                        TablePass.backfillWrite(table, first.keys(), scanned, late), () -> false);

        assertInstanceOf(GuardedUpdates.Refused.class, outcome, outcome.toString());
        Map<String, AttributeValue> now =
                MigrationFixture.computedIn(
                        MigrationFixture.byKey(engine, table)
                                .get(MigrationFixture.KEYS.keyOf(scanned).text()));
        assertEquals(rerun.values(), now);
    }
}
