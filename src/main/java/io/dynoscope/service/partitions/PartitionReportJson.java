package io.dynoscope.service.partitions;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.partitions.PartitionReport;
import io.dynoscope.core.partitions.SampleEstimate;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The partitions report as one JSON document, as {@code dynoscope partitions --json} prints it and
 * the partitions job writes it: {@code {"table", "items", "bytes", "sampled", "sample"?,
 * "partitions": [{"key", "items", "bytes"}]}}, the largest partitions first.
 */
public final class PartitionReportJson {

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
                generator.writeEndObject();
            }
            generator.writeArrayFieldStart("partitions");
            for (PartitionReport.Partition p : report.top(top)) {
                generator.writeStartObject();
                generator.writeFieldName("key");
                generator.writeRawValue(ItemJson.PLAIN.write(p.partitionKey()));
                generator.writeNumberField("items", p.items());
                generator.writeNumberField("bytes", p.bytes());
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
