package io.dynoscope.ui.item;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.write.ItemChange;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The inspector's view model on a fresh table of the real local engine, with results handed back
 * inline: what its tests share.
 */
abstract class InspectorOnAFreshTable {

    final DynamoRepository repository = TestEngine.repository();
    final BackgroundWork work =
            new BackgroundWork(Executors.newSingleThreadExecutor(), UiExecutor.inline());
    final List<ItemChange> changes = new ArrayList<>();
    String table;
    ItemInspectorViewModel inspector;

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

    static Item item(Object... nameValuePairs) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            attributes.put((String) nameValuePairs[i], (AttributeValue) nameValuePairs[i + 1]);
        }
        return Item.of(attributes);
    }

    static Key key(String pk, String sk) {
        return Key.of("pk", s(pk), "sk", s(sk));
    }

    /** Edits the editor's text as a person would type over a part of it. */
    static void replaceInEditor(ItemInspectorViewModel inspector, String part, String replacement) {
        StringProperty text = inspector.editor().editTextProperty();
        text.set(text.get().replace(part, replacement));
    }

    Item stored(Item item) {
        repository.putItem(table, item, (CompiledExpression) null);
        return read(item.key(inspector.tableProperty().get().info().keySchema()));
    }

    Item read(Key key) {
        return repository.getItem(table, key, true).item().orElse(null);
    }

    static void await(Optional<BackgroundWork.Handle> handle) {
        assertTrue(handle.isPresent(), "expected the work to be sent");
        handle.get().await();
    }

    Item workspace() {
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

    static String statusOf(ItemInspectorViewModel inspector) {
        return inspector.saves().statusProperty().get();
    }
}
