package io.dynoscope.ui.table;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
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

    private final boolean local;
    private final StringProperty name = new SimpleStringProperty("");
    private final KeyFields keys = new KeyFields();
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

    /**
     * The index's keys: a local index's partition key is the table's (its field is not used) and it
     * needs a sort key.
     */
    public KeyFields keys() {
        return keys;
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
        List<Observable> all = new ArrayList<>(List.of(keys.observables()));
        all.addAll(List.of(name, projection, nonKeyAttributes));
        return all.toArray(Observable[]::new);
    }

    /**
     * The index as it is sent.
     *
     * @param tablePartitionKey the table's partition key, which a local index has too
     * @throws IllegalArgumentException saying what is missing
     */
    SecondaryIndex definition(String tablePartitionKey) {
        String indexName = name.get().strip();
        String what = (local ? "local" : "global") + " index";
        if (indexName.isEmpty()) {
            throw new IllegalArgumentException("give the " + what + " a name");
        }
        String pk = local ? tablePartitionKey : keys.partitionKey();
        if (pk.isEmpty()) {
            throw new IllegalArgumentException(what + " '" + indexName + "' needs a partition key");
        }
        String sk = keys.sortKey();
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
        return new SecondaryIndex(
                indexName,
                !local,
                KeySchema.of(pk, sk.isEmpty() ? null : sk),
                projection.get().name(),
                included);
    }

    /** The key attributes this index declares, with their types (a local index: its sort key). */
    Map<String, String> keyTypes() {
        Map<String, String> types = new LinkedHashMap<>();
        keys.putTypes(types, !local);
        return types;
    }
}
