package io.dynoscope.cli;

import io.dynoscope.cli.Formats.OutputFormat;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.VisibleText;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Prints items on stdout as they arrive: one JSON item a line ({@code json} or {@code
 * dynamodb-json}), or, for {@code table} and {@code csv}, an aligned text table or CSV once all
 * items are in.
 *
 * <p>Each page is flushed as it is printed. When stdout fails (a full disk, a reader that went
 * away), the printer asks the read to stop at once, and {@link #finish()} reports the failure.
 */
final class ItemPrinter implements PageListener {

    /** Long cells are cut so one wide attribute does not push the others off the screen. */
    private static final int MAX_CELL_CHARS = 48;

    private final OutputFormat format;
    private final PrintStream out;
    private final KeySchema keySchema;
    private final List<Item> tableRows = new ArrayList<>();
    private CheckedOutput.Failure failure;

    /**
     * @param keySchema the table's keys, put first in the table format; may be null
     */
    ItemPrinter(OutputFormat format, PrintStream out, KeySchema keySchema) {
        this.format = format;
        this.out = out;
        this.keySchema = keySchema;
    }

    @Override
    public boolean onPage(Page page) {
        try {
            page.items().forEach(this::print);
            out.flush();
            return true;
        } catch (CheckedOutput.Failure e) {
            // Reading on would cost requests (and money, on AWS) for output nobody receives.
            failure = e;
            return false;
        }
    }

    void print(Item item) {
        switch (format) {
            case JSON -> out.println(ItemJson.PLAIN.write(item));
            case DYNAMODB_JSON -> out.println(ItemJson.DYNAMODB.write(item));
            case TABLE, CSV -> tableRows.add(item);
        }
    }

    /**
     * Prints what the table format held back (a no-op for the line formats) and flushes.
     *
     * @throws CheckedOutput.Failure when stdout failed, now or during the read
     */
    void finish() {
        if (failure != null) {
            throw failure;
        }
        if (format == OutputFormat.TABLE && !tableRows.isEmpty()) {
            printTable();
        }
        if (format == OutputFormat.CSV && !tableRows.isEmpty()) {
            TerminalText.exact(out).print(ItemCsv.write(tableRows, keySchema));
        }
        out.flush();
    }

    private void printTable() {
        List<String> columns = ItemCsv.header(tableRows, keySchema);
        String[] headings = columns.stream().map(VisibleText::of).toArray(String[]::new);
        List<String[]> rows = new ArrayList<>();
        int[] widths = Arrays.stream(headings).mapToInt(String::length).toArray();
        for (Item item : tableRows) {
            String[] row = new String[columns.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = item.get(columns.get(c)).map(ItemPrinter::cell).orElse("");
                widths[c] = Math.max(widths[c], row[c].length());
            }
            rows.add(row);
        }
        out.println(line(headings, widths));
        for (String[] row : rows) {
            out.println(line(row, widths));
        }
    }

    private static String line(String[] cells, int[] widths) {
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            text.append(cells[c]);
            if (c < cells.length - 1) {
                text.append(" ".repeat(widths[c] - cells[c].length() + 2));
            }
        }
        return text.toString().stripTrailing();
    }

    /**
     * Strings and numbers as they are; other values as compact DynamoDB JSON so their type shows;
     * then as {@link #shown}.
     */
    private static String cell(AttributeValue value) {
        String text;
        if (value instanceof AttributeValue.Str s) {
            text = s.value();
        } else if (value instanceof AttributeValue.Num n) {
            text = n.text();
        } else if (value instanceof AttributeValue.Bool b) {
            text = Boolean.toString(b.value());
        } else {
            text = ItemJson.DYNAMODB.write(value);
        }
        return shown(text);
    }

    /**
     * The text as a cell shows it: control characters and bidi overrides escaped ({@link
     * VisibleText}), cut to {@value #MAX_CELL_CHARS} characters.
     */
    private static String shown(String text) {
        String visible = VisibleText.of(text);
        if (visible.length() <= MAX_CELL_CHARS) {
            return visible;
        }
        int cut = MAX_CELL_CHARS - 1;
        if (Character.isHighSurrogate(visible.charAt(cut - 1))) {
            cut--;
        }
        return visible.substring(0, cut) + "…";
    }
}
