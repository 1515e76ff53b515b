package io.dynoscope.ui.transfer;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.transfer.ColumnMapping;
import java.util.Optional;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What one input column (a CSV column, or an attribute of JSON lines) becomes: an attribute of a
 * type, or nothing. A row left as it was read adds no rule.
 */
public final class MappingRow {

    /** The type a column is written as: as read, or one of DynamoDB's types. */
    public enum Type {
        AS_READ("as read"),
        S("S · string"),
        N("N · number"),
        B("B · binary (base64)"),
        BOOL("BOOL"),
        NULL("NULL"),
        SS("SS · string set"),
        NS("NS · number set"),
        BS("BS · binary set"),
        L("L · list"),
        M("M · map");

        private final String title;

        Type(String title) {
            this.title = title;
        }

        Optional<AttributeValue.Type> dynamoType() {
            return this == AS_READ
                    ? Optional.empty()
                    : Optional.of(AttributeValue.Type.fromDescriptor(name()));
        }

        @Override
        public String toString() {
            return title;
        }
    }

    private final String column;
    private final StringProperty attribute;
    private final ObjectProperty<Type> type = new SimpleObjectProperty<>(Type.AS_READ);
    private final BooleanProperty leftOut = new SimpleBooleanProperty(false);

    public MappingRow(String column) {
        this.column = column;
        this.attribute = new SimpleStringProperty(column);
    }

    /** The column's name in the input. */
    public String column() {
        return column;
    }

    /** The attribute the column becomes (its own name unless renamed). */
    public StringProperty attributeProperty() {
        return attribute;
    }

    public ObjectProperty<Type> typeProperty() {
        return type;
    }

    /** Whether the column is left out of the items. */
    public BooleanProperty leftOutProperty() {
        return leftOut;
    }

    Observable[] observables() {
        return new Observable[] {attribute, type, leftOut};
    }

    /** The rule this row adds, or empty when the column is written as it was read. */
    Optional<ColumnMapping.Target> rule() {
        if (leftOut.get()) {
            return Optional.of(new ColumnMapping.Skip());
        }
        String name = attribute.get() == null ? "" : attribute.get().strip();
        if ((name.isEmpty() || name.equals(column)) && type.get() == Type.AS_READ) {
            return Optional.empty();
        }
        return Optional.of(
                new ColumnMapping.Attribute(
                        name.isEmpty() ? column : name, type.get().dynamoType()));
    }
}
