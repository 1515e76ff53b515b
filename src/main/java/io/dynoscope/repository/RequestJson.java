package io.dynoscope.repository;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;

/**
 * An SDK request as the JSON DynamoDB's API receives it ({@code {"TableName": ..., "KeySchema":
 * [...]}}), read off the request object itself by the names the SDK marshals its fields under, so
 * what is shown is what is sent. Fields left unset are left out, as the SDK leaves them out.
 */
final class RequestJson {

    private static final JsonFactory JSON = new JsonFactory();

    private RequestJson() {}

    static String of(SdkPojo request) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.useDefaultPrettyPrinter();
            write(g, request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void write(JsonGenerator g, Object value) throws IOException {
        if (value instanceof SdkPojo pojo) {
            g.writeStartObject();
            for (SdkField<?> field : pojo.sdkFields()) {
                Object fieldValue = field.getValueOrDefault(pojo);
                if (isSet(fieldValue)) {
                    g.writeFieldName(field.locationName());
                    write(g, fieldValue);
                }
            }
            g.writeEndObject();
        } else if (value instanceof List<?> list) {
            g.writeStartArray();
            for (Object element : list) {
                write(g, element);
            }
            g.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                g.writeFieldName(String.valueOf(entry.getKey()));
                write(g, entry.getValue());
            }
            g.writeEndObject();
        } else if (value instanceof Boolean bool) {
            g.writeBoolean(bool);
        } else if (value instanceof Integer || value instanceof Long) {
            g.writeNumber(((Number) value).longValue());
        } else if (value instanceof Number number) {
            g.writeNumber(number.toString());
        } else if (value instanceof SdkBytes bytes) {
            g.writeBinary(bytes.asByteArrayUnsafe());
        } else if (value instanceof Instant instant) {
            g.writeNumber(instant.getEpochSecond());
        } else {
            g.writeString(String.valueOf(value));
        }
    }

    private static boolean isSet(Object value) {
        return value != null
                && !(value instanceof SdkAutoConstructList)
                && !(value instanceof SdkAutoConstructMap);
    }
}
