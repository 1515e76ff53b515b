package io.dynoscope.cli;

import io.dynoscope.cli.TableDefinitionInput.KeyAttribute;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope table create}. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description =
                "Create a table and wait until it and its indexes are ACTIVE; with --ttl, turn TTL on.")
final class TableCreateCommand implements Callable<Integer> {

    @ParentCommand private TableCommand parent;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--pk",
            required = true,
            paramLabel = "NAME:TYPE",
            description = "The partition key and its type: S, N or B.")
    private String partitionKey;

    @Option(names = "--sk", paramLabel = "NAME:TYPE", description = "The sort key and its type.")
    private String sortKey;

    @Option(
            names = "--gsi",
            paramLabel = "NAME:PK:TYPE[:SK:TYPE]",
            description = "A global secondary index (repeatable).")
    private List<String> globalIndexes = new ArrayList<>();

    @Option(
            names = "--lsi",
            paramLabel = "NAME:SK:TYPE",
            description =
                    "A local secondary index: the table's partition key and another sort key (repeatable).")
    private List<String> localIndexes = new ArrayList<>();

    @Option(
            names = "--projection",
            paramLabel = "INDEX=ALL|KEYS_ONLY|INCLUDE:a,b",
            description = "What an index holds (default ALL).")
    private Map<String, String> projections = new LinkedHashMap<>();

    @Mixin private BillingOptions billing;

    @Option(
            names = "--ttl",
            paramLabel = "ATTRIBUTE",
            description = "Turn TTL on by this attribute (epoch seconds) once the table is ACTIVE.")
    private String ttl;

    @Option(names = "--dry-run", description = "Print the requests and send nothing.")
    private boolean dryRun;

    @Override
    public Integer call() {
        Map<String, String> types = new LinkedHashMap<>();
        KeyAttribute pk = KeyAttribute.parse(partitionKey, "--pk");
        TableDefinitionInput.declare(types, pk);
        KeyAttribute sk = sortKey == null ? null : KeyAttribute.parse(sortKey, "--sk");
        if (sk != null) {
            TableDefinitionInput.declare(types, sk);
        }
        List<SecondaryIndex> globals = new ArrayList<>();
        for (String gsi : globalIndexes) {
            globals.add(TableDefinitionInput.globalIndex(gsi, projections, types));
        }
        List<SecondaryIndex> locals = new ArrayList<>();
        for (String lsi : localIndexes) {
            int colon = lsi.indexOf(':');
            if (colon <= 0) {
                throw CliException.usage("--lsi is NAME:SK:TYPE, not '" + lsi + "'");
            }
            String name = lsi.substring(0, colon);
            KeyAttribute indexSort = KeyAttribute.parse(lsi.substring(colon + 1), "--lsi " + name);
            TableDefinitionInput.declare(types, indexSort);
            locals.add(
                    TableDefinitionInput.index(
                            name, false, KeySchema.of(pk.name(), indexSort.name()), projections));
        }
        TableDefinition definition =
                new TableDefinition(
                        table,
                        KeySchema.of(pk.name(), sk == null ? null : sk.name()),
                        types,
                        globals,
                        locals,
                        billing.billing());
        return TableChanges.send(
                parent.cli(),
                dryRun,
                admin -> admin.creation(definition, Optional.ofNullable(ttl)),
                "created table '"
                        + table
                        + "'"
                        + (ttl == null ? "" : " with TTL on '" + ttl + "'"));
    }
}
