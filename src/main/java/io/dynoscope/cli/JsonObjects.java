package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** The JSON documents the reports print (--json): one object, its fields streamed by Jackson. */
final class JsonObjects {

    /** Writes an object's fields. */
    @FunctionalInterface
    interface Fields {
        void write(JsonGenerator generator) throws IOException;
    }

    private JsonObjects() {}

    /** One JSON object holding the fields, indented when {@code pretty}. */
    static String write(boolean pretty, Fields fields) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = new JsonFactory().createGenerator(out)) {
            if (pretty) {
                generator.useDefaultPrettyPrinter();
            }
            generator.writeStartObject();
            fields.write(generator);
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
