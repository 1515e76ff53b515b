package io.dynoscope.service.read;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * A sample of a table: the first items of a Scan, up to a count, for the tools that guess from what
 * a table holds (drift rule suggestion, model inference, the SQL console's column types, the
 * access-pattern check's parameters). Reads the table named, nothing else; the Scan asks for no
 * more items than the sample wants.
 */
public final class TableSampler {

    private final DynamoRepository repository;

    public TableSampler(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /**
     * The items read and what reading them cost.
     *
     * @param complete false when the read was cancelled before the sample was read
     */
    public record Sample(List<Item> items, ReadStatistics statistics, boolean complete) {
        public Sample {
            items = List.copyOf(items);
        }
    }

    /** The first {@code size} items of {@code table}. */
    public Sample sample(String table, int size, Cancellation cancellation) {
        return sample(table, size, itemsRead -> {}, cancellation);
    }

    /**
     * The first {@code size} items of {@code table}; {@code progress} hears how many items are read
     * after each page, on the reading thread.
     */
    public Sample sample(String table, int size, IntConsumer progress, Cancellation cancellation) {
        if (size < 1) {
            throw new IllegalArgumentException("a sample has at least one item, not " + size);
        }
        List<Item> items = new ArrayList<>();
        ReadResult read =
                repository.scan(
                        ScanSpec.table(table).withLimit(size),
                        page -> {
                            items.addAll(page.items());
                            progress.accept(items.size());
                            return true;
                        },
                        cancellation);
        return new Sample(items, read.statistics(), !read.cancelled());
    }
}
