package io.dynoscope.service.sql;

import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.IgnoreCaseLookup;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * The catalog's relations as one Calcite schema for one statement: a table is built (described,
 * sampled) only when the statement names it, and reads its rows through the statement's reads.
 */
final class SqlSchema extends AbstractSchema {

    private final SqlCatalog catalog;
    private final SqlTable.RowSource rows;

    SqlSchema(SqlCatalog catalog, SqlTable.RowSource rows) {
        this.catalog = catalog;
        this.rows = rows;
    }

    @Override
    public Lookup<Table> tables() {
        return new IgnoreCaseLookup<>() {
            @Override
            public Table get(String name) {
                return catalog.relation(name).map(r -> (Table) new SqlTable(r, rows)).orElse(null);
            }

            @Override
            public Set<String> getNames(LikePattern pattern) {
                Set<String> names = new LinkedHashSet<>();
                for (String name : catalog.names()) {
                    if (pattern.matcher().apply(name)) {
                        names.add(name);
                    }
                }
                return names;
            }
        };
    }
}
