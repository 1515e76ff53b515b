package io.dynoscope.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestEngineTest {

    @Test
    void sharesOneEngineAndRepositoryAndMakesDistinctTables() {
        assertSame(TestEngine.repository(), TestEngine.repository());
        assertEquals(TestEngine.endpoint(), TestEngine.endpoint());
        String first = TestEngine.freshTable("te");
        String second = TestEngine.freshTable("te");
        assertNotEquals(first, second);
        assertTrue(first.length() >= 3);
        assertTrue(TestEngine.repository().listTables().containsAll(List.of(first, second)));

        Item item =
                Item.of(
                        Map.of(
                                "pk",
                                AttributeValue.s("a"),
                                "sk",
                                AttributeValue.s("b"),
                                "n",
                                AttributeValue.n("1")));
        TestEngine.repository().putItem(first, item, (CompiledExpression) null);
        assertEquals(
                item,
                TestEngine.repository()
                        .getItem(
                                first,
                                Key.of("pk", AttributeValue.s("a"), "sk", AttributeValue.s("b")),
                                true)
                        .item()
                        .orElseThrow());
        assertTrue(
                TestEngine.repository()
                        .getItem(
                                second,
                                Key.of("pk", AttributeValue.s("a"), "sk", AttributeValue.s("b")),
                                true)
                        .item()
                        .isEmpty());
    }
}
