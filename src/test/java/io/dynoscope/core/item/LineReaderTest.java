package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines as BufferedReader reads them, but none longer than the cap (issue 19 #8). */
class LineReaderTest {

    @Test
    void readsLinesEndedAnyWayAndDropsAByteOrderMark() throws IOException {
        LineReader lines = new LineReader(new StringReader("\uFEFFa\nb\r\nc\rd\n\nlast"));

        List<String> read = new ArrayList<>();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            read.add(line);
        }

        assertEquals(List.of("a", "b", "c", "d", "", "last"), read);
        assertEquals(6, lines.lineNumber());
        assertNull(lines.readLine());
    }

    @Test
    void aLineLongerThanTheCapStopsTheReadingAtItsNumber() throws IOException {
        LineReader lines = new LineReader(new StringReader("short\r\nok\n0123456789X\nnever"), 10);
        lines.readLine();
        lines.readLine();

        ItemFormatException e = assertThrows(ItemFormatException.class, lines::readLine);

        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("longer than 10 characters"), e.getMessage());
    }

    @Test
    void anEndlessLineIsRefusedAtTheCapWithoutHoldingMore() {
        // /dev/zero: NUL characters without end
        Reader zeros =
                new Reader() {
                    @Override
                    public int read(char[] buffer, int offset, int length) {
                        return length;
                    }

                    @Override
                    public void close() {}
                };

        ItemFormatException e =
                assertThrows(ItemFormatException.class, new LineReader(zeros)::readLine);

        assertEquals(1, e.line());
        assertTrue(
                e.getMessage()
                        .contains(
                                "the line is longer than 4,096,000 characters, more than the JSON"
                                        + " of any item DynamoDB takes (an item is at most 400 KB)"),
                e.getMessage());
    }

    @Test
    void anEndlessCsvRecordIsRefusedAtTheCapAtTheLineItStarts() throws IOException {
        CsvRecords records =
                new CsvRecords(
                        new StringReader("a,b\r\n1,2\r\n\"never closed" + "x".repeat(50)), 20);
        records.next();
        records.next();

        ItemFormatException e = assertThrows(ItemFormatException.class, records::next);

        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("longer than 20 characters"), e.getMessage());
    }
}
