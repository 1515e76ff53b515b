package io.dynoscope.service.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/**
 * Opens Calcite on the catalog's relations: identifiers as written ({@code EntityRef}), matched
 * without regard to case, double quotes for identifiers that need them, and DECIMAL with 38 digits.
 */
final class SqlEngine {

    static {
        // Calcite compiles each statement's plan to Java with Janino; keeping the compiled classes
        // (keyed by their source) saves that compilation when a statement is run again.
        if (System.getProperty("calcite.bindable.cache.maxSize") == null) {
            System.setProperty("calcite.bindable.cache.maxSize", "200");
        }
    }

    private SqlEngine() {}

    /**
     * A Calcite connection whose default schema is the catalog's relations as one statement sees
     * them, reading rows from {@code rows}.
     */
    static Connection connect(String sql, StatementColumns columns, SqlTable.RowSource rows) {
        Properties info = new Properties();
        info.setProperty("quoting", "DOUBLE_QUOTE");
        info.setProperty("unquotedCasing", "UNCHANGED");
        info.setProperty("quotedCasing", "UNCHANGED");
        info.setProperty("caseSensitive", "false");
        info.setProperty("typeSystem", SqlTypeSystem.class.getName() + "#INSTANCE");
        try {
            CalciteConnection connection =
                    new Driver().connect("jdbc:calcite:", info).unwrap(CalciteConnection.class);
            // Calcite's own "metadata" schema (TABLES, COLUMNS) would describe every table of the
            // connection for one statement, behind the statement's reads: only tables are offered.
            CalciteSchema.from(connection.getRootSchema()).removeSubSchema("metadata");
            connection
                    .getRootSchema()
                    .add("dynamodb", new SqlSchema(columns, rows, SqlSchema.named(columns, sql)));
            connection.setSchema("dynamodb");
            return connection;
        } catch (SQLException e) {
            throw new IllegalStateException("the SQL engine did not start: " + e.getMessage(), e);
        }
    }
}
