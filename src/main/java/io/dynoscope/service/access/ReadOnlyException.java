package io.dynoscope.service.access;

/** A write refused because the connection is read-only; nothing was sent. */
public final class ReadOnlyException extends RuntimeException {

    ReadOnlyException(String action, String reason) {
        super(action + " refused: the connection is read-only (" + reason + "); nothing was sent");
    }
}
