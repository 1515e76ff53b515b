package io.dynoscope.service.sql;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.IndexModel;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.ReadStatistics;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.read.TableSampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The relations one connection offers SQL: every table, and every entity of the table models the
 * console was given, as a view. Tables are described, and sampled for their columns, the first time
 * a statement names them; the answers are kept for the console's life.
 *
 * <p>A table's columns are its key attributes and the attributes of its first {@value #SAMPLE_SIZE}
 * items (one Scan request). An entity's columns are its key attributes, its key templates'
 * variables and the attributes its model lists; only an entity that lists none is typed from the
 * sample.
 */
public final class SqlCatalog {

    /** The items one sampling Scan reads to type a table's columns. */
    public static final int SAMPLE_SIZE = 200;

    private final DynamoRepository repository;
    private final Map<String, TableModel> models = new LinkedHashMap<>();
    private final Map<String, TableInfo> descriptions = new ConcurrentHashMap<>();
    private final Map<String, List<Item>> samples = new ConcurrentHashMap<>();
    private final Map<String, SqlRelation> relations = new ConcurrentHashMap<>();
    private final List<ReadStatistics> sampling = new ArrayList<>();
    private volatile List<String> tableNames;

    public SqlCatalog(DynamoRepository repository, List<TableModel> tableModels) {
        this.repository = repository;
        tableModels.forEach(m -> models.put(m.table(), m));
    }

    /** Gives the console a table model (its entities become views), replacing one for the table. */
    public synchronized void putModel(TableModel model) {
        models.put(model.table(), model);
        relations.clear();
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

    private List<String> tables() {
        List<String> names = tableNames;
        if (names == null) {
            names = List.copyOf(repository.listTables());
            tableNames = names;
        }
        return names;
    }

    /** The relation SQL calls {@code name}, if any. */
    public Optional<SqlRelation> relation(String name) {
        SqlRelation known = relations.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        SqlRelation built = null;
        if (tables().contains(name)) {
            built = tableRelation(name);
        } else {
            for (TableModel model : models()) {
                Optional<Entity> entity = model.entity(name);
                if (entity.isPresent()) {
                    built = entityRelation(model, entity.get());
                    break;
                }
            }
        }
        if (built == null) {
            return Optional.empty();
        }
        relations.put(name, built);
        return Optional.of(built);
    }

    /** The table's description (keys, indexes, item count and size), asked once. */
    public TableInfo describe(String table) {
        return descriptions.computeIfAbsent(table, repository::describeTable);
    }

    /** What sampling tables for their columns has cost so far. */
    public synchronized List<ReadStatistics> samplingReads() {
        return List.copyOf(sampling);
    }

    private SqlRelation tableRelation(String table) {
        TableInfo info = describe(table);
        return SqlRelation.table(
                table, info.keySchema(), info.keyAttributeTypes(), indexes(info), sample(table));
    }

    private SqlRelation entityRelation(TableModel model, Entity entity) {
        TableInfo info = describe(model.table());
        SqlRelation table =
                SqlRelation.table(
                        model.table(),
                        info.keySchema(),
                        info.keyAttributeTypes(),
                        indexes(info),
                        List.of());
        return SqlRelation.entity(
                table, entity, entity.attributes().isEmpty() ? sample(model.table()) : List.of());
    }

    private static List<IndexModel> indexes(TableInfo info) {
        return info.indexes().stream()
                .map(
                        i ->
                                new IndexModel(
                                        i.name(),
                                        i.global(),
                                        i.keySchema(),
                                        i.projectionType(),
                                        i.nonKeyAttributes()))
                .toList();
    }

    private List<Item> sample(String table) {
        return samples.computeIfAbsent(
                table,
                t -> {
                    TableSampler.Sample sample =
                            new TableSampler(repository)
                                    .sample(t, SAMPLE_SIZE, Cancellation.none());
                    synchronized (this) {
                        sampling.add(sample.statistics());
                    }
                    return sample.items();
                });
    }
}
