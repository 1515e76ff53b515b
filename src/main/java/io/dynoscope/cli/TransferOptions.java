package io.dynoscope.cli;

import io.dynoscope.core.transfer.TransferFormat;
import picocli.CommandLine.Option;

/** The table and the file format that {@code export} and {@code import} take. */
final class TransferOptions {

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    String table;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "dynamodb-json",
            description = "dynamodb-json, json or csv. Default: ${DEFAULT-VALUE}.")
    TransferFormat format;
}
