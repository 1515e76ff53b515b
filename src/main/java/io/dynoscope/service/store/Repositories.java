package io.dynoscope.service.store;

import io.dynoscope.core.table.TableChange;

/**
 * How the service layer and the front ends reach DynamoDB without knowing the SDK: opening a
 * repository for a connection, and showing a table change as the request that would be sent. The
 * composition roots (the app's context, its launcher) hand in the SDK's implementation; tests may
 * hand in their own.
 */
public interface Repositories {

    /** Opens a repository for {@code connection}; {@code mfa} is asked for a code when needed. */
    DynamoRepository open(ConnectionSpec connection, RequestTimeouts timeouts, MfaCodePrompt mfa);

    /** Opens a repository with the default timeouts, asking nobody for an MFA code. */
    default DynamoRepository open(ConnectionSpec connection) {
        return open(connection, RequestTimeouts.DEFAULT, MfaCodePrompt.NONE);
    }

    /**
     * EMR Serverless job runs with {@code connection}'s credentials, in {@code region} (or the
     * connection's); a local endpoint connection sends them to that endpoint too.
     */
    default JobRuns jobRuns(ConnectionSpec connection, String region) {
        throw new UnsupportedOperationException("no EMR Serverless client here");
    }

    /** The request {@code change} is sent as, as the JSON shown to the user before it is sent. */
    String requestText(TableChange change);
}
