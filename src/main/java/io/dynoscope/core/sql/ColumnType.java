package io.dynoscope.core.sql;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.table.KeyType;

/**
 * The SQL type of a column over schemaless items. A column whose attribute always holds one scalar
 * type gets that type; anything else (maps, lists, sets, binary, or several types across items) is
 * TEXT: the value as text (strings as they are, numbers with every digit, the rest as plain JSON).
 */
public enum ColumnType {
    /** VARCHAR, from DynamoDB S. */
    STRING(AttributeValue.Type.S),
    /** DECIMAL with up to 38 digits, from DynamoDB N, never through double. */
    NUMBER(AttributeValue.Type.N),
    /** BOOLEAN, from DynamoDB BOOL. */
    BOOLEAN(AttributeValue.Type.BOOL),
    /** VARCHAR holding any value as text; comparisons on it are never sent to DynamoDB. */
    TEXT(null);

    private final AttributeValue.Type dynamoType;

    ColumnType(AttributeValue.Type dynamoType) {
        this.dynamoType = dynamoType;
    }

    /** The DynamoDB type a value of this column has, or null for TEXT (any type). */
    public AttributeValue.Type dynamoType() {
        return dynamoType;
    }

    /** The column type for values of one DynamoDB type. */
    public static ColumnType of(AttributeValue.Type type) {
        return switch (type) {
            case S -> STRING;
            case N -> NUMBER;
            case BOOL -> BOOLEAN;
            default -> TEXT;
        };
    }

    /** The column type of a key attribute declared S, N or B. */
    public static ColumnType ofKeyType(String descriptor) {
        return switch (KeyType.of(descriptor)) {
            case N -> NUMBER;
            case B -> TEXT;
            case S -> STRING;
        };
    }
}
