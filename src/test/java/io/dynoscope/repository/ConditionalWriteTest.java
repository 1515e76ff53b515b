package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writes guarded by what the user saw: a failed condition is an outcome, and nothing is written.
 */
class ConditionalWriteTest {

    private static final Key POST = Key.of("pk", s("POST#9f3"), "sk", s("META"));
    private static final Item ORIGINAL =
            Item.of(
                    Map.of(
                            "pk",
                            s("POST#9f3"),
                            "sk",
                            s("META"),
                            "authorName",
                            s("Mara Vance"),
                            "version",
                            n(1)));

    private static DynamoRepository repository;
    private static String table;

    @BeforeAll
    static void createTable() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("writes");
    }

    @BeforeEach
    void resetPost() {
        repository.putItem(table, ORIGINAL, null);
    }

    private static Item current() {
        return repository.getItem(table, POST, true).item().orElseThrow();
    }

    @Test
    void aPutThatMustCreateFailsWhenTheItemExistsAndReportsTheCurrentItem() {
        Item replacement = ORIGINAL.with("authorName", s("Someone Else"));
        WriteOutcome outcome =
                repository.putItem(
                        table,
                        replacement,
                        new CompiledExpression(
                                "attribute_not_exists(#pk)", Map.of("#pk", "pk"), Map.of()));

        WriteOutcome.ConditionFailed failed =
                assertInstanceOf(WriteOutcome.ConditionFailed.class, outcome);
        assertTrue(failed.message().contains("conditional request failed"), failed.message());
        // dynalite does not return the current item; DynamoDB and DynamoDB Local do.
        if (failed.currentItem() != null) {
            assertEquals(ORIGINAL, failed.currentItem());
        }
        assertEquals(ORIGINAL, current());
    }

    /** The drift propagation's update: the author's new name, while the old one is there. */
    private static UpdateSpec renameWhileUnchanged() {
        return new UpdateSpec(
                table,
                POST,
                new CompiledExpression(
                        "SET #a = :new",
                        Map.of("#a", "authorName"),
                        Map.of(":new", s("Mara V."), ":old", s("Mara Vance"))),
                CompiledExpression.of("#a = :old"));
    }

    @Test
    void aGuardedPropagationUpdatesOnlyWhileTheOldValueIsThere() {
        UpdateSpec propagate = renameWhileUnchanged();

        WriteOutcome.Written written =
                assertInstanceOf(WriteOutcome.Written.class, repository.updateItem(propagate));
        assertEquals(ORIGINAL, written.oldItem());
        assertEquals(s("Mara V."), current().get("authorName").orElseThrow());

        WriteOutcome again = repository.updateItem(propagate);
        assertInstanceOf(WriteOutcome.ConditionFailed.class, again);
        assertEquals(s("Mara V."), current().get("authorName").orElseThrow());
    }

    @Test
    void anUpdateWithoutItsOldItemIsWrittenAndRefusedTheSameWayButSendsNoItemBack() {
        UpdateSpec propagate = renameWhileUnchanged().withoutOldItem();

        WriteOutcome.Written written =
                assertInstanceOf(WriteOutcome.Written.class, repository.updateItem(propagate));
        assertNull(written.oldItem(), "the old item is not asked back");
        assertTrue(written.consumedCapacity() > 0, "the capacity still is");
        assertEquals(s("Mara V."), current().get("authorName").orElseThrow());

        assertInstanceOf(WriteOutcome.ConditionFailed.class, repository.updateItem(propagate));
        assertEquals(s("Mara V."), current().get("authorName").orElseThrow());
    }

    @Test
    void aDeleteOfAChangedItemIsRefused() {
        CompiledExpression sawVersionTwo =
                new CompiledExpression(
                        "#v = :seen", Map.of("#v", "version"), Map.of(":seen", n(2)));
        assertInstanceOf(
                WriteOutcome.ConditionFailed.class,
                repository.deleteItem(table, POST, sawVersionTwo));
        assertEquals(ORIGINAL, current());

        CompiledExpression sawVersionOne =
                new CompiledExpression(
                        "#v = :seen", Map.of("#v", "version"), Map.of(":seen", n(1)));
        WriteOutcome.Written deleted =
                assertInstanceOf(
                        WriteOutcome.Written.class,
                        repository.deleteItem(table, POST, sawVersionOne));
        assertEquals(ORIGINAL, deleted.oldItem());
        assertTrue(repository.getItem(table, POST, true).item().isEmpty());
    }
}
