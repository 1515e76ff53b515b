package io.dynoscope.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.table.ReadStatistics;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadWordsTest {

    @Test
    void aReadIsSaidInWordsAndItsFiguresExactly() {
        ReadStatistics reads = new ReadStatistics(3, 12.5, 1_000, 250, Duration.ofMillis(48));
        assertEquals(
                "Read 250 items (1,000 examined) in 3 requests, 12.5 read units",
                ReadWords.of(reads));
        assertEquals(
                "3 requests · 12.5 RCU consumed · 1,000 scanned · 250 returned · 48 ms",
                ReadWords.figures(reads));
    }

    @Test
    void oneOfEachIsSingular() {
        ReadStatistics reads = new ReadStatistics(1, 1, 1, 1, Duration.ofMillis(3));
        assertEquals("Read 1 item in 1 request, 1 read unit", ReadWords.of(reads));
    }
}
