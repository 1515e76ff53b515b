package io.dynoscope.service.transfer;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.WriteOutcome;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts, per key, every item a batch or single write sent to the engine. */
class WriteCounter extends ForwardingRepository {

    private final KeySchema keys;
    private final Map<Key, AtomicInteger> writes = new ConcurrentHashMap<>();
    final AtomicInteger batches = new AtomicInteger();

    WriteCounter(DynamoRepository delegate, KeySchema keys) {
        super(delegate);
        this.keys = keys;
    }

    @Override
    public BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation c) {
        batches.incrementAndGet();
        BatchResult result = super.batchWrite(table, puts, deletes, c);
        puts.forEach(this::count);
        return result;
    }

    @Override
    public WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
        WriteOutcome outcome = super.putItem(table, item, condition);
        count(item);
        return outcome;
    }

    private void count(Item item) {
        writes.computeIfAbsent(item.key(keys), k -> new AtomicInteger()).incrementAndGet();
    }

    /** Keys written, with how often. */
    Map<Key, Integer> counts() {
        Map<Key, Integer> counts = new ConcurrentHashMap<>();
        writes.forEach((key, count) -> counts.put(key, count.get()));
        return counts;
    }

    long total() {
        return writes.values().stream().mapToLong(AtomicInteger::get).sum();
    }
}
