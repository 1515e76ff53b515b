package io.dynoscope.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
