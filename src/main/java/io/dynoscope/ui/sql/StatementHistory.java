package io.dynoscope.ui.sql;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The statements run in a console, newest first and each once, and a place in them for stepping
 * back and forth from the editor (Ctrl/Cmd+Up and Down).
 */
final class StatementHistory {

    /** The most statements kept. */
    static final int MOST = 100;

    private final ObservableList<String> statements = FXCollections.observableArrayList();
    private int place = -1;

    ObservableList<String> statements() {
        return statements;
    }

    /** Remembers a statement that was run; the place goes back to the newest. */
    void add(String statement) {
        String text = statement.strip();
        if (text.isEmpty()) {
            return;
        }
        statements.remove(text);
        statements.add(0, text);
        if (statements.size() > MOST) {
            statements.remove(MOST, statements.size());
        }
        place = -1;
    }

    /** The statement before the current place (older), or null at the oldest. */
    String older() {
        if (place + 1 >= statements.size()) {
            return null;
        }
        place++;
        return statements.get(place);
    }

    /** The statement after the current place (newer), or null past the newest. */
    String newer() {
        if (place <= 0) {
            place = -1;
            return null;
        }
        place--;
        return statements.get(place);
    }
}
