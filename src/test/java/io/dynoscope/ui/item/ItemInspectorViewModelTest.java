package io.dynoscope.ui.item;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.write.ItemChange;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/**
 * The inspector shows an item, writes exactly what an edit changed, says what a save cost, and
 * leaves a change made meanwhile to the user: nothing is overwritten unasked.
 */
class ItemInspectorViewModelTest extends InspectorOnAFreshTable {

    @Test
    void showsTheItemAsTreeAndBothJsonForms() {
        Item seen = workspace();

        inspector.itemProperty().set(seen);

        assertEquals("WS#acme / META", inspector.titleProperty().get());
        assertEquals(
                List.of("pk", "sk", "name", "plan", "seats", "owner"),
                inspector.treeProperty().get().stream().map(AttributeNode::name).toList());
        AttributeNode owner = inspector.treeProperty().get().get(5);
        assertEquals("M", owner.type());
        assertEquals(2, owner.children().size());
        assertEquals(seen, ItemJson.DYNAMODB.readItem(inspector.dynamoJsonProperty().get()));
        assertTrue(
                inspector.plainJsonProperty().get().contains("\"seats\": 12,"),
                inspector.plainJsonProperty().get());
    }

    @Test
    void anEditWritesExactlyTheChangedAttributes() {
        Item full = workspace();
        // What the user saw lacks 'seats' (as from a projection): an edit must leave it alone.
        Map<String, AttributeValue> shown = new LinkedHashMap<>(full.attributes());
        shown.remove("seats");
        inspector.itemProperty().set(Item.of(shown));
        inspector.startEdit();
        inspector
                .editor()
                .editTextProperty()
                .set(
                        """
                {"pk": {"S": "WS#acme"}, "sk": {"S": "META"}, "name": {"S": "Acme Corp"},
                 "owner": {"M": {"id": {"S": "U#12"}, "name": {"S": "Mara Vance"}}}, "region": {"S": "eu"}}""");

        assertTrue(inspector.editor().stage());
        assertEquals(
                List.of("name", "plan", "region"),
                inspector.editor().stagedDiffProperty().get().attributes());
        await(inspector.saves().save());

        Item expected =
                item(
                        "pk",
                        s("WS#acme"),
                        "sk",
                        s("META"),
                        "name",
                        s("Acme Corp"),
                        "seats",
                        n(12),
                        "owner",
                        m(Map.of("id", s("U#12"), "name", s("Mara Vance"))),
                        "region",
                        s("eu"));
        assertEquals(expected.attributes(), read(key("WS#acme", "META")).attributes());
        assertNull(inspector.saves().conflictProperty().get());
        assertFalse(inspector.editor().editingProperty().get());
        assertEquals(expected.attributes(), inspector.shownItemProperty().get().attributes());
        assertEquals(
                List.of(new ItemChange.Saved(table, inspector.shownItemProperty().get())), changes);
    }

    @Test
    void theInspectorSaysTheItemsSizeTheTtlLeftAndWhatASaveCost() {
        TableInfo described = repository.describeTable(table);
        TableInfo withTtl =
                new TableInfo(
                        described.name(),
                        described.status(),
                        described.keySchema(),
                        described.keyAttributeTypes(),
                        described.globalSecondaryIndexes(),
                        described.localSecondaryIndexes(),
                        described.indexStates(),
                        described.billingMode(),
                        described.itemCount(),
                        described.sizeBytes(),
                        Optional.of("expiresAt"),
                        described.streamViewType(),
                        null);
        inspector
                .tableProperty()
                .set(new InspectedTable(withTtl, new ConnectionServices(repository)));
        Instant now = Instant.parse("2026-11-30T12:00:00Z");
        inspector.setClock(Clock.fixed(now, ZoneOffset.UTC));
        AttributeValue expires = n(now.plusSeconds(3 * 86_400 + 4 * 3_600).getEpochSecond());
        Item seen =
                stored(
                        item(
                                "pk", s("WS#acme"),
                                "sk", s("META"),
                                "name", s("x".repeat(4_000)),
                                "expiresAt", expires));

        inspector.itemProperty().set(seen);

        assertEquals(
                Optional.of("TTL: expires in 3 d 4 h · 2026-12-03 16:00:00 UTC (epoch seconds)"),
                inspector.valueNote("expiresAt", expires, true));
        assertEquals(
                Optional.of("2026-12-03 16:00:00 UTC (epoch seconds)"),
                inspector.valueNote("expiresAt", expires, false),
                "a nested value of the same name is no TTL");
        // about 4,040 bytes (names plus values) of 409,600
        assertTrue(
                inspector.sizeProperty().get().endsWith(" of 400 KB (1.0%)"),
                inspector.sizeProperty().get());

        inspector.startEdit();
        replaceInEditor(inspector, "\"xxx", "\"yxx");
        assertTrue(inspector.editor().stage());
        await(inspector.saves().save());

        ItemSaveFlow.Written written = inspector.saves().lastWriteProperty().get();
        assertEquals("Saved WS#acme / META", written.what());
        assertTrue(written.consumedCapacity() >= 4, "a 4 KB item costs at least 4 WCU");
    }

    @Test
    void anItemWithEveryKindOfValueCanBeEditedAndKeepsThemIntact() {
        Item seen =
                stored(
                        item(
                                "pk",
                                s("T#1"),
                                "sk",
                                s("ALL"),
                                "empty",
                                s(""),
                                "nothing",
                                AttributeValue.nul(),
                                "bytes",
                                AttributeValue.b(new byte[] {0, -1, 7}),
                                "names",
                                AttributeValue.ss("a", "b"),
                                "scores",
                                AttributeValue.ns("1.5", "-2"),
                                "blobs",
                                AttributeValue.bs(new byte[] {1}, new byte[] {2}),
                                "doc",
                                m(
                                        Map.of(
                                                "inner",
                                                m(Map.of()),
                                                "list",
                                                AttributeValue.l(),
                                                "big",
                                                n("12345678901234567890123456789012345678"))),
                                "flag",
                                AttributeValue.bool(true),
                                "count",
                                n(1)));
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        assertFalse(inspector.editor().plainJsonEditableProperty().get());
        replaceInEditor(inspector, "\"N\": \"1\"", "\"N\": \"2\"");

        await(inspector.saves().save());

        assertNull(
                inspector.saves().conflictProperty().get(),
                "a condition on every kind of value holds when nothing changed");
        assertEquals("", inspector.saves().failureProperty().get());
        assertEquals(seen.with("count", n(2)), read(key("T#1", "ALL")));
    }

    @Test
    void whenBoundToTheGridSelectionTheInspectorShowsWhatItSavedAndLeavesTheSelectionToTheGrid() {
        Item seen = workspace();
        ObjectProperty<Item> gridSelection = new SimpleObjectProperty<>(seen);
        inspector.itemProperty().bind(gridSelection);
        inspector.startEdit();
        replaceInEditor(inspector, "\"pro\"", "\"free\"");

        await(inspector.saves().save());

        assertEquals("", inspector.saves().failureProperty().get());
        assertFalse(inspector.editor().editingProperty().get());
        Item saved = seen.with("plan", s("free"));
        assertEquals(saved, read(key("WS#acme", "META")));
        assertEquals(List.of(new ItemChange.Saved(table, saved)), changes);
        assertEquals(
                seen,
                inspector.itemProperty().get(),
                "the grid's selection is the grid's to change");
        assertEquals(saved, inspector.shownItemProperty().get());
        assertTrue(inspector.dynamoJsonProperty().get().contains("\"free\""));
        gridSelection.set(saved);
        assertEquals(saved, inspector.shownItemProperty().get());
    }

    @Test
    void aChangeMadeMeanwhileIsAConflictAndNothingIsOverwrittenUntilTheUserChooses() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        replaceInEditor(inspector, "\"Acme\"", "\"Acme Corp\"");
        Item theirs = stored(seen.with("plan", s("enterprise")));

        await(inspector.saves().save());

        Conflict conflict = inspector.saves().conflictProperty().get();
        assertNotNull(conflict);
        assertEquals(theirs, conflict.current());
        assertEquals(s("Acme Corp"), conflict.mine().attributes().get("name"));
        assertEquals(s("pro"), conflict.mine().attributes().get("plan"));
        assertEquals(List.of("plan"), conflict.theirChanges().attributes());
        assertEquals(theirs, read(key("WS#acme", "META")));
        assertEquals(List.of(), changes);
        assertTrue(inspector.saves().save().isEmpty(), "no second save while the conflict is open");
        assertEquals(theirs, read(key("WS#acme", "META")));

        await(inspector.saves().overwriteWithMine());

        assertNull(inspector.saves().conflictProperty().get());
        assertEquals(conflict.mine(), read(key("WS#acme", "META")));
        assertEquals(List.of(new ItemChange.Saved(table, conflict.mine())), changes);
    }

    @Test
    void keepTheirsDiscardsTheEditAndShowsTheCurrentVersion() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        replaceInEditor(inspector, "\"pro\"", "\"free\"");
        Item theirs = stored(seen.with("seats", n(40)));
        await(inspector.saves().save());

        inspector.saves().keepTheirs();

        assertNull(inspector.saves().conflictProperty().get());
        assertFalse(inspector.editor().editingProperty().get());
        assertEquals(theirs, inspector.shownItemProperty().get());
        assertEquals(theirs, read(key("WS#acme", "META")));
    }

    @Test
    void whatTheInspectorSaidOfOneItemGoesWhenAnotherIsSelected() {
        Item seen = workspace();
        Item other = stored(item("pk", s("WS#beta"), "sk", s("META")));
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        inspector.cancelEdit();
        assertEquals("Edit discarded; nothing was written.", statusOf(inspector));

        inspector.itemProperty().set(null); // the grid showing its rows anew, for a moment
        inspector.itemProperty().set(seen);
        assertEquals("Edit discarded; nothing was written.", statusOf(inspector), "same item");

        inspector.itemProperty().set(other);
        assertEquals("", statusOf(inspector), "another item");
    }
}
