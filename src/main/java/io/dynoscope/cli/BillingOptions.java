package io.dynoscope.cli;

import io.dynoscope.core.table.TableDefinition.Billing;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --billing}, {@code --read-capacity} and {@code --write-capacity} of a new table. */
final class BillingOptions {

    @Option(
            names = "--billing",
            paramLabel = "MODE",
            defaultValue = "pay-per-request",
            description =
                    "pay-per-request or provisioned (then --read-capacity and --write-capacity). "
                            + "Default: ${DEFAULT-VALUE}.")
    private String mode;

    @Option(names = "--read-capacity", paramLabel = "UNITS", description = "Provisioned reads.")
    private Long readCapacity;

    @Option(names = "--write-capacity", paramLabel = "UNITS", description = "Provisioned writes.")
    private Long writeCapacity;

    Billing billing() {
        switch (mode) {
            case "pay-per-request" -> {
                if (readCapacity != null || writeCapacity != null) {
                    throw CliException.usage(
                            "--read-capacity and --write-capacity are for --billing provisioned");
                }
                return Billing.onDemand();
            }
            case "provisioned" -> {
                if (readCapacity == null || writeCapacity == null) {
                    throw CliException.usage(
                            "--billing provisioned needs --read-capacity and --write-capacity");
                }
                try {
                    return Billing.provisioned(readCapacity, writeCapacity);
                } catch (IllegalArgumentException e) {
                    throw CliException.usage(e.getMessage());
                }
            }
            default ->
                    throw CliException.usage(
                            "--billing is pay-per-request or provisioned, not '" + mode + "'");
        }
    }

    /** The capacity given, when any (an index added to a provisioned table needs one). */
    static Optional<Billing> capacity(Long readCapacity, Long writeCapacity) {
        if (readCapacity == null && writeCapacity == null) {
            return Optional.empty();
        }
        if (readCapacity == null || writeCapacity == null) {
            throw CliException.usage("give both --read-capacity and --write-capacity");
        }
        try {
            return Optional.of(Billing.provisioned(readCapacity, writeCapacity));
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }
}
