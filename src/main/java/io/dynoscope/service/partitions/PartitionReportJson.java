package io.dynoscope.service.partitions;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.partitions.PartitionSize;
import io.dynoscope.core.partitions.SampleEstimate;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The partitions report as one JSON document, as {@code dynoscope partitions --json} prints it and
 * the partitions job writes it: {@code {"table", "items", "bytes", "sampled", "sample"?,
 * "partitionKey", "sortKey"?, "localSecondaryIndex", "partitions": [{"key", "items", "bytes",
 * "writeUnits", "collectionBytes"}]}}, the largest partitions first. The key schema, the LSI flag
 * and each partition's write units and collection bytes are there so that the window can show a
 * job's report as it shows its own ({@link #read}).
 */
public final class PartitionReportJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PartitionReportJson() {}

    /** The report with its {@code top} largest partitions. */
    public static String write(PartitionReport report, int top) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = new JsonFactory().createGenerator(out)) {
            generator.writeStartObject();
            generator.writeStringField("table", report.table());
            generator.writeNumberField("items", report.items());
            generator.writeNumberField("bytes", report.bytes());
            generator.writeBooleanField("sampled", report.sampled());
            if (report.sample().isPresent()) {
                SampleEstimate sample = report.sample().get();
                generator.writeObjectFieldStart("sample");
                generator.writeNumberField("segmentsRead", sample.segmentsRead());
                generator.writeNumberField("totalSegments", sample.totalSegments());
                generator.writeNumberField("itemsRead", sample.itemsRead());
                generator.writeNumberField("itemsError", sample.itemsError());
                generator.writeNumberField("bytesError", sample.bytesError());
                generator.writeNumberField("bytesRead", sample.bytesRead());
                generator.writeEndObject();
            }
            generator.writeStringField("partitionKey", report.keys().partitionKey());
            if (report.keys().sortKey().isPresent()) {
                generator.writeStringField("sortKey", report.keys().sortKey().get());
            }
            generator.writeBooleanField("localSecondaryIndex", report.hasLocalSecondaryIndex());
            generator.writeArrayFieldStart("partitions");
            for (PartitionReport.Partition p : report.top(top)) {
                generator.writeStartObject();
                generator.writeFieldName("key");
                generator.writeRawValue(ItemJson.PLAIN.write(p.partitionKey()));
                generator.writeNumberField("items", p.items());
                generator.writeNumberField("bytes", p.bytes());
                generator.writeNumberField("writeUnits", p.writeUnits());
                generator.writeNumberField("collectionBytes", p.collectionBytes());
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * The report a file holds, as {@link #write} wrote it with every partition; {@code model} names
     * its shard groups (may be null). A partition key is read back as plain JSON gives it: a string
     * or a number (a binary key comes back as its base64 string).
     *
     * @throws IllegalArgumentException when the text is not such a report
     */
    public static PartitionReport read(String text, TableModel model) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a partitions report (JSON): " + e.getOriginalMessage());
        }
        if (root == null
                || !root.path("partitions").isArray()
                || !root.path("partitionKey").isTextual()) {
            throw new IllegalArgumentException(
                    "not a partitions report with its key schema (written by `dynoscope partitions"
                            + " --json` or the partitions job of this version)");
        }
        List<PartitionSize> sizes = new ArrayList<>();
        for (JsonNode p : root.get("partitions")) {
            long bytes = p.path("bytes").asLong();
            sizes.add(
                    new PartitionSize(
                            ItemJson.PLAIN.readValue(p.get("key").toString()),
                            p.path("items").asLong(),
                            bytes,
                            p.path("writeUnits").asLong(),
                            p.path("collectionBytes").asLong(bytes)));
        }
        JsonNode s = root.path("sample");
        SampleEstimate sample =
                s.isObject()
                        ? new SampleEstimate(
                                s.path("segmentsRead").asInt(),
                                s.path("totalSegments").asInt(),
                                s.path("itemsRead").asLong(),
                                s.path("bytesRead").asLong(),
                                root.path("items").asLong(),
                                s.path("itemsError").asLong(),
                                root.path("bytes").asLong(),
                                s.path("bytesError").asLong())
                        : null;
        return PartitionReport.of(
                root.path("table").asText(),
                KeySchema.of(
                        root.get("partitionKey").asText(),
                        root.path("sortKey").isTextual() ? root.get("sortKey").asText() : null),
                root.path("localSecondaryIndex").asBoolean(),
                root.path("items").asLong(),
                root.path("bytes").asLong(),
                sizes,
                sample,
                model);
    }
}
