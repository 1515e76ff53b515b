package io.dynoscope.ui.common;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import javafx.beans.property.IntegerProperty;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;

/** Binds a whole-number spinner to a view model's property, both ways. */
public final class Spinners {

    private Spinners() {}

    /** A spinner from {@code min} to {@code max} that shows and sets {@code value}. */
    public static void bind(
            Spinner<Integer> spinner, IntegerProperty value, int min, int max, String tooltip) {
        SpinnerValueFactory.IntegerSpinnerValueFactory factory =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(
                        min, max, Math.max(min, Math.min(max, value.get())));
        spinner.setValueFactory(factory);
        factory.valueProperty().addListener((o, old, now) -> value.set(now == null ? min : now));
        value.addListener((o, old, now) -> factory.setValue(now.intValue()));
        tooltip(spinner, tooltip);
    }
}
