package io.dynoscope.service.transfer;

import io.dynoscope.core.item.Csv;
import io.dynoscope.core.item.CsvRecords;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemCsv;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemSize;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.LineReader;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.ImportFormat;
import io.dynoscope.core.transfer.ImportParser;
import io.dynoscope.core.transfer.Utf8Input;
import io.dynoscope.repository.BatchResult;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.RepositoryException;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.access.WriteAccess;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.zip.GZIPInputStream;

/**
 * Import, the one use case behind the CLI's {@code import} and the app's import: items from JSON
 * lines, DynamoDB JSON lines (S3-export lines too, gzip or not) or CSV with a column mapping,
 * loaded into a table with BatchWriteItem.
 *
 * <ol>
 *   <li>{@link #preview} parses the first items, for a person to see what the mapping makes.
 *   <li>{@link #check} reads the whole input and reports every line that cannot be written, with
 *       its number: syntax, mapping, key attributes and every limit DynamoDB enforces, and keys
 *       that appear twice. Nothing is written while any line is bad.
 *   <li>{@link #run} writes, by a few concurrent batches of 25, each retried (unprocessed items,
 *       with backoff) by the repository. A journal records what was sent and written, so running
 *       again with {@code resume} after a cancel, a failure or a crash writes only what is left and
 *       no item twice. A batch the server refuses is written item by item to name the line it
 *       refuses.
 * </ol>
 */
public final class ImportService {

    /** Items written per BatchWriteItem request: DynamoDB's maximum. */
    static final int BATCH_SIZE = 25;

    /** Items of the check pass kept for the write pass, by DynamoDB size, instead of re-reading. */
    private static final long KEPT_ITEM_BYTES = 32L << 20;

    /** Problems kept in a report; the count says how many more there were. */
    static final int MAX_PROBLEMS = 1000;

    /** What a journal kept beside its input adds to the input's name. */
    public static final String JOURNAL_SUFFIX = ".import-journal";

    /** Where the input comes from; opened once to check it and once to write it. */
    public interface Input {
        /** The name for messages and the journal (a path, or {@code stdin}). */
        String name();

        /** The raw bytes (gzip is recognised and undone by the service). */
        InputStream open() throws IOException;

        static Input file(Path file) {
            return new Input() {
                @Override
                public String name() {
                    return file.toString();
                }

                @Override
                public InputStream open() throws IOException {
                    return Files.newInputStream(file);
                }
            };
        }

        /**
         * A stream that can be read only once, such as stdin: the first {@link #open} reads it and
         * keeps a private copy (0600) in the temporary folder, which later opens read; {@link
         * SpooledInput#close} removes the copy. Nothing is held in memory.
         */
        static SpooledInput spooled(String name, InputStream stream) {
            return new SpooledInput(name, stream);
        }

        static Input bytes(String name, byte[] bytes) {
            byte[] copy = bytes.clone();
            return new Input() {
                @Override
                public String name() {
                    return name;
                }

                @Override
                public InputStream open() {
                    return new ByteArrayInputStream(copy);
                }
            };
        }
    }

    /** What to import, into which table, read how. */
    public record Request(String table, Input input, ImportFormat format, ColumnMapping mapping) {
        public Request {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(mapping, "mapping");
        }
    }

    /** One input line that cannot be written, and why. */
    public record Problem(int line, String message) {
        @Override
        public String toString() {
            return "line " + line + ": " + message;
        }
    }

    /** One line of a preview: its item, or what is wrong with it. */
    public record PreviewLine(int line, Item item, String problem) {}

    /** The first lines of an input as they would be written, and the table's keys. */
    public record Preview(KeySchema keySchema, List<PreviewLine> lines) {
        public Preview {
            lines = List.copyOf(lines);
        }
    }

    /**
     * The whole input, read and checked.
     *
     * @param items items ready to write
     * @param problems the first {@value #MAX_PROBLEMS} bad lines
     * @param problemCount all bad lines
     * @param sha256 the input's digest, which ties a journal to it
     * @param cancelled the check was cancelled before the end
     * @param kept the items, when they are few enough to keep for the write pass (else null, and
     *     the input is read again)
     */
    public record Checked(
            Request request,
            TableInfo table,
            long items,
            List<Problem> problems,
            long problemCount,
            String sha256,
            boolean cancelled,
            List<NumberedItem> kept) {
        public Checked {
            problems = List.copyOf(problems);
            kept = kept == null ? null : List.copyOf(kept);
        }

        /** Whether the import may be written: no bad line, and the check went to the end. */
        public boolean ready() {
            return problemCount == 0 && !cancelled;
        }
    }

    /** An item and the input line it came from. */
    public record NumberedItem(int line, Item item) {}

    /**
     * How to write.
     *
     * @param concurrency batches in flight at once
     * @param journal where the journal is kept, or null for none (then nothing can be resumed)
     * @param resume go on from the journal of an earlier run instead of starting a new one
     */
    public record Options(int concurrency, Path journal, boolean resume) {
        public Options {
            if (concurrency < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1");
            }
            if (resume && journal == null) {
                throw new IllegalArgumentException("resuming needs the journal");
            }
        }
    }

    /**
     * Where an import stands.
     *
     * @param items items in the input
     * @param written items written by this run
     * @param skipped items an earlier run had written (from the journal), not written again
     * @param requests BatchWriteItem (and PutItem) requests sent, retries included
     * @param consumedCapacity write capacity units consumed
     * @param lastLine the input line of the last item written, 0 before the first
     * @param lastKey its key, or null
     */
    public record Progress(
            long items,
            long written,
            long skipped,
            int requests,
            double consumedCapacity,
            int lastLine,
            Key lastKey) {}

    /** Told after every batch, on the writing threads. */
    @FunctionalInterface
    public interface Listener {
        void progress(Progress progress);
    }

    /** How an import run ended. */
    public enum Outcome {
        COMPLETE,
        CANCELLED,
        FAILED
    }

    /**
     * How an import run ended.
     *
     * @param failure the line the server refused or that was in flight when it failed, and why;
     *     null unless FAILED
     * @param journal the journal to resume from, or null when there is nothing to resume (complete,
     *     or run without a journal)
     */
    public record Report(Outcome outcome, Progress progress, Problem failure, Path journal) {}

    /**
     * Where the journal of an import of {@code input} is kept: beside it, {@code
     * FILE.import-journal}.
     */
    public static Path journalBeside(Path input) {
        return Path.of(input + JOURNAL_SUFFIX).toAbsolutePath();
    }

    private final DynamoRepository repository;

    public ImportService(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /** The first {@code count} lines that hold an item (or a problem), as they would be written. */
    public Preview preview(Request request, int count) throws IOException {
        TableInfo table = repository.describeTable(request.table());
        List<PreviewLine> lines = new ArrayList<>();
        try (InputStream raw = request.input().open()) {
            parse(
                    request,
                    table,
                    raw,
                    new ImportParser.Sink() {
                        @Override
                        public boolean item(int line, Item item) {
                            lines.add(new PreviewLine(line, item, null));
                            return lines.size() < count;
                        }

                        @Override
                        public boolean problem(int line, String message) {
                            lines.add(new PreviewLine(line, null, message));
                            return lines.size() < count;
                        }
                    });
        }
        return new Preview(table.keySchema(), lines);
    }

    /**
     * Reads and checks the whole input against the table. Sends only DescribeTable. Refuses a
     * read-only connection before reading anything.
     */
    public Checked check(Request request, Cancellation cancellation) throws IOException {
        WriteAccess.require(repository, "import into table '" + request.table() + "'");
        TableInfo table = repository.describeTable(request.table());
        MessageDigest digest = sha256();
        CheckSink sink = new CheckSink(table.keySchema(), cancellation);
        try (InputStream raw = new DigestInputStream(request.input().open(), digest)) {
            parse(request, table, raw, sink);
            if (sink.problemCount == 0 && !cancellation.isCancelled()) {
                // the digest covers the whole input, also what the parser did not need to read;
                // an input that will not be written is not read on (it may never end)
                raw.transferTo(OutputStream.nullOutputStream());
            }
        }
        return new Checked(
                request,
                table,
                sink.items,
                sink.problems,
                sink.problemCount,
                HexFormat.of().formatHex(digest.digest()),
                cancellation.isCancelled(),
                sink.keeping ? sink.kept : null);
    }

    /** Counts the items and keeps the problems of the check pass. */
    private static final class CheckSink implements ImportParser.Sink {
        private final KeySchema keys;
        private final Cancellation cancellation;
        private final Map<Key, Integer> firstLineOfKey = new HashMap<>();
        private final List<Problem> problems = new ArrayList<>();
        private final List<NumberedItem> kept = new ArrayList<>();
        private long problemCount;
        private long items;
        private long keptBytes;
        private boolean keeping = true;

        CheckSink(KeySchema keys, Cancellation cancellation) {
            this.keys = keys;
            this.cancellation = cancellation;
        }

        @Override
        public boolean item(int line, Item item) {
            Integer earlier = firstLineOfKey.putIfAbsent(item.key(keys), line);
            if (earlier != null) {
                return problem(
                        line,
                        "the same key as line " + earlier + " (an import writes each key once)");
            }
            items++;
            if (keeping) {
                keptBytes += ItemSize.of(item);
                keeping = keptBytes <= KEPT_ITEM_BYTES;
                kept.add(new NumberedItem(line, item));
            }
            return !cancellation.isCancelled();
        }

        @Override
        public boolean problem(int line, String message) {
            if (problems.size() < MAX_PROBLEMS) {
                problems.add(new Problem(line, message));
            }
            problemCount++;
            return !cancellation.isCancelled();
        }
    }

    /**
     * Writes a checked import.
     *
     * @throws IllegalArgumentException when the check found problems or was cancelled
     * @throws IOException when the journal cannot be started or resumed (another import's, none to
     *     resume, one exists already), or the input cannot be read again
     */
    public Report run(
            Checked checked, Options options, Listener listener, Cancellation cancellation)
            throws IOException {
        if (!checked.ready()) {
            throw new IllegalArgumentException("the input has bad lines; nothing can be written");
        }
        Request request = checked.request();
        WriteAccess.require(repository, "import into table '" + request.table() + "'");
        ImportJournal journal = null;
        if (options.journal() != null) {
            ImportJournal.Header header =
                    ImportJournal.Header.of(
                            request.table(),
                            request.input().name(),
                            checked.sha256(),
                            request.format().id(),
                            request.mapping().toString());
            journal =
                    options.resume()
                            ? ImportJournal.resume(options.journal(), header)
                            : ImportJournal.start(options.journal(), header);
        }
        Run run = new Run(checked, options, journal, listener, cancellation);
        Report report;
        try {
            report = run.execute();
        } finally {
            if (journal != null) {
                journal.close();
            }
        }
        if (report.outcome() == Outcome.COMPLETE && journal != null) {
            journal.delete();
        }
        return report;
    }

    /**
     * The format of an input, from its first line that is not blank ({@link ImportFormat#guess}); a
     * gzip input is an S3 export, DynamoDB JSON; an empty one too.
     */
    public static ImportFormat guessFormat(Input input) throws IOException {
        try (InputStream raw = input.open()) {
            InputStream in = decompressed(raw);
            if (in instanceof GZIPInputStream) {
                return ImportFormat.DYNAMODB_JSON;
            }
            LineReader lines = new LineReader(new Utf8Input(in));
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    return ImportFormat.guess(line);
                }
            }
            return ImportFormat.DYNAMODB_JSON;
        } catch (ItemFormatException notUtf8OrTooLong) {
            return ImportFormat.DYNAMODB_JSON;
        }
    }

    /**
     * The column names of a CSV input's header row (gzip or not), for a mapping to name: an
     * export's heading {@code name (TYPE)} names column {@code name}; empty for an empty input.
     */
    public static List<String> csvHeader(Input input) throws IOException {
        try (InputStream raw = input.open()) {
            return new CsvRecords(new Utf8Input(decompressed(raw)))
                    .next()
                    .map(CsvRecords.Record::fields)
                    .map(
                            fields ->
                                    fields.stream()
                                            .map(f -> f == null ? "" : f)
                                            .map(f -> ItemCsv.Column.of(Csv.unprotect(f)))
                                            .map(ItemCsv.Column::attribute)
                                            .toList())
                    .orElse(List.of());
        }
    }

    /** Parses the input's raw bytes (gunzipped when they are gzip), which are not closed. */
    private static void parse(
            Request request, TableInfo table, InputStream raw, ImportParser.Sink sink)
            throws IOException {
        new ImportParser(
                        request.format(),
                        request.mapping(),
                        table.keySchema(),
                        table.keyAttributeTypes())
                .read(new Utf8Input(decompressed(raw)), sink);
    }

    /** The input, gunzipped when it starts with gzip's magic bytes (S3 exports are .json.gz). */
    private static InputStream decompressed(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int first = in.read();
        int second = in.read();
        in.reset();
        return first == 0x1f && second == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** One run of the write pass: a producer (the caller's thread) and a pool of batch writers. */
    private final class Run {
        private final Checked checked;
        private final String table;
        private final KeySchema keys;
        private final ImportJournal journal;
        private final Listener listener;
        private final Cancellation cancellation;
        private final AtomicLong written = new AtomicLong();
        private final AtomicLong skipped = new AtomicLong();
        private final AtomicInteger requests = new AtomicInteger();
        private final DoubleAdder capacity = new DoubleAdder();
        private final AtomicReference<NumberedItem> last = new AtomicReference<>();
        private final AtomicReference<Problem> failure = new AtomicReference<>();
        private final int concurrency;

        Run(
                Checked checked,
                Options options,
                ImportJournal journal,
                Listener listener,
                Cancellation cancellation) {
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
            List<NumberedItem> batch = new ArrayList<>(BATCH_SIZE);
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
            if (checked.kept() != null) {
                for (NumberedItem item : checked.kept()) {
                    if (!sink.item(item.line(), item.item())) {
                        break;
                    }
                }
            } else {
                try (InputStream raw = checked.request().input().open()) {
                    parse(checked.request(), checked.table(), raw, sink);
                }
            }
            if (!stopped() && !uncertain.isEmpty()) {
                verify(uncertain, batch, writers);
            }
            if (!stopped() && !batch.isEmpty()) {
                submit(List.copyOf(batch), writers);
            }
        }

        private void add(NumberedItem item, List<NumberedItem> batch, BatchWriters writers) {
            batch.add(item);
            if (batch.size() == BATCH_SIZE) {
                submit(List.copyOf(batch), writers);
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

        private void submit(List<NumberedItem> batch, BatchWriters writers) {
            writers.submit(() -> write(batch));
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
                listener.progress(progress());
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
            listener.progress(progress());
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
}
