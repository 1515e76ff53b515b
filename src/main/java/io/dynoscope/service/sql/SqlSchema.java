package io.dynoscope.service.sql;

import java.util.LinkedHashSet;
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
 * statement's reads.
 */
final class SqlSchema extends AbstractSchema {

    private final StatementColumns columns;
    private final SqlTable.RowSource rows;

    SqlSchema(StatementColumns columns, SqlTable.RowSource rows) {
        this.columns = columns;
        this.rows = rows;
    }

    @Override
    public Lookup<Table> tables() {
        return new IgnoreCaseLookup<>() {
            @Override
            public Table get(String name) {
                return columns.catalog().contains(name) ? new SqlTable(name, columns, rows) : null;
            }

            @Override
            public Set<String> getNames(LikePattern pattern) {
                return columns.catalog().names().stream()
                        .filter(pattern.matcher()::apply)
                        .collect(Collectors.toCollection(LinkedHashSet::new));
            }
        };
    }
}
