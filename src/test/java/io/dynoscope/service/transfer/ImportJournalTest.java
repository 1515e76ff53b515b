package io.dynoscope.service.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.Options;
import io.dynoscope.service.transfer.ImportService.Outcome;
import io.dynoscope.service.transfer.ImportService.Report;
import io.dynoscope.service.transfer.ImportService.Request;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal cannot wedge an import nor make it skip items that were never written (issue 19 #9):
 * what a full disk leaves is started again, a damaged entry fails its checksum, and a forged
 * journal with valid checksums fails the count or the read-back of what it would skip.
 */
class ImportJournalTest {

    private static final int ITEMS = 100;

    @TempDir Path folder;

    private final List<Item> items = GeneratedItems.items(ITEMS);
    private final ImportService service = new ImportService(TestEngine.repository());

    private Request request(String table) throws IOException {
        Path file = folder.resolve("items.json");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            ExportWriter writer =
                    new ExportWriter(TransferFormat.DYNAMODB_JSON, GeneratedItems.KEYS, out);
            for (Item item : items) {
                writer.write(item);
            }
            writer.finish();
        }
        return new Request(
                table,
                ImportService.Input.file(file),
                TransferFormat.DYNAMODB_JSON,
                GeneratedItems.mapping(TransferFormat.DYNAMODB_JSON));
    }

    private Report run(Request request, Path journal, boolean resume) throws IOException {
        return service.run(
                service.check(request, Cancellation.none()),
                new Options(1, journal, resume),
                progress -> {},
                Cancellation.none());
    }

    @Test
    void aJournalAFullDiskLeftEmptyOrCutInItsHeaderIsStartedAgain() throws IOException {
        for (String left : List.of("", "{\"journal\":2,\"table\":\"imp")) {
            for (boolean resume : List.of(false, true)) {
                String table = TestEngine.freshTable(GeneratedItems.table("journal"));
                Path journal = folder.resolve("full.journal");
                Files.writeString(journal, left);

                Report report = run(request(table), journal, resume);

                assertEquals(Outcome.COMPLETE, report.outcome(), String.valueOf(report.failure()));
                assertEquals(ITEMS, report.progress().written());
                assertEquals(new HashSet<>(items), TestEngine.items(table));
                assertFalse(Files.exists(journal));
            }
        }
    }

    @Test
    void aDamagedEntryFailsItsChecksumAndNothingIsWritten() throws IOException {
        String table = TestEngine.freshTable(GeneratedItems.table("journal"));
        Path journal = stoppedAfterOneBatch(table);
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(journal)),
                "the journal is the owner's alone");
        String text = Files.readString(journal);
        assertTrue(text.contains("\nD 1 25 "), text);
        Files.writeString(journal, text.replace("\nD 1 25 ", "\nD 1 75 "));

        IOException refused =
                assertThrows(IOException.class, () -> run(request(table), journal, true));

        assertTrue(
                refused.getMessage()
                        .startsWith(
                                "the journal at "
                                        + journal
                                        + " does not verify (entry 2 does not match its"
                                        + " checksum)"),
                refused.getMessage());
        assertEquals(25, TestEngine.items(table).size(), "nothing more was written");
    }

    @Test
    void anEntryCutShortByACrashIsDroppedAndTheRestResumes() throws IOException {
        String table = TestEngine.freshTable(GeneratedItems.table("journal"));
        Path journal = stoppedAfterOneBatch(table);
        Files.writeString(journal, Files.readString(journal) + "S 26 5");

        Report resumed = run(request(table), journal, true);

        assertEquals(Outcome.COMPLETE, resumed.outcome(), String.valueOf(resumed.failure()));
        assertEquals(25, resumed.progress().skipped());
        assertEquals(ITEMS - 25, resumed.progress().written());
        assertEquals(new HashSet<>(items), TestEngine.items(table));
    }

    @Test
    void aForgedJournalWithValidChecksumsFailsTheReadBackOfWhatItWouldSkip() throws IOException {
        String table = TestEngine.freshTable(GeneratedItems.table("journal"));
        Request request = request(table);
        Path journal = forged(request, IntStream.rangeClosed(1, 60).boxed().toList());

        IOException refused = assertThrows(IOException.class, () -> run(request, journal, true));

        assertTrue(
                refused.getMessage()
                        .contains(
                                "does not verify (it says line 1 was written, but table '"
                                        + table
                                        + "' does not hold that item as the input has it)"),
                refused.getMessage());
        assertEquals(Set.of(), TestEngine.items(table), "nothing was written");
    }

    @Test
    void aForgedJournalMarkingLinesTheInputDoesNotHaveFailsTheCount() throws IOException {
        String table = TestEngine.freshTable(GeneratedItems.table("journal"));
        Request request = request(table);
        Path journal =
                forged(request, IntStream.rangeClosed(ITEMS - 9, ITEMS + 10).boxed().toList());

        IOException refused = assertThrows(IOException.class, () -> run(request, journal, true));

        assertTrue(
                refused.getMessage()
                        .contains(
                                "does not verify (it marks 20 lines written, but only 10 of them"
                                        + " hold an item of the input)"),
                refused.getMessage());
        assertEquals(Set.of(), TestEngine.items(table), "nothing was written");
    }

    /** An import of the items stopped after its first batch of 25: its journal. */
    private Path stoppedAfterOneBatch(String table) throws IOException {
        Path journal = folder.resolve("stopped.journal");
        Cancellation cancellation = Cancellation.none();
        Report stopped =
                service.run(
                        service.check(request(table), Cancellation.none()),
                        new Options(1, journal, false),
                        progress -> cancellation.cancel(),
                        cancellation);
        assertEquals(Outcome.CANCELLED, stopped.outcome());
        assertEquals(25, stopped.progress().written());
        return journal;
    }

    /**
     * A journal of this import, written as the import writes one, that says these lines were
     * written.
     */
    private Path forged(Request request, List<Integer> lines) throws IOException {
        Checked checked = service.check(request, Cancellation.none());
        Path journal = folder.resolve("forged.journal");
        try (ImportJournal forged =
                ImportJournal.start(
                        journal,
                        ImportJournal.Header.of(
                                request.table(),
                                request.input().name(),
                                checked.sha256(),
                                request.format().id(),
                                request.mapping().toString()))) {
            forged.sending(lines);
            forged.written(lines);
        }
        return journal;
    }
}
