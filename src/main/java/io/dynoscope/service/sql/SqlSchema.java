package io.dynoscope.service.sql;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.IgnoreCaseLookup;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * The catalog's relations as one Calcite schema for one statement. Calcite asks for every table of
 * a schema when it resolves a name without regard to case, so a table here is only a name until the
 * statement uses it: then (and only then) it is described, and its rows read through the
 * statement's reads. Names resolve as {@link SqlCatalog#resolve} says: DynamoDB's names are
 * case-sensitive, so an exact name wins over one that differs only by case.
 */
final class SqlSchema extends AbstractSchema {

    private final StatementColumns columns;
    private final SqlTable.RowSource rows;
    private final Set<String> named;

    /**
     * @param named the tables and views the statement names, resolved ({@link #named})
     */
    SqlSchema(StatementColumns columns, SqlTable.RowSource rows, Set<String> named) {
        this.columns = columns;
        this.rows = rows;
        this.named = named;
    }

    /**
     * The tables and views the statement's FROM and JOIN clauses name, each resolved exactly
     * ({@link SqlCatalog#resolve}); names it does not know are left to the engine to report.
     *
     * @throws SqlStatementException when the statement names two tables that differ only by case:
     *     the engine matches names without regard to case, so it could not tell them apart
     */
    static Set<String> named(StatementColumns columns, String sql) {
        Set<String> named = new LinkedHashSet<>();
        for (String written : StatementRelations.aliases(StatementRelations.code(sql)).values()) {
            columns.catalog().resolve(written).ifPresent(named::add);
        }
        for (String name : named) {
            List<String> twins = named.stream().filter(n -> n.equalsIgnoreCase(name)).toList();
            if (twins.size() > 1) {
                throw new SqlStatementException(
                        "one statement cannot name tables that differ only by case ("
                                + String.join(", ", twins)
                                + ")");
            }
        }
        return named;
    }

    @Override
    public Lookup<Table> tables() {
        return new IgnoreCaseLookup<>() {
            @Override
            public Table get(String name) {
                return columns.catalog().contains(name) ? new SqlTable(name, columns, rows) : null;
            }

            /**
             * Every name, except one that differs only by case from a name the statement uses: the
             * engine's cache of names matches without regard to case and would take either.
             */
            @Override
            public Set<String> getNames(LikePattern pattern) {
                return columns.catalog().names().stream()
                        .filter(pattern.matcher()::apply)
                        .filter(
                                n ->
                                        named.contains(n)
                                                || named.stream().noneMatch(n::equalsIgnoreCase))
                        .collect(Collectors.toCollection(LinkedHashSet::new));
            }
        };
    }
}
