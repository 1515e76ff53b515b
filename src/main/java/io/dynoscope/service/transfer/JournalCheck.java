package io.dynoscope.service.transfer;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.ImportParser;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.NumberedItem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies, before a resumed import writes anything, what its journal says earlier runs wrote:
 * every line it marks written must hold an item of the input (a count), and a sample of those
 * items, up to {@value #SAMPLE} spread over the input, must be in the table as the input has them
 * (one BatchGetItem). A journal that was damaged, edited or belongs to a table that changed since
 * is refused instead of skipping items that were never written.
 */
final class JournalCheck {

    /** How many skipped items are read back: one BatchGetItem. */
    static final int SAMPLE = 100;

    private JournalCheck() {}

    /**
     * @throws IOException saying why the journal does not verify
     */
    static void verify(DynamoRepository repository, Checked checked, ImportJournal journal)
            throws IOException {
        int marked = journal.writtenCount();
        if (marked == 0) {
            return;
        }
        int stride = Math.max(1, (marked + SAMPLE - 1) / SAMPLE);
        List<NumberedItem> sample = new ArrayList<>();
        int[] items = {0};
        ImportService.eachItem(
                checked,
                new ImportParser.Sink() {
                    @Override
                    public boolean item(int line, Item item) {
                        if (journal.written(line)) {
                            if (items[0] % stride == 0) {
                                sample.add(new NumberedItem(line, item));
                            }
                            items[0]++;
                        }
                        return true;
                    }

                    @Override
                    public boolean problem(int line, String message) {
                        return false;
                    }
                });
        if (items[0] != marked) {
            throw journal.doesNotVerify(
                    "it marks "
                            + marked
                            + " lines written, but only "
                            + items[0]
                            + " of them hold an item of the input");
        }
        String table = checked.request().table();
        KeySchema keys = checked.table().keySchema();
        Map<Key, Item> found = new HashMap<>();
        repository
                .batchGet(
                        table,
                        sample.stream().map(n -> n.item().key(keys)).toList(),
                        Cancellation.none())
                .items()
                .forEach(item -> found.put(item.key(keys), item));
        for (NumberedItem numbered : sample) {
            if (!numbered.item().equals(found.get(numbered.item().key(keys)))) {
                throw journal.doesNotVerify(
                        "it says line "
                                + numbered.line()
                                + " was written, but table '"
                                + table
                                + "' does not hold that item as the input has it");
            }
        }
    }
}
