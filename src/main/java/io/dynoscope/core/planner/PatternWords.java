package io.dynoscope.core.planner;

import io.dynoscope.core.model.AttributeModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A first reading of an access pattern written in the user's words, for them to correct: "list
 * every project in a workspace, newest first" returns projects (many), given the workspace's id,
 * newest first; "all projects with status = ACTIVE across workspaces" returns projects given a
 * status, whatever their workspace; "get a workspace" returns one workspace given its id.
 */
public final class PatternWords {

    private static final Pattern WORD = Pattern.compile("[a-z0-9_]+");
    private static final Set<String> MANY_WORDS = Set.of("all", "list", "every", "each", "many");
    private static final Pattern EQUALS =
            Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*(=|==|is)\\s");

    private PatternWords() {}

    /** The pattern these words most likely mean, or empty when they name no entity. */
    public static Optional<PatternSpec> guess(String words, List<EntitySpec> entities) {
        String text = words.toLowerCase(Locale.ROOT);
        List<String> tokens = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            tokens.add(m.group());
        }
        Map<EntitySpec, Integer> singular = new LinkedHashMap<>();
        Map<EntitySpec, Integer> plural = new LinkedHashMap<>();
        for (EntitySpec entity : entities) {
            String name = entity.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_");
            for (int i = 0; i < tokens.size(); i++) {
                String token = tokens.get(i);
                if (token.equals(name) && !singular.containsKey(entity)) {
                    singular.put(entity, i);
                } else if (isPlural(token, name) && !plural.containsKey(entity)) {
                    plural.put(entity, i);
                }
            }
        }
        EntitySpec returned;
        boolean many;
        if (!plural.isEmpty()) {
            // "across workspaces" scopes nothing: the entity returned is another plural, if any
            returned =
                    plural.entrySet().stream()
                            .sorted(Map.Entry.comparingByValue())
                            .filter(e -> !after(tokens, e.getValue(), "across"))
                            .map(Map.Entry::getKey)
                            .findFirst()
                            .orElse(first(plural));
            many = true;
        } else if (!singular.isEmpty()) {
            returned = first(singular);
            many = tokens.stream().anyMatch(MANY_WORDS::contains);
        } else {
            return Optional.empty();
        }
        PatternSpec.Order order = PatternSpec.Order.ANY;
        if (text.contains("newest")
                || text.contains("latest")
                || text.contains("most recent")
                || text.contains("recent first")) {
            order = PatternSpec.Order.NEWEST_FIRST;
        } else if (text.contains("oldest")) {
            order = PatternSpec.Order.OLDEST_FIRST;
        }
        Map<String, EntitySpec> byName = new LinkedHashMap<>();
        entities.forEach(e -> byName.put(e.name(), e));
        List<EntitySpec> ancestors = new ArrayList<>();
        for (EntitySpec at = byName.get(returned.parent());
                at != null && !ancestors.contains(at);
                at = byName.get(at.parent())) {
            ancestors.add(at);
        }
        Set<String> parameters = new LinkedHashSet<>();
        for (EntitySpec ancestor : ancestors) {
            Integer at =
                    singular.containsKey(ancestor) ? singular.get(ancestor) : plural.get(ancestor);
            if (at != null && !after(tokens, at, "across")) {
                parameters.add(ancestor.idAttribute());
            }
        }
        Matcher equals = EQUALS.matcher(words);
        while (equals.find()) {
            attribute(returned, equals.group(1)).ifPresent(parameters::add);
        }
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if (tokens.get(i).equals("by") || tokens.get(i).equals("where")) {
                attribute(returned, tokens.get(i + 1)).ifPresent(parameters::add);
            }
        }
        if (!many) {
            if (parameters.stream().noneMatch(p -> !isId(p, returned, ancestors))) {
                for (int i = ancestors.size() - 1; i >= 0; i--) {
                    parameters.add(ancestors.get(i).idAttribute());
                }
                parameters.add(returned.idAttribute());
            }
        }
        boolean withParent =
                many
                        && returned.parent() != null
                        && (text.contains("and its")
                                || text.contains("with its")
                                || text.contains("and their"));
        return Optional.of(
                new PatternSpec(
                        words, returned.name(), List.copyOf(parameters), many, order, withParent));
    }

    private static boolean after(List<String> tokens, int at, String word) {
        return at > 0 && tokens.get(at - 1).equals(word);
    }

    private static boolean isId(String parameter, EntitySpec returned, List<EntitySpec> ancestors) {
        return parameter.equals(returned.idAttribute())
                || ancestors.stream().anyMatch(a -> a.idAttribute().equals(parameter));
    }

    private static Optional<String> attribute(EntitySpec entity, String word) {
        if (entity.idAttribute().equalsIgnoreCase(word)) {
            return Optional.of(entity.idAttribute());
        }
        for (AttributeModel attribute : entity.attributes()) {
            if (attribute.name().equalsIgnoreCase(word)) {
                return Optional.of(attribute.name());
            }
        }
        return Optional.empty();
    }

    private static boolean isPlural(String token, String name) {
        return token.equals(name + "s")
                || token.equals(name + "es")
                || (name.endsWith("y")
                        && token.equals(name.substring(0, name.length() - 1) + "ies"));
    }

    private static EntitySpec first(Map<EntitySpec, Integer> found) {
        return found.entrySet().stream()
                .min(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElseThrow();
    }
}
