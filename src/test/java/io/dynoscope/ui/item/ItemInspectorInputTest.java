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
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.item.ItemEditor.EditFormat;
import io.dynoscope.ui.item.ItemEditor.EditKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the inspector refuses before sending (bad JSON, a key of the wrong type or changed), and new
 * items, duplicates, deletes and the form.
 */
class ItemInspectorInputTest extends InspectorOnAFreshTable {

    @Test
    void malformedJsonIsReportedWithItsPositionAndNothingIsSent() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        inspector
                .editor()
                .editTextProperty()
                .set(
                        "{\"pk\": {\"S\": \"WS#acme\"},\n \"sk\": {\"S\": \"META\"},\n \"name\": {\"S\": \"x\" \"plan\": 1}");

        assertTrue(inspector.saves().save().isEmpty());

        EditProblem problem = inspector.editor().editProblemProperty().get();
        assertNotNull(problem);
        assertEquals(3, problem.line());
        assertTrue(problem.column() > 10, problem.describe());
        assertNull(inspector.editor().stagedDiffProperty().get());
        assertEquals(seen, read(key("WS#acme", "META")));
    }

    @Test
    void aKeyOfTheWrongTypeIsReportedAtItsAttributeAndNothingIsSent() {
        inspector.startCreate();
        inspector
                .editor()
                .editTextProperty()
                .set("{\n  \"pk\": {\"S\": \"WS#acme\"},\n  \"sk\": {\"N\": \"5\"}\n}");

        assertTrue(inspector.saves().save().isEmpty());

        EditProblem problem = inspector.editor().editProblemProperty().get();
        assertEquals("sk: the sort key must be of type S, not N", problem.message());
        assertEquals("sk", problem.path());
        assertEquals(3, problem.line());
        assertEquals(3, problem.column());
        List<Item> all = new ArrayList<>();
        repository.scan(
                ScanSpec.table(table), page -> all.addAll(page.items()), Cancellation.none());
        assertEquals(List.of(), all);
    }

    @Test
    void aTypeErrorInsideTheItemIsReportedAtItsPath() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        inspector
                .editor()
                .editTextProperty()
                .set(
                        "{\"pk\": {\"S\": \"WS#acme\"}, \"sk\": {\"S\": \"META\"},\n"
                                + " \"owner\": {\"M\": {\"id\": {\"N\": \"U#12\"}}}}");

        assertFalse(inspector.editor().stage());

        EditProblem problem = inspector.editor().editProblemProperty().get();
        assertEquals("owner.id", problem.path());
        assertEquals(2, problem.line());
        assertEquals(seen, read(key("WS#acme", "META")));
    }

    @Test
    void aKeyCannotBeChangedByAnEdit() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        replaceInEditor(inspector, "\"META\"", "\"PROJ#1\"");

        assertFalse(inspector.editor().stage());

        assertEquals("sk", inspector.editor().editProblemProperty().get().path());
        assertEquals(seen, read(key("WS#acme", "META")));
        assertNull(read(key("WS#acme", "PROJ#1")));
    }

    @Test
    void createStartsFromTheKeyOfTheSelectedCollectionAndRefusesATakenKey() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startCreate();
        assertEquals(EditKind.CREATE, inspector.editor().editKindProperty().get());
        assertEquals(
                item("pk", s("WS#acme"), "sk", s("")),
                ItemJson.DYNAMODB.readItem(inspector.editor().editTextProperty().get()));

        inspector
                .editor()
                .editTextProperty()
                .set(
                        "{\"pk\": {\"S\": \"WS#acme\"}, \"sk\": {\"S\": \"META\"}, \"name\": {\"S\": \"Other\"}}");
        await(inspector.saves().save());

        assertEquals(seen, inspector.saves().conflictProperty().get().current());
        assertEquals(seen, read(key("WS#acme", "META")));

        inspector.saves().keepEditing();
        inspector
                .editor()
                .editTextProperty()
                .set(
                        "{\"pk\": {\"S\": \"WS#acme\"}, \"sk\": {\"S\": \"PROJ#2026-0042\"}, \"name\": {\"S\": \"Other\"}}");
        await(inspector.saves().save());

        Item created = item("pk", s("WS#acme"), "sk", s("PROJ#2026-0042"), "name", s("Other"));
        assertEquals(created, read(key("WS#acme", "PROJ#2026-0042")));
        assertEquals(List.of(new ItemChange.Saved(table, created)), changes);
    }

    @Test
    void duplicateCopiesTheItemUnderANewKey() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startDuplicate();
        replaceInEditor(inspector, "\"META\"", "\"META-COPY\"");

        await(inspector.saves().save());

        assertEquals(
                seen.with("sk", s("META-COPY")).attributes(),
                read(key("WS#acme", "META-COPY")).attributes());
        assertEquals(seen, read(key("WS#acme", "META")));
    }

    @Test
    void plainJsonIsOfferedForItemsWithoutBinaryOrSetsAndSavesToo() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        assertTrue(inspector.editor().plainJsonEditableProperty().get());

        assertTrue(inspector.editor().switchFormat(EditFormat.PLAIN_JSON));
        replaceInEditor(inspector, "\"seats\": 12", "\"seats\": 13");
        await(inspector.saves().save());

        assertEquals(seen.with("seats", n(13)), read(key("WS#acme", "META")));

        Item withSet = stored(item("pk", s("a"), "sk", s("b"), "tags", AttributeValue.ss("x")));
        inspector.itemProperty().set(withSet);
        inspector.startEdit();
        assertFalse(inspector.editor().plainJsonEditableProperty().get());
        assertFalse(inspector.editor().switchFormat(EditFormat.PLAIN_JSON));
    }

    @Test
    void deletingSeveralItemsKeepsThoseChangedMeanwhile() {
        Item a = stored(item("pk", s("WS#acme"), "sk", s("PROJ#1"), "status", s("ACTIVE")));
        Item b = stored(item("pk", s("WS#acme"), "sk", s("PROJ#2"), "status", s("ACTIVE")));
        Item c = stored(item("pk", s("WS#acme"), "sk", s("PROJ#3"), "status", s("ACTIVE")));
        Item bNow = stored(b.with("status", s("ARCHIVED")));
        inspector.itemProperty().set(a);

        inspector.saves().requestDelete(List.of(a, b, c));
        assertEquals(List.of(a, b, c), inspector.saves().pendingDeleteProperty().get());
        assertNotNull(read(key("WS#acme", "PROJ#1")), "nothing is deleted before confirmation");
        await(inspector.saves().confirmDelete());

        assertNull(read(key("WS#acme", "PROJ#1")));
        assertEquals(bNow, read(key("WS#acme", "PROJ#2")));
        assertNull(read(key("WS#acme", "PROJ#3")));
        assertEquals(
                "Deleted 2 of 3 items; 1 had changed since you saw it and was kept. (2 WCU)",
                inspector.saves().statusProperty().get());
        assertNull(inspector.shownItemProperty().get());
        assertEquals(
                List.of(
                        new ItemChange.Deleted(table, key("WS#acme", "PROJ#1")),
                        new ItemChange.Saved(table, bNow),
                        new ItemChange.Deleted(table, key("WS#acme", "PROJ#3"))),
                changes);
    }

    @Test
    void aSaveFinishingAfterTheSelectionMovedKeepsTheNewSelectionAndAConflictStillReachesTheUser() {
        HeldExecutor held = new HeldExecutor();
        ItemInspectorViewModel inspector =
                new ItemInspectorViewModel(new BackgroundWork(held, UiExecutor.inline()));
        inspector.tableProperty().set(this.inspector.tableProperty().get());
        Item seen = workspace();
        Item other = stored(item("pk", s("WS#beta"), "sk", s("META")));
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        replaceInEditor(inspector, "\"Acme\"", "\"Acme Corp\"");
        Item theirs = stored(seen.with("plan", s("enterprise")));

        Optional<BackgroundWork.Handle> save = inspector.saves().save();
        inspector.itemProperty().set(other);
        held.runAll();
        await(save);

        assertEquals(other, inspector.shownItemProperty().get());
        assertNotNull(inspector.saves().conflictProperty().get());
        inspector.saves().keepEditing();
        assertTrue(inspector.editor().editingProperty().get());
        assertEquals(EditKind.EDIT, inspector.editor().editKindProperty().get());
        assertTrue(inspector.editor().editTextProperty().get().contains("\"Acme Corp\""));
        assertEquals(theirs, read(key("WS#acme", "META")));
    }

    @Test
    void theFormEditsNestedValuesAndAWrongValueSaysWhereAndWritesNothing() {
        Item seen = workspace();
        inspector.itemProperty().set(seen);
        inspector.startEdit();
        List<Field> fields = inspector.editor().formFieldsProperty().get();
        Field ownerName =
                fields.stream()
                        .filter(f -> f.path().equals("owner.name"))
                        .findFirst()
                        .orElseThrow();
        Field seats =
                fields.stream().filter(f -> f.path().equals("seats")).findFirst().orElseThrow();

        assertFalse(inspector.editor().setFormValue(seats, "twelve"));
        assertEquals("seats", inspector.editor().editProblemProperty().get().path());
        assertEquals(
                "seats: 'twelve' is not a number",
                inspector.editor().editProblemProperty().get().message());
        assertEquals(
                seen,
                read(seen.key(inspector.tableProperty().get().info().keySchema())),
                "nothing was written");

        assertTrue(inspector.editor().setFormValue(ownerName, "Mara V."));
        assertNull(inspector.editor().editProblemProperty().get());
        assertTrue(inspector.editor().stage());
        assertEquals(List.of("owner"), inspector.editor().stagedDiffProperty().get().attributes());
        await(inspector.saves().save());

        Item now = read(seen.key(inspector.tableProperty().get().info().keySchema()));
        assertEquals(
                m(Map.of("id", s("U#12"), "name", s("Mara V."))), now.attributes().get("owner"));
        assertEquals(seen.attributes().get("seats"), now.attributes().get("seats"));
    }
}
