package io.dynoscope.core.partitions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShardShapesTest {

    @Test
    void numberedSuffixesFromOneAreShards() {
        List<ShardedKey> keys =
                ShardShapes.recognise(
                        List.of(
                                "WS#big#01",
                                "WS#big#02",
                                "WS#big#03",
                                "WS#big#05",
                                "WS#big",
                                "ORDERS_0",
                                "ORDERS_1",
                                "ORDERS_2"));
        assertEquals(
                List.of("ORDERS_{0..2}", "WS#big#{01..05}"),
                keys.stream().map(ShardedKey::text).toList());
    }

    @Test
    void idsThatEndInNumbersAreNot() {
        assertEquals(
                List.of(),
                ShardShapes.recognise(List.of("USER#12", "USER#88", "USER#31", "USER#47")));
        assertEquals(List.of(), ShardShapes.recognise(List.of("X#1", "X#10", "X#2")), "widths");
        assertEquals(List.of(), ShardShapes.recognise(List.of("X#01")), "one is no group");
        assertEquals(
                List.of(),
                ShardShapes.recognise(List.of("X#01", "X#09", "X#10")),
                "3 of 10 numbers is too sparse");
        assertEquals(List.of(), ShardShapes.recognise(List.of("2026-01", "2026-02")), "dates");
    }
}
