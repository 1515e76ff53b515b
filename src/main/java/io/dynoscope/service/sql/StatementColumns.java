package io.dynoscope.service.sql;

import io.dynoscope.core.sql.ColumnType;
import io.dynoscope.core.sql.SqlColumn;
import io.dynoscope.core.sql.SqlRelation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The relations one attempt at planning a statement sees: the catalog's, as known so far, and the
 * names of those the statement used. For a plan made only to learn which reads a statement needs,
 * before its open relations are sampled, columns the statement names that are not known yet are
 * added as <em>provisional</em> columns of any type (never pushed into a request).
 */
final class StatementColumns implements StatementErrors.Names {

    private final SqlCatalog catalog;
    private final Map<String, SqlRelation> used = new LinkedHashMap<>();
    private final Map<String, Set<String>> provisional = new LinkedHashMap<>();
    private final Optional<OrderHint> order;

    /** Columns whose relations say they come ordered as the statement's ORDER BY, where it can. */
    StatementColumns(SqlCatalog catalog, Optional<OrderHint> order) {
        this.catalog = catalog;
        this.order = order;
    }

    /** A new attempt with these provisional columns (and none of the relations used so far). */
    StatementColumns next() {
        return copy(order);
    }

    /** A new attempt that does not push the ORDER BY into the reads. */
    StatementColumns withoutOrder() {
        return copy(Optional.empty());
    }

    private StatementColumns copy(Optional<OrderHint> orderHint) {
        StatementColumns next = new StatementColumns(catalog, orderHint);
        provisional.forEach((k, v) -> next.provisional.put(k, new LinkedHashSet<>(v)));
        return next;
    }

    SqlCatalog catalog() {
        return catalog;
    }

    /** The relation {@code name} with its provisional columns; it counts as used from now on. */
    synchronized Optional<SqlRelation> relation(String name) {
        SqlRelation known = used.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<SqlRelation> relation = catalog.relation(name).map(r -> withProvisional(name, r));
        relation.ifPresent(r -> used.put(name, r));
        return relation;
    }

    private SqlRelation withProvisional(String name, SqlRelation relation) {
        Set<String> extra = provisional.getOrDefault(name, Set.of());
        if (extra.isEmpty()) {
            return relation;
        }
        List<SqlColumn> columns = new ArrayList<>(relation.columns());
        for (String column : extra) {
            if (relation.columnIndex(column) < 0) {
                columns.add(SqlColumn.attribute(column, ColumnType.TEXT));
            }
        }
        return new SqlRelation(
                relation.name(),
                relation.table(),
                relation.keys(),
                relation.keyTypes(),
                relation.indexes(),
                relation.entity(),
                columns);
    }

    /**
     * Whether the relation's rows will come in the statement's ORDER BY order, and which way (true:
     * descending): its first key is the relation's sort key, read by Query in that direction
     * ({@link StatementPlan} checks that its read is one Query, else the statement is planned again
     * without it).
     */
    Optional<Boolean> ordered(SqlRelation relation) {
        return order.filter(o -> o.appliesTo(relation.name()))
                .filter(
                        o ->
                                relation.keys()
                                        .sortKey()
                                        .map(k -> k.equalsIgnoreCase(o.column()))
                                        .orElse(false))
                .map(OrderHint::descending);
    }

    boolean isProvisional(String relation, String column) {
        return provisional.getOrDefault(relation, Set.of()).contains(column);
    }

    /** The tables of the used relations whose columns a sample may add to. */
    synchronized Set<String> openTables() {
        Set<String> tables = new LinkedHashSet<>();
        for (Map.Entry<String, SqlRelation> relation : used.entrySet()) {
            if (catalog.isOpen(relation.getKey())) {
                tables.add(relation.getValue().table());
            }
        }
        return tables;
    }

    /**
     * Adds {@code column} as a provisional column of every open relation the statement used.
     *
     * @return false when there is none, or it had it already (the name is unknown for good)
     */
    synchronized boolean addProvisional(String column) {
        boolean added = false;
        for (String name : used.keySet()) {
            if (catalog.isOpen(name)) {
                added |= provisional.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(column);
            }
        }
        return added;
    }

    @Override
    public Collection<String> relations() {
        return catalog.names();
    }

    @Override
    public synchronized Collection<String> columns() {
        Set<String> names = new LinkedHashSet<>();
        used.values().forEach(r -> r.columns().forEach(c -> names.add(c.name())));
        return names;
    }
}
