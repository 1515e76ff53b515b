package io.dynoscope.ui.grid;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.service.transfer.ExportService;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Writing a grid's items (the selection, or everything loaded) to a file, in the background. */
final class ItemExport {

    /** Where the export tells what it does: the grid's status line and message. */
    interface Status {
        void running(boolean running);

        void say(String line);

        void fail(String message);
    }

    private ItemExport() {}

    static BackgroundWork.Handle start(
            BackgroundWork work,
            String tableName,
            List<Item> items,
            KeySchema keys,
            TransferFormat format,
            Path target,
            Status status) {
        List<Item> snapshot = List.copyOf(items);
        String count = String.format(Locale.ROOT, "%,d", snapshot.size());
        status.running(true);
        status.say("exporting " + count + " items…");
        return work.<Integer, Long>submit(
                "export " + tableName,
                (cancellation, report) -> {
                    ExportService.writeItems(
                            snapshot, keys, format, target, cancellation, report::accept);
                    return snapshot.size();
                },
                written ->
                        status.say(
                                String.format(
                                        Locale.ROOT, "exporting… %,d of %s items", written, count)),
                written -> {
                    status.running(false);
                    status.say("exported " + count + " items to " + target);
                },
                error -> {
                    status.running(false);
                    status.say("export failed");
                    status.fail(
                            "Export to " + target + " failed: " + ErrorMessages.describe(error));
                });
    }
}
