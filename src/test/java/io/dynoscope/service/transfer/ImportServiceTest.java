package io.dynoscope.service.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.ExportWriter;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.WriteOutcome;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Import against the engine: exact values, every bad line, cancel, crash, refusal and resume. */
class ImportServiceTest {

    private static final int ITEMS = 10_000;

    @TempDir Path folder;

    private static String freshTable() {
        return TestEngine.freshTable(GeneratedItems.table("import"));
    }

    private Path file(TransferFormat format, List<Item> items) throws IOException {
        Path file = folder.resolve("items." + format.id());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            ExportWriter writer = new ExportWriter(format, GeneratedItems.KEYS, out);
            for (Item item : items) {
                writer.write(item);
            }
            writer.finish();
        }
        return file;
    }

    private Request request(String table, TransferFormat format, List<Item> items)
            throws IOException {
        return new Request(
                table,
                ImportService.Input.file(file(format, items)),
                format,
                GeneratedItems.mapping(format));
    }

    /** Checks and writes the request with one batch in flight. */
    private static Report run(ImportService service, Request request, Path journal, boolean resume)
            throws IOException {
        return service.run(
                service.check(request, Cancellation.none()),
                new Options(1, journal, resume),
                progress -> {},
                Cancellation.none());
    }

    @ParameterizedTest
    @EnumSource(TransferFormat.class)
    void tenThousandExactItemsCancelledAtHalfAndResumedAreEachWrittenOnce(TransferFormat format)
            throws IOException {
        String table = freshTable();
        List<Item> items = GeneratedItems.items(ITEMS);
        Request request = request(table, format, items);
        Path journal = folder.resolve("import.journal");
        WriteCounter counter = new WriteCounter(TestEngine.repository(), GeneratedItems.KEYS);
        ImportService service = new ImportService(counter);

        Checked checked = service.check(request, Cancellation.none());
        assertTrue(checked.ready(), checked.problems().toString());
        assertEquals(ITEMS, checked.items());
        Cancellation cancellation = Cancellation.none();
        Report first =
                service.run(
                        checked,
                        new Options(4, journal, false),
                        progress -> {
                            if (progress.written() >= ITEMS / 2) {
                                cancellation.cancel();
                            }
                        },
                        cancellation);

        assertEquals(Outcome.CANCELLED, first.outcome());
        long written = first.progress().written();
        assertTrue(written >= ITEMS / 2 && written < ITEMS / 2 + 5 * 25, "wrote " + written);
        assertEquals(journal, first.journal());
        assertEquals(written, TestEngine.items(table).size());

        Report second =
                service.run(
                        service.check(request, Cancellation.none()),
                        new Options(4, journal, true),
                        progress -> {},
                        Cancellation.none());

        assertEquals(Outcome.COMPLETE, second.outcome());
        assertEquals(written, second.progress().skipped());
        assertEquals(ITEMS - written, second.progress().written());
        assertNull(second.journal());
        assertFalse(Files.exists(journal), "a finished import removes its journal");
        Map<Key, Integer> counts = counter.counts();
        assertEquals(ITEMS, counts.size());
        assertEquals(Set.of(1), new HashSet<>(counts.values()), "each item written once");
        assertEquals(new HashSet<>(items), TestEngine.items(table));
    }

    @Test
    void aBatchSentBeforeACrashIsComparedNotWrittenAgain() throws IOException {
        String table = freshTable();
        List<Item> items = GeneratedItems.items(300);
        Request request = request(table, TransferFormat.DYNAMODB_JSON, items);
        Path journal = folder.resolve("crash.journal");
        WriteCounter counter = new WriteCounter(TestEngine.repository(), GeneratedItems.KEYS);
        AtomicInteger batches = new AtomicInteger();
        // the fourth batch reaches the table, then the process "dies" before hearing back
        DynamoRepository dying =
                new ForwardingRepository(counter) {
                    @Override
                    public BatchResult batchWrite(
                            String t, List<Item> puts, List<Key> deletes, Cancellation c) {
                        BatchResult result = super.batchWrite(t, puts, deletes, c);
                        if (batches.incrementAndGet() == 4) {
                            throw new IllegalStateException("the process died");
                        }
                        return result;
                    }
                };

        Report crashed =
                new ImportService(dying)
                        .run(
                                new ImportService(dying).check(request, Cancellation.none()),
                                new Options(1, journal, false),
                                progress -> {},
                                Cancellation.none());
        assertEquals(Outcome.FAILED, crashed.outcome());
        assertEquals(76, crashed.failure().line());
        assertEquals(75, crashed.progress().written());

        ImportService healthy = new ImportService(counter);
        Report resumed = run(healthy, request, journal, true);

        assertEquals(Outcome.COMPLETE, resumed.outcome());
        assertEquals(100, resumed.progress().skipped(), "75 journaled and 25 found in the table");
        assertEquals(200, resumed.progress().written());
        assertEquals(Set.of(1), new HashSet<>(counter.counts().values()));
        assertEquals(new HashSet<>(items), TestEngine.items(table));
    }

    @Test
    void aLimitBrokenOnLine4000IsFoundBeforeTheFirstWrite() throws IOException {
        String table = freshTable();
        List<Item> items = new ArrayList<>(GeneratedItems.items(5_000));
        items.set(3_999, items.get(3_999).with("pk", AttributeValue.s("P".repeat(3_000))));
        items.set(4_499, items.get(4_499).with("sk", AttributeValue.s("not a number")));
        WriteCounter counter = new WriteCounter(TestEngine.repository(), GeneratedItems.KEYS);
        ImportService service = new ImportService(counter);
        Request request = request(table, TransferFormat.DYNAMODB_JSON, items);

        Checked checked = service.check(request, Cancellation.none());

        assertFalse(checked.ready());
        assertEquals(2, checked.problemCount());
        assertEquals(4_000, checked.problems().get(0).line());
        assertTrue(
                checked.problems().get(0).message().contains("3000 bytes, over DynamoDB's limit"),
                checked.problems().get(0).message());
        assertEquals(4_500, checked.problems().get(1).line());
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        service.run(
                                checked,
                                new Options(1, null, false),
                                p -> {},
                                Cancellation.none()));
        assertEquals(0, counter.batches.get());
        assertEquals(Set.of(), TestEngine.items(table));
    }

    @Test
    void anItemTheServerRefusesIsNamedByItsLineAndTheRestIsWrittenOnResume() throws IOException {
        String table = freshTable();
        List<Item> items = GeneratedItems.items(200);
        Key refusedKey = items.get(129).key(GeneratedItems.KEYS);
        boolean[] refusing = {true};
        WriteCounter counter = new WriteCounter(TestEngine.repository(), GeneratedItems.KEYS);
        DynamoRepository strict =
                new ForwardingRepository(counter) {
                    private void refuse(List<Item> puts) {
                        boolean holdsIt =
                                puts.stream()
                                        .anyMatch(
                                                i -> i.key(GeneratedItems.KEYS).equals(refusedKey));
                        if (refusing[0] && holdsIt) {
                            throw new RepositoryException(
                                    RepositoryException.Kind.VALIDATION,
                                    "BatchWriteItem",
                                    t(),
                                    "One or more parameter values were invalid",
                                    null);
                        }
                    }

                    private String t() {
                        return table;
                    }

                    @Override
                    public BatchResult batchWrite(
                            String t, List<Item> puts, List<Key> deletes, Cancellation c) {
                        refuse(puts);
                        return super.batchWrite(t, puts, deletes, c);
                    }

                    @Override
                    public WriteOutcome putItem(String t, Item item, CompiledExpression c) {
                        refuse(List.of(item));
                        return super.putItem(t, item, c);
                    }
                };
        Path journal = folder.resolve("refused.journal");
        Request request = request(table, TransferFormat.DYNAMODB_JSON, items);
        ImportService service = new ImportService(strict);

        Report refused = run(service, request, journal, false);

        assertEquals(Outcome.FAILED, refused.outcome());
        assertEquals(130, refused.failure().line());
        assertTrue(
                refused.failure().message().contains("One or more parameter values were invalid"));
        assertEquals(129, refused.progress().written());
        assertEquals(129, refused.progress().lastLine());
        assertNotNull(refused.journal());

        refusing[0] = false;
        Report resumed = run(service, request, journal, true);

        assertEquals(Outcome.COMPLETE, resumed.outcome());
        assertEquals(71, resumed.progress().written());
        assertEquals(Set.of(1), new HashSet<>(counter.counts().values()));
        assertEquals(200, counter.counts().size());
    }

    @Test
    void throttlingThatDoesNotPassStopsWithTheBatchAndResumeFinishes() throws IOException {
        String table = freshTable();
        List<Item> items = GeneratedItems.items(120);
        AtomicInteger calls = new AtomicInteger();
        WriteCounter counter = new WriteCounter(TestEngine.repository(), GeneratedItems.KEYS);
        DynamoRepository throttled =
                new ForwardingRepository(counter) {
                    @Override
                    public BatchResult batchWrite(
                            String t, List<Item> puts, List<Key> deletes, Cancellation c) {
                        if (calls.incrementAndGet() == 3) {
                            throw new RepositoryException(
                                    RepositoryException.Kind.THROTTLED,
                                    "BatchWriteItem",
                                    t,
                                    "DynamoDB left items unprocessed in 10 requests in a row",
                                    null);
                        }
                        return super.batchWrite(t, puts, deletes, c);
                    }
                };
        Path journal = folder.resolve("throttled.journal");
        Request request = request(table, TransferFormat.DYNAMODB_JSON, items);
        ImportService service = new ImportService(throttled);

        Report stopped = run(service, request, journal, false);
        Report resumed = run(service, request, journal, true);

        assertEquals(Outcome.FAILED, stopped.outcome());
        assertEquals(51, stopped.failure().line());
        assertTrue(stopped.failure().message().contains("lines 51-75 were being written"));
        assertEquals(50, stopped.progress().written());
        assertEquals(Outcome.COMPLETE, resumed.outcome(), String.valueOf(resumed.failure()));
        assertEquals(70, resumed.progress().written());
        assertEquals(Set.of(1), new HashSet<>(counter.counts().values()));
        assertEquals(new HashSet<>(items), TestEngine.items(table));
    }

    @Test
    void aJournalOfAnotherInputIsRefused() throws IOException {
        String table = freshTable();
        Path journal = folder.resolve("other.journal");
        ImportService service = new ImportService(TestEngine.repository());
        Request first = request(table, TransferFormat.DYNAMODB_JSON, GeneratedItems.items(30));
        Cancellation cancelAtOnce = Cancellation.none();
        cancelAtOnce.cancel();
        service.run(
                service.check(first, Cancellation.none()),
                new Options(1, journal, false),
                p -> {},
                cancelAtOnce);
        Request changed =
                new Request(
                        table,
                        ImportService.Input.file(
                                Files.writeString(
                                        folder.resolve("changed.json"),
                                        "{\"Item\": {\"pk\": {\"S\": \"x\"}, \"sk\": {\"N\": \"1\"}}}")),
                        TransferFormat.DYNAMODB_JSON,
                        ColumnMapping.none());

        IOException resumeOther =
                assertThrows(IOException.class, () -> run(service, changed, journal, true));
        IOException startOver =
                assertThrows(IOException.class, () -> run(service, first, journal, false));

        assertTrue(
                resumeOther.getMessage().contains("the input changed"), resumeOther.getMessage());
        assertTrue(
                startOver.getMessage().contains("the journal of an earlier, unfinished import"),
                startOver.getMessage());
    }

    @Test
    void aPreviewShowsTheFirstItemsAsTheyWouldBeWritten() throws IOException {
        String table = freshTable();
        List<Item> items = GeneratedItems.items(50);
        Request request = request(table, TransferFormat.CSV, items);

        ImportService.Preview preview =
                new ImportService(TestEngine.repository()).preview(request, 3);

        assertEquals(
                List.of(items.get(0), items.get(1), items.get(2)),
                preview.lines().stream().map(ImportService.PreviewLine::item).toList());
        assertEquals(
                List.of(2, 3, 4),
                preview.lines().stream().map(ImportService.PreviewLine::line).toList());
        assertEquals(Set.of(), TestEngine.items(table));
    }
}
