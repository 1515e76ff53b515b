package io.dynoscope.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import org.junit.jupiter.api.Test;

/**
 * The one S/N/B check; ModelJsonTest and NoSqlWorkbenchFormatTest hold both readers' messages,
 * which now come from it.
 */
class KeyTypeTest {

    @Test
    void aDescriptorNamesItsTypeAndNoneMeansString() {
        assertEquals(KeyType.S, KeyType.of(null));
        assertEquals(KeyType.N, KeyType.of("N"));
        assertEquals(KeyType.B, KeyType.of("B", "x"));
    }

    @Test
    void anythingElseIsRefusedSayingWhatHadIt() {
        IllegalArgumentException refused =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> KeyType.of("BOOL", "key attribute 'pk'"));
        assertEquals("key attribute 'pk' has type BOOL; keys are S, N or B", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> KeyType.of("s"));
    }

    @Test
    void typedTextIsReadAsTheType() {
        assertEquals(AttributeValue.s(" a "), KeyType.S.read(" a "));
        assertEquals(AttributeValue.n("12.50"), KeyType.N.read(" 12.50 "));
        assertEquals(AttributeValue.b(new byte[] {1, 2}), KeyType.B.read("AQI="));
        IllegalArgumentException notBase64 =
                assertThrows(IllegalArgumentException.class, () -> KeyType.B.read("!"));
        assertTrue(notBase64.getMessage().startsWith("a binary key, written as base64: "));
        assertTrue(KeyType.isDescriptor("N"));
        assertFalse(KeyType.isDescriptor("SS"));
        assertFalse(KeyType.isDescriptor(null));
    }
}
