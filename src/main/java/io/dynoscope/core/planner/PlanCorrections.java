package io.dynoscope.core.planner;

import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The correction fields written beside an access pattern's words in a plan file, checked against
 * the entities: an entity that does not exist, an attribute no entity holds, a range or order that
 * is neither an object nor {@code "none"} are refused, saying which pattern and field.
 *
 * <pre>{@code
 * { "words": "Gather all stores in a particular zip code",
 *   "entity": "store", "given": ["postcode"], "range": "none",
 *   "order": { "attribute": "openedAt", "descending": true }, "limit": 10,
 *   "along": ["employee"], "many": true, "kind": "read" }
 * }</pre>
 */
final class PlanCorrections {

    private PlanCorrections() {}

    static Correction of(String where, PlanRequest.PatternJson json, List<EntitySpec> entities) {
        Optional<String> entity = Optional.ofNullable(json.entity()).map(String::strip);
        entity.ifPresent(e -> entityNamed(where, "entity", e, entities));
        Optional<List<String>> along = Optional.ofNullable(json.along());
        along.ifPresent(list -> list.forEach(e -> entityNamed(where, "along", e, entities)));
        Optional<List<String>> given = Optional.ofNullable(json.given());
        given.ifPresent(list -> list.forEach(a -> attribute(where, "given", a, entities)));
        Optional<Question.Range> range = Optional.empty();
        if (json.range() instanceof Map<?, ?> map) {
            String attribute = attribute(where, "range.attribute", map.get("attribute"), entities);
            Object kind = map.get("kind");
            range = Optional.of(new Question.Range(attribute, rangeKind(where, kind)));
        } else if (json.range() != null && !"none".equals(json.range())) {
            throw new IllegalArgumentException(
                    where + ": \"range\" is {\"attribute\": …, \"kind\": …} or \"none\"");
        }
        Optional<Question.Order> order = Optional.empty();
        if (json.order() instanceof Map<?, ?> map) {
            String attribute = attribute(where, "order.attribute", map.get("attribute"), entities);
            order =
                    Optional.of(
                            new Question.Order(
                                    attribute, Boolean.TRUE.equals(map.get("descending"))));
        } else if (json.order() != null && !"none".equals(json.order())) {
            throw new IllegalArgumentException(
                    where
                            + ": \"order\" is {\"attribute\": …, \"descending\": true|false} or"
                            + " \"none\"");
        }
        if (json.limit() != null && json.limit() < 0) {
            throw new IllegalArgumentException(where + ": \"limit\" cannot be negative");
        }
        return new Correction(
                entity,
                given,
                range,
                "none".equals(json.range()),
                order,
                "none".equals(json.order()),
                Optional.ofNullable(json.limit()),
                Optional.ofNullable(json.many()),
                along,
                Optional.ofNullable(json.kind()).map(k -> kind(where, k)));
    }

    private static void entityNamed(
            String where, String field, String name, List<EntitySpec> entities) {
        if (entities.stream().noneMatch(e -> e.name().equals(name))) {
            throw new IllegalArgumentException(
                    where + ": \"" + field + "\" names '" + name + "', which is no entity");
        }
    }

    private static String attribute(
            String where, String field, Object name, List<EntitySpec> entities) {
        if (!(name instanceof String attribute) || attribute.isBlank()) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" needs an attribute");
        }
        if (entities.stream().noneMatch(e -> e.has(attribute))) {
            throw new IllegalArgumentException(
                    where + ": \"" + field + "\" names '" + attribute + "', which no entity holds");
        }
        return attribute;
    }

    private static Question.Range.Kind rangeKind(String where, Object kind) {
        List<String> names = new ArrayList<>();
        for (Question.Range.Kind k : Question.Range.Kind.values()) {
            if (k.name().equalsIgnoreCase(String.valueOf(kind))) {
                return k;
            }
            names.add(k.name());
        }
        throw new IllegalArgumentException(
                where + ": \"range.kind\" is one of " + String.join(", ", names));
    }

    private static PatternSpec.Kind kind(String where, String kind) {
        try {
            return PatternSpec.Kind.valueOf(kind.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    where + ": \"kind\" is read, create, update, delete or unique", e);
        }
    }
}
