package io.dynoscope.cli.archfixture;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;

/**
 * A command that reads items past the service layer on purpose (and, allowed, describes the table
 * first). Only {@code LayeringRulesCanFailTest} reads it, to show the rule catches it.
 */
public final class CommandThatScansItself {

    private CommandThatScansItself() {}

    public static long count(DynamoRepository repository, String table) {
        repository.describeTable(table);
        long[] items = {0};
        repository.scan(
                ScanSpec.table(table),
                page -> {
                    items[0] += page.items().size();
                    return true;
                },
                Cancellation.none());
        return items[0];
    }

    public static int sampled(DynamoRepository repository, String table) {
        return new TableSampler(repository).sample(table, 10, Cancellation.none()).items().size();
    }
}
