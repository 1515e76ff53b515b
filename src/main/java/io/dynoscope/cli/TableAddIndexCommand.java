package io.dynoscope.cli;

import io.dynoscope.core.table.SecondaryIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope table add-index}: a global secondary index added to an existing table. */
@Command(
        name = "add-index",
        mixinStandardHelpOptions = true,
        description =
                "Add a global secondary index and wait until it is ACTIVE (DynamoDB builds it from the "
                        + "table's items). An engine that does not implement it says so.")
final class TableAddIndexCommand implements Callable<Integer> {

    @ParentCommand private TableCommand parent;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(names = "--gsi", required = true, paramLabel = "NAME:PK:TYPE[:SK:TYPE]")
    private String index;

    @Option(
            names = "--projection",
            paramLabel = "INDEX=ALL|KEYS_ONLY|INCLUDE:a,b",
            description = "What the index holds (default ALL).")
    private Map<String, String> projections = new LinkedHashMap<>();

    @Option(
            names = "--read-capacity",
            paramLabel = "UNITS",
            description = "The index's reads, for a provisioned table.")
    private Long readCapacity;

    @Option(
            names = "--write-capacity",
            paramLabel = "UNITS",
            description = "The index's writes, for a provisioned table.")
    private Long writeCapacity;

    @Option(names = "--dry-run", description = "Print the request and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        Map<String, String> types = new LinkedHashMap<>();
        SecondaryIndex definition = TableDefinitionInput.globalIndex(index, projections, types);
        return TableChanges.send(
                parent.cli(),
                dryRun,
                admin ->
                        List.of(
                                admin.indexAddition(
                                        table,
                                        definition,
                                        types,
                                        BillingOptions.capacity(readCapacity, writeCapacity))),
                "added index '" + definition.name() + "' to table '" + table + "'");
    }
}
