package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** RFC 4180 records, with their first line, and an empty field told apart from "". */
class CsvRecordsTest {

    private static List<CsvRecords.Record> read(String csv) throws IOException {
        CsvRecords records = new CsvRecords(new StringReader(csv));
        List<CsvRecords.Record> all = new ArrayList<>();
        for (Optional<CsvRecords.Record> next = records.next();
                next.isPresent();
                next = records.next()) {
            all.add(next.get());
        }
        return all;
    }

    @Test
    void quotedFieldsHoldCommasQuotesAndLineBreaks() throws IOException {
        List<CsvRecords.Record> records =
                read(
                        "\uFEFFa,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\nlast,,\"\"\n");

        assertEquals(
                List.of(
                        new CsvRecords.Record(1, List.of("a", "b", "c")),
                        new CsvRecords.Record(2, List.of("x, y", "say \"hi\"", "two\nlines")),
                        new CsvRecords.Record(5, Arrays.asList("last", null, ""))),
                records);
    }

    @Test
    void aQuoteNeverClosedNamesTheLineItStartsOn() {
        ItemFormatException e =
                assertThrows(ItemFormatException.class, () -> read("a\n\"open\nand on\n"));

        assertEquals(2, e.line());
    }

    @Test
    void textAfterAClosingQuoteIsRefused() {
        ItemFormatException e = assertThrows(ItemFormatException.class, () -> read("\"a\"b,c\n"));

        assertEquals(
                "line 1: a quoted field must be followed by a comma or the end of the line, not 'b'",
                e.getMessage());
    }

    @Test
    void formulasAreProtectedAndComeBackExactly() {
        for (String text :
                List.of(
                        "=1+2",
                        "+33 1",
                        "-x",
                        "@SUM(A1)",
                        "\tindent",
                        "'=already",
                        "''=twice",
                        "'plain",
                        "plain",
                        "")) {
            assertEquals(text, Csv.unprotect(Csv.protect(text)), text);
        }
        assertEquals("'=1+2", Csv.protect("=1+2"));
        assertEquals("''=already", Csv.protect("'=already"));
        assertEquals("'plain", Csv.protect("'plain"));
    }
}
