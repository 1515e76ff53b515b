package io.dynoscope.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;

/**
 * Where a reading job's items come from, in units a Spark task reads whole: the live table's
 * parallel Scan segments, or the data files of a DynamoDB export (ExportTableToPointInTime's
 * DYNAMODB_JSON layout: {@code manifest-summary.json}, {@code manifest-files.json} with a {@code
 * dataFileS3Key} per line, {@code data/*.json.gz}), which costs no read capacity at all.
 */
sealed interface ItemSource extends Serializable {

    /** The units of work, as the tasks are handed them. */
    List<String> units();

    /** Reads one unit, each item to {@code sink}. */
    void read(String unit, Consumer<Item> sink) throws IOException;

    /** The live table, read in {@code segments} parallel Scan segments. */
    record LiveTable(JobConnection connection, String table, int segments) implements ItemSource {
        private static final long serialVersionUID = 1L;

        @Override
        public List<String> units() {
            return IntStream.range(0, segments).mapToObj(Integer::toString).toList();
        }

        @Override
        public void read(String unit, Consumer<Item> sink) {
            try (DynamoRepository repository = connection.openForTask()) {
                ReadResult result =
                        repository.scanSegment(
                                ScanSpec.table(table).withSegments(segments),
                                Integer.parseInt(unit),
                                page -> {
                                    page.items().forEach(sink);
                                    return true;
                                },
                                Cancellation.none());
                if (!result.complete()) {
                    throw new IllegalStateException(
                            "Scan segment " + unit + " of table '" + table + "' did not finish");
                }
            }
        }
    }

    /**
     * A DynamoDB export in a local folder or under an S3 prefix (the one holding
     * manifest-summary.json).
     */
    record ExportFolder(JobFiles store, String folder, List<String> files) implements ItemSource {
        private static final long serialVersionUID = 1L;

        private static final ObjectMapper JSON = new ObjectMapper();

        /**
         * The export in {@code folder} (a path or an {@code s3://} prefix), its data files as its
         * manifests list them: the manifests are read and each data file's presence checked, no
         * data file is read.
         *
         * @throws IllegalArgumentException saying which file and line is wrong
         */
        static ExportFolder of(JobFiles store, String folder) throws IOException {
            String summary = JobFiles.resolve(folder, "manifest-summary.json");
            String manifest = JobFiles.resolve(folder, "manifest-files.json");
            for (String missing : store.missing(List.of(summary, manifest))) {
                throw new IllegalArgumentException(
                        folder
                                + " is not a DynamoDB export: it has no "
                                + missing.substring(missing.lastIndexOf('/') + 1));
            }
            JsonNode format;
            try (InputStream in = store.open(summary)) {
                format = JSON.readTree(in).path("outputFormat");
            }
            if (!format.isMissingNode() && !"DYNAMODB_JSON".equals(format.asText())) {
                throw new IllegalArgumentException(
                        summary
                                + ": outputFormat is "
                                + format.asText()
                                + "; only DYNAMODB_JSON exports are read");
            }
            List<String> files = new ArrayList<>();
            List<String> where = new ArrayList<>();
            List<String> lines;
            try (InputStream in = store.open(manifest)) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            }
            for (int n = 0; n < lines.size(); n++) {
                if (lines.get(n).isBlank()) {
                    continue;
                }
                String line = manifest + ", line " + (n + 1);
                String key = JSON.readTree(lines.get(n)).path("dataFileS3Key").asText("");
                int data = key.lastIndexOf("data/");
                if (data < 0) {
                    throw new IllegalArgumentException(
                            line + ": no dataFileS3Key ending in data/<file>");
                }
                files.add(JobFiles.resolve(folder, key.substring(data)));
                where.add(line);
            }
            List<String> missing = store.missing(files);
            if (!missing.isEmpty()) {
                String first = missing.get(0);
                throw new IllegalArgumentException(
                        where.get(files.indexOf(first)) + ": " + first + " is missing");
            }
            return new ExportFolder(store, folder, List.copyOf(files));
        }

        @Override
        public List<String> units() {
            return files;
        }

        @Override
        public void read(String unit, Consumer<Item> sink) throws IOException {
            try (InputStream in = store.open(unit);
                    BufferedReader lines =
                            new BufferedReader(
                                    new InputStreamReader(
                                            unit.endsWith(".gz") ? new GZIPInputStream(in) : in,
                                            StandardCharsets.UTF_8))) {
                String line;
                int n = 0;
                while ((line = lines.readLine()) != null) {
                    n++;
                    if (!line.isBlank()) {
                        try {
                            sink.accept(DynamoJsonLines.parseLine(line, n));
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException(unit + ": " + e.getMessage(), e);
                        }
                    }
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }
}
