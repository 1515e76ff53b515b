package io.dynoscope.core.drift;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.JsonErrors;
import io.dynoscope.core.key.KeyTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes rule files: the JSON in which rules are saved, exported and shared, and which
 * {@code dynoscope drift suggest} prints. The format is stable; version 1 is:
 *
 * <pre>{@code
 * {
 *   "version": 1,
 *   "rules": [ {
 *     "name": "authorName",
 *     "description": "free text, optional",
 *     "source": { "partitionKey": "USER#{id}", "sortKey": "META", "attribute": "name" },
 *     "copies": {
 *       "lookup": "INDEX",                  // COLLECTION, INDEX or SCAN
 *       "index": "byAuthor",                // INDEX only
 *       "reference": { "attribute": "authorId", "patterns": [ "U#{id}" ] },
 *       "sortKeyPrefix": "PROJ#",           // optional
 *       "attribute": "authorName"           // or a nested path such as author.name
 *     }
 *   } ]
 * }
 * }</pre>
 *
 * Attribute paths use dots for map members and {@code [n]} for list elements. Patterns are
 * described in {@link KeyTemplate}. Unknown fields are refused, so a typo is reported, not ignored.
 */
public final class RuleFiles {

    /** The format version this class writes and reads. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    private RuleFiles() {}

    @JsonPropertyOrder({"version", "rules"})
    record FileJson(Integer version, List<RuleJson> rules) {}

    @JsonPropertyOrder({"name", "description", "source", "copies"})
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record RuleJson(String name, String description, SourceJson source, CopiesJson copies) {}

    @JsonPropertyOrder({"partitionKey", "sortKey", "attribute"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SourceJson(String partitionKey, String sortKey, String attribute) {}

    @JsonPropertyOrder({"lookup", "index", "reference", "sortKeyPrefix", "attribute"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CopiesJson(
            CopyLookup lookup,
            String index,
            ReferenceJson reference,
            String sortKeyPrefix,
            String attribute) {}

    @JsonPropertyOrder({"attribute", "patterns"})
    record ReferenceJson(String attribute, List<String> patterns) {}

    /** The rules as a rule file. */
    public static String write(List<DenormalizationRule> rules) {
        List<RuleJson> json = new ArrayList<>();
        for (DenormalizationRule rule : rules) {
            DenormalizationRule.Copies copies = rule.copies();
            json.add(
                    new RuleJson(
                            rule.name(),
                            rule.description(),
                            new SourceJson(
                                    rule.source().partitionKey().text(),
                                    rule.source().sortKey(),
                                    rule.source().attribute().toString()),
                            new CopiesJson(
                                    copies.lookup(),
                                    copies.index(),
                                    new ReferenceJson(
                                            copies.reference().attribute().toString(),
                                            copies.reference().patterns().stream()
                                                    .map(KeyTemplate::text)
                                                    .toList()),
                                    copies.sortKeyPrefix(),
                                    copies.attribute().toString())));
        }
        try {
            return MAPPER.writeValueAsString(new FileJson(VERSION, json)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write rules", e);
        }
    }

    /**
     * Reads a rule file; throws {@link IllegalArgumentException} saying what is wrong and where.
     */
    public static List<DenormalizationRule> read(String text) {
        FileJson file;
        try {
            file = MAPPER.readValue(text, FileJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a rule file: " + JsonErrors.describe(e), e);
        }
        if (file == null || file.version() == null) {
            throw new IllegalArgumentException("not a rule file: \"version\" is missing");
        }
        if (file.version() != VERSION) {
            throw new IllegalArgumentException(
                    "rule file version "
                            + file.version()
                            + " is not supported (expected "
                            + VERSION
                            + ")");
        }
        List<DenormalizationRule> rules = new ArrayList<>();
        List<RuleJson> entries = file.rules() == null ? List.of() : file.rules();
        for (int i = 0; i < entries.size(); i++) {
            RuleJson json = entries.get(i);
            String where =
                    "rule "
                            + (i + 1)
                            + (json != null && json.name() != null
                                    ? " ('" + json.name() + "')"
                                    : "");
            try {
                rules.add(rule(json));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        return rules;
    }

    public static List<DenormalizationRule> read(Path file) throws IOException {
        return read(Files.readString(file, StandardCharsets.UTF_8));
    }

    public static void write(Path file, List<DenormalizationRule> rules) throws IOException {
        Files.writeString(file, write(rules), StandardCharsets.UTF_8);
    }

    private static DenormalizationRule rule(RuleJson json) {
        require(json, "the rule");
        require(json.name(), "\"name\"");
        require(json.source(), "\"source\"");
        require(json.copies(), "\"copies\"");
        SourceJson source = json.source();
        CopiesJson copies = json.copies();
        require(copies.lookup(), "\"copies.lookup\"");
        require(copies.reference(), "\"copies.reference\"");
        require(copies.reference().patterns(), "\"copies.reference.patterns\"");
        return new DenormalizationRule(
                json.name(),
                json.description(),
                new DenormalizationRule.Source(
                        KeyTemplate.parse(
                                require(source.partitionKey(), "\"source.partitionKey\"")),
                        source.sortKey(),
                        path(source.attribute(), "\"source.attribute\"")),
                new DenormalizationRule.Copies(
                        copies.lookup(),
                        copies.index(),
                        new DenormalizationRule.Reference(
                                path(
                                        copies.reference().attribute(),
                                        "\"copies.reference.attribute\""),
                                copies.reference().patterns().stream()
                                        .map(KeyTemplate::parse)
                                        .toList()),
                        copies.sortKeyPrefix(),
                        path(copies.attribute(), "\"copies.attribute\"")));
    }

    private static AttributePath path(String notation, String field) {
        return AttributePath.parse(require(notation, field));
    }

    private static <T> T require(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }
}
