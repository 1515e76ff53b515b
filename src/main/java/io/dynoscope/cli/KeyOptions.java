package io.dynoscope.cli;

import io.dynoscope.cli.Formats.InputFormat;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.TableInfo;
import picocli.CommandLine.Option;

/** The table and item key that {@code get} and {@code delete} take, read the same way in both. */
final class KeyOptions {

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    String table;

    @Option(
            names = "--key",
            required = true,
            paramLabel = "JSON",
            description = "The item's primary key.")
    private String key;

    @Option(
            names = "--key-format",
            paramLabel = "FORMAT",
            defaultValue = "auto",
            description = "auto, json or dynamodb-json. Default: ${DEFAULT-VALUE}.")
    private InputFormat keyFormat;

    /**
     * The key as the table's key schema and types read it; bad input says what is wrong with --key.
     */
    Key key(TableInfo info) {
        return ItemInput.readKey(key, keyFormat, info, "--key");
    }
}
