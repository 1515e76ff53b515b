package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * DynamoDB JSON Lines, the format of DynamoDB's export to S3: one {@code {"Item":{...}}} per line,
 * the item in {@link DynamoJson}. Reading streams item by item, skips blank lines and reports a bad
 * line (or one over {@link InputLimits#MAX_LINE_CHARS}) by its line number; writing puts one item
 * per {@code \n}-terminated line.
 */
public final class DynamoJsonLines {

    private static final String ITEM_FIELD = "Item";

    private DynamoJsonLines() {}

    /** A reader of items from {@code in}; closing it closes {@code in}. */
    public static ItemReader reader(Reader in) {
        return new ItemReader(in);
    }

    /** A lazy stream of the items in {@code in}; closing the stream closes {@code in}. */
    public static Stream<Item> stream(Reader in) {
        ItemReader reader = new ItemReader(in);
        Iterator<Item> items =
                new Iterator<>() {
                    private Item next;

                    @Override
                    public boolean hasNext() {
                        if (next == null) {
                            next = reader.read().orElse(null);
                        }
                        return next != null;
                    }

                    @Override
                    public Item next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Item item = next;
                        next = null;
                        return item;
                    }
                };
        return StreamSupport.stream(
                        Spliterators.spliteratorUnknownSize(
                                items, Spliterator.ORDERED | Spliterator.NONNULL),
                        false)
                .onClose(reader::close);
    }

    /** All items in {@code in}, which is read to its end but not closed. */
    public static List<Item> readAll(Reader in) {
        ItemReader reader = new ItemReader(in);
        List<Item> items = new ArrayList<>();
        for (Optional<Item> item = reader.read(); item.isPresent(); item = reader.read()) {
            items.add(item.get());
        }
        return items;
    }

    /** A writer of items to {@code out}; closing it closes {@code out}. */
    public static ItemWriter writer(Writer out) {
        return new ItemWriter(out);
    }

    /** Writes every item to {@code out}, one line each; {@code out} is flushed, not closed. */
    public static void writeAll(Iterable<Item> items, Writer out) throws IOException {
        ItemWriter writer = new ItemWriter(out);
        for (Item item : items) {
            writer.write(item);
        }
        writer.flush();
    }

    /** The line for one item, without the line break. */
    public static String line(Item item) {
        return JsonSupport.writeToString(g -> writeLine(g, item), false);
    }

    /** Reads the item from one line's text, reporting problems at {@code lineNumber}. */
    public static Item parseLine(String line, int lineNumber) {
        try (JsonParser parser = JsonSupport.parser(line)) {
            DynamoJson.ValueReader reader = new DynamoJson.ValueReader(parser);
            Item item =
                    reader.guard(
                            () -> {
                                if (parser.nextToken() != JsonToken.START_OBJECT) {
                                    throw reader.fail(
                                            "expected {\"Item\": {...}}, found "
                                                    + JsonSupport.describe(parser.currentToken()),
                                            "");
                                }
                                if (parser.nextToken() != JsonToken.FIELD_NAME
                                        || !ITEM_FIELD.equals(parser.currentName())) {
                                    throw reader.fail(
                                            "expected the field \"Item\", found "
                                                    + describeField(parser),
                                            "");
                                }
                                parser.nextToken();
                                Item read = reader.readItem();
                                if (parser.nextToken() != JsonToken.END_OBJECT) {
                                    throw reader.fail(
                                            "expected only the field \"Item\", found also "
                                                    + describeField(parser),
                                            "");
                                }
                                return read;
                            });
            reader.expectEnd("after the item on the same line");
            return item;
        } catch (ItemFormatException e) {
            throw e.atLine(lineNumber);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String describeField(JsonParser parser) throws IOException {
        return parser.currentToken() == JsonToken.FIELD_NAME
                ? "\"" + parser.currentName() + "\""
                : JsonSupport.describe(parser.currentToken());
    }

    private static void writeLine(JsonGenerator g, Item item) throws IOException {
        g.writeStartObject();
        g.writeFieldName(ITEM_FIELD);
        ItemJson.DYNAMODB.writeItem(g, item);
        g.writeEndObject();
    }

    /**
     * Reads items one line at a time ({@link LineReader}: a line over its cap stops the reading);
     * {@link #lineNumber()} says where it is.
     */
    public static final class ItemReader implements Closeable {
        private final LineReader lines;

        private ItemReader(Reader in) {
            this.lines = new LineReader(in);
        }

        /** The next item, or empty at the end of the input. */
        public Optional<Item> read() {
            try {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (!line.isBlank()) {
                        return Optional.of(parseLine(line, lines.lineNumber()));
                    }
                }
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The 1-based number of the last line read, 0 before the first. */
        public int lineNumber() {
            return lines.lineNumber();
        }

        @Override
        public void close() {
            try {
                lines.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Writes one {@code {"Item":{...}}} line per item. */
    public static final class ItemWriter implements Closeable, Flushable {
        private final Writer out;

        private ItemWriter(Writer out) {
            this.out = out;
        }

        public void write(Item item) throws IOException {
            out.write(line(item));
            out.write('\n');
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
