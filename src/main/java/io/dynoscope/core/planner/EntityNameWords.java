package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.nameWords;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What the words of the entities' names are used for: another entity's name, an attribute's. */
final class EntityNameWords {

    private EntityNameWords() {}

    /** Whether an entity other than {@code entity} has {@code word} in its name. */
    static boolean usedByAnother(List<EntitySpec> entities, EntitySpec entity, String word) {
        return entities.stream()
                .filter(e -> e != entity)
                .anyMatch(e -> nameWords(e.name()).contains(word));
    }

    /** "status" of statusEvent when an entity has a {@code status}: the attribute is meant. */
    static boolean namesAnAttribute(List<EntitySpec> entities, String word) {
        return entities.stream()
                .flatMap(e -> e.attributes().stream())
                .anyMatch(a -> nameWords(a.name()).equals(List.of(word)));
    }

    static Set<String> entityNames(List<EntitySpec> entities) {
        Set<String> names = new HashSet<>();
        entities.forEach(e -> names.add(String.join(" ", nameWords(e.name()))));
        return names;
    }
}
