package io.dynoscope.service.sql;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.store.DynamoRepository;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The relations one connection offers SQL: every table, and every entity of the table models the
 * console was given, as a view. Nothing is read for a name until a statement uses it: a table is
 * described the first time a statement names it (or a view of it), once for the console's life; a
 * view of a table no statement uses is never described, so a view of a missing table fails only the
 * statement that uses it.
 *
 * <p>Names are DynamoDB's, case-sensitive: a name resolves to the table or view of exactly that
 * name; only when there is none does a name differing only by case stand for it, and then only when
 * it is the one such name ({@link #resolve}).
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

    /** An entity shown as a view of its table. */
    public record View(String table, Entity entity) {}

    private final DynamoRepository repository;
    private final Map<String, View> views = new LinkedHashMap<>();
    private final List<String> described = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, TableInfo> descriptions = new ConcurrentHashMap<>();
    private final Map<String, List<Item>> samples = new ConcurrentHashMap<>();
    private final Map<String, SqlRelation> relations = new ConcurrentHashMap<>();
    private volatile List<String> tableNames;

    public SqlCatalog(DynamoRepository repository, List<TableModel> tableModels) {
        this(
                repository,
                tableModels.stream()
                        .flatMap(m -> m.entities().stream().map(e -> new View(m.table(), e)))
                        .toList(),
                true);
    }

    /**
     * A catalog whose views are given one by one (each entity with its table), described only when
     * a statement uses them.
     *
     * @param firstWins whether a second view of a name is ignored (models: the first table's
     *     entity); otherwise two views of one name are refused
     */
    SqlCatalog(DynamoRepository repository, List<View> entityViews, boolean firstWins) {
        this.repository = repository;
        for (View view : entityViews) {
            View before = views.putIfAbsent(view.entity().name(), view);
            if (before != null && !firstWins) {
                throw new IllegalArgumentException(
                        "two views are named `"
                                + view.entity().name()
                                + "` (of "
                                + before.table()
                                + " and of "
                                + view.table()
                                + "): give each view its own name");
            }
        }
    }

    /** Every name SQL can use: the tables, then the entity views. */
    public List<String> names() {
        List<String> names = new ArrayList<>(tables());
        for (String view : views.keySet()) {
            if (!names.contains(view)) {
                names.add(view);
            }
        }
        return names;
    }

    /**
     * The table or view {@code name} stands for: the one of exactly that name; else the one name
     * that differs from it only by case; else empty.
     *
     * @throws SqlStatementException when several names differ from it only by case (DynamoDB's
     *     {@code saas} and {@code SAAS} are two tables)
     */
    public Optional<String> resolve(String name) {
        if (tables().contains(name) || views.containsKey(name)) {
            return Optional.of(name);
        }
        List<String> matches =
                names().stream().filter(n -> n.equalsIgnoreCase(name)).distinct().toList();
        if (matches.size() > 1) {
            throw new SqlStatementException(
                    "`"
                            + name
                            + "` matches "
                            + String.join(", ", matches)
                            + " only by case; table names are case-sensitive: write the exact"
                            + " name in double quotes");
        }
        return matches.stream().findFirst();
    }

    /**
     * The tables described for statements so far, in order, one DescribeTable request each: a
     * statement's share is what it added.
     */
    int describedCount() {
        return described.size();
    }

    List<String> describedSince(int count) {
        synchronized (described) {
            return List.copyOf(described.subList(count, described.size()));
        }
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

    /** Whether SQL can use {@code name} as it is spelt; reads nothing but the list of tables. */
    public boolean contains(String name) {
        return tables().contains(name) || entity(name).isPresent();
    }

    /** The view a name stands for, when it is not a table's name. */
    private Optional<View> entity(String name) {
        if (tables().contains(name)) {
            return Optional.empty();
        }
        return Optional.ofNullable(views.get(name));
    }

    /** The table whose items the relation {@code name} shows, if there is such a relation. */
    public Optional<String> tableOf(String name) {
        return resolve(name)
                .flatMap(n -> tables().contains(n) ? Optional.of(n) : entity(n).map(View::table));
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
            Optional<View> view = entity(name);
            if (view.isEmpty()) {
                return Optional.empty();
            }
            built = entityRelation(view.get().table(), view.get().entity());
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
        return resolve(name)
                .flatMap(this::entity)
                .map(v -> v.entity().attributes().isEmpty())
                .orElse(true);
    }

    /** The table's description (keys, indexes, item count and size), asked once. */
    public TableInfo describe(String table) {
        return descriptions.computeIfAbsent(
                table,
                t -> {
                    described.add(t);
                    return repository.describeTable(t);
                });
    }

    private SqlRelation tableRelation(String table) {
        TableInfo info = describe(table);
        return SqlRelation.table(
                table,
                info.keySchema(),
                info.keyAttributeTypes(),
                info.indexes(),
                samples.getOrDefault(table, List.of()));
    }

    private SqlRelation entityRelation(String tableName, Entity entity) {
        TableInfo info = describe(tableName);
        SqlRelation table =
                SqlRelation.table(
                        tableName,
                        info.keySchema(),
                        info.keyAttributeTypes(),
                        info.indexes(),
                        List.of());
        return SqlRelation.entity(
                table,
                entity,
                entity.attributes().isEmpty()
                        ? samples.getOrDefault(tableName, List.of())
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
