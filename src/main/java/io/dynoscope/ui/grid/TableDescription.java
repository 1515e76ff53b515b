package io.dynoscope.ui.grid;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A table's description as figures to align: the table's keys, billing, size, TTL and stream, then
 * each index's keys and projection.
 */
final class TableDescription {
    private TableDescription() {}

    /**
     * Why a new table can say "0 items": DynamoDB refreshes its item count and size about every six
     * hours.
     */
    static final String FIGURES_NOTE =
            "DynamoDB updates ItemCount and TableSizeBytes about every six hours, so a table"
                    + " written to recently (or just created) can show 0 items and 0 B. Run a"
                    + " Scan to count what is there now.";

    /** One line: what it is, and its value. */
    record Figure(String label, String value) {}

    /** A titled group of figures: the table, or one index. */
    record Section(String title, List<Figure> figures) {
        Section {
            figures = List.copyOf(figures);
        }
    }

    static List<Section> of(TableInfo info) {
        List<Figure> table = new ArrayList<>();
        table.add(new Figure("Status", info.status()));
        table.add(new Figure("Partition key", key(info, info.keySchema().partitionKey())));
        info.keySchema()
                .sortKey()
                .ifPresent(sk -> table.add(new Figure("Sort key", key(info, sk))));
        table.add(new Figure("Billing", info.billingMode()));
        table.add(
                new Figure(
                        "Items",
                        String.format(Locale.ROOT, "%,d", info.itemCount())
                                + " (approximate, updated about every 6 hours)"));
        table.add(
                new Figure(
                        "Size",
                        ValueText.bytes(info.sizeBytes())
                                + " (approximate, updated about every 6 hours)"));
        table.add(new Figure("TTL", info.ttlAttribute().orElse("off")));
        table.add(new Figure("Stream", info.streamViewType().orElse("off")));
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("Table " + info.name(), table));
        for (SecondaryIndex index : info.indexes()) {
            List<Figure> figures = new ArrayList<>();
            figures.add(new Figure("Partition key", key(info, index.keySchema().partitionKey())));
            index.keySchema()
                    .sortKey()
                    .ifPresent(sk -> figures.add(new Figure("Sort key", key(info, sk))));
            figures.add(
                    new Figure(
                            "Projection",
                            index.projectionType()
                                    + (index.nonKeyAttributes().isEmpty()
                                            ? ""
                                            : " " + String.join(", ", index.nonKeyAttributes()))));
            sections.add(
                    new Section(
                            (index.global() ? "Global secondary index " : "Local secondary index ")
                                    + index.name(),
                            figures));
        }
        return sections;
    }

    private static String key(TableInfo info, String name) {
        return name + " (" + info.keyAttributeTypes().getOrDefault(name, "?") + ")";
    }
}
