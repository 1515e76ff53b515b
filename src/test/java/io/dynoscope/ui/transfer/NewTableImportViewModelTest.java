package io.dynoscope.ui.transfer;

import static io.dynoscope.ui.transfer.ImportViewModelTest.choose;
import static io.dynoscope.ui.transfer.ImportViewModelTest.ui;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.access.ReadOnlyPolicy;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Import into a new table made from the file's keys, in the same dialog: the CreateTable request is
 * shown before anything is sent, the whole file is checked before the table is created, and a
 * read-only connection creates nothing.
 */
class NewTableImportViewModelTest {

    private static final String ITEMS =
            "{\"ws\": {\"S\": \"WS#acme\"}, \"seq\": {\"N\": \"1\"}, \"name\": {\"S\": \"a\"}}\n"
                    + "{\"ws\": {\"S\": \"WS#acme\"}, \"seq\": {\"N\": \"2\"}, \"name\": {\"S\": \"b\"}}\n"
                    + "{\"ws\": {\"S\": \"WS#beta\"}, \"seq\": {\"N\": \"1\"}}\n";

    @TempDir Path folder;

    private ImportViewModel importer(DynamoRepository repository, String contents)
            throws Exception {
        String opened = TestEngine.freshTable(GeneratedItems.table("import-opened-on"));
        Path file = folder.resolve("items.jsonl");
        Files.writeString(file, contents);
        ImportViewModel importer =
                new ImportViewModel(
                        opened,
                        new ImportService(repository),
                        new NewTableImport(repository),
                        1,
                        ui.work());
        // the header, the preview and the first items are read side by side: all of them shown
        choose(importer, file);
        return importer;
    }

    private static boolean exists(String table) {
        return TestEngine.repository().listTables().contains(table);
    }

    @Test
    void theFileGoesIntoANewTableKeyedByItsItemsWhoseCreateIsShownFirst() throws Exception {
        ImportViewModel importer = importer(TestEngine.repository(), ITEMS);
        NewTableTarget created = importer.newTable();
        assertEquals(List.of("ws", "seq", "name"), List.copyOf(created.attributes()));
        assertEquals("", created.createRequestProperty().get(), "not chosen: nothing to create");
        String name = TestEngine.uniqueTableName("import-new");

        ui.run(
                () -> {
                    created.chosenProperty().set(true);
                    created.nameProperty().set(name);
                });
        ui.settle(60);

        assertEquals("ws", created.partitionKeyProperty().get(), "an export's keys come first");
        assertEquals("seq", created.sortKeyProperty().get());
        String request = created.createRequestProperty().get();
        assertTrue(
                request.contains(name) && request.contains("\"seq\"") && request.contains("\"N\""),
                request);
        assertFalse(exists(name), "shown, not sent");

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.COMPLETE, importer.outcomeProperty().get());
        TableInfo table = TestEngine.repository().describeTable(name);
        assertEquals(KeySchema.of("ws", "seq"), table.keySchema());
        assertEquals("N", table.keyAttributeTypes().get("seq"));
        assertEquals(3, TestEngine.items(name).size());
        assertTrue(
                importer.reportProperty().get().startsWith("Imported 3 items into " + name),
                importer.reportProperty().get());
    }

    @Test
    void namingTheNewTableTakesBackTheAskForAName() throws Exception {
        ImportViewModel importer = importer(TestEngine.repository(), ITEMS);
        ui.run(() -> importer.newTable().chosenProperty().set(true));
        ui.settle(60);
        assertEquals("Name the new table.", importer.messageProperty().get());

        ui.run(
                () ->
                        importer.newTable()
                                .nameProperty()
                                .set(TestEngine.uniqueTableName("import-named")));
        ui.settle(60);

        // it stayed, under a table that had its name and its CreateTable request shown
        assertTrue(
                importer.messageProperty().get().startsWith("The first 3 lines"),
                importer.messageProperty().get());
    }

    @Test
    void aBadLineAnywhereInTheFileCreatesNoTable() throws Exception {
        ImportViewModel importer = importer(TestEngine.repository(), ITEMS + "not json\n");
        String name = TestEngine.uniqueTableName("import-new-bad");
        ui.run(
                () -> {
                    importer.newTable().chosenProperty().set(true);
                    importer.newTable().nameProperty().set(name);
                });
        ui.settle(60);

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.FAILED, importer.outcomeProperty().get());
        assertTrue(
                importer.problems().get(0).startsWith("line 4: "), importer.problems().toString());
        assertFalse(exists(name), "the whole file is checked before the first request");
    }

    @Test
    void aReadOnlyConnectionCreatesNothing() throws Exception {
        DynamoRepository readOnly =
                WriteAccess.guard(
                        TestEngine.repository(),
                        ReadOnlyPolicy.Access.readOnly("the connection is marked read-only"));
        ImportViewModel importer = importer(readOnly, ITEMS);
        String name = TestEngine.uniqueTableName("import-new-refused");
        ui.run(
                () -> {
                    importer.newTable().chosenProperty().set(true);
                    importer.newTable().nameProperty().set(name);
                });
        ui.settle(60);

        ui.get(importer::start).await();

        assertEquals(ImportService.Outcome.FAILED, importer.outcomeProperty().get());
        assertTrue(
                importer.reportProperty().get().contains("read-only"),
                importer.reportProperty().get());
        assertFalse(exists(name));
    }
}
