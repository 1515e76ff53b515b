package io.dynoscope.ui.common;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.stage.Window;

/**
 * The one way the workbench asks and tells (as JabRef's DialogService): confirmations, choices,
 * information and warnings, each a window over the workbench in its theme. A question's safe answer
 * (do nothing) is its default button, so Enter never writes; Esc is always that answer. Dialogs do
 * not block the caller: the answer arrives in a handler.
 */
public final class DialogService {

    /** One answer of a question: its button's label, its tooltip, and what it means. */
    public record Answer<T>(String label, String tooltip, T value) {
        public Answer {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A question: the window's title, its header, the body (text or a node), and its answers; the
     * {@code safe} answer is the default button and what Esc or closing the window chooses.
     */
    public record Question<T>(
            String title, String header, Object body, List<Answer<T>> answers, Answer<T> safe) {
        public Question {
            answers = List.copyOf(answers);
            if (!answers.contains(safe)) {
                throw new IllegalArgumentException("the safe answer must be one of the answers");
            }
            if (!(body instanceof String || body instanceof Node)) {
                throw new IllegalArgumentException("a question's body is text or a node");
            }
        }
    }

    private final Supplier<Window> owner;

    /**
     * @param owner the window dialogs open over (may supply null before it is shown)
     */
    public DialogService(Supplier<Window> owner) {
        this.owner = owner;
    }

    /**
     * Asks before something is done: {@code actionLabel} does it, Cancel (the default button, and
     * Esc) does nothing. {@code onConfirmed} runs only on the action.
     */
    public void confirm(
            String title, String header, Object body, String actionLabel, Runnable onConfirmed) {
        Answer<Boolean> act = new Answer<>(actionLabel, null, true);
        Answer<Boolean> cancel = new Answer<>("Cancel", "Do nothing (Esc)", false);
        ask(
                new Question<>(title, header, body, List.of(act, cancel), cancel),
                yes -> {
                    if (yes) {
                        onConfirmed.run();
                    }
                });
    }

    /** Shows a question and hands its answer (the safe one when the window is closed) back. */
    public <T> Dialog<T> ask(Question<T> question, Consumer<T> onAnswer) {
        Dialog<T> dialog = new Dialog<>();
        dialog.setTitle(question.title());
        dialog.setHeaderText(question.header());
        dialog.getDialogPane().setContent(body(question.body()));
        for (Answer<T> answer : question.answers()) {
            boolean safe = answer.equals(question.safe());
            ButtonType type =
                    new ButtonType(
                            answer.label(),
                            safe ? ButtonBar.ButtonData.CANCEL_CLOSE : ButtonBar.ButtonData.OTHER);
            dialog.getDialogPane().getButtonTypes().add(type);
            Button button = (Button) dialog.getDialogPane().lookupButton(type);
            button.setDefaultButton(safe);
            button.setCancelButton(safe);
            button.setUserData(answer.value());
            if (answer.tooltip() != null) {
                tooltip(button, answer.tooltip());
            }
            if (safe) {
                dialog.setOnShown(e -> button.requestFocus());
            }
        }
        dialog.setResultConverter(
                type -> {
                    for (Answer<T> answer : question.answers()) {
                        if (answer.label().equals(type == null ? null : type.getText())) {
                            return answer.value();
                        }
                    }
                    return question.safe().value();
                });
        dialog.resultProperty()
                .addListener(
                        (obs, old, answer) -> {
                            if (answer != null) {
                                onAnswer.accept(answer);
                            }
                        });
        show(dialog);
        return dialog;
    }

    /** Tells something that needs no answer; {@code body} is text or a node. */
    public void inform(String title, String header, Object body) {
        show(alert(Alert.AlertType.INFORMATION, title, header, body));
    }

    /** Warns about something that happened or was refused. */
    public void warn(String header, String message) {
        show(alert(Alert.AlertType.WARNING, "Dynoscope", header, message));
    }

    private Alert alert(Alert.AlertType type, String title, String header, Object body) {
        Alert alert = new Alert(type);
        alert.setTitle(title);
        alert.setHeaderText(header);
        alert.getDialogPane().setContent(body(body));
        return alert;
    }

    private void show(Dialog<?> dialog) {
        over(dialog, owner.get());
        dialog.setResizable(true);
        dialog.show();
    }

    /**
     * Opens {@code dialog} over {@code owner} in the owner's theme, following a theme switch made
     * while it is open (a dialog without one was light in the dark theme). A null owner, a window
     * not shown yet, leaves JavaFX's defaults.
     */
    public static void over(Dialog<?> dialog, Window owner) {
        if (owner == null) {
            return;
        }
        dialog.initOwner(owner);
        if (owner.getScene() != null) {
            Bindings.bindContent(
                    dialog.getDialogPane().getStylesheets(), owner.getScene().getStylesheets());
        }
    }

    private static Node body(Object body) {
        if (body instanceof Node node) {
            return node;
        }
        Label text = new Label((String) body);
        text.setWrapText(true);
        text.setMaxWidth(520);
        text.getStyleClass().add("dialog-text");
        return text;
    }
}
