package io.dynoscope.sandbox;

/** The local engine could not be started; the message says why and what the user can do. */
public class LocalEngineException extends RuntimeException {
    public LocalEngineException(String message) {
        super(message);
    }

    public LocalEngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
