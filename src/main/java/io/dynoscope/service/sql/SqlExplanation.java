package io.dynoscope.service.sql;

import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.sql.PlannedRead;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a statement will send before it runs: each DynamoDB read with its expressions and maps, the
 * Scans among them (with their size), and the relational plan the SQL engine runs above them.
 *
 * @param engine the SQL engine's plan as text (Calcite's), or the PartiQL route taken
 * @param scanWarning the Scans this statement makes, or empty
 */
public record SqlExplanation(
        String statement,
        List<PlannedRead> reads,
        String engine,
        Optional<ScanWarning> scanWarning) {

    public SqlExplanation {
        reads = List.copyOf(reads);
    }

    /** The reads as requests the expression builder opens and the snippets show. */
    public List<SnippetRequest> requests() {
        return reads.stream().map(PlannedRead::snippet).toList();
    }

    /** The plan as text: each read, then the engine's plan. */
    public String describe() {
        List<String> lines = new ArrayList<>();
        lines.add(
                reads.size()
                        + (reads.size() == 1 ? " DynamoDB read" : " DynamoDB reads")
                        + " (one request each, more if a read spans several 1 MB pages):");
        for (int i = 0; i < reads.size(); i++) {
            List<String> read = reads.get(i).describe();
            lines.add((i + 1) + ". " + read.get(0));
            lines.addAll(read.subList(1, read.size()));
        }
        scanWarning.ifPresent(w -> lines.add("WARNING " + w.describe()));
        lines.add("SQL engine plan:");
        lines.add(engine.strip());
        return String.join(System.lineSeparator(), lines);
    }
}
