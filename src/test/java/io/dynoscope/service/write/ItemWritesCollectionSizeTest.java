package io.dynoscope.service.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.GuardedWrite;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A save hands on DynamoDB's estimate of the item collection's size. dynalite never gives one (AWS
 * does for tables with an LSI), so the engine's real answer gets a constructed estimate added; the
 * SDK translation of ItemCollectionMetrics is tested in PartitionReadsTest.
 */
class ItemWritesCollectionSizeTest {

    @Test
    void aSaveCarriesTheCollectionSizeEstimate() {
        String table = TestEngine.freshTable("collection-size");
        WriteOutcome.ItemCollectionSize estimate =
                new WriteOutcome.ItemCollectionSize(AttributeValue.s("WS#huge"), 8.5, 9.5);
        ForwardingRepository withMetrics =
                new ForwardingRepository(TestEngine.repository()) {
                    @Override
                    public WriteOutcome putItem(
                            String name, Item item, CompiledExpression condition) {
                        WriteOutcome real = super.putItem(name, item, condition);
                        return real instanceof WriteOutcome.Written w
                                ? new WriteOutcome.Written(
                                        w.oldItem(), w.consumedCapacity(), Optional.of(estimate))
                                : real;
                    }
                };
        KeySchema keys = KeySchema.of("pk", "sk");
        Item item =
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("WS#huge"),
                                "sk", AttributeValue.s("PROJ#1"),
                                "name", AttributeValue.s("x")));

        ItemWrites.SaveOutcome outcome =
                new ItemWrites(withMetrics, table, keys)
                        .save(GuardedWrite.create(keys, item), item);

        ItemWrites.SaveOutcome.Saved saved =
                assertInstanceOf(ItemWrites.SaveOutcome.Saved.class, outcome);
        assertEquals(Optional.of(estimate), saved.itemCollection());
        assertEquals(
                Optional.of(item),
                TestEngine.repository().getItem(table, keys.keyOf(item), true).item());
    }
}
