package io.dynoscope.service.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.service.common.JournalFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.CRC32;

/**
 * The record of an import in progress, so that running it again after a cancel, a failure or a
 * crash writes only what is left. A text file: a header line (JSON: table, input, its SHA-256,
 * format, mapping), then {@code S first last} before a batch of input lines is sent and {@code D
 * first last} once it was written. Lines marked sent but not written (the process died while the
 * request was out) are compared with the table before they are written again.
 */
final class ImportJournal extends JournalFile {

    /** What the journal is about; a journal is resumed only by the same import. */
    record Header(
            int journal, String table, String input, String sha256, String format, String mapping) {
        /** The version with chained checksums; a journal of version 1 cannot be verified. */
        static final int VERSION = 2;

        static Header of(String table, String input, String sha256, String format, String mapping) {
            return new Header(VERSION, table, input, sha256, format, mapping);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BitSet written;
    private final BitSet sent;
    private long chain;
    private boolean broken;

    private ImportJournal(Path file, FileChannel channel, BitSet written, BitSet sent, long chain) {
        super(file, channel);
        this.written = written;
        this.sent = sent;
        this.chain = chain;
    }

    /**
     * A new journal; refuses when one exists already (an earlier import was not finished).
     *
     * @throws IOException saying so
     */
    static ImportJournal start(Path file, Header header) throws IOException {
        if (Files.exists(file) && !hasHeader(Files.readAllBytes(file))) {
            // what a full disk leaves: no request was ever recorded under it
            Files.delete(file);
        }
        FileChannel channel = createNew(file, "import", "resume that import");
        String headerLine = JSON.writeValueAsString(header) + "\n";
        ImportJournal journal =
                new ImportJournal(file, channel, new BitSet(), new BitSet(), crc(0, headerLine));
        try {
            journal.append(headerLine);
        } catch (IOException e) {
            journal.delete();
            throw new IOException(
                    "cannot write the journal "
                            + file
                            + " ("
                            + e.getMessage()
                            + "); nothing was written",
                    e);
        }
        return journal;
    }

    /** Whether a journal's text holds a whole header line (a full disk can leave less). */
    private static boolean hasHeader(byte[] text) {
        return new String(text, StandardCharsets.ISO_8859_1).indexOf('\n') >= 0;
    }

    /**
     * The journal of an earlier run of the same import, opened to go on.
     *
     * @throws IOException when there is none, or it belongs to another import
     */
    static ImportJournal resume(Path file, Header header) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IOException("there is no journal at " + file + " to resume from");
        } catch (CharacterCodingException e) {
            throw damaged(file, "it is not text");
        }
        if (!hasHeader(text.getBytes(StandardCharsets.UTF_8))) {
            // the header could not be written (a full disk): nothing was sent under it
            return start(file, header);
        }
        int headerEnd = text.indexOf('\n') + 1;
        Header found;
        try {
            found = JSON.readValue(text.substring(0, headerEnd), Header.class);
        } catch (JsonProcessingException e) {
            found = null;
        }
        if (found == null) {
            throw new IOException(file + " is not an import journal");
        }
        if (found.journal() != Header.VERSION) {
            throw damaged(file, "it was made by another version of Dynoscope, without checksums");
        }
        String mismatch = mismatch(found, header);
        if (mismatch != null) {
            throw new IOException("the journal at " + file + " is of another import: " + mismatch);
        }
        BitSet written = new BitSet();
        BitSet sent = new BitSet();
        long chain = crc(0, text.substring(0, headerEnd));
        String[] lines = text.substring(headerEnd).split("\n", -1);
        // the last is empty after the last '\n', or an entry a dying process left unfinished
        for (int i = 0; i < lines.length - 1; i++) {
            String[] fields = lines[i].split(" ");
            long expected = fields.length == 4 ? crc(chain, entryText(fields)) : -1;
            if (fields.length != 4 || !Long.toHexString(expected).equals(fields[3])) {
                throw damaged(file, "entry " + (i + 1) + " does not match its checksum");
            }
            chain = expected;
            int first = Integer.parseInt(fields[1]);
            int lastLine = Integer.parseInt(fields[2]);
            (fields[0].equals("D") ? written : sent).set(first, lastLine + 1);
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        // drop an unfinished last entry, so that the next entry starts on a line of its own
        channel.truncate(
                text.substring(0, text.lastIndexOf('\n') + 1)
                        .getBytes(StandardCharsets.UTF_8)
                        .length);
        channel.position(channel.size());
        return new ImportJournal(file, channel, written, sent, chain);
    }

    /** The refusal of this journal, saying why it does not verify. */
    IOException doesNotVerify(String why) {
        return damaged(file(), why);
    }

    private static IOException damaged(Path file, String why) {
        return new IOException(
                "the journal at "
                        + file
                        + " does not verify ("
                        + why
                        + "), so what it says was written cannot be trusted: delete it and run"
                        + " the import again without --resume (items already written are written"
                        + " again, to the same values)");
    }

    /** The text an entry's checksum covers: {@code D 1 25}. */
    private static String entryText(String[] fields) {
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    /** The CRC-32 of {@code text} chained on the one before it. */
    private static long crc(long previous, String text) {
        CRC32 crc = new CRC32();
        crc.update(ByteBuffer.allocate(8).putLong(0, previous));
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
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

    /**
     * One entry per run of consecutive lines, each with its chained checksum: {@code D 1 25
     * 9f0c1a2b}.
     */
    private String entries(String kind, List<Integer> lines) {
        StringBuilder entries = new StringBuilder();
        for (int[] run : runs(lines)) {
            String entry = kind + " " + run[0] + " " + run[1];
            chain = crc(chain, entry);
            entries.append(entry).append(' ').append(Long.toHexString(chain)).append('\n');
        }
        return entries.toString();
    }

    /** The lines as runs, for messages: {@code 51-75, 101-120}. */
    static String ranges(List<Integer> lines) {
        return runs(lines).stream()
                .map(run -> run[0] == run[1] ? Integer.toString(run[0]) : run[0] + "-" + run[1])
                .collect(Collectors.joining(", "));
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

    /**
     * Appends entries; after a failed append (a full disk) nothing more is appended, so that an
     * entry cut short can only be the last one.
     */
    private void append(String entries) throws IOException {
        if (broken) {
            throw new IOException("an earlier entry could not be written");
        }
        try {
            write(entries);
        } catch (IOException e) {
            broken = true;
            throw e;
        }
    }
}
