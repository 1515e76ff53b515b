package io.dynoscope.ui.common;

import io.dynoscope.service.store.RepositoryException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns failures into one sentence a person can act on. */
public final class ErrorMessages {
    private ErrorMessages() {}

    public static String describe(Throwable error) {
        Throwable t = error;
        while ((t instanceof CompletionException || t instanceof ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof RepositoryException re) {
            return re.getMessage();
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }

    /** A message as a sentence: capitalised, ending with a full stop. */
    public static String sentence(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        String text = message.strip();
        return Character.toUpperCase(text.charAt(0))
                + text.substring(1)
                + (text.endsWith(".") ? "" : ".");
    }
}
