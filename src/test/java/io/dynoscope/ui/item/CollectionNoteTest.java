package io.dynoscope.ui.item;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.service.store.WriteOutcome;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a save says about its item collection's size on a table with an LSI. */
class CollectionNoteTest {

    @Test
    void theEstimateIsShownAgainstTheLimitAndWarnsFromEightGb() {
        assertEquals("", ItemSaveFlow.collectionNote(Optional.empty()));
        assertEquals(
                " Its item collection holds about 1–2 GB of the 10 GB an LSI allows.",
                ItemSaveFlow.collectionNote(
                        Optional.of(
                                new WriteOutcome.ItemCollectionSize(
                                        AttributeValue.s("WS#acme"), 1, 2))));
        assertEquals(
                " Its item collection holds about 8.5–9.5 GB of the 10 GB an LSI allows."
                        + " Close to the limit: writes to it fail at 10 GB (shard the key).",
                ItemSaveFlow.collectionNote(
                        Optional.of(
                                new WriteOutcome.ItemCollectionSize(
                                        AttributeValue.s("WS#huge"), 8.5, 9.5))));
    }
}
