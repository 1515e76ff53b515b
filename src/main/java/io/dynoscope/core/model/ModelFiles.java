package io.dynoscope.core.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.JsonErrors;
import java.util.List;
import java.util.Objects;

/**
 * Reads a model file in whichever format it is: Dynoscope's own ({@link ModelJson}), a NoSQL
 * Workbench data model ({@link NoSqlWorkbenchFormat}), or an old drift rule file ({@link
 * RuleFiles}), whose rules become a model's denormalized copies once the table is known.
 */
public final class ModelFiles {

    // the last of two equal keys silently won before
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private ModelFiles() {}

    /** The formats a model file can be in. */
    public enum Format {
        DYNOSCOPE,
        WORKBENCH,
        RULE_FILE
    }

    /**
     * What a file held.
     *
     * @param document the tables, or null for a rule file
     * @param rules a rule file's rules (empty otherwise)
     * @param notes what was inferred or set aside while reading (NoSQL Workbench files)
     */
    public record Read(
            Format format,
            ModelDocument document,
            List<DenormalizationRule> rules,
            List<String> notes) {
        public Read {
            Objects.requireNonNull(format, "format");
            rules = List.copyOf(rules);
            notes = List.copyOf(notes);
        }
    }

    /**
     * Reads a model file; throws {@link IllegalArgumentException} saying what is wrong and where.
     */
    public static Read read(String text) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + JsonErrors.describe(e), e);
        }
        if (tree != null && tree.isObject() && tree.has("format")) {
            return new Read(Format.DYNOSCOPE, ModelJson.read(text), List.of(), List.of());
        }
        if (NoSqlWorkbenchFormat.looksLikeWorkbench(tree)) {
            NoSqlWorkbenchFormat.Imported imported = NoSqlWorkbenchFormat.read(text);
            return new Read(Format.WORKBENCH, imported.document(), List.of(), imported.notes());
        }
        if (tree != null && tree.isObject() && tree.has("rules")) {
            return new Read(Format.RULE_FILE, null, RuleFiles.read(text), List.of());
        }
        throw new IllegalArgumentException(
                "not a model file: expected a Dynoscope model (\"format\": \""
                        + ModelJson.FORMAT
                        + "\"), a NoSQL Workbench model (\"DataModel\") or a drift rule file"
                        + " (\"rules\")");
    }
}
