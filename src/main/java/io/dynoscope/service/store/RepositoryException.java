package io.dynoscope.service.store;

/**
 * A failed call to DynamoDB, carrying the operation, the table and the service's own message, so
 * the user can see what was attempted where and why it failed.
 */
public class RepositoryException extends RuntimeException {
    private final String operation;
    private final String table;
    private final String serviceMessage;
    private final Kind kind;

    /** What kind of failure, so callers can react (retry later, fix credentials, reconnect). */
    public enum Kind {
        VALIDATION,
        NOT_FOUND,
        THROTTLED,
        CREDENTIALS,
        UNREACHABLE,
        ACCESS_DENIED,
        OTHER
    }

    public RepositoryException(
            Kind kind, String operation, String table, String serviceMessage, Throwable cause) {
        super(
                ConnectionSpec.masked(
                        operation
                                + (table == null ? "" : " on table '" + table + "'")
                                + " failed: "
                                + serviceMessage),
                cause);
        this.kind = kind;
        this.operation = operation;
        this.table = table;
        this.serviceMessage = ConnectionSpec.masked(serviceMessage);
    }

    public Kind kind() {
        return kind;
    }

    public String operation() {
        return operation;
    }

    /** The table, or null for calls that are not about one table (ListTables). */
    public String table() {
        return table;
    }

    public String serviceMessage() {
        return serviceMessage;
    }
}
