package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeySchemaTest {

    @Test
    void itsAttributesAreThePartitionKeyThenTheSortKey() {
        assertEquals(
                List.of("EntityRef", "Detail"), KeySchema.of("EntityRef", "Detail").attributes());
        assertEquals(List.of("pk"), KeySchema.of("pk", null).attributes());
    }
}
