package io.dynoscope.service.sql;

import io.dynoscope.core.sql.ColumnType;
import io.dynoscope.core.sql.SqlColumn;
import io.dynoscope.core.sql.SqlRelation;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A relation (a table, or an entity's view of it) as Calcite sees it. Calcite hands it the
 * statement's filters and the columns it needs; the rows come from {@link RowSource}, which turns
 * them into DynamoDB reads. Every filter stays in Calcite's hands as well, so the rows are right
 * whatever the reads could narrow. The relation is looked up (its table described) only when
 * Calcite asks for its columns, that is when the statement uses it.
 */
final class SqlTable extends AbstractTable implements ProjectableFilterableTable {

    /** Numbers keep DynamoDB's 38 digits; the scale is what the console shows at most. */
    static final int NUMBER_PRECISION = 38;

    static final int NUMBER_SCALE = 18;

    /** Where a scan's rows come from. */
    interface RowSource {
        Enumerable<Object[]> rows(SqlRelation relation, List<RexNode> filters, int[] projects);
    }

    private final String name;
    private final StatementColumns columns;
    private final RowSource source;

    SqlTable(String name, StatementColumns columns, RowSource source) {
        this.name = name;
        this.columns = columns;
        this.source = source;
    }

    SqlRelation relation() {
        return columns.relation(name)
                .orElseThrow(() -> new SqlStatementException("no table or view `" + name + "`"));
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder builder = typeFactory.builder();
        for (SqlColumn column : relation().columns()) {
            RelDataType type =
                    columns.isProvisional(name, column.name())
                            ? typeFactory.createSqlType(SqlTypeName.ANY)
                            : type(typeFactory, column.type());
            builder.add(column.name(), type).nullable(true);
        }
        return builder.build();
    }

    private static RelDataType type(RelDataTypeFactory typeFactory, ColumnType type) {
        return switch (type) {
            case NUMBER ->
                    typeFactory.createSqlType(SqlTypeName.DECIMAL, NUMBER_PRECISION, NUMBER_SCALE);
            case BOOLEAN -> typeFactory.createSqlType(SqlTypeName.BOOLEAN);
            default -> typeFactory.createSqlType(SqlTypeName.VARCHAR);
        };
    }

    /**
     * The order the rows come in, when the statement's ORDER BY is this relation's sort key: then
     * Calcite needs no sort of its own, and rows stream in that order as pages arrive.
     */
    @Override
    public Statistic getStatistic() {
        SqlRelation relation = relation();
        Optional<Boolean> descending = columns.ordered(relation);
        int sortKey = relation.keys().sortKey().map(relation::columnIndex).orElse(-1);
        if (descending.isEmpty() || sortKey < 0) {
            return Statistics.UNKNOWN;
        }
        RelFieldCollation.Direction direction =
                descending.get()
                        ? RelFieldCollation.Direction.DESCENDING
                        : RelFieldCollation.Direction.ASCENDING;
        return Statistics.of(
                null,
                List.of(),
                List.of(),
                List.of(RelCollations.of(new RelFieldCollation(sortKey, direction))));
    }

    @Override
    @SuppressWarnings("unchecked")
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        return source.rows(relation(), filters, projects);
    }
}
