package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonGenerator;
import io.dynoscope.core.item.AttributeValue.Bin;
import io.dynoscope.core.item.AttributeValue.BinSet;
import io.dynoscope.core.item.AttributeValue.Bool;
import io.dynoscope.core.item.AttributeValue.ListValue;
import io.dynoscope.core.item.AttributeValue.MapValue;
import io.dynoscope.core.item.AttributeValue.Num;
import io.dynoscope.core.item.AttributeValue.NumSet;
import io.dynoscope.core.item.AttributeValue.Str;
import io.dynoscope.core.item.AttributeValue.StrSet;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.Map;

/**
 * Items and values as JSON text, in its two dialects: {@link #DYNAMODB} JSON, lossless, and {@link
 * #PLAIN} JSON, as people write documents by hand. Both read through one strict front end ({@link
 * JsonItemReader}) and write through one writer; a dialect says only how a value is spelled.
 */
public enum ItemJson {
    /**
     * DynamoDB JSON ({@link DynamoJson}): every value an object of one type descriptor, numbers as
     * strings, {@code {"NULL": true}}.
     */
    DYNAMODB(DynamoJson.ValueReader::new) {
        @Override
        void startValue(JsonGenerator g, AttributeValue value) throws IOException {
            g.writeStartObject();
            g.writeFieldName(value.type().descriptor());
        }

        @Override
        void endValue(JsonGenerator g) throws IOException {
            g.writeEndObject();
        }

        @Override
        void writeNumber(JsonGenerator g, Num number) throws IOException {
            g.writeString(number.text());
        }

        @Override
        void writeNull(JsonGenerator g) throws IOException {
            g.writeBoolean(true);
        }
    },

    /**
     * Plain JSON ({@link PlainJson}): a value's JSON type is its DynamoDB type; sets are written as
     * arrays and binary as base64 strings, which come back as L and S.
     */
    PLAIN(PlainJson.ValueReader::new) {
        @Override
        void startValue(JsonGenerator g, AttributeValue value) {}

        @Override
        void endValue(JsonGenerator g) {}

        @Override
        void writeNumber(JsonGenerator g, Num number) throws IOException {
            g.writeNumber(PlainJson.jsonNumberText(number));
        }

        @Override
        void writeNull(JsonGenerator g) throws IOException {
            g.writeNull();
        }
    };

    private final JsonItemReader.Format reader;

    ItemJson(JsonItemReader.Format reader) {
        this.reader = reader;
    }

    /**
     * Reads one item, e.g. {@code {"pk":{"S":"WS#acme"}}}; nothing but whitespace may follow it.
     */
    public Item readItem(String json) {
        return JsonItemReader.item(json, reader);
    }

    /** Reads one item from all of {@code json}; the reader is not closed. */
    public Item readItem(Reader json) {
        return JsonItemReader.item(json, reader);
    }

    /** Reads one value, e.g. {@code {"N":"6"}}; nothing but whitespace may follow it. */
    public AttributeValue readValue(String json) {
        return JsonItemReader.value(json, reader);
    }

    /** The item as compact JSON on one line. */
    public String write(Item item) {
        return JsonSupport.writeToString(g -> writeItem(g, item), false);
    }

    /** The item as JSON indented for reading. */
    public String writePretty(Item item) {
        return JsonSupport.writeToString(g -> writeItem(g, item), true);
    }

    /** One value as compact JSON. */
    public String write(AttributeValue value) {
        return JsonSupport.writeToString(g -> writeValue(g, value), false);
    }

    /** One value as JSON indented for reading. */
    public String writePretty(AttributeValue value) {
        return JsonSupport.writeToString(g -> writeValue(g, value), true);
    }

    /** Writes the item to {@code out}, which is flushed but not closed. */
    public void write(Item item, Writer out, boolean pretty) throws IOException {
        try (JsonGenerator generator = JsonSupport.generator(out, pretty)) {
            writeItem(generator, item);
        }
    }

    void writeItem(JsonGenerator g, Item item) throws IOException {
        writeAttributes(g, item.attributes());
    }

    private void writeAttributes(JsonGenerator g, Map<String, AttributeValue> attributes)
            throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
            g.writeFieldName(attribute.getKey());
            writeValue(g, attribute.getValue());
        }
        g.writeEndObject();
    }

    private void writeValue(JsonGenerator g, AttributeValue value) throws IOException {
        startValue(g, value);
        switch (value.type()) {
            case S -> g.writeString(((Str) value).value());
            case N -> writeNumber(g, (Num) value);
            case B -> g.writeString(((Bin) value).base64());
            case BOOL -> g.writeBoolean(((Bool) value).value());
            case NULL -> writeNull(g);
            case M -> writeAttributes(g, ((MapValue) value).entries());
            case L -> {
                g.writeStartArray();
                for (AttributeValue element : ((ListValue) value).elements()) {
                    writeValue(g, element);
                }
                g.writeEndArray();
            }
            case SS -> {
                g.writeStartArray();
                for (String member : ((StrSet) value).members()) {
                    g.writeString(member);
                }
                g.writeEndArray();
            }
            case NS -> {
                g.writeStartArray();
                for (Num member : ((NumSet) value).members()) {
                    writeNumber(g, member);
                }
                g.writeEndArray();
            }
            case BS -> {
                g.writeStartArray();
                for (Bin member : ((BinSet) value).members()) {
                    g.writeString(member.base64());
                }
                g.writeEndArray();
            }
        }
        endValue(g);
    }

    /** What comes before a value's content: DynamoDB JSON's {@code {"S":}. */
    abstract void startValue(JsonGenerator g, AttributeValue value) throws IOException;

    /** What closes a value after its content. */
    abstract void endValue(JsonGenerator g) throws IOException;

    abstract void writeNumber(JsonGenerator g, Num number) throws IOException;

    abstract void writeNull(JsonGenerator g) throws IOException;
}
