package io.dynoscope.ui.table;

import io.dynoscope.core.table.KeyType;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** A key schema as the person fills it in: the partition and sort keys with their types. */
public final class KeyFields {

    private final StringProperty partitionKey = new SimpleStringProperty("");
    private final ObjectProperty<KeyType> partitionKeyType = new SimpleObjectProperty<>(KeyType.S);
    private final StringProperty sortKey = new SimpleStringProperty("");
    private final ObjectProperty<KeyType> sortKeyType = new SimpleObjectProperty<>(KeyType.S);

    public StringProperty partitionKeyProperty() {
        return partitionKey;
    }

    public ObjectProperty<KeyType> partitionKeyTypeProperty() {
        return partitionKeyType;
    }

    /** The sort key, or blank for none. */
    public StringProperty sortKeyProperty() {
        return sortKey;
    }

    public ObjectProperty<KeyType> sortKeyTypeProperty() {
        return sortKeyType;
    }

    /** The partition key as sent (stripped). */
    String partitionKey() {
        return partitionKey.get().strip();
    }

    /** The sort key as sent (stripped), empty for none. */
    String sortKey() {
        return sortKey.get().strip();
    }

    /**
     * Puts the keys filled in, with their types, into {@code types}: the partition key only when
     * {@code withPartitionKey}.
     */
    void putTypes(Map<String, String> types, boolean withPartitionKey) {
        if (withPartitionKey && !partitionKey().isEmpty()) {
            types.put(partitionKey(), partitionKeyType.get().name());
        }
        if (!sortKey().isEmpty()) {
            types.put(sortKey(), sortKeyType.get().name());
        }
    }

    Observable[] observables() {
        return new Observable[] {partitionKey, partitionKeyType, sortKey, sortKeyType};
    }
}
