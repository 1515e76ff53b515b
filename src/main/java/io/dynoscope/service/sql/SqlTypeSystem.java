package io.dynoscope.service.sql;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/** Calcite's types with DECIMAL widened to DynamoDB's 38 significant digits. */
public final class SqlTypeSystem extends RelDataTypeSystemImpl {

    /** The instance Calcite's {@code typeSystem} connection property finds. */
    public static final SqlTypeSystem INSTANCE = new SqlTypeSystem();

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL
                ? SqlTable.NUMBER_PRECISION
                : super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL
                ? SqlTable.NUMBER_PRECISION
                : super.getMaxScale(typeName);
    }
}
