package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The allocation-free counting in ItemSize agrees with encoding and with BigDecimal. */
class ItemSizeCountingTest {

    @Test
    void utf8LengthMatchesTheEncoder() {
        Random random = new Random(42);
        for (int n = 0; n < 5_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                switch (random.nextInt(5)) {
                    case 0 -> text.append((char) random.nextInt(0x80));
                    case 1 -> text.append((char) (0x80 + random.nextInt(0x780)));
                    case 2 -> text.append((char) (0x800 + random.nextInt(0xD000)));
                    case 3 -> text.appendCodePoint(0x10000 + random.nextInt(0xFFFFF));
                    default ->
                            text.append((char) (0xD800 + random.nextInt(0x800))); // lone surrogates
                }
            }
            String s = text.toString();
            assertEquals(
                    s.getBytes(StandardCharsets.UTF_8).length,
                    ItemSize.utf8Bytes(s),
                    () -> s.codePoints().boxed().toList().toString());
        }
    }

    @Test
    void significantDigitsMatchBigDecimal() {
        String[] numbers = {
            "0",
            "0.000",
            "-0",
            "6",
            "6.0",
            "600",
            "0012.50",
            "1E-130",
            "-9.9999999999999999999999999999999999999E+125",
            "12345678901234567890123456789012345678",
            "0.00123",
            "100.001",
            "+5",
            ".5",
            "5.",
            "1.0e10",
            "-0.010E-5"
        };
        for (String text : numbers) {
            BigDecimal value = new BigDecimal(text.replace("+", ""));
            int expected = value.signum() == 0 ? 1 : value.stripTrailingZeros().precision();
            assertEquals(expected, ItemSize.significantDigits(text), text);
        }
    }
}
