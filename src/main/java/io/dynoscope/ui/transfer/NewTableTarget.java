package io.dynoscope.ui.transfer;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.transfer.NewTableImport;
import io.dynoscope.ui.common.ErrorMessages;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The import dialog's other target: a new table keyed by attributes of the file's items, its key
 * types read from the first items, and the CreateTable request it would send, shown as the person
 * chooses (nothing is sent until Import, after the whole file was checked).
 */
public final class NewTableTarget {

    private final NewTableImport service;
    private final BooleanProperty chosen = new SimpleBooleanProperty(false);
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty partitionKey = new SimpleStringProperty("");
    private final StringProperty sortKey = new SimpleStringProperty("");
    private final ObservableList<String> attributes = FXCollections.observableArrayList();
    private final Map<String, String> types = new HashMap<>();
    private final ReadOnlyStringWrapper createRequest = new ReadOnlyStringWrapper("");

    /**
     * @param service the connection's new-table imports, or null where no table can be created
     */
    NewTableTarget(NewTableImport service) {
        this.service = service;
        for (Observable input : List.<Observable>of(chosen, name, partitionKey, sortKey)) {
            input.addListener(o -> describe());
        }
    }

    /** Whether a new table can be the target here. */
    public boolean available() {
        return service != null;
    }

    /** Whether the import goes into a new table rather than the one it was opened on. */
    public BooleanProperty chosenProperty() {
        return chosen;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty partitionKeyProperty() {
        return partitionKey;
    }

    /** The sort key's attribute, or empty for a table without one. */
    public StringProperty sortKeyProperty() {
        return sortKey;
    }

    /** The attributes of the first items, to choose the keys from. */
    public ObservableList<String> attributes() {
        return attributes;
    }

    /** The CreateTable request that Import sends first (DynamoDB's JSON), or why there is none. */
    public ReadOnlyStringProperty createRequestProperty() {
        return createRequest.getReadOnlyProperty();
    }

    boolean isChosen() {
        return available() && chosen.get();
    }

    NewTableImport service() {
        return service;
    }

    /**
     * Takes the attributes and key types of the first items; the first two attributes (an export's
     * keys come first) are proposed as the keys until the person chooses.
     */
    void learn(List<Item> items) {
        for (Item item : items) {
            item.attributes()
                    .forEach(
                            (attribute, value) -> {
                                if (!attributes.contains(attribute)) {
                                    attributes.add(attribute);
                                }
                                types.put(attribute, typeOf(value));
                            });
        }
        proposeKeys();
        describe();
    }

    private void proposeKeys() {
        if (text(partitionKey).isEmpty() && !attributes.isEmpty()) {
            partitionKey.set(attributes.get(0));
            if (text(sortKey).isEmpty() && attributes.size() > 1) {
                sortKey.set(attributes.get(1));
            }
        }
    }

    /** Takes a CSV's column names; their types come from the items the preview reads. */
    void learnNames(List<String> names) {
        names.stream().filter(n -> !attributes.contains(n)).forEach(attributes::add);
        proposeKeys();
        describe();
    }

    /**
     * The table to create.
     *
     * @throws IllegalArgumentException when the name or a key is missing or a key is no scalar
     */
    TableDefinition definition() {
        String table = text(name);
        String partition = text(partitionKey);
        String sort = text(sortKey);
        if (table.isEmpty()) {
            throw new IllegalArgumentException("name the new table");
        }
        if (partition.isEmpty()) {
            throw new IllegalArgumentException("choose the new table's partition key");
        }
        if (partition.equals(sort)) {
            throw new IllegalArgumentException("the partition and sort keys must differ");
        }
        Map<String, String> keyTypes = new LinkedHashMap<>();
        keyTypes.put(partition, keyType(partition));
        if (!sort.isEmpty()) {
            keyTypes.put(sort, keyType(sort));
        }
        return new TableDefinition(
                table,
                KeySchema.of(partition, sort.isEmpty() ? null : sort),
                keyTypes,
                List.of(),
                List.of());
    }

    private String keyType(String attribute) {
        String type = types.getOrDefault(attribute, "S");
        if (!KeyType.isDescriptor(type)) {
            throw new IllegalArgumentException(
                    attribute + " holds " + type + " values; a key is a string, number or binary");
        }
        return type;
    }

    private void describe() {
        if (!isChosen()) {
            createRequest.set("");
            return;
        }
        try {
            createRequest.set(service.createRequest(definition()));
        } catch (IllegalArgumentException e) {
            createRequest.set(ErrorMessages.sentence(e.getMessage()));
        }
    }

    private static String text(StringProperty field) {
        return field.get() == null ? "" : field.get().strip();
    }

    private static String typeOf(AttributeValue value) {
        return value.type().descriptor();
    }
}
