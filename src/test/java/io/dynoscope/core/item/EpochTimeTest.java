package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EpochTimeTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    @Test
    void secondsAndMillisecondsReadAsDatesOtherNumbersDoNot() {
        assertEquals(
                Optional.of("2026-01-01 00:00:00 UTC (epoch seconds)"),
                EpochTime.note(AttributeValue.n(1_767_225_600L), false, NOW));
        assertEquals(
                Optional.of("2026-01-01 00:00:00 UTC (epoch milliseconds)"),
                EpochTime.note(AttributeValue.n(1_767_225_600_000L), false, NOW));
        assertEquals(Optional.empty(), EpochTime.note(AttributeValue.n(4800), false, NOW));
        assertEquals(
                Optional.empty(),
                EpochTime.note(
                        AttributeValue.n("12345678901234567890.123456789012345678"), false, NOW));
        assertEquals(Optional.empty(), EpochTime.note(AttributeValue.s("1767225600"), false, NOW));
    }

    @Test
    void theTtlAttributeSaysTheTimeLeftOrThatItNeverExpires() {
        long inThreeDays = NOW.plusSeconds(3 * 86_400 + 4 * 3_600).getEpochSecond();
        assertEquals(
                Optional.of("TTL: expires in 3 d 4 h · 2026-12-03 16:00:00 UTC (epoch seconds)"),
                EpochTime.note(AttributeValue.n(inThreeDays), true, NOW));
        long twoHoursAgo = NOW.minusSeconds(2 * 3_600 + 5 * 60).getEpochSecond();
        assertEquals(
                Optional.of("TTL: expired 2 h 5 min ago · 2026-11-30 09:55:00 UTC (epoch seconds)"),
                EpochTime.note(AttributeValue.n(twoHoursAgo), true, NOW));
        assertEquals(
                Optional.of(
                        "TTL in epoch milliseconds, not seconds: DynamoDB never expires it ·"
                                + " 2026-01-01 00:00:00 UTC (epoch milliseconds)"),
                EpochTime.note(AttributeValue.n(1_767_225_600_000L), true, NOW));
        assertEquals(
                Optional.of("TTL attribute, but not epoch seconds: DynamoDB never expires it"),
                EpochTime.note(AttributeValue.s("tomorrow"), true, NOW));
    }
}
