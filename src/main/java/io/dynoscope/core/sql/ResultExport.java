package io.dynoscope.core.sql;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Csv;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A statement's rows as text: one plain JSON object a row keyed by the column labels (numbers as
 * JSON numbers with every digit, booleans, strings, null), or CSV with a header of the labels
 * ({@link Csv}: an empty string is {@code ""}, a null an empty field, formulas made inert).
 */
public final class ResultExport {

    private ResultExport() {}

    /** One row as a plain JSON object. */
    public static String json(List<String> labels, List<Object> row) {
        return ItemJson.PLAIN.write(item(labels, row));
    }

    /** A row as an item: String as S, numbers as N, Boolean as BOOL, null as NULL. */
    public static Item item(List<String> labels, List<Object> row) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            attributes.put(labels.get(i), value(row.get(i)));
        }
        return new Item(attributes);
    }

    private static AttributeValue value(Object value) {
        if (value == null) {
            return AttributeValue.nul();
        }
        if (value instanceof BigDecimal d) {
            return AttributeValue.n(d.stripTrailingZeros().toPlainString());
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d)
                    ? AttributeValue.n(BigDecimal.valueOf(d).toPlainString())
                    : AttributeValue.s(Double.toString(d));
        }
        if (value instanceof Number n) {
            return AttributeValue.n(n.toString());
        }
        if (value instanceof Boolean b) {
            return AttributeValue.bool(b);
        }
        return AttributeValue.s(value.toString());
    }

    /** The CSV header record, with its line end ({@link Csv}: formulas in labels made inert). */
    public static String csvHeader(List<String> labels) {
        return Csv.record(labels.stream().map(Csv::text).toList());
    }

    /**
     * One CSV record, with its line end: strings as {@link Csv#text} (formulas made inert, the
     * empty string as {@code ""}), numbers and booleans as they are, null as an empty field.
     */
    public static String csv(List<Object> row) {
        return Csv.record(row.stream().map(ResultExport::field).toList());
    }

    /** A value as a grid cell or CSV field shows it, unquoted; null as empty text. */
    public static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof BigDecimal d) {
            return d.stripTrailingZeros().toPlainString();
        }
        return value.toString();
    }

    private static String field(Object value) {
        return value instanceof String text ? Csv.text(text) : Csv.plain(text(value));
    }
}
