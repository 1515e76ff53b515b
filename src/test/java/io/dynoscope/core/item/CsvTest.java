package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one CSV writer: RFC 4180 quoting and inert formulas. */
class CsvTest {

    @Test
    void textThatASpreadsheetWouldRunIsMadeInertAndQuotedWhereNeeded() {
        assertEquals("'=1+2", Csv.text("=1+2"));
        assertEquals(
                "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\"",
                Csv.text("=HYPERLINK(\"http://evil.example\",\"click\")"));
        assertEquals("'+1", Csv.text("+1"));
        assertEquals("'-1", Csv.text("-1"));
        assertEquals("'@SUM(A1)", Csv.text("@SUM(A1)"));
        assertEquals("'\t=x", Csv.text("\t=x"));
        assertEquals("\"\"", Csv.text(""));
        assertEquals("\"a,b\"", Csv.text("a,b"));
    }

    @Test
    void plainFieldsAreNotProtectedButQuoted() {
        assertEquals("-5", Csv.plain("-5"));
        assertEquals("\"{\"\"NULL\"\":true}\"", Csv.plain("{\"NULL\":true}"));
        assertEquals("", Csv.plain(""));
    }

    @Test
    void aRecordEndsWithCrLf() {
        assertEquals("a,\"\",b\r\n", Csv.record(List.of("a", "\"\"", "b")));
    }

    @Test
    void protectionIsUndoneExactly() {
        for (String text : List.of("=1", "'=1", "''=1", "'plain", "plain", "'", "", "-", "@")) {
            assertEquals(text, Csv.unprotect(Csv.protect(text)), text);
        }
    }
}
