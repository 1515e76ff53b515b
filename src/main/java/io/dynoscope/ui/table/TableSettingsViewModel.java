package io.dynoscope.ui.table;

import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.TimeToLive;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.ErrorMessages;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A table's settings that can change after it is created: its time to live, its global secondary
 * indexes (added or removed), and the table itself (deleted, only after its name is typed). Each
 * change is first reviewed — the exact request is shown — and then sent; changing the form after a
 * review withdraws it, so what is sent is always what was shown.
 */
public final class TableSettingsViewModel {

    /** What the local engine (dynalite) does not do with these changes. */
    public static final String LOCAL_ENGINE_NOTE =
            "On dynalite (the local sandbox): UpdateTimeToLive is refused; a new global index is"
                    + " refused without ProvisionedThroughput even on an on-demand table, and index"
                    + " changes on a provisioned table are accepted but never made (Dynoscope"
                    + " reports that). DynamoDB Local and AWS make them.";

    private final String table;
    private final TableAdmin admin;
    private final BackgroundWork work;
    private final boolean localEngine;

    private final ReadOnlyObjectWrapper<TableInfo> info = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper ttlStatus = new ReadOnlyStringWrapper("reading…");
    private final ObservableList<SecondaryIndex> indexes = FXCollections.observableArrayList();
    private final StringProperty ttlAttribute = new SimpleStringProperty("");
    private final IndexRow newIndex = IndexRow.global();
    private final IntegerProperty readCapacity = new SimpleIntegerProperty(5);
    private final IntegerProperty writeCapacity = new SimpleIntegerProperty(5);
    private final StringProperty confirmation = new SimpleStringProperty("");

    private final ReadOnlyObjectWrapper<TableChange> pending = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper requestText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper deleted = new ReadOnlyBooleanWrapper(false);
    private final BooleanBinding canSend;

    /**
     * @param connection where the table is, when known (a local endpoint gets a note on what its
     *     engine does not do)
     */
    public TableSettingsViewModel(
            String table,
            TableAdmin admin,
            Optional<ConnectionSpec> connection,
            BackgroundWork work) {
        this.table = Objects.requireNonNull(table, "table");
        this.admin = Objects.requireNonNull(admin, "admin");
        this.work = Objects.requireNonNull(work, "work");
        this.localEngine = connection.filter(ConnectionSpec.Endpoint.class::isInstance).isPresent();
        for (Observable input : newIndex.observables()) {
            input.addListener(o -> withdrawIf(TableChange.CreateGlobalIndex.class));
        }
        readCapacity.addListener(o -> withdrawIf(TableChange.CreateGlobalIndex.class));
        writeCapacity.addListener(o -> withdrawIf(TableChange.CreateGlobalIndex.class));
        ttlAttribute.addListener(o -> withdrawIf(TableChange.UpdateTimeToLive.class));
        canSend =
                Bindings.createBooleanBinding(
                        () ->
                                pending.get() != null
                                        && !running.get()
                                        && !deleted.get()
                                        && (!(pending.get() instanceof TableChange.DeleteTable)
                                                || table.equals(confirmation.get())),
                        pending,
                        running,
                        deleted,
                        confirmation);
    }

    public String table() {
        return table;
    }

    /** A note on what the connection's engine does not do, or empty on AWS. */
    public String engineNote() {
        return localEngine ? LOCAL_ENGINE_NOTE : "";
    }

    // ---- the table as it is ------------------------------------------------------------------

    /** Reads the table's description and its time to live. */
    public BackgroundWork.Handle load() {
        running.set(true);
        return work.submit(
                "describe " + table,
                cancellation -> new Described(admin.description(table), admin.timeToLive(table)),
                described -> {
                    running.set(false);
                    show(described);
                },
                error -> {
                    running.set(false);
                    problem.set(ErrorMessages.describe(error));
                });
    }

    private record Described(TableInfo info, TimeToLive timeToLive) {}

    private void show(Described described) {
        info.set(described.info());
        indexes.setAll(described.info().indexes());
        TimeToLive ttl = described.timeToLive();
        ttlStatus.set(
                ttl.attribute().isPresent()
                        ? ttl.status() + " on attribute '" + ttl.attribute().get() + "'"
                        : ttl.status());
        if (ttl.attribute().isPresent() && ttlAttribute.get().isBlank()) {
            ttlAttribute.set(ttl.attribute().get());
        }
    }

    public ReadOnlyObjectProperty<TableInfo> infoProperty() {
        return info.getReadOnlyProperty();
    }

    /** The secondary indexes, global then local. */
    public ObservableList<SecondaryIndex> indexes() {
        return indexes;
    }

    /** DescribeTimeToLive's answer: ENABLED on attribute 'expiresAt', DISABLED… */
    public ReadOnlyStringProperty ttlStatusProperty() {
        return ttlStatus.getReadOnlyProperty();
    }

    /** Whether the table is billed by provisioned capacity (a new index needs its own). */
    public boolean provisioned() {
        return info.get() != null && Billing.PROVISIONED.equals(info.get().billingMode());
    }

    // ---- the changes ------------------------------------------------------------------------

    /** The attribute to turn TTL on by. */
    public StringProperty ttlAttributeProperty() {
        return ttlAttribute;
    }

    /** The global index to add. */
    public IndexRow newIndex() {
        return newIndex;
    }

    /** The new index's read capacity, when the table is provisioned. */
    public IntegerProperty readCapacityProperty() {
        return readCapacity;
    }

    /** The new index's write capacity, when the table is provisioned. */
    public IntegerProperty writeCapacityProperty() {
        return writeCapacity;
    }

    /** The table's name typed again, which deleting it needs. */
    public StringProperty confirmationProperty() {
        return confirmation;
    }

    /** Shows the UpdateTimeToLive request that turns TTL on by the attribute given. */
    public BackgroundWork.Handle reviewTimeToLiveOn() {
        String attribute = ttlAttribute.get().strip();
        if (attribute.isEmpty()) {
            refuse("Name the attribute that holds each item's expiry (epoch seconds).");
            return null;
        }
        return review(() -> admin.timeToLive(table, Optional.of(attribute)));
    }

    /** Shows the UpdateTimeToLive request that turns TTL off (reads which attribute it is on). */
    public BackgroundWork.Handle reviewTimeToLiveOff() {
        return review(() -> admin.timeToLive(table, Optional.empty()));
    }

    /** Shows the UpdateTable request that adds the new global index. */
    public BackgroundWork.Handle reviewIndexAddition() {
        SecondaryIndex index;
        try {
            index = newIndex.definition("");
        } catch (IllegalArgumentException e) {
            refuse(ErrorMessages.sentence(e.getMessage()));
            return null;
        }
        // an attribute the table declares keeps its type; the request shows it
        Map<String, String> keyTypes = new LinkedHashMap<>(newIndex.keyTypes());
        if (info.get() != null) {
            keyTypes.keySet().removeAll(info.get().keyAttributeTypes().keySet());
        }
        Optional<Billing> capacity =
                provisioned()
                        ? Optional.of(Billing.provisioned(readCapacity.get(), writeCapacity.get()))
                        : Optional.empty();
        return review(() -> admin.indexAddition(table, index, keyTypes, capacity));
    }

    /** Shows the UpdateTable request that removes a global index. */
    public BackgroundWork.Handle reviewIndexRemoval(String index) {
        return review(() -> admin.indexRemoval(table, index));
    }

    /** Shows the DeleteTable request; it is sent only once the table's name is typed again. */
    public BackgroundWork.Handle reviewDeletion() {
        return review(() -> admin.deletion(table));
    }

    /** A change built in the background (some read the table first). */
    @FunctionalInterface
    private interface Review {
        TableChange change();
    }

    private BackgroundWork.Handle review(Review review) {
        pending.set(null);
        requestText.set("");
        problem.set("");
        status.set("");
        running.set(true);
        return work.submit(
                "review a change of " + table,
                cancellation -> review.change(),
                change -> {
                    running.set(false);
                    pending.set(change);
                    requestText.set(change.operation() + "\n" + admin.requestText(change));
                    status.set(
                            change instanceof TableChange.DeleteTable
                                    ? "Type the table's name to delete it."
                                    : "Review the request, then send it.");
                },
                error -> {
                    running.set(false);
                    refuse(ErrorMessages.sentence(ErrorMessages.describe(error)));
                });
    }

    private void refuse(String why) {
        pending.set(null);
        requestText.set("");
        problem.set(why);
    }

    /** A form change withdraws a review of that kind of change. */
    private void withdrawIf(Class<? extends TableChange> kind) {
        if (kind.isInstance(pending.get())) {
            pending.set(null);
            requestText.set("");
            status.set("The form changed: review the request again.");
        }
    }

    /** The change reviewed, to be sent; null when none is. */
    public ReadOnlyObjectProperty<TableChange> pendingProperty() {
        return pending.getReadOnlyProperty();
    }

    /** The exact request of the change reviewed, headed by its operation. */
    public ReadOnlyStringProperty requestTextProperty() {
        return requestText.getReadOnlyProperty();
    }

    /** Why the last review or send was refused, or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Whether the table was deleted (the dialog has nothing left to change). */
    public ReadOnlyBooleanProperty deletedProperty() {
        return deleted.getReadOnlyProperty();
    }

    /** Whether the change reviewed can be sent now (a deletion once the name is typed). */
    public BooleanBinding canSendProperty() {
        return canSend;
    }

    /** Sends the change reviewed, and waits until DynamoDB has made it. */
    public BackgroundWork.Handle send() {
        if (!canSend.get()) {
            return null;
        }
        TableChange change = pending.get();
        String typed = confirmation.get();
        running.set(true);
        problem.set("");
        status.set("Sending " + change.operation() + "…");
        return work.submit(
                change.operation() + " on " + table,
                cancellation -> {
                    if (change instanceof TableChange.DeleteTable) {
                        admin.delete(table, typed);
                        return null;
                    }
                    admin.apply(List.of(change));
                    return new Described(admin.description(table), admin.timeToLive(table));
                },
                described -> {
                    running.set(false);
                    pending.set(null);
                    if (described == null) {
                        deleted.set(true);
                        status.set("Deleted table " + table + ".");
                    } else {
                        show(described);
                        status.set(
                                "Sent "
                                        + change.operation()
                                        + "; table changes consume no capacity units.");
                    }
                },
                error -> {
                    running.set(false);
                    problem.set(
                            ErrorMessages.sentence(ErrorMessages.describe(error))
                                    + (localEngine ? " (" + LOCAL_ENGINE_NOTE + ")" : ""));
                });
    }
}
