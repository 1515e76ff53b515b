package io.dynoscope.core.collection;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyOrderTest {

    @Test
    void stringsOrderByUtf8BytesNotUtf16() {
        String privateUse = "\uE000";
        String emoji = "\uD83D\uDE00"; // U+1F600, four UTF-8 bytes starting F0
        assertTrue(privateUse.compareTo(emoji) > 0, "UTF-16 order puts the surrogate pair first");
        assertTrue(KeyOrder.compare(s(privateUse), s(emoji)) < 0);
        assertTrue(KeyOrder.compare(s("\uFFFF"), s(emoji)) < 0);
        assertTrue(KeyOrder.compareUtf8("a" + emoji, "a" + privateUse) > 0);
    }

    @Test
    void utf8OrderAgreesWithEncodedBytesOnRandomStrings() {
        Random random = new Random(42);
        int[] rangeStarts = {0x20, 0x7F, 0x800, 0xD7F0, 0xE000, 0xFFF0, 0x10000, 0x10FFF0};
        for (int round = 0; round < 20_000; round++) {
            String a = randomString(random, rangeStarts);
            String b = randomString(random, rangeStarts);
            int expected =
                    Integer.signum(
                            Arrays.compareUnsigned(
                                    a.getBytes(StandardCharsets.UTF_8),
                                    b.getBytes(StandardCharsets.UTF_8)));
            assertEquals(
                    expected, Integer.signum(KeyOrder.compareUtf8(a, b)), () -> a + " vs " + b);
        }
    }

    private static String randomString(Random random, int[] rangeStarts) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(4);
        for (int i = 0; i < length; i++) {
            int codePoint = rangeStarts[random.nextInt(rangeStarts.length)] + random.nextInt(16);
            if (!Character.isSurrogate((char) codePoint) || codePoint > 0xFFFF) {
                text.appendCodePoint(codePoint);
            }
        }
        return text.toString();
    }

    @Test
    void numbersOrderByValue() {
        assertTrue(KeyOrder.compare(n("9"), n("10")) < 0);
        assertTrue(KeyOrder.compare(n("-1.5"), n("-1")) < 0);
        assertEquals(0, KeyOrder.compare(n("6"), n("6.00")));
        assertTrue(KeyOrder.compare(n("1E+2"), n("99.999999999999999999999999999999999999")) > 0);
    }

    @Test
    void binaryOrdersByUnsignedBytes() {
        assertTrue(KeyOrder.compare(b(new byte[] {0x7F}), b(new byte[] {(byte) 0x80})) < 0);
        assertTrue(KeyOrder.compare(b(new byte[] {0x01}), b(new byte[] {0x01, 0x00})) < 0);
        assertTrue(KeyOrder.compare(b(new byte[] {(byte) 0xFF}), b(new byte[] {0x00, 0x01})) > 0);
    }

    @Test
    void nonKeyTypesAreRejected() {
        AttributeValue bool = AttributeValue.bool(true);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> KeyOrder.compare(bool, s("x")));
        assertTrue(e.getMessage().contains("BOOL"), e.getMessage());
    }
}
