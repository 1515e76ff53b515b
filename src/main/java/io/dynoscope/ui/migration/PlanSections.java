package io.dynoscope.ui.migration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A migration plan's lines ({@code PlanText.lines}) sorted into the sections a person looks for:
 * what happens to the indexes, the entities, the writes (each with its example request, shown
 * folded), the cost and the warnings. Lines keep their words; only where they are shown changes.
 */
final class PlanSections {

    static final String SUMMARY = "Summary";
    static final String INDEXES = "Indexes";
    static final String ENTITIES = "Entities";
    static final String PATTERNS = "Access patterns served differently";
    static final String WRITES = "Writes";
    static final String COST = "Cost";
    static final String WARNINGS = "Warnings";

    private static final String EXAMPLE_WRITE =
            "    each written only while it still holds what was read, e.g. ";

    /**
     * One section.
     *
     * @param examples an example request per line it belongs to, by the line's text
     */
    record Section(String title, List<String> lines, Map<String, String> examples) {}

    private PlanSections() {}

    static List<Section> of(List<String> planLines) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        Map<String, String> examples = new LinkedHashMap<>();
        for (String title : List.of(SUMMARY, INDEXES, ENTITIES, PATTERNS, WRITES, COST, WARNINGS)) {
            lines.put(title, new ArrayList<>());
        }
        String section = SUMMARY;
        String entity = "";
        for (String line : planLines) {
            boolean header = !line.startsWith(" ");
            if (header && !lines.get(SUMMARY).isEmpty()) {
                if (line.startsWith("Note: ") || line.startsWith("Refused")) {
                    section = WARNINGS;
                    lines.get(WARNINGS).add(line.startsWith("Note: ") ? line.substring(6) : line);
                    continue;
                }
                section =
                        switch (line) {
                            case INDEXES, ENTITIES, PATTERNS, COST -> line;
                            default -> WRITES; // writers meanwhile, cleanup
                        };
                if (section.equals(WRITES)) {
                    lines.get(WRITES).add(line);
                }
                continue;
            }
            String text = line.startsWith("  ") ? line.substring(2) : line;
            if (line.startsWith(EXAMPLE_WRITE)) {
                String said = entity + ": each written only while it still holds what was read";
                lines.get(WRITES).add(said);
                examples.put(said, line.substring(EXAMPLE_WRITE.length()));
            } else if (text.startsWith("warning: ")) {
                lines.get(WARNINGS).add(text.substring("warning: ".length()));
            } else if (section.equals(ENTITIES)
                    && (text.contains(" of no entity, ") || text.contains(" cannot be computed"))) {
                lines.get(WARNINGS).add(text);
            } else {
                if (section.equals(ENTITIES) && !line.startsWith("   ")) {
                    entity = text.replaceAll(" \\(.*$", "").replaceAll(": computes nothing$", "");
                }
                lines.get(section).add(section.equals(SUMMARY) ? line.strip() : text);
            }
        }
        List<Section> sections = new ArrayList<>();
        lines.forEach(
                (title, shown) -> {
                    if (!shown.isEmpty()) {
                        Map<String, String> own = new LinkedHashMap<>();
                        shown.stream()
                                .filter(examples::containsKey)
                                .forEach(l -> own.put(l, examples.get(l)));
                        sections.add(new Section(title, List.copyOf(shown), own));
                    }
                });
        return sections;
    }
}
