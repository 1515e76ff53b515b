package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValueTextTest {

    @Test
    void numbersKeepEveryDigitAsTyped() {
        assertEquals(
                "12345678901234567890123456789012345678",
                ValueText.of(AttributeValue.n("12345678901234567890123456789012345678")));
        assertEquals("0012.50", ValueText.of(AttributeValue.n("0012.50")));
    }

    @Test
    void binaryShowsItsSizeAndABase64Preview() {
        assertEquals("3 B · AQID", ValueText.of(AttributeValue.b(new byte[] {1, 2, 3})));
        assertEquals(
                "40 B · AAAAAAAAAAAAAAAAAAAAAAAA…", ValueText.of(AttributeValue.b(new byte[40])));
    }

    @Test
    void setsListTheirFirstMembersAndCountTheRest() {
        assertEquals("{a, b}", ValueText.of(AttributeValue.ss("a", "b")));
        assertEquals(
                "{1, 2, 3, 4, 5, +2 more}",
                ValueText.of(AttributeValue.ns("1", "2", "3", "4", "5", "6", "7")));
        assertEquals(List.of("1.5", "2"), ValueText.members(AttributeValue.ns("1.5", "2")));
    }

    @Test
    void nestedValuesAreSummarised() {
        assertEquals(
                "{1 attribute}",
                ValueText.of(AttributeValue.m(Map.of("id", AttributeValue.s("U#12")))));
        assertEquals(
                "[2 elements]",
                ValueText.of(AttributeValue.l(AttributeValue.nul(), AttributeValue.bool(true))));
        assertEquals("NULL", ValueText.of(AttributeValue.nul()));
        assertEquals("", ValueText.of(AttributeValue.s("")));
    }

    @Test
    void sizesReadAtAGlance() {
        assertEquals("900 B", ValueText.bytes(900));
        assertEquals("6.1 KB", ValueText.bytes(6246));
        assertEquals("1.5 MB", ValueText.bytes(1572864));
    }
}
