package io.dynoscope.ui.table;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.repository.TableDefinition.IndexDefinition;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One secondary index as the person fills it in: its name, keys with their types, and what it
 * projects. A local index has the table's partition key, so only its sort key is filled in.
 */
public final class IndexRow {

    /** What an index copies from the table's items. */
    public enum Projection {
        ALL,
        KEYS_ONLY,
        INCLUDE
    }

    private final boolean local;
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty partitionKey = new SimpleStringProperty("");
    private final ObjectProperty<KeyType> partitionKeyType = new SimpleObjectProperty<>(KeyType.S);
    private final StringProperty sortKey = new SimpleStringProperty("");
    private final ObjectProperty<KeyType> sortKeyType = new SimpleObjectProperty<>(KeyType.S);
    private final ObjectProperty<Projection> projection =
            new SimpleObjectProperty<>(Projection.ALL);
    private final StringProperty nonKeyAttributes = new SimpleStringProperty("");

    private IndexRow(boolean local) {
        this.local = local;
    }

    public static IndexRow global() {
        return new IndexRow(false);
    }

    public static IndexRow local() {
        return new IndexRow(true);
    }

    public boolean isLocal() {
        return local;
    }

    public StringProperty nameProperty() {
        return name;
    }

    /** The index's partition key (a local index's is the table's, and this is not used). */
    public StringProperty partitionKeyProperty() {
        return partitionKey;
    }

    public ObjectProperty<KeyType> partitionKeyTypeProperty() {
        return partitionKeyType;
    }

    /** The sort key, or blank for none (a local index needs one). */
    public StringProperty sortKeyProperty() {
        return sortKey;
    }

    public ObjectProperty<KeyType> sortKeyTypeProperty() {
        return sortKeyType;
    }

    public ObjectProperty<Projection> projectionProperty() {
        return projection;
    }

    /** The attributes an INCLUDE projection copies, separated by commas. */
    public StringProperty nonKeyAttributesProperty() {
        return nonKeyAttributes;
    }

    /** Everything that changes the request, for list extractors. */
    Observable[] observables() {
        return new Observable[] {
            name, partitionKey, partitionKeyType, sortKey, sortKeyType, projection, nonKeyAttributes
        };
    }

    /**
     * The index as it is sent.
     *
     * @param tablePartitionKey the table's partition key, which a local index has too
     * @throws IllegalArgumentException saying what is missing
     */
    IndexDefinition definition(String tablePartitionKey) {
        String indexName = name.get().strip();
        String what = (local ? "local" : "global") + " index";
        if (indexName.isEmpty()) {
            throw new IllegalArgumentException("give the " + what + " a name");
        }
        String pk = local ? tablePartitionKey : partitionKey.get().strip();
        if (pk.isEmpty()) {
            throw new IllegalArgumentException(what + " '" + indexName + "' needs a partition key");
        }
        String sk = sortKey.get().strip();
        if (local && sk.isEmpty()) {
            throw new IllegalArgumentException(what + " '" + indexName + "' needs a sort key");
        }
        List<String> included =
                projection.get() == Projection.INCLUDE
                        ? Arrays.stream(nonKeyAttributes.get().split(","))
                                .map(String::strip)
                                .filter(a -> !a.isEmpty())
                                .toList()
                        : List.of();
        if (projection.get() == Projection.INCLUDE && included.isEmpty()) {
            throw new IllegalArgumentException(
                    what + " '" + indexName + "' projects INCLUDE: name the attributes it copies");
        }
        return new IndexDefinition(
                indexName,
                KeySchema.of(pk, sk.isEmpty() ? null : sk),
                projection.get().name(),
                included);
    }

    /** The key attributes this index declares, with their types (a local index: its sort key). */
    Map<String, String> keyTypes() {
        Map<String, String> types = new LinkedHashMap<>();
        if (!local && !partitionKey.get().isBlank()) {
            types.put(partitionKey.get().strip(), partitionKeyType.get().name());
        }
        if (!sortKey.get().isBlank()) {
            types.put(sortKey.get().strip(), sortKeyType.get().name());
        }
        return types;
    }
}
