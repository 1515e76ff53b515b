package io.dynoscope.ui.expression;

import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.expression.ValueInput;
import io.dynoscope.core.item.AttributeValue;
import java.util.List;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One line of the expression builder as the person fills it in. Condition kinds use the attribute,
 * operator and value (and the upper bound for BETWEEN; IN takes a JSON array as its value); updates
 * use the action, attribute and value; projections the attribute only. Attributes are paths in the
 * usual notation ({@code author.name}, {@code tags[0]}); values are read by {@link
 * io.dynoscope.core.expression.ValueInput}.
 */
public final class BuilderRow {

    private final StringProperty attribute = new SimpleStringProperty("");
    private final ObjectProperty<Row.Operator> operator =
            new SimpleObjectProperty<>(Row.Operator.EQ);
    private final ObjectProperty<UpdateClause.Keyword> action =
            new SimpleObjectProperty<>(UpdateClause.Keyword.SET);
    private final StringProperty value = new SimpleStringProperty("");
    private final StringProperty upper = new SimpleStringProperty("");

    /** A condition row, e.g. {@code condition("Detail", BEGINS_WITH, "PROJ#")}. */
    public static BuilderRow condition(String attribute, Row.Operator operator, String value) {
        BuilderRow row = new BuilderRow();
        row.attribute.set(attribute);
        row.operator.set(operator);
        row.value.set(value);
        return row;
    }

    /** An update action, e.g. {@code action(SET, "authorName", "Mara Vance")}. */
    public static BuilderRow action(UpdateClause.Keyword action, String attribute, String value) {
        BuilderRow row = new BuilderRow();
        row.action.set(action);
        row.attribute.set(attribute);
        row.value.set(value);
        return row;
    }

    /**
     * A row showing one row of an expression read back ({@link Row} of a condition, {@link
     * UpdateRow} of an update, anything else as its text in the attribute).
     */
    static BuilderRow of(Object row) {
        if (row instanceof Row r) {
            BuilderRow b = new BuilderRow();
            b.attributeProperty().set(r.path().toString());
            b.operatorProperty().set(r.operator());
            List<AttributeValue> values = r.values();
            switch (r.operator()) {
                case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> {}
                case BETWEEN -> {
                    b.valueProperty().set(ValueInput.show(values.get(0)));
                    b.upperProperty().set(ValueInput.show(values.get(1)));
                }
                case IN -> b.valueProperty().set(ValueInput.show(AttributeValue.l(values)));
                case ATTRIBUTE_TYPE ->
                        b.valueProperty().set(((AttributeValue.Str) values.get(0)).value());
                default -> b.valueProperty().set(ValueInput.show(values.get(0)));
            }
            return b;
        }
        if (row instanceof UpdateRow u) {
            return BuilderRow.action(
                    u.action(), u.path().toString(), u.value().map(ValueInput::show).orElse(""));
        }
        BuilderRow b = new BuilderRow();
        b.attributeProperty().set(row.toString());
        return b;
    }

    /** Whether the person has not started this row (it is left out of the expression). */
    public boolean isBlank() {
        return attribute.get() == null || attribute.get().isBlank();
    }

    public StringProperty attributeProperty() {
        return attribute;
    }

    public ObjectProperty<Row.Operator> operatorProperty() {
        return operator;
    }

    public ObjectProperty<UpdateClause.Keyword> actionProperty() {
        return action;
    }

    public StringProperty valueProperty() {
        return value;
    }

    /** The upper bound of BETWEEN. */
    public StringProperty upperProperty() {
        return upper;
    }

    /** Everything that changes the expression, for list extractors. */
    Observable[] observables() {
        return new Observable[] {attribute, operator, action, value, upper};
    }
}
