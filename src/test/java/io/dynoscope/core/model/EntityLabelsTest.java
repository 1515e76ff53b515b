package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EntityLabelsTest {

    @Test
    void rowsAreLabelledAndColouredByTheirEntitysPlaceInTheModel() {
        EntityLabels labels = new EntityLabels(ModelInferenceTest.saas().model());
        assertEquals(
                Optional.of(new EntityLabels.Label("ws", 0)),
                labels.labelOf(item("WS#acme", "META")));
        assertEquals(
                Optional.of(new EntityLabels.Label("proj", 1)),
                labels.labelOf(item("WS#acme", "PROJ#2026-0042")));
        assertEquals(
                Optional.of(new EntityLabels.Label("projSharded", 2)),
                labels.labelOf(item("WS#big#04", "PROJ#2026-0004")));
        assertEquals(Optional.empty(), labels.labelOf(item("USER#12", "META")));
    }

    private static Item item(String entityRef, String detail) {
        return Item.of(
                Map.of(
                        "EntityRef",
                        AttributeValue.s(entityRef),
                        "Detail",
                        AttributeValue.s(detail)));
    }
}
