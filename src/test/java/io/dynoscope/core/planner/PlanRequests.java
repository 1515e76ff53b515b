package io.dynoscope.core.planner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.model.Question;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The access-pattern corpus of the tests: public worked examples with their correct readings. */
public final class PlanRequests {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PlanRequests() {}

    /** One worked example: its source, its plan request and its sentences with their readings. */
    public record Example(
            String name,
            String source,
            JsonNode request,
            int publishedIndexes,
            String part,
            String language,
            List<Sentence> sentences) {
        /** Whether the example is in the held-out part, never tuned on. */
        public boolean heldOut() {
            return part.equals("held-out");
        }

        public List<EntitySpec> entities() {
            return PlanRequest.read(request.toString()).input().entities();
        }

        /** The plan request of the example with its sentences as access patterns. */
        public String planRequest() {
            ObjectNode copy = (ObjectNode) request.deepCopy();
            ArrayNode patterns = copy.putArray("accessPatterns");
            sentences.forEach(s -> patterns.add(s.words()));
            return copy.toString();
        }
    }

    /** A sentence and its correct reading. */
    public record Sentence(String words, PatternSpec reading, boolean paraphrased) {}

    public static List<Example> corpus() {
        JsonNode root = tree("/io/dynoscope/core/planner/access-pattern-corpus.json");
        List<Example> examples = new ArrayList<>();
        for (JsonNode example : root.get("examples")) {
            List<Sentence> sentences = new ArrayList<>();
            for (JsonNode p : example.get("patterns")) {
                sentences.add(
                        new Sentence(
                                p.get("words").asText(),
                                reading(p),
                                p.path("paraphrased").asBoolean(false)));
            }
            examples.add(
                    new Example(
                            example.get("name").asText(),
                            example.get("source").asText(),
                            example.get("request"),
                            example.path("publishedIndexes").asInt(-1),
                            example.path("part").asText("tuned"),
                            example.path("language").asText("en"),
                            sentences));
        }
        return examples;
    }

    public static Example example(String name) {
        return corpus().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    private static PatternSpec reading(JsonNode p) {
        List<String> returns = new ArrayList<>();
        p.get("returns").forEach(r -> returns.add(r.asText()));
        List<String> given = new ArrayList<>();
        p.path("given").forEach(g -> given.add(g.asText()));
        Optional<Question.Range> range =
                p.has("range")
                        ? Optional.of(
                                new Question.Range(
                                        p.get("range").get("attribute").asText(),
                                        Question.Range.Kind.valueOf(
                                                p.get("range").get("kind").asText())))
                        : Optional.empty();
        Optional<Question.Order> order =
                p.has("order")
                        ? Optional.of(
                                new Question.Order(
                                        p.get("order").get("attribute").asText(),
                                        p.get("order").path("descending").asBoolean(false)))
                        : Optional.empty();
        return new PatternSpec(
                p.get("words").asText(),
                returns,
                given,
                p.path("many").asBoolean(false),
                range,
                order,
                p.path("limit").asInt(0),
                p.path("count").asBoolean(false),
                Optional.empty(),
                null,
                PatternSpec.Kind.valueOf(p.path("kind").asText("read").toUpperCase(Locale.ROOT)),
                List.of(),
                false);
    }

    private static JsonNode tree(String resource) {
        try (InputStream in = PlanRequests.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + resource);
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
