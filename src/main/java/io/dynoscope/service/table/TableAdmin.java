package io.dynoscope.service.table;

import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.TableNames;
import io.dynoscope.core.table.TimeToLive;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.store.DynamoRepository;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Table administration: create a table (keys, indexes, billing, TTL), delete one, turn TTL on or
 * off, add or remove a global secondary index. Each operation is first a list of {@link
 * TableChange}s, which {@link #requestText} shows exactly as they will be sent, and then {@link
 * #apply}, which sends them, so a person sees the request before it goes.
 */
public final class TableAdmin {

    /** Per table; DynamoDB's documented quotas. */
    static final int MAX_GLOBAL_INDEXES = 20;

    static final int MAX_LOCAL_INDEXES = 5;

    /** The names DynamoDB takes for tables and indexes. */
    private final DynamoRepository repository;

    public TableAdmin(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
    }

    /**
     * The changes that create a table: CreateTable, then UpdateTimeToLive when a TTL attribute is
     * given.
     *
     * @throws IllegalArgumentException for a definition DynamoDB would refuse, saying why
     */
    public List<TableChange> creation(TableDefinition definition, Optional<String> ttlAttribute) {
        check(definition);
        List<TableChange> changes = new ArrayList<>();
        changes.add(new TableChange.CreateTable(definition));
        ttlAttribute.ifPresent(
                attribute ->
                        changes.add(
                                new TableChange.UpdateTimeToLive(
                                        definition.name(), attribute, true)));
        return changes;
    }

    /** The change that deletes a table. */
    public TableChange deletion(String table) {
        return new TableChange.DeleteTable(table);
    }

    /**
     * The change that turns TTL on by {@code attribute}, or off when it is empty (DynamoDB wants
     * the attribute named to turn it off, so it is read with DescribeTimeToLive).
     *
     * @throws IllegalArgumentException when turning off a TTL that is not on
     */
    public TableChange timeToLive(String table, Optional<String> attribute) {
        if (attribute.isPresent()) {
            return new TableChange.UpdateTimeToLive(table, attribute.get(), true);
        }
        TimeToLive current = repository.describeTimeToLive(table);
        if (!current.enabled() || current.attribute().isEmpty()) {
            throw new IllegalArgumentException(
                    "TTL is not on for table '" + table + "' (" + current.status() + ")");
        }
        return new TableChange.UpdateTimeToLive(table, current.attribute().get(), false);
    }

    /** The table's description: keys, indexes, billing. */
    public TableInfo description(String table) {
        return repository.describeTable(table);
    }

    /** The table's TTL, as DescribeTimeToLive reports it. */
    public TimeToLive timeToLive(String table) {
        return repository.describeTimeToLive(table);
    }

    /**
     * The change that adds a global secondary index to a table, with the key types it needs.
     *
     * @param keyTypes S, N or B of the index's key attributes not declared by the table already
     * @param capacity the index's capacity, needed when the table is provisioned
     */
    public TableChange indexAddition(
            String table,
            SecondaryIndex index,
            Map<String, String> keyTypes,
            Optional<Billing> capacity) {
        TableInfo info = repository.describeTable(table);
        Billing billing;
        if (Billing.PROVISIONED.equals(info.billingMode())) {
            billing =
                    capacity.filter(Billing::isProvisioned)
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    "table '"
                                                            + table
                                                            + "' is provisioned: give the index"
                                                            + " its read and write capacity"));
        } else {
            billing = Billing.onDemand();
        }
        requireName("index", index.name());
        if (info.indexes().stream().anyMatch(i -> i.name().equals(index.name()))) {
            throw new IllegalArgumentException(
                    "table '" + table + "' has an index '" + index.name() + "' already");
        }
        Map<String, String> types = new LinkedHashMap<>();
        for (String attribute : index.keySchema().attributes()) {
            String type = keyTypes.getOrDefault(attribute, info.keyAttributeTypes().get(attribute));
            if (type == null) {
                throw new IllegalArgumentException(
                        "give the type (S, N or B) of index key attribute '" + attribute + "'");
            }
            String declared = info.keyAttributeTypes().get(attribute);
            if (declared != null && !declared.equals(type)) {
                throw new IllegalArgumentException(
                        "attribute '"
                                + attribute
                                + "' is a key of type "
                                + declared
                                + " in table '"
                                + table
                                + "' already, not "
                                + type);
            }
            types.put(attribute, type);
        }
        return new TableChange.CreateGlobalIndex(table, index, types, billing);
    }

    /** The change that removes a global secondary index. */
    public TableChange indexRemoval(String table, String index) {
        TableInfo info = repository.describeTable(table);
        boolean global =
                info.globalSecondaryIndexes().stream().anyMatch(i -> i.name().equals(index));
        if (!global) {
            throw new IllegalArgumentException(
                    "table '"
                            + table
                            + "' has no global secondary index '"
                            + index
                            + "'"
                            + (info.localSecondaryIndexes().stream()
                                            .anyMatch(i -> i.name().equals(index))
                                    ? " (a local secondary index cannot be removed)"
                                    : ""));
        }
        return new TableChange.DeleteGlobalIndex(table, index);
    }

    /** The request the change sends, as the JSON of DynamoDB's API. Sends nothing. */
    public String requestText(TableChange change) {
        return repository.requestText(change);
    }

    /**
     * Sends the changes in order, each waited for (tables and indexes ACTIVE, or gone). Refuses a
     * read-only connection, and a table to create that exists ({@link TableExistsException}),
     * before sending any.
     */
    public void apply(List<TableChange> changes) {
        for (TableChange change : changes) {
            WriteAccess.require(
                    repository, change.operation() + " on table '" + change.table() + "'");
        }
        List<String> existing = null;
        for (TableChange change : changes) {
            if (change instanceof TableChange.CreateTable create) {
                existing = existing == null ? repository.listTables() : existing;
                if (existing.contains(create.table())) {
                    throw new TableExistsException(create.table(), "nothing was created");
                }
            }
        }
        changes.forEach(repository::changeTable);
    }

    /**
     * Deletes a table only when {@code confirmation} is its name typed again.
     *
     * @throws IllegalArgumentException when it is not
     */
    public void delete(String table, String confirmation) {
        if (!table.equals(confirmation)) {
            throw new IllegalArgumentException(
                    "to delete table '"
                            + table
                            + "', confirm with its name exactly"
                            + (confirmation == null ? "" : ", not '" + confirmation + "'"));
        }
        apply(List.of(deletion(table)));
    }

    /**
     * Refuses a table definition DynamoDB would refuse (names, indexes, key types), with the
     * reason, before anything is sent.
     */
    public static void check(TableDefinition definition) {
        requireName("table", definition.name());
        Set<String> used = new LinkedHashSet<>(definition.keySchema().attributes());
        Set<String> names = new LinkedHashSet<>();
        for (SecondaryIndex index : definition.globalSecondaryIndexes()) {
            requireNewName(names, index);
            used.addAll(index.keySchema().attributes());
        }
        for (SecondaryIndex index : definition.localSecondaryIndexes()) {
            requireNewName(names, index);
            if (definition.keySchema().sortKey().isEmpty()) {
                throw new IllegalArgumentException(
                        "local secondary index '"
                                + index.name()
                                + "' needs a table with a sort key");
            }
            if (!index.keySchema().partitionKey().equals(definition.keySchema().partitionKey())
                    || index.keySchema().sortKey().isEmpty()) {
                throw new IllegalArgumentException(
                        "local secondary index '"
                                + index.name()
                                + "' has the table's partition key '"
                                + definition.keySchema().partitionKey()
                                + "' and a sort key of its own");
            }
            used.addAll(index.keySchema().attributes());
        }
        if (definition.globalSecondaryIndexes().size() > MAX_GLOBAL_INDEXES) {
            throw new IllegalArgumentException(
                    "a table has at most " + MAX_GLOBAL_INDEXES + " global secondary indexes");
        }
        if (definition.localSecondaryIndexes().size() > MAX_LOCAL_INDEXES) {
            throw new IllegalArgumentException(
                    "a table has at most " + MAX_LOCAL_INDEXES + " local secondary indexes");
        }
        for (String attribute : used) {
            String type = definition.attributeTypes().get(attribute);
            if (type == null) {
                throw new IllegalArgumentException(
                        "key attribute '" + attribute + "' needs a type: S, N or B");
            }
            if (!KeyType.isDescriptor(type)) {
                throw new IllegalArgumentException(
                        "key attribute '"
                                + attribute
                                + "' is of type "
                                + type
                                + "; keys are S, N or B");
            }
        }
        for (String attribute : definition.attributeTypes().keySet()) {
            if (!used.contains(attribute)) {
                throw new IllegalArgumentException(
                        "attribute '"
                                + attribute
                                + "' is no key of the table or an index; only key attributes"
                                + " are declared");
            }
        }
    }

    private static void requireName(String what, String name) {
        TableNames.require(what, name);
    }

    private static void requireNewName(Set<String> names, SecondaryIndex index) {
        requireName("index", index.name());
        if (!names.add(index.name())) {
            throw new IllegalArgumentException("two indexes are named '" + index.name() + "'");
        }
    }
}
