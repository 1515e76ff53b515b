package io.dynoscope.ui.item;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFields.Field;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.testsupport.HeldExecutor;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.item.ItemEditor.EditFormat;
import io.dynoscope.ui.item.ItemEditor.EditKind;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The inspector's view model against the real local engine, with results handed back inline. */
class ItemInspectorViewModelTest {

    private final DynamoRepository repository = TestEngine.repository();
    private final BackgroundWork work =
            new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());
    private final List<ItemChange> changes = new ArrayList<>();
    private String table;
    private ItemInspectorViewModel inspector;

    @BeforeEach
    void openInspectorOnAFreshTable() {
        table = TestEngine.freshTable("inspector");
        inspector = new ItemInspectorViewModel(work);
        inspector
                .tableProperty()
                .set(
                        new InspectedTable(
                                repository.describeTable(table),
                                new ConnectionServices(repository)));
        inspector.addItemChangeListener(changes::add);
    }

    @AfterEach
    void stopWork() {
        work.shutdown();
    }

    private static Item item(Object... nameValuePairs) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            attributes.put((String) nameValuePairs[i], (AttributeValue) nameValuePairs[i + 1]);
        }
        return Item.of(attributes);
    }

    private static Key key(String pk, String sk) {
        return Key.of("pk", s(pk), "sk", s(sk));
    }

    /** Edits the editor's text as a person would type over a part of it. */
    private static void replaceInEditor(
            ItemInspectorViewModel inspector, String part, String replacement) {
        StringProperty text = inspector.editor().editTextProperty();
        text.set(text.get().replace(part, replacement));
    }

    private Item stored(Item item) {
        repository.putItem(table, item, (CompiledExpression) null);
        return read(item.key(inspector.tableProperty().get().info().keySchema()));
    }

    private Item read(Key key) {
        return repository.getItem(table, key, true).item().orElse(null);
    }

    private static void await(Optional<BackgroundWork.Handle> handle) {
        assertTrue(handle.isPresent(), "expected the work to be sent");
        handle.get().await();
    }

    private Item workspace() {
        return stored(
                item(
                        "pk",
                        s("WS#acme"),
                        "sk",
                        s("META"),
                        "name",
                        s("Acme"),
                        "plan",
                        s("pro"),
                        "seats",
                        n(12),
                        "owner",
                        m(Map.of("id", s("U#12"), "name", s("Mara Vance")))));
    }

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

    private static String statusOf(ItemInspectorViewModel inspector) {
        return inspector.saves().statusProperty().get();
    }

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
