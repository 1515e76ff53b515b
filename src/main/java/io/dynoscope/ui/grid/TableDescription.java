package io.dynoscope.ui.grid;

import io.dynoscope.core.item.ValueText;
import io.dynoscope.repository.TableInfo;
import java.util.Locale;

/** A table's description as readable text: keys, indexes, billing, size, TTL, stream. */
final class TableDescription {
    private TableDescription() {}

    static String of(TableInfo info) {
        StringBuilder text = new StringBuilder();
        text.append("Status          ").append(info.status()).append('\n');
        text.append("Partition key   ")
                .append(key(info, info.keySchema().partitionKey()))
                .append('\n');
        info.keySchema()
                .sortKey()
                .ifPresent(
                        sk -> text.append("Sort key        ").append(key(info, sk)).append('\n'));
        text.append("Billing         ").append(info.billingMode()).append('\n');
        text.append("Items           ")
                .append(String.format(Locale.ROOT, "%,d", info.itemCount()))
                .append(" (approximate)\n");
        text.append("Size            ").append(ValueText.bytes(info.sizeBytes())).append('\n');
        text.append("TTL             ").append(info.ttlAttribute().orElse("off")).append('\n');
        text.append("Stream          ").append(info.streamViewType().orElse("off")).append('\n');
        for (TableInfo.IndexInfo index : info.indexes()) {
            text.append('\n')
                    .append(index.global() ? "GSI " : "LSI ")
                    .append(index.name())
                    .append('\n');
            text.append("  partition key ")
                    .append(key(info, index.keySchema().partitionKey()))
                    .append('\n');
            index.keySchema()
                    .sortKey()
                    .ifPresent(
                            sk ->
                                    text.append("  sort key      ")
                                            .append(key(info, sk))
                                            .append('\n'));
            text.append("  projection    ").append(index.projectionType());
            if (!index.nonKeyAttributes().isEmpty()) {
                text.append(' ').append(index.nonKeyAttributes());
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static String key(TableInfo info, String name) {
        return name + " (" + info.keyAttributeTypes().getOrDefault(name, "?") + ")";
    }
}
