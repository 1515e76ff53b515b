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
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.StringProperty;

/** Writing a grid's items (the selection, or everything loaded) to a file, in the background. */
final class ItemExport {

    private ItemExport() {}

    /** Starts the export; it says what it does in the grid's {@code status} line and message. */
    static BackgroundWork.Handle start(
            BackgroundWork work,
            String tableName,
            List<Item> items,
            KeySchema keys,
            TransferFormat format,
            Path target,
            BooleanProperty running,
            StringProperty status,
            StringProperty failure) {
        List<Item> snapshot = List.copyOf(items);
        String count = String.format(Locale.ROOT, "%,d", snapshot.size());
        running.set(true);
        status.set("exporting " + count + " items…");
        return work.<Integer, Long>submit(
                "export " + tableName,
                (cancellation, report) -> {
                    ExportService.writeItems(
                            snapshot, keys, format, target, cancellation, report::accept);
                    return snapshot.size();
                },
                written ->
                        status.set(
                                String.format(
                                        Locale.ROOT, "exporting… %,d of %s items", written, count)),
                written -> {
                    running.set(false);
                    status.set("exported " + count + " items to " + target);
                },
                error -> {
                    running.set(false);
                    status.set("export failed");
                    failure.set(
                            "Export to " + target + " failed: " + ErrorMessages.describe(error));
                });
    }
}
