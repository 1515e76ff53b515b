package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Base64;

/**
 * What the JSON codecs share: one Jackson factory, attribute paths, token names and error
 * locations.
 */
final class JsonSupport {

    /** Streaming Jackson only: the tree model would forget where each token was. */
    static final JsonFactory FACTORY =
            JsonFactory.builder()
                    .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
                    // Jackson stops names at 50,000 characters; DynamoDB takes 64 KB, which
                    // ItemRules checks with its own message.
                    .streamReadConstraints(
                            StreamReadConstraints.builder()
                                    .maxNameLength(4 * ItemRules.MAX_ATTRIBUTE_NAME_BYTES)
                                    .build())
                    .build()
                    .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
                    .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private JsonSupport() {}

    /** A generator writing to {@code out}, indented with two spaces and {@code \n} when pretty. */
    static JsonGenerator generator(Writer out, boolean pretty) throws IOException {
        JsonGenerator generator = FACTORY.createGenerator(LoneSurrogates.escapingInJson(out));
        if (pretty) {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            generator.setPrettyPrinter(
                    new DefaultPrettyPrinter()
                            .withSeparators(
                                    Separators.createDefaultInstance()
                                            .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                            .withObjectIndenter(indenter)
                            .withArrayIndenter(indenter));
        }
        return generator;
    }

    /** Something that writes JSON into a generator. */
    interface JsonWriting {
        void writeTo(JsonGenerator generator) throws IOException;
    }

    static String writeToString(JsonWriting writing, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = generator(out, pretty)) {
            writing.writeTo(generator);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static JsonParser parser(String json) throws IOException {
        return FACTORY.createParser(json);
    }

    static JsonParser parser(Reader json) throws IOException {
        return FACTORY.createParser(json);
    }

    static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    static String element(String path, int index) {
        return path + "[" + index + "]";
    }

    /** The token in the words a person would use: "a string", "an array", ... */
    static String describe(JsonToken token) {
        if (token == null) {
            return "the end of the input";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case VALUE_NULL -> "null";
            case FIELD_NAME -> "a field name";
            case END_OBJECT -> "the end of an object";
            case END_ARRAY -> "the end of an array";
            default -> token.toString();
        };
    }

    /**
     * Text quoted in a message: as is up to 40 characters, else its start and its length, so that a
     * 400,000-digit number or a 64 KB name does not become a 400,000-character message.
     */
    static String abbreviate(String text) {
        return text.length() <= 40
                ? text
                : text.substring(0, 32) + "... (" + text.length() + " characters)";
    }

    /** The failure of a value nested deeper than DynamoDB allows. */
    static String tooDeep() {
        return "values are nested more than "
                + ItemRules.MAX_NESTING_DEPTH
                + " levels deep; DynamoDB allows at most "
                + ItemRules.MAX_NESTING_DEPTH;
    }

    static byte[] decodeBase64(String text) {
        return Base64.getDecoder().decode(text);
    }

    static ItemFormatException failure(String reason, String path, JsonLocation location) {
        return new ItemFormatException(
                reason,
                path,
                Math.max(0, location.getLineNr()),
                Math.max(0, location.getColumnNr()));
    }

    /** Malformed JSON, reported at Jackson's location and the attribute path being read. */
    static ItemFormatException malformed(JsonProcessingException e, String path) {
        JsonLocation location = e.getLocation();
        // Jackson names the source in nested locations; the source is ours and says nothing to the
        // reader
        String reason =
                "malformed JSON: " + e.getOriginalMessage().replaceAll("\\[Source: [^;]*; ", "[");
        return location == null
                ? new ItemFormatException(reason, path, 0, 0)
                : failure(reason, path, location);
    }
}
