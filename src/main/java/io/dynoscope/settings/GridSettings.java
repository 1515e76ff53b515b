package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How a table's grid is shown: the sort key value that marks an item collection's parent, the
 * attribute columns in the user's order and those hidden, and the read direction.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GridSettings(
        String parentMarker,
        List<String> columnOrder,
        List<String> hiddenColumns,
        boolean newestFirst) {

    public static final GridSettings DEFAULTS = new GridSettings(null, List.of(), List.of(), false);

    public GridSettings {
        columnOrder = columnOrder == null ? List.of() : List.copyOf(columnOrder);
        hiddenColumns = hiddenColumns == null ? List.of() : List.copyOf(hiddenColumns);
    }

    public GridSettings withParentMarker(String value) {
        return new GridSettings(value, columnOrder, hiddenColumns, newestFirst);
    }

    public GridSettings withColumnOrder(List<String> value) {
        return new GridSettings(parentMarker, value, hiddenColumns, newestFirst);
    }

    public GridSettings withHiddenColumns(List<String> value) {
        return new GridSettings(parentMarker, columnOrder, value, newestFirst);
    }

    public GridSettings withNewestFirst(boolean value) {
        return new GridSettings(parentMarker, columnOrder, hiddenColumns, value);
    }
}
