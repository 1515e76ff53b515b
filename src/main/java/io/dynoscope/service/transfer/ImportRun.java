package io.dynoscope.service.transfer;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.transfer.ImportParser;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.transfer.ImportService.Checked;
import io.dynoscope.service.transfer.ImportService.NumberedItem;
import io.dynoscope.service.transfer.ImportService.Options;
import io.dynoscope.service.transfer.ImportService.Outcome;
import io.dynoscope.service.transfer.ImportService.Problem;
import io.dynoscope.service.transfer.ImportService.Progress;
import io.dynoscope.service.transfer.ImportService.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.Consumer;

/**
 * One run of an import's write pass: a producer (the caller's thread) and a pool of batch writers.
 */
final class ImportRun {
    private final DynamoRepository repository;
    private final Checked checked;
    private final String table;
    private final KeySchema keys;
    private final ImportJournal journal;
    private final Consumer<Progress> listener;
    private final Cancellation cancellation;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicInteger requests = new AtomicInteger();
    private final DoubleAdder capacity = new DoubleAdder();
    private final AtomicReference<NumberedItem> last = new AtomicReference<>();
    private final AtomicReference<Problem> failure = new AtomicReference<>();
    private final int concurrency;

    ImportRun(
            DynamoRepository repository,
            Checked checked,
            Options options,
            ImportJournal journal,
            Consumer<Progress> listener,
            Cancellation cancellation) {
        this.repository = repository;
        this.checked = checked;
        this.table = checked.request().table();
        this.keys = checked.table().keySchema();
        this.journal = journal;
        this.listener = listener;
        this.cancellation = cancellation;
        this.concurrency = options.concurrency();
    }

    Report execute() throws IOException {
        try (BatchWriters writers = new BatchWriters("import", concurrency, this::stopped)) {
            produce(writers);
        }
        Outcome outcome =
                failure.get() != null
                        ? Outcome.FAILED
                        : cancellation.isCancelled() ? Outcome.CANCELLED : Outcome.COMPLETE;
        return new Report(
                outcome,
                progress(),
                failure.get(),
                outcome == Outcome.COMPLETE || journal == null ? null : journal.file());
    }

    private boolean stopped() {
        return cancellation.isCancelled() || failure.get() != null;
    }

    private void produce(BatchWriters writers) throws IOException {
        List<NumberedItem> batch = new ArrayList<>(ImportService.BATCH_SIZE);
        List<NumberedItem> uncertain = new ArrayList<>();
        ImportParser.Sink sink =
                new ImportParser.Sink() {
                    @Override
                    public boolean item(int line, Item item) {
                        if (journal != null && journal.written(line)) {
                            skipped.incrementAndGet();
                            return !stopped();
                        }
                        NumberedItem numbered = new NumberedItem(line, item);
                        if (journal != null && journal.uncertain(line)) {
                            uncertain.add(numbered);
                            if (uncertain.size() == 100) {
                                verify(uncertain, batch, writers);
                            }
                        } else {
                            add(numbered, batch, writers);
                        }
                        return !stopped();
                    }

                    @Override
                    public boolean problem(int line, String message) {
                        failure.compareAndSet(
                                null,
                                new Problem(
                                        line,
                                        message + " (the input changed after it was checked)"));
                        return false;
                    }
                };
        ImportService.eachItem(checked, sink);
        if (!stopped() && !uncertain.isEmpty()) {
            verify(uncertain, batch, writers);
        }
        if (!stopped() && !batch.isEmpty()) {
            List<NumberedItem> rest = List.copyOf(batch);
            writers.submit(() -> write(rest));
        }
    }

    private void add(NumberedItem item, List<NumberedItem> batch, BatchWriters writers) {
        batch.add(item);
        if (batch.size() == ImportService.BATCH_SIZE) {
            List<NumberedItem> full = List.copyOf(batch);
            writers.submit(() -> write(full));
            batch.clear();
        }
    }

    /**
     * Items an earlier run sent without hearing back: those the table holds as they are in the
     * input were written then and are skipped; the others are written now.
     */
    private void verify(
            List<NumberedItem> uncertain, List<NumberedItem> batch, BatchWriters writers) {
        BatchResult found =
                repository.batchGet(
                        table,
                        uncertain.stream().map(n -> n.item().key(keys)).toList(),
                        Cancellation.none());
        Map<Key, Item> current = new HashMap<>();
        found.items().forEach(item -> current.put(item.key(keys), item));
        for (NumberedItem numbered : uncertain) {
            if (numbered.item().equals(current.get(numbered.item().key(keys)))) {
                skipped.incrementAndGet();
                journalWritten(List.of(numbered.line()));
            } else {
                add(numbered, batch, writers);
            }
        }
        uncertain.clear();
    }

    /** Writes one batch; runs on a writer thread. */
    private void write(List<NumberedItem> batch) {
        List<Integer> lines = batch.stream().map(NumberedItem::line).toList();
        int first = lines.stream().mapToInt(Integer::intValue).min().orElseThrow();
        try {
            if (journal != null) {
                journal.sending(lines);
            }
            // The batch is finished even when cancelled meanwhile, so that the journal knows
            // exactly what was written.
            BatchResult result =
                    repository.batchWrite(
                            table,
                            batch.stream().map(NumberedItem::item).toList(),
                            List.of(),
                            Cancellation.none());
            requests.addAndGet(result.requests());
            capacity.add(result.consumedCapacity());
            written.addAndGet(result.processed());
            journalWritten(lines);
            last.set(batch.get(batch.size() - 1));
            listener.accept(progress());
        } catch (RepositoryException e) {
            if (e.kind() == RepositoryException.Kind.VALIDATION) {
                oneByOne(batch);
            } else {
                fail(
                        first,
                        e.getMessage()
                                + " (lines "
                                + ImportJournal.ranges(lines)
                                + " were being written)");
            }
        } catch (RuntimeException e) {
            fail(first, String.valueOf(e.getMessage()));
        } catch (IOException e) {
            fail(first, "cannot write the journal: " + e.getMessage());
        }
    }

    /** Writes a batch the server refused item by item, to find the line it refuses. */
    private void oneByOne(List<NumberedItem> batch) {
        for (NumberedItem numbered : batch) {
            try {
                var outcome = repository.putItem(table, numbered.item(), null);
                requests.incrementAndGet();
                capacity.add(outcome.consumedCapacity());
                written.incrementAndGet();
                journalWritten(List.of(numbered.line()));
                last.set(numbered);
            } catch (RepositoryException e) {
                fail(numbered.line(), e.getMessage());
                return;
            }
        }
        listener.accept(progress());
    }

    private void journalWritten(List<Integer> lines) {
        if (journal != null) {
            try {
                journal.written(lines);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void fail(int line, String message) {
        failure.compareAndSet(null, new Problem(line, message));
    }

    private Progress progress() {
        NumberedItem lastItem = last.get();
        return new Progress(
                checked.items(),
                written.get(),
                skipped.get(),
                requests.get(),
                capacity.sum(),
                lastItem == null ? 0 : lastItem.line(),
                lastItem == null ? null : lastItem.item().key(keys));
    }
}
