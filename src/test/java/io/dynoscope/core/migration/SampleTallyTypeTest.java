package io.dynoscope.core.migration;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A new index over an attribute some items hold with another type (issue 33, item 7): the plan
 * counts the items DynamoDB would leave out of it, and does not count them in the index.
 */
class SampleTallyTypeTest {

    @Test
    void itemsWhoseKeyHasAnotherTypeAreCountedAsLeftOut() {
        SecondaryIndex byG =
                new SecondaryIndex("byG", true, KeySchema.of("G", null), "ALL", List.of());
        TableModel model =
                new TableModel(
                        "mixed",
                        KeySchema.of("PK", null),
                        Map.of("PK", "S", "G", "S"),
                        List.of(byG),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of());
        List<Item> sample = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            sample.add(Item.of(Map.of("PK", s("i" + i), "G", i % 3 == 0 ? n(i) : s("G" + i))));
        }

        SampleTally tally =
                SampleTally.of(sample, true, AttributeComputation.of(model), model.indexes());

        assertEquals(3, tally.indexes().get("byG").leftOutByType(), "G is a number on 3 of 9");
    }
}
