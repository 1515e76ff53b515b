package io.dynoscope.service.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.table.Prices;
import java.util.Locale;
import java.util.Optional;

/**
 * How far a whole-table job is, in counts: its units of work (Scan segments or export files) done
 * of all, the items it read and wrote, and the capacity units that cost, priced on demand by {@link
 * Prices}. A job prints it as one line ({@link #line}) and writes it to its {@code --progress} file
 * ({@link #json}); the window and {@code job status} read it back.
 *
 * @param step what runs: the job, or the migration's pass
 * @param unit what {@code done} and {@code total} count: "segments" or "files"
 * @param readUnits read capacity units consumed (estimated from the bytes a Scan read; 0 from an
 *     export)
 * @param writeUnits write capacity units consumed
 */
public record JobProgress(
        String step,
        String unit,
        long done,
        long total,
        long itemsRead,
        long itemsWritten,
        double readUnits,
        double writeUnits) {

    /** How a progress line begins in a job's output. */
    public static final String PREFIX = "progress: ";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the read and write units cost on demand, in US dollars. */
    public double cost() {
        return readUnits / 1e6 * Prices.ON_DEMAND_READ_PER_MILLION
                + writeUnits / 1e6 * Prices.ON_DEMAND_WRITE_PER_MILLION;
    }

    /**
     * Read units of an eventually consistent Scan that read {@code bytes} of items: 0.5 per 4 KB.
     */
    public static double scanReadUnits(long bytes) {
        return Math.ceil(bytes / 4096.0) * 0.5;
    }

    /** In words, as the window and {@code job status} show it. */
    public String text() {
        return String.format(
                Locale.ROOT,
                "%s: %,d of %,d %s · %,d items read · %,d written · %,.1f read units, %,.1f write"
                        + " units ≈ $%.6f (on demand, %s prices of %s)",
                step,
                done,
                total,
                unit,
                itemsRead,
                itemsWritten,
                readUnits,
                writeUnits,
                cost(),
                Prices.REGION,
                Prices.AS_OF);
    }

    /** As a JSON object, the {@code --progress} file's content. */
    public String json() {
        ObjectNode node = JSON.createObjectNode();
        node.put("step", step);
        node.put("unit", unit);
        node.put("done", done);
        node.put("total", total);
        node.put("itemsRead", itemsRead);
        node.put("itemsWritten", itemsWritten);
        node.put("readUnits", readUnits);
        node.put("writeUnits", writeUnits);
        node.put("cost", cost());
        return node.toString();
    }

    /** The line a job prints. */
    public String line() {
        return PREFIX + json();
    }

    /** A progress line of a job's output, or empty for any other line. */
    public static Optional<JobProgress> parse(String line) {
        if (line == null || !line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(read(line.substring(PREFIX.length())));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * A {@code --progress} file's content.
     *
     * @throws IllegalArgumentException when it is not one
     */
    public static JobProgress read(String json) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a job's progress: " + e.getOriginalMessage());
        }
        if (node == null || !node.path("step").isTextual() || !node.path("done").isNumber()) {
            throw new IllegalArgumentException("not a job's progress (no step or done)");
        }
        return new JobProgress(
                node.get("step").asText(),
                node.path("unit").asText(),
                node.get("done").asLong(),
                node.path("total").asLong(),
                node.path("itemsRead").asLong(),
                node.path("itemsWritten").asLong(),
                node.path("readUnits").asDouble(),
                node.path("writeUnits").asDouble());
    }
}
