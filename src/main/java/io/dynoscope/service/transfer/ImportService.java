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
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.transfer.ColumnMapping;
import io.dynoscope.core.transfer.ImportParser;
import io.dynoscope.core.transfer.TransferFormat;
import io.dynoscope.core.transfer.Utf8Input;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
import java.util.function.Consumer;
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
    }

    /** What to import, into which table, read how. */
    public record Request(String table, Input input, TransferFormat format, ColumnMapping mapping) {
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
        return preview(request, repository.describeTable(request.table()), count);
    }

    /** The first lines of the input as they would be written to {@code table}. */
    Preview preview(Request request, TableInfo table, int count) throws IOException {
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
        return check(request, repository.describeTable(request.table()), cancellation);
    }

    /** Reads and checks the whole input against {@code table}, which may not exist yet. */
    Checked check(Request request, TableInfo table, Cancellation cancellation) throws IOException {
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
     * @param listener told after every batch, on the writing threads
     * @throws IllegalArgumentException when the check found problems or was cancelled
     * @throws IOException when the journal cannot be started or resumed (another import's, none to
     *     resume, one exists already), or the input cannot be read again
     */
    public Report run(
            Checked checked,
            Options options,
            Consumer<Progress> listener,
            Cancellation cancellation)
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
            try {
                JournalCheck.verify(repository, checked, journal);
            } catch (IOException refused) {
                journal.close();
                throw refused;
            }
        }
        ImportRun run =
                new ImportRun(repository, checked, options, journal, listener, cancellation);
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
     * The format of an input, from its first line that is not blank ({@link TransferFormat#guess});
     * a gzip input is an S3 export, DynamoDB JSON; an empty one too.
     */
    public static TransferFormat guessFormat(Input input) throws IOException {
        try (InputStream raw = input.open()) {
            InputStream in = decompressed(raw);
            if (in instanceof GZIPInputStream) {
                return TransferFormat.DYNAMODB_JSON;
            }
            LineReader lines = new LineReader(new Utf8Input(in));
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    return TransferFormat.guess(line);
                }
            }
            return TransferFormat.DYNAMODB_JSON;
        } catch (ItemFormatException notUtf8OrTooLong) {
            return TransferFormat.DYNAMODB_JSON;
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

    /** Gives the sink a checked input's items: those kept, else the input read again. */
    static void eachItem(Checked checked, ImportParser.Sink sink) throws IOException {
        if (checked.kept() != null) {
            for (NumberedItem item : checked.kept()) {
                if (!sink.item(item.line(), item.item())) {
                    return;
                }
            }
        } else {
            try (InputStream raw = checked.request().input().open()) {
                parse(checked.request(), checked.table(), raw, sink);
            }
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
    static InputStream decompressed(InputStream raw) throws IOException {
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
}
