package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Text shown to a person keeps nothing a terminal would act on (issue 19 #6). */
class VisibleTextTest {

    @Test
    void terminalControlsBecomeEscapes() {
        assertEquals("\\u001B]0;pwned\\u0007", VisibleText.of("\u001B]0;pwned\u0007"));
        assertEquals("\\u001B[31mred", VisibleText.of("\u001B[31mred"));
        assertEquals("\\u009B2J", VisibleText.of("\u009B2J"));
        assertEquals("a\\u007Fb", VisibleText.of("a\u007Fb"));
        assertEquals("\\u0000\\u001F", VisibleText.of("\u0000\u001F"));
        assertEquals("a\\nb\\rc\\td", VisibleText.of("a\nb\rc\td"));
    }

    @Test
    void bidiOverridesAndIsolatesAndLineSeparatorsBecomeEscapes() {
        assertEquals("\\u202Eexe.txt", VisibleText.of("\u202Eexe.txt"));
        assertEquals(
                "\\u202A\\u202B\\u202C\\u202D\\u2066\\u2067\\u2068\\u2069\\u200E\\u200F\\u061C",
                VisibleText.of(
                        "\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C"));
        assertEquals("a\\u2028b\\u2029", VisibleText.of("a\u2028b\u2029"));
    }

    @Test
    void printableTextIsKeptAsItIs() {
        String text = "WS#acme Zoë 日本語 😀 \\ \"quoted\"";
        assertSame(text, VisibleText.of(text), "no copy when nothing is escaped");
        assertEquals("😀", VisibleText.of("😀"), "a surrogate pair is one character");
        assertEquals("\\uD83Dx", VisibleText.of("\uD83Dx"), "a lone surrogate is shown");
    }

    @Test
    void linesOfAMessageKeepTheirBreaksAndTabs() {
        assertEquals(
                "one\n\ttwo \\r \\u001B[2J", VisibleText.keepingLines("one\n\ttwo \r \u001B[2J"));
        assertFalse(VisibleText.keepingLines("x\u0007").contains("\u0007"));
        assertTrue(VisibleText.isEscaped('\u0085'));
        assertFalse(VisibleText.isEscaped('é'));
    }
}
