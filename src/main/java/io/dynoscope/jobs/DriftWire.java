package io.dynoscope.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.drift.DriftReport;
import io.dynoscope.core.drift.PropagationPlan.PlannedWrite;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The drift-fix job's lines between driver and tasks: keys and values in DynamoDB JSON (numbers as
 * their text, all 38 digits kept), since the core's records are not Java-serializable.
 */
final class DriftWire {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A line's first character: what it holds. */
    static final char SOURCE = 'S';

    static final char ORPHAN = 'O';

    private DriftWire() {}

    /**
     * The group a key belongs to in the shuffle: its key values in the schema's order, so the same
     * key always gives the same text.
     */
    static String group(KeySchema schema, Key key) {
        StringBuilder text = new StringBuilder(value(key.attributes().get(schema.partitionKey())));
        schema.sortKey().ifPresent(sk -> text.append('\n').append(value(key.attributes().get(sk))));
        return text.toString();
    }

    static String source(DriftReport.SourceReport source) {
        ObjectNode node = JSON.createObjectNode();
        node.set("source", key(source.source()));
        node.set("value", tree(value(source.value())));
        node.put("copies", source.copies());
        ArrayNode drifted = node.putArray("drifted");
        for (DriftReport.DriftedCopy copy : source.drifted()) {
            ObjectNode d = drifted.addObject();
            d.set("copy", key(copy.copy()));
            d.set("value", tree(value(copy.copyValue())));
        }
        return SOURCE + node.toString();
    }

    static DriftReport.SourceReport source(String line) {
        JsonNode node = tree(line.substring(1));
        Key source = key(node.get("source"));
        AttributeValue value = value(node.get("value"));
        List<DriftReport.DriftedCopy> drifted = new ArrayList<>();
        for (JsonNode d : node.get("drifted")) {
            drifted.add(
                    new DriftReport.DriftedCopy(
                            key(d.get("copy")), source, value(d.get("value")), value));
        }
        return new DriftReport.SourceReport(source, value, node.get("copies").asInt(), drifted);
    }

    static String orphan(DriftReport.OrphanCopy orphan) {
        ObjectNode node = JSON.createObjectNode();
        node.set("copy", key(orphan.copy()));
        node.set("expectedSource", key(orphan.expectedSource()));
        node.set("value", tree(value(orphan.copyValue())));
        node.put("reason", orphan.reason().name());
        return ORPHAN + node.toString();
    }

    static DriftReport.OrphanCopy orphan(String line) {
        JsonNode node = tree(line.substring(1));
        return new DriftReport.OrphanCopy(
                key(node.get("copy")),
                key(node.get("expectedSource")),
                value(node.get("value")),
                DriftReport.OrphanReason.valueOf(node.get("reason").asText()));
    }

    /** A planned write, as the n-th of the plan, copying under the rule-th rule. */
    static String write(int n, int rule, PlannedWrite write) {
        ObjectNode node = JSON.createObjectNode();
        node.put("n", n);
        node.put("rule", rule);
        node.set("copy", key(write.copy()));
        node.set("old", tree(value(write.oldValue())));
        node.set("new", tree(value(write.newValue())));
        node.set("source", key(write.source()));
        return node.toString();
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String value(AttributeValue value) {
        return ItemJson.DYNAMODB.write(value);
    }

    static AttributeValue value(JsonNode node) {
        return ItemJson.DYNAMODB.readValue(node.toString());
    }

    static JsonNode key(Key key) {
        return tree(ItemJson.DYNAMODB.write(key.asItem()));
    }

    static Key key(JsonNode node) {
        return new Key(ItemJson.DYNAMODB.readItem(node.toString()).attributes());
    }
}
