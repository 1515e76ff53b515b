package io.dynoscope.ui.planner;

import io.dynoscope.core.collection.CollectionRow;
import io.dynoscope.core.collection.GroupingOptions;
import io.dynoscope.core.collection.ItemCollections;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** A design's example items laid out as item collections, as the grid shows them. */
final class ExampleRows {

    /** One row: a collection's header, or an item under it. */
    public record Row(boolean header, String key, String entity, String attributes) {}

    private ExampleRows() {}

    static List<Row> of(TableDesign design) {
        TableModel model = design.model();
        KeySchema keySchema = model.keys();
        GroupingOptions options = GroupingOptions.of(keySchema);
        Optional<String> parent =
                model.entities().stream()
                        .map(e -> e.keys().sortKey())
                        .flatMap(Optional::stream)
                        .filter(KeyTemplate::isConstant)
                        .map(KeyTemplate::text)
                        .findFirst();
        if (parent.isPresent() && keySchema.sortKey().isPresent()) {
            options = options.withParentMarker(parent.get());
        }
        ItemCollections collections = new ItemCollections(options, ItemSize::of);
        collections.addPage(design.items());
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < collections.rowCount(); i++) {
            CollectionRow row = collections.row(i);
            if (row instanceof CollectionRow.Header header) {
                int count = header.collection().itemCount();
                rows.add(
                        new Row(
                                true,
                                ValueText.of(header.collection().partitionKey()),
                                count + (count == 1 ? " item" : " items"),
                                header.collection().sizeBytes() + " bytes"));
            } else {
                rows.add(itemRow(design, keySchema, ((CollectionRow.ItemRow) row).item()));
            }
        }
        return rows;
    }

    private static Row itemRow(TableDesign design, KeySchema keySchema, Item item) {
        Map<String, AttributeValue> rest = new LinkedHashMap<>(item.attributes());
        rest.remove(keySchema.partitionKey());
        String sort = keySchema.sortKey().map(rest::remove).map(ValueText::of).orElse("");
        return new Row(
                false,
                sort,
                design.entityOf(item).map(Entity::name).orElse(""),
                rest.entrySet().stream()
                        .map(e -> e.getKey() + "=" + ValueText.of(e.getValue()))
                        .collect(Collectors.joining("  ")));
    }
}
