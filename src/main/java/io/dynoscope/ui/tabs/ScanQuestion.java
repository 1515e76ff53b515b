package io.dynoscope.ui.tabs;

import io.dynoscope.core.table.Prices;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.service.sql.ScanWarning;
import java.util.Locale;
import java.util.Optional;

/**
 * What the expression builder's Run asks before it reads with a Scan where the tab showed a Query
 * (a filter built alone turns the tab's Query into a Scan of every item), or before any Scan that
 * may read the whole table (no limit, or a filter, which drops items only after they are read and
 * paid for): the read, the table's size and what reading it all costs.
 *
 * @param header the question
 * @param body what will run and its estimated cost
 */
record ScanQuestion(String header, String body) {

    /**
     * The question to ask before {@code read}, or empty when it needs none.
     *
     * @param shown the mode of the read the tab's read bar shows
     * @param shownKey the partition-key value that read bar shows
     */
    static Optional<ScanQuestion> of(
            ReadRequest read, ReadMode shown, String shownKey, TableInfo info) {
        if (read.mode() != ReadMode.SCAN) {
            return Optional.empty();
        }
        boolean insteadOfQuery = shown == ReadMode.QUERY || shown == ReadMode.GET;
        boolean wholeTable = read.limit() == 0 || read.filter() != null;
        if (!insteadOfQuery && !wholeTable) {
            return Optional.empty();
        }
        String target = read.index() == null ? info.name() : info.name() + "." + read.index();
        ScanWarning.ScannedTable scanned =
                new ScanWarning.ScannedTable(
                        target,
                        wholeTable
                                ? "every item is read; a filter drops items after they are paid for"
                                : "up to " + read.limit() + " items",
                        info.itemCount(),
                        info.sizeBytes());
        StringBuilder body = new StringBuilder();
        if (insteadOfQuery) {
            body.append("The tab shows a ")
                    .append(shown == ReadMode.GET ? "GetItem" : "Query")
                    .append(shownKey == null || shownKey.isBlank() ? "" : " of " + shownKey.strip())
                    .append(". The builder's ")
                    .append(read.filter() == null ? "read" : "filter")
                    .append(" has no key condition, so Run reads with a Scan instead.\n\n");
        }
        body.append("Will run: ").append(read.describe());
        if (read.filter() != null) {
            body.append(", FilterExpression ").append(read.filter().text());
        }
        body.append(read.limit() == 0 ? ", no limit" : ", limit " + read.limit()).append('\n');
        double units = scanned.estimatedReadUnits() * (read.consistentRead() ? 2 : 1);
        body.append(
                String.format(
                        Locale.ROOT,
                        "Estimated cost: %,d items, %,d bytes (DynamoDB's estimate, updated about"
                                + " every six hours): up to %,.1f RCU, about $%.6f on demand in"
                                + " %s.",
                        info.itemCount(),
                        info.sizeBytes(),
                        units,
                        units / 1_000_000 * Prices.ON_DEMAND_READ_PER_MILLION,
                        Prices.REGION));
        if (insteadOfQuery) {
            body.append(
                    "\n\nTo read one item collection instead, build a key condition"
                            + " (Build: KeyConditionExpression).");
        }
        return Optional.of(
                new ScanQuestion(
                        insteadOfQuery
                                ? "Run a Scan of " + target + " instead of the Query shown?"
                                : "Scan the whole of " + target + "?",
                        body.toString()));
    }
}
