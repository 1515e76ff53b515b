package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * An expression with its placeholders: names as they are, values as a DynamoDB JSON map (null when
 * it has none).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExpressionSpec(String text, Map<String, String> names, JsonNode values) {
    public ExpressionSpec {
        Objects.requireNonNull(text, "text");
        names = names == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(names));
    }
}
