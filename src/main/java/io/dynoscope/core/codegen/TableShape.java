package io.dynoscope.core.codegen;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.Capacity;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the infrastructure formats say of one modelled table, read once: its key attributes with
 * their types, its indexes by kind, its billing, and the defaults for what a model does not hold
 * (point-in-time recovery and deletion protection on, which a production table wants; no TTL).
 */
record TableShape(
        String table,
        KeySchema keys,
        Map<String, String> attributeTypes,
        List<SecondaryIndex> globalIndexes,
        List<SecondaryIndex> localIndexes,
        Capacity capacity) {

    static final boolean POINT_IN_TIME_RECOVERY = true;
    static final boolean DELETION_PROTECTION = true;

    static TableShape of(TableDesign design) {
        TableModel model = design.model();
        Map<String, String> types = new LinkedHashMap<>();
        List<SecondaryIndex> globals = new ArrayList<>();
        List<SecondaryIndex> locals = new ArrayList<>();
        for (String attribute : model.keys().attributes()) {
            types.put(attribute, model.keyAttributeType(attribute));
        }
        for (SecondaryIndex index : model.indexes()) {
            for (String attribute : index.keySchema().attributes()) {
                types.putIfAbsent(attribute, model.keyAttributeType(attribute));
            }
            (index.global() ? globals : locals).add(index);
        }
        return new TableShape(
                model.table(), model.keys(), types, globals, locals, design.capacity());
    }

    /** The attributes an index projects besides the keys: INCLUDE's list, else none. */
    static List<String> included(SecondaryIndex index) {
        return index.projection() == Projection.INCLUDE ? index.nonKeyAttributes() : List.of();
    }

    /** What the infrastructure formats leave out of this table's model. */
    List<String> notExpressed() {
        List<String> lost = new ArrayList<>();
        if (capacity.autoScalingRead().isPresent() || capacity.autoScalingWrite().isPresent()) {
            lost.add(
                    table
                            + ": auto scaling is not generated (add Application Auto Scaling"
                            + " targets and policies); the table starts at its provisioned"
                            + " capacity");
        }
        return lost;
    }
}
