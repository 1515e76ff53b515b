package io.dynoscope.core.planner;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.JsonErrors;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.JsonText;
import io.dynoscope.core.model.Workload;
import io.dynoscope.core.table.TableNames;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A plan request: what {@code dynoscope model plan FILE} reads, the table, its entities and its
 * access patterns in the user's words (docs/model.md describes it):
 *
 * <pre>{@code
 * { "table": "Library",
 *   "entities": [
 *     { "name": "member", "id": "memberId", "attributes": { "name": "S" } },
 *     { "name": "loan", "id": "loanId", "belongsTo": "member",
 *       "attributes": { "isbn": "S", "status": "S", "loanedAt": "S" }, "writesPerSecond": 5 } ],
 *   "accessPatterns": [
 *     "Look up a member by memberId",
 *     { "words": "List the loans of a given isbn loaned between two dates", "readsPerSecond": 40 } ] }
 * }</pre>
 *
 * An {@code id} may be a list ({@code ["isbn", "branchId"]}) for an entity unique by a combination.
 * Beside an access pattern's {@code words}, the fields of a {@link Correction} ({@code entity},
 * {@code given}, {@code range}, {@code order}, {@code limit}, {@code many}, {@code along}, {@code
 * kind}) correct its reading and win over it ({@link PlanCorrections}). Unknown fields are refused
 * with their line and column.
 *
 * @param input the entities and the patterns as read from their words
 */
public record PlanRequest(PlanInput input) {

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    record RequestJson(
            String table,
            String partitionKey,
            String sortKey,
            List<EntityJson> entities,
            List<PatternJson> accessPatterns) {}

    record EntityJson(
            String name,
            Object id,
            String belongsTo,
            LinkedHashMap<String, String> attributes,
            BigDecimal readsPerSecond,
            BigDecimal writesPerSecond,
            BigDecimal itemsPerParent,
            BigDecimal itemBytes) {}

    record PatternJson(
            String words,
            BigDecimal readsPerSecond,
            BigDecimal writesPerSecond,
            BigDecimal itemsPerParent,
            BigDecimal itemBytes,
            String entity,
            List<String> given,
            Object range,
            Object order,
            Integer limit,
            Boolean many,
            List<String> along,
            String kind) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static PatternJson of(String words) {
            return new PatternJson(
                    words, null, null, null, null, null, null, null, null, null, null, null, null);
        }
    }

    /** Reads a plan request; throws {@link IllegalArgumentException} saying what and where. */
    public static PlanRequest read(String text) {
        RequestJson json;
        try {
            json = MAPPER.readValue(text, RequestJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a plan request: " + JsonErrors.describe(e), e);
        }
        if (json == null || json.table() == null || json.table().isBlank()) {
            throw new IllegalArgumentException("a plan request needs \"table\"");
        }
        TableNames.require("table", json.table());
        if (json.entities() == null || json.entities().isEmpty()) {
            throw new IllegalArgumentException("a plan request needs \"entities\"");
        }
        List<EntitySpec> entities = new ArrayList<>();
        for (EntityJson entity : json.entities()) {
            entities.add(entity(entity));
        }
        refuseSharedTags(entities);
        List<PatternSpec> patterns = new ArrayList<>();
        for (PatternJson pattern : JsonText.list(json.accessPatterns())) {
            if (pattern == null || pattern.words() == null || pattern.words().isBlank()) {
                throw new IllegalArgumentException("an access pattern needs its \"words\"");
            }
            String where = "access pattern '" + pattern.words() + "'";
            Correction correction = PlanCorrections.of(where, pattern, entities);
            patterns.add(
                    PatternWords.read(pattern.words(), entities)
                            .correctedBy(correction)
                            .withWorkload(
                                    workload(
                                            where,
                                            pattern.readsPerSecond(),
                                            pattern.writesPerSecond(),
                                            pattern.itemsPerParent(),
                                            pattern.itemBytes())));
        }
        return new PlanRequest(
                new PlanInput(
                        json.table(), json.partitionKey(), json.sortKey(), entities, patterns));
    }

    /**
     * Two entities whose keys would start alike ({@code orderItem}, {@code order_item}) cannot be
     * told apart.
     */
    private static void refuseSharedTags(List<EntitySpec> entities) {
        Map<String, String> byTag = new HashMap<>();
        for (EntitySpec entity : entities) {
            String other = byTag.putIfAbsent(entity.tag(), entity.name());
            if (other != null && !other.equals(entity.name())) {
                throw new IllegalArgumentException(
                        "entities '"
                                + other
                                + "' and '"
                                + entity.name()
                                + "' would both start their keys with "
                                + entity.tag()
                                + "#: rename one");
            }
        }
    }

    private static EntitySpec entity(EntityJson json) {
        if (json == null || json.name() == null || json.name().isBlank()) {
            throw new IllegalArgumentException("an entity needs a \"name\"");
        }
        String where = "entity '" + json.name() + "'";
        List<String> ids = new ArrayList<>();
        if (json.id() instanceof String id) {
            ids.add(id);
        } else if (json.id() instanceof List<?> list) {
            for (Object id : list) {
                if (!(id instanceof String name)) {
                    throw new IllegalArgumentException(
                            where + ": \"id\" is an attribute name or a list of them");
                }
                ids.add(name);
            }
        } else if (json.id() != null) {
            throw new IllegalArgumentException(
                    where + ": \"id\" is an attribute name or a list of them");
        }
        for (String id : ids) {
            if (!KeyTemplate.isName(id.strip())) {
                throw new IllegalArgumentException(
                        where
                                + ": the id '"
                                + id
                                + "' cannot be named in a key template, which takes letters A-Z,"
                                + " digits and _ (not first a digit)");
            }
        }
        List<AttributeModel> attributes = new ArrayList<>();
        Map<String, String> declared = json.attributes() == null ? Map.of() : json.attributes();
        for (Map.Entry<String, String> a : declared.entrySet()) {
            try {
                attributes.add(
                        new AttributeModel(
                                a.getKey(),
                                AttributeValue.Type.fromDescriptor(
                                        a.getValue().strip().toUpperCase(Locale.ROOT))));
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new IllegalArgumentException(
                        where
                                + ": attribute '"
                                + a.getKey()
                                + "' has type "
                                + a.getValue()
                                + ", not one of S, N, B, BOOL, NULL, M, L, SS, NS, BS",
                        e);
            }
        }
        return new EntitySpec(
                json.name(),
                ids,
                json.belongsTo(),
                attributes,
                workload(
                        where,
                        json.readsPerSecond(),
                        json.writesPerSecond(),
                        json.itemsPerParent(),
                        json.itemBytes()));
    }

    private static Workload workload(
            String where,
            BigDecimal reads,
            BigDecimal writes,
            BigDecimal itemsPerParent,
            BigDecimal itemBytes) {
        try {
            return new Workload(
                    value(reads), value(writes), value(itemsPerParent), value(itemBytes));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static double value(BigDecimal figure) {
        return figure == null ? 0 : figure.doubleValue();
    }
}
