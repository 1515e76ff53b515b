package io.dynoscope.ui.common;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.text.Text;
import javafx.util.Duration;
import javafx.util.StringConverter;

/** The small bindings every view makes, in one place. */
public final class ViewBindings {

    private ViewBindings() {}

    /** Shows the nodes, taking their room in the layout, only while {@code condition} holds. */
    public static void showWhen(ObservableValue<Boolean> condition, Node... nodes) {
        for (Node node : nodes) {
            node.visibleProperty().bind(condition);
            node.managedProperty().bind(condition);
        }
    }

    public static void tooltip(Control control, String text) {
        control.setTooltip(new Tooltip(text));
    }

    /** A read-only column showing what {@code value} gives for each row. */
    public static <R, T> void column(TableColumn<R, T> column, Function<R, T> value) {
        column.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(value.apply(c.getValue())));
    }

    /** Puts {@code text} on the system clipboard. */
    public static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    /** How long a Copy button says "Copied" after a click. */
    static final Duration COPIED_SHOWN = Duration.seconds(2);

    /**
     * Makes {@code button} copy what {@code text} gives and say so: its text reads "Copied" for two
     * seconds (the next click starts them again), and the button keeps the width it had, or the
     * width "Copied" needs, whichever is more.
     */
    public static void copyButton(Button button, Supplier<String> text) {
        String idle = button.getText();
        PauseTransition back = new PauseTransition(COPIED_SHOWN);
        back.setOnFinished(e -> button.setText(idle));
        button.setOnAction(
                e -> {
                    copy(text.get());
                    Text copied = new Text(COPIED);
                    copied.setFont(button.getFont());
                    Insets insets = button.getInsets();
                    double needed =
                            Math.ceil(
                                    copied.getLayoutBounds().getWidth()
                                            + insets.getLeft()
                                            + insets.getRight()
                                            + 2);
                    button.setMinWidth(Math.max(button.getWidth(), needed));
                    button.setText(COPIED);
                    back.playFromStart();
                });
    }

    /** What a Copy button says after a click. */
    public static final String COPIED = "Copied";

    /**
     * Runs {@code rebuild} now and whenever rows come, go or move in {@code rows}; a change inside
     * a row flows through its own bound properties.
     */
    public static <T> void rebuildOnRowChanges(ObservableList<T> rows, Runnable rebuild) {
        rows.addListener(
                (ListChangeListener<T>)
                        change -> {
                            boolean structural = false;
                            while (change.next()) {
                                structural |=
                                        change.wasAdded()
                                                || change.wasRemoved()
                                                || change.wasPermutated();
                            }
                            if (structural) {
                                rebuild.run();
                            }
                        });
        rebuild.run();
    }

    /**
     * Shows values as {@code text} gives them (blank for none), for a choice or an axis: a value
     * shown this way is picked, never typed.
     */
    public static <T> StringConverter<T> shownAs(Function<T, String> text) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : text.apply(value);
            }

            @Override
            public T fromString(String typed) {
                throw new UnsupportedOperationException("picked, not typed");
            }
        };
    }

    /** A text field of a form built in code, bound both ways to {@code text}. */
    public static TextField textField(String id, String prompt, int columns, StringProperty text) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(columns);
        field.textProperty().bindBidirectional(text);
        return field;
    }

    /**
     * While {@code why} gives text, the controls' tooltip says it, and so does their container's (a
     * disabled control shows no tooltip on a hover); otherwise they keep their own tooltips. Asked
     * again whenever one of {@code inputs} changes.
     */
    public static void explainDisabled(
            Supplier<String> why,
            List<ObservableValue<?>> inputs,
            Node container,
            Control... controls) {
        Map<Control, Tooltip> usual = new HashMap<>();
        for (Control control : controls) {
            usual.put(control, control.getTooltip());
        }
        Tooltip[] shown = new Tooltip[1];
        Runnable show =
                () -> {
                    String text = why.get();
                    Tooltip tip = text.isEmpty() ? null : new Tooltip(text);
                    for (Control control : controls) {
                        control.setTooltip(tip == null ? usual.get(control) : tip);
                    }
                    if (shown[0] != null) {
                        Tooltip.uninstall(container, shown[0]);
                    }
                    shown[0] = tip;
                    if (tip != null) {
                        Tooltip.install(container, tip);
                    }
                };
        inputs.forEach(input -> input.addListener((o, old, now) -> show.run()));
        show.run();
    }

    /**
     * Hides a list's or tree's vertical scroll bar while there is nothing to scroll. With lines of
     * different heights (a connection and its description) the list's estimate of their height can
     * overshoot, and it then shows a bar whose thumb fills the whole track.
     */
    public static void hideIdleScrollBar(Control list) {
        Runnable bind =
                () -> {
                    for (Node node : list.lookupAll(".scroll-bar")) {
                        if (node instanceof ScrollBar bar
                                && bar.getOrientation() == Orientation.VERTICAL
                                && !bar.opacityProperty().isBound()) {
                            BooleanBinding idle =
                                    bar.visibleAmountProperty()
                                            .greaterThanOrEqualTo(
                                                    bar.maxProperty().subtract(bar.minProperty()));
                            bar.opacityProperty()
                                    .bind(Bindings.when(idle).then(0.0).otherwise(1.0));
                            bar.mouseTransparentProperty().bind(idle);
                        }
                    }
                };
        list.skinProperty().addListener((o, old, skin) -> bind.run());
        if (list.getSkin() != null) {
            bind.run();
        }
    }
}
