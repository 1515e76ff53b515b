package io.dynoscope.service.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.service.common.JournalFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The record of a migration in progress, so that running it again after Ctrl-C, a crash or a
 * failure skips what was done. A text file, as the import's journal: a header line (JSON: table,
 * the target model's SHA-256, the number of Scan segments), then {@code I name} once a new index is
 * ACTIVE and {@code S segment tally} once every item of a backfill segment was read and written
 * (the tally is JSON: counts and content digests, so the proof can compare before and after).
 *
 * <p>A torn last entry is ignored (its segment is read again). Whatever the journal says was done,
 * the catch-up passes read every item again, so a journal that claims too much cannot leave an item
 * unmigrated.
 */
final class MigrationJournal extends JournalFile {

    /** What the journal is about; a journal is resumed only by the same migration. */
    record Header(int journal, String kind, String table, String target, int segments) {
        static Header of(String table, String targetSha256, int segments) {
            return new Header(1, "dynoscope-migration", table, targetSha256, segments);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Header header;
    private final Set<String> indexesCreated;
    private final Map<Integer, PassTally> segmentsDone;

    private MigrationJournal(
            Path file,
            Header header,
            FileChannel channel,
            Set<String> indexesCreated,
            Map<Integer, PassTally> segmentsDone) {
        super(file, channel);
        this.header = header;
        this.indexesCreated = indexesCreated;
        this.segmentsDone = segmentsDone;
    }

    /**
     * A new journal; refuses when one exists already (an earlier migration was not finished).
     *
     * @throws IOException saying so
     */
    static MigrationJournal start(Path file, Header header) throws IOException {
        FileChannel channel = createNew(file, "migration", "resume that migration (--resume)");
        MigrationJournal journal =
                new MigrationJournal(
                        file, header, channel, new LinkedHashSet<>(), new LinkedHashMap<>());
        journal.write(JSON.writeValueAsString(header) + "\n");
        return journal;
    }

    /**
     * The journal of an earlier run of the same migration, opened to go on.
     *
     * @throws IOException when there is none, or it belongs to another migration
     */
    static MigrationJournal resume(Path file, Header expected) throws IOException {
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
        if (found == null || !"dynoscope-migration".equals(found.kind())) {
            throw new IOException(file + " is not a migration journal");
        }
        if (!found.table().equals(expected.table())) {
            throw new IOException(
                    "the journal at "
                            + file
                            + " is of a migration of table '"
                            + found.table()
                            + "'");
        }
        if (!found.target().equals(expected.target())) {
            throw new IOException(
                    "the journal at "
                            + file
                            + " is of a migration to another target model: the target changed"
                            + " since that run (delete the journal to start again)");
        }
        Set<String> indexes = new LinkedHashSet<>();
        Map<Integer, PassTally> segments = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            readEntry(line, found.segments(), indexes, segments);
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.APPEND);
        return new MigrationJournal(file, found, channel, indexes, segments);
    }

    private static void readEntry(
            String line, int totalSegments, Set<String> indexes, Map<Integer, PassTally> segments) {
        if (line.startsWith("I ") && line.length() > 2) {
            indexes.add(line.substring(2));
            return;
        }
        if (!line.startsWith("S ")) {
            return; // a torn entry of a process that died while writing it
        }
        int space = line.indexOf(' ', 2);
        if (space < 0) {
            return;
        }
        try {
            int segment = Integer.parseInt(line.substring(2, space));
            if (segment >= 0 && segment < totalSegments) {
                segments.put(segment, PassTally.fromJson(line.substring(space + 1)));
            }
        } catch (IllegalArgumentException torn) {
            // likewise: its segment is read again
        }
    }

    /** The number of Scan segments the migration was started with; a resumed run keeps it. */
    int segments() {
        return header.segments();
    }

    synchronized boolean hasCreated(String index) {
        return indexesCreated.contains(index);
    }

    /** The backfill segments earlier runs finished, with their tallies. */
    synchronized Map<Integer, PassTally> segmentsDone() {
        return Map.copyOf(segmentsDone);
    }

    synchronized void created(String index) throws IOException {
        indexesCreated.add(index);
        write("I " + index + "\n");
    }

    synchronized void segmentDone(int segment, PassTally tally) throws IOException {
        segmentsDone.put(segment, tally);
        write("S " + segment + " " + tally.toJson() + "\n");
    }
}
