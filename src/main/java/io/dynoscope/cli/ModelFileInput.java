package io.dynoscope.cli;

import io.dynoscope.core.expression.ValueInput;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.InputLimits;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A model file as the {@code model} subcommands read it, and their {@code --param} values. */
final class ModelFileInput {

    private ModelFileInput() {}

    /**
     * The tables of a model file in any supported format; a file that cannot be read, or a rule
     * file (which holds no tables), is a usage error.
     */
    static ModelFiles.Read read(Path file, InputStream stdin) {
        ModelFiles.Read read =
                CliException.orUsage(
                        file.toString(),
                        () ->
                                ModelFiles.read(
                                        TextFiles.read(file, stdin, InputLimits.MAX_MODEL_BYTES)));
        if (read.document() == null) {
            throw CliException.usage(
                    file
                            + " is a drift rule file: it holds denormalized copies but no table"
                            + " (load it into a model in the app, or use dynoscope drift)");
        }
        ModelDocument document = read.document();
        if (document.tables().isEmpty()) {
            throw CliException.usage(file + " holds no table");
        }
        return read;
    }

    /**
     * The design of {@code table} in a model file: the table of that name, else the file's only
     * table; a file with several tables and none of that name is a usage error.
     */
    static TableDesign design(ModelFiles.Read read, Path file, String table) {
        return namedOrOnly(read, table)
                .orElseThrow(
                        () ->
                                CliException.usage(
                                        file + " has no table '" + table + "' (it has several)"));
    }

    /** The table of that name in a model file, else the file's only table; empty for neither. */
    static Optional<TableDesign> namedOrOnly(ModelFiles.Read read, String table) {
        return read.document().namedOrOnly(table);
    }

    /** {@code --param name=value} options as typed values (see {@link ValueInput}). */
    static Map<String, AttributeValue> parameters(List<String> options) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (String option : options) {
            int equals = option.indexOf('=');
            if (equals < 1) {
                throw CliException.usage(
                        "--param '" + option + "' is not name=value, e.g. workspaceId=acme");
            }
            values.put(
                    option.substring(0, equals).strip(),
                    ValueInput.read(option.substring(equals + 1)));
        }
        return values;
    }
}
