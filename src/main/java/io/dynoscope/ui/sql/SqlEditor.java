package io.dynoscope.ui.sql;

import io.dynoscope.service.sql.SqlCompletions;
import io.dynoscope.service.sql.SqlToken;
import io.dynoscope.service.sql.SqlTokens;
import io.dynoscope.ui.common.Views;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.stage.Popup;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * The SQL console's editor, a RichTextFX code area: SQL coloured by the SQL engine's own lexer,
 * line numbers, the error of the last statement underlined where it is (its line marked in the
 * gutter), and a completion list at the caret (Ctrl+Space, or after a dot).
 */
final class SqlEditor {

    static final KeyCombination COMPLETE =
            new KeyCodeCombination(KeyCode.SPACE, KeyCombination.SHORTCUT_DOWN);

    private final CodeArea area = new CodeArea();
    private final VirtualizedScrollPane<CodeArea> pane = new VirtualizedScrollPane<>(area);
    private final Popup popup = new Popup();
    private final ListView<SqlCompletions.Completion> choices = new ListView<>();
    private final IntegerProperty errorLine = new SimpleIntegerProperty(-1);
    private CompletionSource completionSource = (text, caret, answer) -> {};

    /**
     * Counts completion requests and dismissals: an answer is shown only while it answers the last
     * request and the list has not been dismissed since (answers come from a background thread, and
     * a late one would reopen a list the typing had closed).
     */
    private long completionTicket;

    /** Where completions come from: the text and caret asked about, and where to answer. */
    @FunctionalInterface
    interface CompletionSource {
        void complete(String text, int caret, Consumer<SqlCompletions.Result> answer);
    }

    private SqlCompletions.Result shown;
    private int errorFrom = -1;
    private int errorTo = -1;
    private String errorMessage = "";

    SqlEditor() {
        area.getStyleClass().add("sql-editor");
        area.setId("editor");
        // a statement longer than the editor is wide stays readable without scrolling sideways
        area.setWrapText(true);
        IntFunction<Node> numbers = LineNumberFactory.get(area);
        area.setParagraphGraphicFactory(line -> gutter(numbers.apply(line), line));
        errorLine.addListener(
                (o, old, now) ->
                        area.setParagraphGraphicFactory(line -> gutter(numbers.apply(line), line)));
        area.textProperty().addListener((o, old, now) -> afterEdit(old, now));
        choices.getStyleClass().add("sql-completions");
        choices.setPrefSize(360, 220);
        choices.setCellFactory(list -> new CompletionCell());
        choices.setOnMouseClicked(
                e -> {
                    if (e.getClickCount() == 2) {
                        accept();
                    }
                });
        popup.getContent().add(choices);
        popup.setAutoHide(true);
        area.addEventFilter(KeyEvent.KEY_PRESSED, this::keys);
        // the list may take the keys when its window has the focus
        choices.addEventFilter(KeyEvent.KEY_PRESSED, this::keys);
    }

    CodeArea area() {
        return area;
    }

    Node node() {
        return pane;
    }

    void setText(String text) {
        if (!text.equals(area.getText())) {
            area.replaceText(text);
        }
    }

    /** Where completions are asked for: with the text and caret. */
    void setOnCompletionRequest(CompletionSource source) {
        this.completionSource = source;
    }

    private void requestCompletions(String text, int caret) {
        long ticket = ++completionTicket;
        completionSource.complete(
                text,
                caret,
                result -> {
                    if (ticket == completionTicket) {
                        complete(result);
                    }
                });
    }

    /** Closes the list; answers to earlier requests no longer open it. */
    private void dismissCompletions() {
        completionTicket++;
        popup.hide();
    }

    boolean completionShowing() {
        return popup.isShowing();
    }

    /** Underlines {@code [from, to)} and marks its line; the message shows on the gutter mark. */
    void showError(int from, int to, String message) {
        int length = area.getLength();
        errorFrom = Math.max(0, Math.min(from, length));
        errorTo = Math.max(errorFrom, Math.min(Math.max(to, from + 1), length));
        errorMessage = message;
        highlight();
        errorLine.set(area.offsetToPosition(errorFrom, null).getMajor());
    }

    void clearError() {
        errorFrom = -1;
        errorTo = -1;
        errorMessage = "";
        errorLine.set(-1);
        highlight();
    }

    /** Whether some of the text is underlined as the last statement's error. */
    boolean hasError() {
        return errorFrom >= 0;
    }

    private Node gutter(Node number, int line) {
        if (line != errorLine.get()) {
            return number;
        }
        Label mark = new Label("⚠");
        mark.getStyleClass().add("sql-error-mark");
        Tooltip.install(mark, new Tooltip(errorMessage));
        HBox box = new HBox(number, mark);
        box.getStyleClass().add("sql-gutter");
        return box;
    }

    private void afterEdit(String old, String now) {
        if (hasError() && !old.equals(now)) {
            // the underline belongs to the text as it was run
            errorFrom = -1;
            errorTo = -1;
            errorLine.set(-1);
        }
        highlight();
        int caret = area.getCaretPosition();
        if (endsAWord(old, now, caret)) {
            // a space, comma or bracket ends the name being completed: the list would only
            // cover the statement from here on
            dismissCompletions();
        } else if (popup.isShowing()) {
            requestCompletions(now, caret);
        } else if (now.length() == old.length() + 1
                && caret > 0
                && caret <= now.length()
                && now.charAt(caret - 1) == '.') {
            requestCompletions(now, caret);
        }
    }

    /** Whether the edit typed one character that cannot be part of a name. */
    private static boolean endsAWord(String old, String now, int caret) {
        if (now.length() != old.length() + 1 || caret <= 0 || caret > now.length()) {
            return false;
        }
        char typed = now.charAt(caret - 1);
        return !Character.isLetterOrDigit(typed) && typed != '_' && typed != '.' && typed != '"';
    }

    /** Colours the text by its tokens, the error underlined on top. */
    private void highlight() {
        String text = area.getText();
        List<SqlToken> tokens = SqlTokens.of(text);
        TreeSet<Integer> cuts = new TreeSet<>(Set.of(0, text.length()));
        tokens.forEach(t -> cuts.addAll(List.of(t.start(), t.end())));
        if (errorFrom >= 0) {
            cuts.addAll(List.of(errorFrom, Math.min(errorTo, text.length())));
        }
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        Integer from = cuts.first();
        int token = 0;
        for (Integer to = cuts.higher(from); to != null; from = to, to = cuts.higher(to)) {
            while (token < tokens.size() && tokens.get(token).end() <= from) {
                token++;
            }
            List<String> style = new ArrayList<>();
            if (token < tokens.size() && tokens.get(token).start() <= from) {
                style.add(styleOf(tokens.get(token).kind()));
            }
            if (from >= errorFrom && to <= errorTo) {
                style.add("sql-error");
            }
            spans.add(style, to - from);
        }
        if (text.isEmpty()) {
            spans.add(List.of(), 0);
        }
        area.setStyleSpans(0, spans.create());
    }

    private static String styleOf(SqlToken.Kind kind) {
        return switch (kind) {
            case KEYWORD -> "sql-keyword";
            case IDENTIFIER -> "sql-identifier";
            case QUOTED_IDENTIFIER -> "sql-quoted";
            case STRING -> "sql-string";
            case NUMBER -> "sql-number";
            case COMMENT -> "sql-comment";
            case OPERATOR -> "sql-operator";
            case ERROR -> "sql-unreadable";
        };
    }

    /** Shows the completions at the caret, or hides the list when there are none. */
    void complete(SqlCompletions.Result result) {
        shown = result;
        if (result.completions().isEmpty()) {
            popup.hide();
            return;
        }
        choices.getItems().setAll(result.completions());
        choices.getSelectionModel().selectFirst();
        choices.scrollTo(0);
        if (!popup.isShowing()) {
            if (area.getScene() != null) {
                // the list is a window of its own: it takes the theme of the editor's window
                popup.getScene().getStylesheets().setAll(area.getScene().getStylesheets());
                popup.getScene()
                        .getStylesheets()
                        .add(Views.stylesheet(SqlEditor.class, "SqlConsole.css"));
            }
            area.getCaretBounds()
                    .ifPresent((Bounds b) -> popup.show(area, b.getMinX(), b.getMaxY() + 2));
        }
    }

    void hideCompletions() {
        dismissCompletions();
    }

    private void keys(KeyEvent e) {
        if (COMPLETE.match(e)) {
            requestCompletions(area.getText(), area.getCaretPosition());
            e.consume();
            return;
        }
        if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
            // the statement runs (the console's shortcut): the list is done with
            dismissCompletions();
            return;
        }
        if (!popup.isShowing()) {
            if (e.getCode() == KeyCode.ESCAPE) {
                // not consumed (the console cancels with it), but no answer on its way opens it
                dismissCompletions();
            }
            return;
        }
        Set<KeyCode> handled = Set.of(KeyCode.UP, KeyCode.DOWN, KeyCode.ENTER, KeyCode.TAB);
        if (e.getCode() == KeyCode.ESCAPE) {
            dismissCompletions();
            e.consume();
        } else if (handled.contains(e.getCode()) && !e.isShortcutDown()) {
            int index = choices.getSelectionModel().getSelectedIndex();
            switch (e.getCode()) {
                case UP -> move(Math.max(0, index - 1));
                case DOWN -> move(Math.min(choices.getItems().size() - 1, index + 1));
                default -> accept();
            }
            e.consume();
        }
    }

    private void move(int index) {
        choices.getSelectionModel().select(index);
        choices.scrollTo(index);
    }

    /** Replaces the word being typed with the chosen completion. */
    void accept() {
        SqlCompletions.Completion chosen = choices.getSelectionModel().getSelectedItem();
        dismissCompletions();
        if (chosen == null || shown == null) {
            return;
        }
        int caret = area.getCaretPosition();
        int from = Math.min(shown.from(), caret);
        int to = Math.max(caret, Math.min(shown.to(), area.getLength()));
        area.replaceText(from, to, chosen.text());
        area.moveTo(from + chosen.text().length());
        area.requestFocus();
    }

    /** A completion: its text, and what it is in muted type beside it. */
    private static final class CompletionCell extends ListCell<SqlCompletions.Completion> {
        @Override
        protected void updateItem(SqlCompletions.Completion item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            Label detail = new Label(item.detail());
            detail.getStyleClass().add("sql-completion-detail");
            setText(item.text());
            setGraphic(detail);
            setContentDisplay(ContentDisplay.RIGHT);
            getStyleClass().removeIf(c -> c.startsWith("completion-"));
            getStyleClass().add("completion-" + item.kind().name().toLowerCase(Locale.ROOT));
        }
    }
}
