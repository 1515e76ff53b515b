package io.dynoscope.ui.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.SerialUi;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The import dialog's state without a display, against the test engine. */
class ImportViewModelTest {

    /** The dialog's thread: the previews' handlers and the test's steps take turns on it. */
    static final SerialUi ui = new SerialUi();

    private static final BackgroundWork work = ui.work();

    @TempDir Path folder;

    @AfterAll
    static void stop() {
        ui.close();
    }

    /** Chooses the file and waits until every preview it started has been shown. */
    static void choose(ImportViewModel importer, Path file) throws InterruptedException {
        ui.run(() -> importer.chooseFile(file));
        ui.settle(60);
    }

    /** The CSV a person exports from a spreadsheet: its own column names, numbers as text. */
    static final String CSV =
            "id,seq,price,tags,notes,avatar\r\n"
                    + "P#1,1,12.345678901234567890123456789012345678,\"{\"\"SS\"\":[\"\"a\"\",\"\"b\"\"]}\",drop me,aGk=\r\n"
                    + "P#1,2,-0.5,,\"a, b\",AA==\r\n"
                    + "P#2,1,7,\"{\"\"SS\"\":[\"\"c\"\"]}\",,\r\n";

    /** The mapping of {@link #CSV}: id and seq are the keys, price a number, notes left out. */
    static void map(ImportViewModel importer) {
        MappingRow id = row(importer, "id");
        id.attributeProperty().set("pk");
        row(importer, "seq").attributeProperty().set("sk");
        row(importer, "price").typeProperty().set(MappingRow.Type.N);
        row(importer, "notes").leftOutProperty().set(true);
        row(importer, "avatar").typeProperty().set(MappingRow.Type.B);
    }

    static MappingRow row(ImportViewModel importer, String column) {
        return importer.mapping().stream()
                .filter(r -> r.column().equals(column))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + column));
    }

    /** The items {@link #CSV} holds under {@link #map}. */
    static Set<Item> expectedItems() {
        return Set.of(
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("P#1"),
                                "sk", AttributeValue.n("1"),
                                "price",
                                        AttributeValue.n("12.345678901234567890123456789012345678"),
                                "tags", AttributeValue.ss("a", "b"),
                                "avatar", AttributeValue.b(new byte[] {'h', 'i'}))),
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("P#1"),
                                "sk", AttributeValue.n("2"),
                                "price", AttributeValue.n("-0.5"),
                                "avatar", AttributeValue.b(new byte[] {0}))),
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("P#2"),
                                "sk", AttributeValue.n("1"),
                                "price", AttributeValue.n("7"),
                                "tags", AttributeValue.ss("c"))));
    }

    @Test
    void aCsvWithAMappingIsPreviewedThenImportedWithExactTypes() throws Exception {
        String table = TestEngine.freshTable(GeneratedItems.table("import-csv"));
        Path file = folder.resolve("people.csv");
        Files.writeString(file, CSV);
        ImportViewModel importer =
                new ImportViewModel(table, new ImportService(TestEngine.repository()), 1, work);

        choose(importer, file);
        assertEquals(TransferFormat.CSV, importer.formatProperty().get());
        assertEquals(
                List.of("id", "seq", "price", "tags", "notes", "avatar"),
                importer.mapping().stream().map(MappingRow::column).toList());
        // without a mapping the table's keys are missing from every line
        assertTrue(importer.preview().get(0).startsWith("line 2   ✗ "), importer.preview().get(0));

        ui.run(() -> map(importer));
        ui.settle(60);
        // the avatar rule is the last one set: the preview shown has them all
        assertEquals(3, importer.preview().size());
        assertTrue(
                importer.preview().get(0).contains("\"avatar\":{\"B\""), importer.preview().get(0));

        assertEquals("id=pk,seq=sk,price=price:N,notes=-,avatar=avatar:B", importer.mappingText());
        assertTrue(
                importer.preview()
                        .get(0)
                        .contains("\"price\":{\"N\":\"12.345678901234567890123456789012345678\"}"),
                importer.preview().get(0));
        assertFalse(importer.preview().get(0).contains("drop me"), "notes are left out");
        assertEquals(0, TestEngine.items(table).size(), "a preview writes nothing");

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.COMPLETE, importer.outcomeProperty().get());
        assertTrue(
                importer.reportProperty()
                        .get()
                        .startsWith("Imported 3 items into " + table + " in 1 request, "),
                importer.reportProperty().get());
        assertTrue(importer.reportProperty().get().contains(" WCU consumed"));
        assertEquals(expectedItems(), TestEngine.items(table));
        assertFalse(
                Files.exists(ImportService.journalBeside(file)), "a finished import leaves none");
    }

    @Test
    void everyBadLineIsListedWithItsNumberAndNothingIsWritten() throws Exception {
        String table = TestEngine.freshTable(GeneratedItems.table("import-bad"));
        Path file = folder.resolve("bad.jsonl");
        Files.writeString(
                file,
                "{\"pk\": \"P#1\", \"sk\": 1}\n"
                        + "{\"pk\": \"P#1\"}\n"
                        + "{\"pk\": \"P#2\", \"sk\": 2}\n"
                        + "not json\n"
                        + "{\"pk\": \"P#1\", \"sk\": 1}\n");
        ImportViewModel importer =
                new ImportViewModel(table, new ImportService(TestEngine.repository()), 1, work);
        choose(importer, file);
        assertEquals(5, importer.preview().size());
        assertEquals(TransferFormat.JSON, importer.formatProperty().get());

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.FAILED, importer.outcomeProperty().get());
        List<String> problems = List.copyOf(importer.problems());
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("line 2: "), problems.get(0));
        assertTrue(problems.get(1).startsWith("line 4: "), problems.get(1));
        assertTrue(problems.get(2).startsWith("line 5: the same key as line 1"), problems.get(2));
        assertEquals(
                "3 bad lines in bad.jsonl: nothing was written. Fix them (or the mapping) and"
                        + " import again.",
                importer.reportProperty().get());
        assertEquals(0, TestEngine.items(table).size());
    }

    @Test
    void anImportCancelledAtHalfIsResumedAndWritesEachItemOnce() throws Exception {
        String table = TestEngine.freshTable(GeneratedItems.table("import-resume"));
        List<Item> items = GeneratedItems.items(2_000);
        Path file = folder.resolve("items.jsonl");
        List<String> lines = new ArrayList<>();
        items.forEach(i -> lines.add(DynamoJsonLines.line(i)));
        Files.write(file, lines);
        Map<Key, AtomicInteger> writes = new ConcurrentHashMap<>();
        ForwardingRepository counting =
                new ForwardingRepository(TestEngine.repository()) {
                    @Override
                    public BatchResult batchWrite(
                            String t, List<Item> puts, List<Key> deletes, Cancellation c) {
                        BatchResult result = super.batchWrite(t, puts, deletes, c);
                        puts.forEach(
                                i ->
                                        writes.computeIfAbsent(
                                                        i.key(GeneratedItems.KEYS),
                                                        k -> new AtomicInteger())
                                                .incrementAndGet());
                        return result;
                    }
                };
        ImportViewModel importer = new ImportViewModel(table, new ImportService(counting), 1, work);
        choose(importer, file);
        assertFalse(importer.preview().isEmpty());
        assertEquals(TransferFormat.DYNAMODB_JSON, importer.formatProperty().get());
        AtomicBoolean cancelled = new AtomicBoolean();
        importer.task()
                .progressProperty()
                .addListener(
                        (o, old, now) -> {
                            if (now.doubleValue() >= 0.5 && !cancelled.getAndSet(true)) {
                                importer.task().cancel();
                            }
                        });

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.CANCELLED, importer.outcomeProperty().get());
        assertTrue(importer.resumableProperty().get(), "the journal is kept");
        assertTrue(importer.reportProperty().get().startsWith("Cancelled: wrote "));
        int written = TestEngine.items(table).size();
        assertTrue(written >= 1_000 && written < 2_000, "written at the cancel: " + written);

        ui.get(importer::resume).await();

        assertEquals(ImportService.Outcome.COMPLETE, importer.outcomeProperty().get());
        assertTrue(
                importer.reportProperty()
                        .get()
                        .contains(written + " were written by the earlier run"),
                importer.reportProperty().get());
        assertFalse(importer.resumableProperty().get());
        assertEquals(new HashSet<>(items), TestEngine.items(table));
        assertEquals(2_000, writes.size());
        assertTrue(writes.values().stream().allMatch(n -> n.get() == 1), "no item twice");
    }
}
