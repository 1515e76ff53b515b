package io.dynoscope.service.sql;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.model.LiveModelInference;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.DynamoRepository;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The relations one connection offers SQL: every table, and every entity of the table models the
 * console was given, as a view. Nothing is read for a name until a statement uses it: a table is
 * described the first time a statement names it (or a view of it), once for the console's life.
 *
 * <p>A relation's columns are what is known without reading items: the table's and its indexes' key
 * attributes, an entity's key templates' variables and the attributes its model lists. A relation
 * whose model lists no attributes (a table, an entity given without them) is <em>open</em>: when a
 * statement needs more of its columns (an attribute beyond its keys, or {@code *}), its table is
 * sampled, once: the first {@value #SAMPLE_SIZE} items (one Scan request, counted in that
 * statement's cost), whose attributes become columns.
 */
public final class SqlCatalog {

    /** The items one sampling Scan reads to type a table's columns. */
    public static final int SAMPLE_SIZE = 200;

    private final DynamoRepository repository;
    private final Map<String, TableModel> models = new LinkedHashMap<>();
    private final Map<String, TableInfo> descriptions = new ConcurrentHashMap<>();
    private final Map<String, List<Item>> samples = new ConcurrentHashMap<>();
    private final Map<String, SqlRelation> relations = new ConcurrentHashMap<>();
    private volatile List<String> tableNames;

    public SqlCatalog(DynamoRepository repository, List<TableModel> tableModels) {
        this.repository = repository;
        tableModels.forEach(m -> models.put(m.table(), m));
    }

    /** The models the console knows. */
    public synchronized List<TableModel> models() {
        return List.copyOf(models.values());
    }

    /** Every name SQL can use: the tables, then the entity views of each model. */
    public List<String> names() {
        List<String> names = new ArrayList<>(tables());
        for (TableModel model : models()) {
            for (Entity entity : model.entities()) {
                if (!names.contains(entity.name())) {
                    names.add(entity.name());
                }
            }
        }
        return names;
    }

    /** The connection's tables (one ListTables, asked once). */
    public List<String> tables() {
        List<String> names = tableNames;
        if (names == null) {
            names = List.copyOf(repository.listTables());
            tableNames = names;
        }
        return names;
    }

    /** Whether SQL can use {@code name}; reads nothing but the list of tables. */
    public boolean contains(String name) {
        return tables().contains(name) || entity(name).isPresent();
    }

    /** The model and entity a view name stands for, when it is not a table's name. */
    private Optional<Map.Entry<TableModel, Entity>> entity(String name) {
        if (tables().contains(name)) {
            return Optional.empty();
        }
        for (TableModel model : models()) {
            Optional<Entity> entity = model.entity(name);
            if (entity.isPresent()) {
                return Optional.of(Map.entry(model, entity.get()));
            }
        }
        return Optional.empty();
    }

    /** The table whose items the relation {@code name} shows, if there is such a relation. */
    public Optional<String> tableOf(String name) {
        if (tables().contains(name)) {
            return Optional.of(name);
        }
        return entity(name).map(e -> e.getKey().table());
    }

    /**
     * The relation SQL calls {@code name}, if any, with the columns known so far: its table is
     * described (once) but not read.
     */
    public Optional<SqlRelation> relation(String name) {
        SqlRelation known = relations.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        SqlRelation built;
        if (tables().contains(name)) {
            built = tableRelation(name);
        } else {
            Optional<Map.Entry<TableModel, Entity>> entity = entity(name);
            if (entity.isEmpty()) {
                return Optional.empty();
            }
            built = entityRelation(entity.get().getKey(), entity.get().getValue());
        }
        relations.put(name, built);
        return Optional.of(built);
    }

    /**
     * Whether more of the relation's columns may exist than it has now: it lists no attributes of
     * its own and its table has not been sampled yet.
     */
    public boolean isOpen(String name) {
        Optional<String> table = tableOf(name);
        if (table.isEmpty() || samples.containsKey(table.get())) {
            return false;
        }
        return entity(name).map(e -> e.getValue().attributes().isEmpty()).orElse(true);
    }

    /** The table's description (keys, indexes, item count and size), asked once. */
    public TableInfo describe(String table) {
        return descriptions.computeIfAbsent(table, repository::describeTable);
    }

    private SqlRelation tableRelation(String table) {
        TableInfo info = describe(table);
        return SqlRelation.table(
                table,
                info.keySchema(),
                info.keyAttributeTypes(),
                LiveModelInference.indexes(info),
                samples.getOrDefault(table, List.of()));
    }

    private SqlRelation entityRelation(TableModel model, Entity entity) {
        TableInfo info = describe(model.table());
        SqlRelation table =
                SqlRelation.table(
                        model.table(),
                        info.keySchema(),
                        info.keyAttributeTypes(),
                        LiveModelInference.indexes(info),
                        List.of());
        return SqlRelation.entity(
                table,
                entity,
                entity.attributes().isEmpty()
                        ? samples.getOrDefault(model.table(), List.of())
                        : List.of());
    }

    /**
     * Samples the table for its columns, unless it was sampled before: one Scan of at most {@value
     * #SAMPLE_SIZE} items.
     *
     * @return what the sample cost, or empty when the table had been sampled already
     */
    synchronized Optional<ReadResult> sample(String table, Cancellation cancellation) {
        if (samples.containsKey(table)) {
            return Optional.empty();
        }
        TableSampler.Sample sample =
                new TableSampler(repository).sample(table, SAMPLE_SIZE, cancellation);
        if (sample.complete()) {
            samples.put(table, sample.items());
            relations.values().removeIf(r -> r.table().equals(table));
        }
        return Optional.of(new ReadResult(sample.statistics(), null, !sample.complete()));
    }
}
