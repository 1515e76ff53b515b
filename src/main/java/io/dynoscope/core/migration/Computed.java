package io.dynoscope.core.migration;

import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The computed attributes one item should hold, and what they were computed from.
 *
 * @param entity the entity the item is of
 * @param values the computed attributes the item should hold, with their values
 * @param absent the computed attributes the item should not hold: the keys of an index whose
 *     template needs a value the item lacks (the item stays out of that sparse index)
 * @param read the item's attributes the templates read, as they were (empty: absent); the write is
 *     guarded on them
 * @param problem why the attributes cannot be computed (then {@code values} and {@code absent} are
 *     empty and the item is left alone), or null
 */
public record Computed(
        String entity,
        Map<String, AttributeValue> values,
        Set<String> absent,
        Map<String, Optional<AttributeValue>> read,
        String problem) {

    public Computed {
        Objects.requireNonNull(entity, "entity");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        absent = Collections.unmodifiableSet(new LinkedHashSet<>(absent));
        read = Collections.unmodifiableMap(new LinkedHashMap<>(read));
    }

    /**
     * The attributes the templates read that the item lacks: it stays out of the indexes those
     * templates key (a sparse index), and the plan and the passes list it by key.
     */
    public Set<String> lacking() {
        Set<String> names = new LinkedHashSet<>();
        read.forEach(
                (name, value) -> {
                    if (value.isEmpty()) {
                        names.add(name);
                    }
                });
        return names;
    }

    /** Why the item is left out of an index, for a person; empty when it lacks nothing. */
    public Optional<String> leftOut() {
        if (lacking().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                "lacks "
                        + String.join(", ", lacking())
                        + ", which a template reads, so "
                        + String.join(", ", absent)
                        + " stay unset (out of that index)");
    }

    public boolean computable() {
        return problem == null;
    }

    /**
     * The computed attributes whose value in {@code item} is not the one computed (wrong, missing,
     * or present where it should be absent); empty when the item agrees or cannot be computed.
     */
    public List<String> disagreements(Item item) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, AttributeValue> value : values.entrySet()) {
            if (!value.getValue().equals(item.attributes().get(value.getKey()))) {
                names.add(value.getKey());
            }
        }
        for (String name : absent) {
            if (item.attributes().containsKey(name)) {
                names.add(name);
            }
        }
        return names;
    }

    public boolean agreesWith(Item item) {
        return disagreements(item).isEmpty();
    }

    /** What makes {@code item} agree: SET of each wrong or missing value, REMOVE of the others. */
    public List<UpdateRow> actions(Item item) {
        List<UpdateRow> actions = new ArrayList<>();
        for (String name : disagreements(item)) {
            AttributeValue value = values.get(name);
            actions.add(
                    value == null
                            ? UpdateRow.remove(AttributePath.of(name))
                            : UpdateRow.set(name, value));
        }
        return actions;
    }

    /** {@code item} as it is once it agrees: what the backfill's write makes of it. */
    public Item applied(Item item) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(item.attributes());
        attributes.putAll(values);
        absent.forEach(attributes::remove);
        return Item.of(attributes);
    }

    /**
     * The guard of the write that makes {@code scanned} agree (the drift propagation's guard):
     * every value the templates read still holds, and every attribute the write sets or removes
     * still holds what the scan saw (absent, or the value it had). The second half keeps a write
     * that arrives late, from a killed or superseded run, off an item another writer (a rerun with
     * an edited target, the application) has set since: that write was computed without seeing
     * their value, so it must not replace it.
     */
    public List<Row> guard(Item scanned) {
        List<Row> rows = new ArrayList<>();
        read.forEach(
                (name, value) ->
                        rows.add(PropagationPlan.stillHolds(AttributePath.of(name), value)));
        for (String name : disagreements(scanned)) {
            if (!read.containsKey(name)) {
                rows.add(
                        PropagationPlan.stillHolds(
                                AttributePath.of(name),
                                Optional.ofNullable(scanned.attributes().get(name))));
            }
        }
        return rows;
    }
}
