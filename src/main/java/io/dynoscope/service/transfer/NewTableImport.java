package io.dynoscope.service.transfer;

import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.Options;
import io.dynoscope.service.transfer.ImportService.Preview;
import io.dynoscope.service.transfer.ImportService.Progress;
import io.dynoscope.service.transfer.ImportService.Report;
import io.dynoscope.service.transfer.ImportService.Request;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An import into a table it creates, keyed as the file's items are: the CreateTable request in
 * words before anything is sent, the whole file checked against the new keys first (sending
 * nothing), then the table created (refused on a read-only connection, or when the name is taken)
 * and the items written as any import writes them.
 */
public final class NewTableImport {

    private final DynamoRepository repository;
    private final ImportService imports;
    private final TableAdmin admin;

    public NewTableImport(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.imports = new ImportService(repository);
        this.admin = new TableAdmin(repository);
    }

    /**
     * The CreateTable request, as DynamoDB's API JSON, to show before it is sent. Sends nothing.
     *
     * @throws IllegalArgumentException for a definition DynamoDB would refuse, saying why
     */
    public String createRequest(TableDefinition table) {
        return repository.requestText(creation(table).get(0));
    }

    /** The first items of the input as they would be written to the new table. Sends nothing. */
    public Preview preview(Request request, TableDefinition table, int count) throws IOException {
        return imports.preview(request, TableInfo.toBeCreated(table), count);
    }

    /**
     * Checks the whole input against the new table's keys. Refuses a read-only connection before
     * reading anything; sends nothing.
     */
    public Checked check(Request request, TableDefinition table, Cancellation cancellation)
            throws IOException {
        WriteAccess.require(repository, "create table '" + table.name() + "'");
        creation(table);
        return imports.check(request, TableInfo.toBeCreated(table), cancellation);
    }

    /**
     * Creates the table (waiting until it is ACTIVE), then writes the checked items.
     *
     * @throws IllegalArgumentException when the check found problems; nothing is created
     */
    public Report createAndRun(
            Checked checked,
            TableDefinition table,
            Options options,
            Consumer<Progress> listener,
            Cancellation cancellation)
            throws IOException {
        if (!checked.ready()) {
            throw new IllegalArgumentException("the input has bad lines; nothing was created");
        }
        admin.apply(creation(table));
        return imports.run(checked, options, listener, cancellation);
    }

    /**
     * The first items of a JSON lines input as they are written, whatever their keys, to choose the
     * new table's keys from; a CSV input has none here (its header names the columns), nor has a
     * line that does not read as an item. Sends nothing.
     */
    public static List<Item> firstItems(ImportService.Input input, TransferFormat format, int count)
            throws IOException {
        List<Item> items = new ArrayList<>();
        if (format == TransferFormat.CSV) {
            return items;
        }
        try (BufferedReader lines =
                new BufferedReader(
                        new InputStreamReader(
                                ImportService.decompressed(input.open()),
                                StandardCharsets.UTF_8))) {
            String line;
            for (int number = 1;
                    items.size() < count && (line = lines.readLine()) != null;
                    number++) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    items.add(
                            format == TransferFormat.JSON
                                    ? ItemJson.PLAIN.readItem(line)
                                    : line.stripLeading().startsWith("{\"Item\"")
                                            ? DynamoJsonLines.parseLine(line, number)
                                            : ItemJson.DYNAMODB.readItem(line));
                } catch (RuntimeException unreadable) {
                    // the check names it with its line number; no key can come from it
                }
            }
        }
        return items;
    }

    private List<TableChange> creation(TableDefinition table) {
        return admin.creation(table, Optional.empty());
    }
}
