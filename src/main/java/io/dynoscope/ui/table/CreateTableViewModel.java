package io.dynoscope.ui.table;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.CapacityFields;
import io.dynoscope.ui.common.ErrorMessages;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The create-table form: the table's keys and their types, global and local secondary indexes with
 * their projections, billing with its capacity, and a TTL attribute. As the person types, it shows
 * the exact requests that will be sent (CreateTable, then UpdateTimeToLive for a TTL attribute) or
 * what DynamoDB would refuse; {@link #create} sends what is shown.
 */
public final class CreateTableViewModel {

    /** What the local engine (dynalite) does not do, for a person creating a table on it. */
    public static final String LOCAL_ENGINE_NOTE =
            "On dynalite (the local sandbox) UpdateTimeToLive is refused: the table is created"
                    + " without its TTL. DynamoDB Local and AWS set it.";

    private final TableAdmin admin;
    private final BackgroundWork work;
    private final boolean localEngine;

    private final StringProperty tableName = new SimpleStringProperty("");
    private final KeyFields keys = new KeyFields();
    private final ObservableList<IndexRow> globalIndexes =
            FXCollections.observableArrayList(IndexRow::observables);
    private final ObservableList<IndexRow> localIndexes =
            FXCollections.observableArrayList(IndexRow::observables);
    private final CapacityFields capacity = new CapacityFields();
    private final StringProperty ttlAttribute = new SimpleStringProperty("");

    private final ReadOnlyStringWrapper requestText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper canCreate = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper created = new ReadOnlyStringWrapper();

    private List<TableChange> changes = List.of();

    /**
     * @param connection where the table is created, when known (a local endpoint gets a note on
     *     what its engine does not do)
     */
    public CreateTableViewModel(
            TableAdmin admin, Optional<ConnectionSpec> connection, BackgroundWork work) {
        this.admin = Objects.requireNonNull(admin, "admin");
        this.work = Objects.requireNonNull(work, "work");
        this.localEngine = connection.filter(ConnectionSpec.Endpoint.class::isInstance).isPresent();
        List<Observable> inputs = new ArrayList<>(List.of(keys.observables()));
        inputs.addAll(
                List.of(
                        tableName,
                        capacity.provisionedProperty(),
                        capacity.readCapacityProperty(),
                        capacity.writeCapacityProperty(),
                        ttlAttribute));
        for (Observable input : inputs) {
            input.addListener(o -> edited());
        }
        globalIndexes.addListener((ListChangeListener<IndexRow>) c -> edited());
        localIndexes.addListener((ListChangeListener<IndexRow>) c -> edited());
        refresh();
    }

    // ---- the form --------------------------------------------------------------------------

    public StringProperty tableNameProperty() {
        return tableName;
    }

    /** The table's keys (the sort key blank for a table without one). */
    public KeyFields keys() {
        return keys;
    }

    public ObservableList<IndexRow> globalIndexes() {
        return globalIndexes;
    }

    public ObservableList<IndexRow> localIndexes() {
        return localIndexes;
    }

    public IndexRow addGlobalIndex() {
        IndexRow row = IndexRow.global();
        globalIndexes.add(row);
        return row;
    }

    public IndexRow addLocalIndex() {
        IndexRow row = IndexRow.local();
        localIndexes.add(row);
        return row;
    }

    public void removeIndex(IndexRow row) {
        globalIndexes.remove(row);
        localIndexes.remove(row);
    }

    /** How the table and its global indexes are billed. */
    public CapacityFields capacity() {
        return capacity;
    }

    /** The attribute holding each item's expiry (epoch seconds), or blank for no TTL. */
    public StringProperty ttlAttributeProperty() {
        return ttlAttribute;
    }

    // ---- what it sends ---------------------------------------------------------------------

    /** The exact requests the form sends, in order, each headed by its operation. */
    public ReadOnlyStringProperty requestTextProperty() {
        return requestText.getReadOnlyProperty();
    }

    /** What DynamoDB would refuse in the form as it is, or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canCreateProperty() {
        return canCreate.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** What the last create did, or why it failed. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The name of the table created, once it is (null before). */
    public ReadOnlyStringProperty createdProperty() {
        return created.getReadOnlyProperty();
    }

    /** A note on what the connection's engine does not do, or empty on AWS. */
    public String engineNote() {
        return localEngine ? LOCAL_ENGINE_NOTE : "";
    }

    /** Whether the user has changed the form: a blank form is not a mistake yet. */
    private boolean edited;

    private void edited() {
        edited = true;
        refresh();
    }

    /** Recomputes the requests, or the problem (once the form was edited), from the form. */
    private void refresh() {
        try {
            TableDefinition definition = definition();
            String ttl = ttlAttribute.get().strip();
            changes =
                    admin.creation(definition, ttl.isEmpty() ? Optional.empty() : Optional.of(ttl));
            problem.set("");
            requestText.set(
                    changes.stream()
                            .map(change -> change.operation() + "\n" + admin.requestText(change))
                            .collect(Collectors.joining("\n\n")));
        } catch (IllegalArgumentException e) {
            changes = List.of();
            problem.set(edited ? ErrorMessages.sentence(e.getMessage()) : "");
            requestText.set("");
        }
        // once created, the form is done: the same request would only be refused
        canCreate.set(!changes.isEmpty() && !running.get() && created.get() == null);
    }

    private TableDefinition definition() {
        String name = tableName.get().strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("give the table a name");
        }
        String pk = keys.partitionKey();
        if (pk.isEmpty()) {
            throw new IllegalArgumentException("give the table's partition key");
        }
        String sk = keys.sortKey();
        Map<String, String> types = new LinkedHashMap<>();
        keys.putTypes(types, true);
        List<SecondaryIndex> globals = new ArrayList<>();
        List<SecondaryIndex> locals = new ArrayList<>();
        for (IndexRow row : globalIndexes) {
            globals.add(row.definition(pk));
            declare(types, row);
        }
        for (IndexRow row : localIndexes) {
            locals.add(row.definition(pk));
            declare(types, row);
        }
        return new TableDefinition(
                name,
                KeySchema.of(pk, sk.isEmpty() ? null : sk),
                types,
                globals,
                locals,
                capacity.billing());
    }

    /** Adds an index's key types; an attribute declared twice must have one type. */
    private static void declare(Map<String, String> types, IndexRow row) {
        row.keyTypes()
                .forEach(
                        (attribute, type) -> {
                            String earlier = types.putIfAbsent(attribute, type);
                            if (earlier != null && !earlier.equals(type)) {
                                throw new IllegalArgumentException(
                                        "attribute '"
                                                + attribute
                                                + "' is a key of type "
                                                + earlier
                                                + " already; index '"
                                                + row.nameProperty().get().strip()
                                                + "' gives it type "
                                                + type);
                            }
                        });
    }

    // ---- sending -----------------------------------------------------------------------------

    /**
     * Sends the requests shown, one after the other; says what was done, and what failed (a table
     * created without its TTL says so).
     */
    public BackgroundWork.Handle create() {
        if (!canCreate.get()) {
            return null;
        }
        List<TableChange> sent = changes;
        String name = sent.get(0).table();
        running.set(true);
        canCreate.set(false);
        status.set("Creating table " + name + "…");
        return work.submit(
                "create table " + name,
                cancellation -> apply(sent),
                result -> {
                    running.set(false);
                    if (result.done() > 0) {
                        created.set(name);
                    }
                    status.set(result.text());
                    refresh();
                },
                error -> {
                    running.set(false);
                    status.set(ErrorMessages.describe(error));
                    refresh();
                });
    }

    /** How many changes were made, and a sentence on it. */
    private record Applied(int done, String text) {}

    private Applied apply(List<TableChange> sent) {
        String name = sent.get(0).table();
        int done = 0;
        for (TableChange change : sent) {
            try {
                admin.apply(List.of(change));
                done++;
            } catch (RuntimeException e) {
                if (done == 0) {
                    throw e;
                }
                return new Applied(
                        done,
                        "Created table "
                                + name
                                + ", but "
                                + change.operation()
                                + " failed: "
                                + ErrorMessages.describe(e)
                                + (localEngine ? " (" + LOCAL_ENGINE_NOTE + ")" : ""));
            }
        }
        return new Applied(
                done,
                "Created table "
                        + name
                        + " ("
                        + done
                        + (done == 1 ? " request" : " requests")
                        + "; table changes consume no capacity units).");
    }
}
