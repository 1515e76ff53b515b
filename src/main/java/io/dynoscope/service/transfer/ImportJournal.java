package io.dynoscope.service.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The record of an import in progress, so that running it again after a cancel, a failure or a
 * crash writes only what is left. A text file: a header line (JSON: table, input, its SHA-256,
 * format, mapping), then {@code S first last} before a batch of input lines is sent and {@code D
 * first last} once it was written. Lines marked sent but not written (the process died while the
 * request was out) are compared with the table before they are written again.
 *
 * <p>Entries are appended with one write each, without forcing them to disk: they survive the
 * process being killed, not the machine losing power.
 */
final class ImportJournal implements Closeable {

    /** What the journal is about; a journal is resumed only by the same import. */
    record Header(
            int journal, String table, String input, String sha256, String format, String mapping) {
        static Header of(String table, String input, String sha256, String format, String mapping) {
            return new Header(1, table, input, sha256, format, mapping);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final FileChannel channel;
    private final BitSet written;
    private final BitSet sent;

    private ImportJournal(Path file, FileChannel channel, BitSet written, BitSet sent) {
        this.file = file;
        this.channel = channel;
        this.written = written;
        this.sent = sent;
    }

    /**
     * A new journal; refuses when one exists already (an earlier import was not finished).
     *
     * @throws IOException saying so
     */
    static ImportJournal start(Path file, Header header) throws IOException {
        FileChannel channel;
        try {
            channel =
                    FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(
                    "the journal of an earlier, unfinished import is at "
                            + file
                            + ": resume that import, or delete the journal to start again");
        }
        ImportJournal journal = new ImportJournal(file, channel, new BitSet(), new BitSet());
        journal.append(JSON.writeValueAsString(header) + "\n");
        return journal;
    }

    /**
     * The journal of an earlier run of the same import, opened to go on.
     *
     * @throws IOException when there is none, or it belongs to another import
     */
    static ImportJournal resume(Path file, Header header) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IOException("there is no journal at " + file + " to resume from");
        }
        Header found;
        try {
            found = lines.isEmpty() ? null : JSON.readValue(lines.get(0), Header.class);
        } catch (JsonProcessingException e) {
            found = null;
        }
        if (found == null) {
            throw new IOException(file + " is not an import journal");
        }
        String mismatch = mismatch(found, header);
        if (mismatch != null) {
            throw new IOException("the journal at " + file + " is of another import: " + mismatch);
        }
        BitSet written = new BitSet();
        BitSet sent = new BitSet();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(" ");
            if (fields.length != 3) {
                continue; // the last entry of a process that died while writing it
            }
            try {
                int first = Integer.parseInt(fields[1]);
                int last = Integer.parseInt(fields[2]);
                (fields[0].equals("D") ? written : sent).set(first, last + 1);
            } catch (NumberFormatException torn) {
                // likewise
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.APPEND);
        return new ImportJournal(file, channel, written, sent);
    }

    private static String mismatch(Header found, Header expected) {
        if (!found.table().equals(expected.table())) {
            return "it imports into table '" + found.table() + "'";
        }
        if (!found.sha256().equals(expected.sha256())) {
            return "its input ("
                    + found.input()
                    + ") had other content; the input changed since that import";
        }
        if (!found.format().equals(expected.format())
                || !found.mapping().equals(expected.mapping())) {
            return "it read the input as "
                    + found.format()
                    + (found.mapping().isEmpty() ? "" : " with the mapping " + found.mapping());
        }
        return null;
    }

    Path file() {
        return file;
    }

    /** Whether the item on this input line was written by an earlier run. */
    synchronized boolean written(int line) {
        return written.get(line);
    }

    /** Whether the item on this line was sent by an earlier run that never heard back. */
    synchronized boolean uncertain(int line) {
        return sent.get(line) && !written.get(line);
    }

    /** How many input lines earlier runs wrote. */
    synchronized int writtenCount() {
        return written.cardinality();
    }

    /** Records that the items on these lines are being sent. */
    synchronized void sending(List<Integer> lines) throws IOException {
        append(entries("S", lines));
    }

    /** Records that the items on these lines were written. */
    synchronized void written(List<Integer> lines) throws IOException {
        lines.forEach(written::set);
        append(entries("D", lines));
    }

    /** One entry per run of consecutive lines, e.g. {@code D 1 25}. */
    private static String entries(String kind, List<Integer> lines) {
        StringBuilder entries = new StringBuilder();
        for (int[] run : runs(lines)) {
            entries.append(kind).append(' ').append(run[0]).append(' ').append(run[1]).append('\n');
        }
        return entries.toString();
    }

    /** The lines as runs, for messages: {@code 51-75, 101-120}. */
    static String ranges(List<Integer> lines) {
        List<String> ranges = new ArrayList<>();
        for (int[] run : runs(lines)) {
            ranges.add(run[0] == run[1] ? Integer.toString(run[0]) : run[0] + "-" + run[1]);
        }
        return String.join(", ", ranges);
    }

    private static List<int[]> runs(List<Integer> lines) {
        List<Integer> sorted = lines.stream().sorted().toList();
        List<int[]> runs = new ArrayList<>();
        for (int line : sorted) {
            int[] current = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (current != null && line == current[1] + 1) {
                current[1] = line;
            } else {
                runs.add(new int[] {line, line});
            }
        }
        return runs;
    }

    private void append(String entries) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(entries.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** Removes the journal of a finished import. */
    void delete() throws IOException {
        close();
        Files.deleteIfExists(file);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
