package io.dynoscope.ui.common;

import io.dynoscope.core.table.TableDefinition.Billing;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * How a table that a form creates is billed: on demand, or provisioned with read and write capacity
 * units (5 each until changed).
 */
public final class CapacityFields {

    private final BooleanProperty provisioned = new SimpleBooleanProperty(false);
    private final IntegerProperty readCapacity = new SimpleIntegerProperty(5);
    private final IntegerProperty writeCapacity = new SimpleIntegerProperty(5);

    /** Provisioned billing (with the capacities below), else on demand. */
    public BooleanProperty provisionedProperty() {
        return provisioned;
    }

    /** Read capacity units of the table (and of each global index it creates). */
    public IntegerProperty readCapacityProperty() {
        return readCapacity;
    }

    /** Write capacity units of the table (and of each global index it creates). */
    public IntegerProperty writeCapacityProperty() {
        return writeCapacity;
    }

    /** The billing the fields choose. */
    public Billing billing() {
        return provisioned.get()
                ? Billing.provisioned(readCapacity.get(), writeCapacity.get())
                : Billing.onDemand();
    }
}
