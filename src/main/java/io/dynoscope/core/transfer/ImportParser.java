package io.dynoscope.core.transfer;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Csv;
import io.dynoscope.core.item.CsvRecords;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.LineReader;
import io.dynoscope.core.transfer.ColumnMapping.Attribute;
import io.dynoscope.core.transfer.ColumnMapping.Skip;
import io.dynoscope.core.transfer.ColumnMapping.Target;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the lines (or CSV records) of an import into items for one table, and says what is wrong
 * with every line that cannot be written: syntax, a mapping that does not fit, a key attribute that
 * is missing or of the wrong type, and every limit DynamoDB would enforce ({@link ItemRules}). It
 * goes on after a bad line, so one pass reports them all; only input that cannot be read further
 * (bytes that are not UTF-8, a CSV quote never closed, a CSV header that does not fit the mapping,
 * a line or CSV record over the cap that {@link LineReader} keeps to) stops it.
 */
public final class ImportParser {

    /** Receives each line's item or problem, in input order. */
    public interface Sink {
        /**
         * @return false to stop reading
         */
        boolean item(int line, Item item);

        /**
         * @param message what is wrong, without the line number
         * @return false to stop reading
         */
        boolean problem(int line, String message);
    }

    private final TransferFormat format;
    private final ColumnMapping mapping;
    private final KeySchema keySchema;
    private final Map<String, String> keyAttributeTypes;

    /**
     * @param keyAttributeTypes S, N or B of every key attribute of the table and its indexes
     */
    public ImportParser(
            TransferFormat format,
            ColumnMapping mapping,
            KeySchema keySchema,
            Map<String, String> keyAttributeTypes) {
        this.format = format;
        this.mapping = mapping;
        this.keySchema = keySchema;
        this.keyAttributeTypes = Map.copyOf(keyAttributeTypes);
    }

    /** Reads all of {@code in} (not closed), or until the sink asks to stop. */
    public void read(Reader in, Sink sink) throws IOException {
        try {
            if (format == TransferFormat.CSV) {
                readCsv(new CsvRecords(in), sink);
            } else {
                readLines(new LineReader(in), sink);
            }
        } catch (ItemFormatException unreadable) {
            sink.problem(unreadable.line(), withoutLine(unreadable) + "; the rest was not read");
        }
    }

    // ---- JSON lines ------------------------------------------------------------------------

    private void readLines(LineReader lines, Sink sink) throws IOException {
        String text;
        boolean going = true;
        while (going && (text = lines.readLine()) != null) {
            int number = lines.lineNumber();
            if (text.isBlank()) {
                continue;
            }
            Item read;
            try {
                read = parseLine(text, number);
            } catch (ItemFormatException e) {
                going = sink.problem(number, withoutLine(e));
                continue;
            }
            List<String> problems = new ArrayList<>();
            Item item = mapped(read, problems);
            going = finish(number, item, problems, sink);
        }
    }

    private Item parseLine(String text, int number) {
        if (format == TransferFormat.JSON) {
            return ItemJson.PLAIN.readItem(text);
        }
        return isExportLine(text)
                ? DynamoJsonLines.parseLine(text, number)
                : ItemJson.DYNAMODB.readItem(text);
    }

    /**
     * Whether a DynamoDB JSON line is an S3-export line {@code {"Item":{...}}} rather than an item:
     * it starts with the field "Item", and "Item" is not the table's partition key (an item always
     * holds its partition key).
     */
    private boolean isExportLine(String text) {
        if (keySchema.partitionKey().equals("Item")) {
            return false;
        }
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i >= text.length() || text.charAt(i) != '{') {
            return false;
        }
        i++;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return text.startsWith("\"Item\"", i);
    }

    /** The item after the mapping and the key types, or null when a problem was recorded. */
    private Item mapped(Item read, List<String> problems) {
        if (mapping.isEmpty() && keyTypesHold(read)) {
            return read;
        }
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        Map<String, String> sourceOf = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> attribute : read.attributes().entrySet()) {
            String source = attribute.getKey();
            Target target = mapping.rule(source).orElse(null);
            if (target instanceof Skip) {
                continue;
            }
            String name = target instanceof Attribute a ? a.attribute() : source;
            Optional<AttributeValue.Type> type =
                    target instanceof Attribute a && a.type().isPresent()
                            ? a.type()
                            : lenientKeyType(name);
            AttributeValue value = attribute.getValue();
            if (type.isPresent()) {
                try {
                    value = ValueConversion.convert(value, type.get());
                } catch (IllegalArgumentException e) {
                    problems.add("attribute '" + source + "': " + e.getMessage());
                    continue;
                }
            }
            String earlier = sourceOf.putIfAbsent(name, source);
            if (earlier != null) {
                problems.add(
                        "'"
                                + earlier
                                + "' and '"
                                + source
                                + "' both become attribute '"
                                + name
                                + "'");
                continue;
            }
            attributes.put(name, value);
        }
        return problems.isEmpty() ? Item.of(attributes) : null;
    }

    /** Whether every key attribute present has the table's type already (the common case). */
    private boolean keyTypesHold(Item item) {
        for (Map.Entry<String, String> key : keyAttributeTypes.entrySet()) {
            AttributeValue value = item.attributes().get(key.getKey());
            if (value != null && !value.type().descriptor().equals(key.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Plain JSON has no binary and people write numeric keys as strings, so a key attribute is
     * converted to the table's type; DynamoDB JSON says its types itself, so they are only checked.
     */
    private Optional<AttributeValue.Type> lenientKeyType(String attribute) {
        String type = keyAttributeTypes.get(attribute);
        return type != null && format != TransferFormat.DYNAMODB_JSON
                ? Optional.of(AttributeValue.Type.fromDescriptor(type))
                : Optional.empty();
    }

    // ---- CSV -------------------------------------------------------------------------------

    /**
     * One column: its heading (an export's says how its cells are written), where it goes, and the
     * type it is given (a mapping's, or the key type of the table for a key attribute).
     */
    private record Column(
            ItemCsv.Column heading, Target target, Optional<AttributeValue.Type> type) {

        String name() {
            return heading.attribute();
        }

        /** The cell's value: decoded as the heading says, then given the wanted type. */
        AttributeValue value(String text) {
            if (!heading.described()) {
                return ValueConversion.cell(text, type);
            }
            AttributeValue value = heading.read(text);
            return type.isPresent() ? ValueConversion.convert(value, type.get()) : value;
        }
    }

    private void readCsv(CsvRecords records, Sink sink) throws IOException {
        Optional<CsvRecords.Record> header = records.next();
        if (header.isEmpty()) {
            return;
        }
        List<Column> columns = columns(header.get());
        boolean going = true;
        Optional<CsvRecords.Record> next;
        while (going && (next = records.next()).isPresent()) {
            CsvRecords.Record record = next.get();
            List<String> fields = record.fields();
            if (fields.size() != columns.size()) {
                going =
                        sink.problem(
                                record.line(),
                                fields.size()
                                        + " fields, but the header has "
                                        + columns.size()
                                        + " columns");
                continue;
            }
            List<String> problems = new ArrayList<>();
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                Column column = columns.get(i);
                String text = fields.get(i);
                if (text == null || column.target() instanceof Skip) {
                    continue;
                }
                try {
                    attributes.put(((Attribute) column.target()).attribute(), column.value(text));
                } catch (IllegalArgumentException | ItemFormatException e) {
                    problems.add("column '" + column.name() + "': " + e.getMessage());
                }
            }
            going =
                    finish(
                            record.line(),
                            problems.isEmpty() ? Item.of(attributes) : null,
                            problems,
                            sink);
        }
    }

    private List<Column> columns(CsvRecords.Record header) {
        List<Column> columns = new ArrayList<>();
        Map<String, String> sourceOf = new LinkedHashMap<>();
        for (int i = 0; i < header.fields().size(); i++) {
            String field = header.fields().get(i);
            if (field == null || field.isEmpty()) {
                throw headerProblem(header, "column " + (i + 1) + " has no name");
            }
            ItemCsv.Column heading = ItemCsv.Column.of(Csv.unprotect(field));
            String name = heading.attribute();
            Target target =
                    mapping.rule(name).orElseGet(() -> new Attribute(name, Optional.empty()));
            Optional<AttributeValue.Type> type = Optional.empty();
            if (target instanceof Attribute attribute) {
                type =
                        attribute.type().isPresent()
                                ? attribute.type()
                                : Optional.ofNullable(keyAttributeTypes.get(attribute.attribute()))
                                        .map(AttributeValue.Type::fromDescriptor);
                String earlier = sourceOf.putIfAbsent(attribute.attribute(), name);
                if (earlier != null) {
                    throw headerProblem(
                            header,
                            "columns '"
                                    + earlier
                                    + "' and '"
                                    + name
                                    + "' both become attribute '"
                                    + attribute.attribute()
                                    + "'");
                }
            }
            columns.add(new Column(heading, target, type));
        }
        List<String> names = columns.stream().map(Column::name).toList();
        for (String mapped : mapping.columns()) {
            if (!names.contains(mapped)) {
                throw headerProblem(
                        header,
                        "the mapping names column '"
                                + mapped
                                + "', which the header does not have (it has "
                                + String.join(", ", names)
                                + ")");
            }
        }
        return columns;
    }

    private static ItemFormatException headerProblem(CsvRecords.Record header, String message) {
        return new ItemFormatException("the header: " + message, "", header.line(), 0);
    }

    // ---- both ------------------------------------------------------------------------------

    /** Checks the item against DynamoDB's rules and hands it or its problems to the sink. */
    private boolean finish(int line, Item item, List<String> problems, Sink sink) {
        if (item != null) {
            for (ItemRules.Problem problem : ItemRules.check(item, keySchema, keyAttributeTypes)) {
                problems.add(problem.toString());
            }
        }
        return problems.isEmpty()
                ? sink.item(line, item)
                : sink.problem(line, String.join("; ", problems));
    }

    private static String withoutLine(ItemFormatException e) {
        StringBuilder message = new StringBuilder();
        if (e.column() > 0) {
            message.append("column ").append(e.column()).append(": ");
        }
        if (!e.path().isEmpty()) {
            message.append("at ").append(e.path()).append(": ");
        }
        return message.append(e.reason()).toString();
    }
}
