package io.dynoscope.repository;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RepositoryException.Kind;
import io.dynoscope.service.store.RequestTimeouts;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Turns the SDK's exceptions into {@link RepositoryException}s that name the operation, the table
 * and the service's own message, sorted into kinds a caller can act on.
 */
final class SdkErrors {

    private static final Set<String> THROTTLING_CODES =
            Set.of(
                    "ThrottlingException",
                    "ProvisionedThroughputExceededException",
                    "RequestLimitExceeded",
                    "LimitExceededException");
    private static final Set<String> CREDENTIAL_CODES =
            Set.of(
                    "UnrecognizedClientException",
                    "InvalidSignatureException",
                    "ExpiredTokenException",
                    "ExpiredToken",
                    "MissingAuthenticationToken",
                    "IncompleteSignature",
                    "InvalidClientTokenId",
                    "SignatureDoesNotMatch");

    // Words of the SDK's credential-provider and SSO messages; "token" alone would also match JSON
    // parse errors.
    private static final Pattern CREDENTIAL_WORDS =
            Pattern.compile(
                    "credential|\\bSSO\\b|(security|session|access|refresh|bearer) token|token (is|has) expired",
                    Pattern.CASE_INSENSITIVE);

    private final ConnectionSpec connection;
    private final String endpointName;
    private final RequestTimeouts timeouts;

    /**
     * @param endpointName where requests go, for "cannot reach" messages (user info masked)
     * @param timeouts the client's timeouts, for "no answer within" messages
     */
    SdkErrors(ConnectionSpec connection, String endpointName, RequestTimeouts timeouts) {
        this.connection = connection;
        this.endpointName = endpointName;
        this.timeouts = timeouts;
    }

    RepositoryException translate(String operation, String table, SdkException e) {
        if (e instanceof ResourceNotFoundException) {
            return new RepositoryException(Kind.NOT_FOUND, operation, table, serviceMessage(e), e);
        }
        if (e instanceof AwsServiceException service) {
            return fromService(operation, table, service);
        }
        if (e instanceof ApiCallTimeoutException
                || causeOf(e, ApiCallAttemptTimeoutException.class) != null) {
            return timedOut(operation, table, e);
        }
        if (e instanceof SdkClientException) {
            RepositoryException client = fromClient(operation, table, e);
            if (client != null) {
                return client;
            }
        }
        return new RepositoryException(
                Kind.OTHER, operation, table, String.valueOf(e.getMessage()), e);
    }

    /** An error the service answered with, by its error code. */
    private RepositoryException fromService(
            String operation, String table, AwsServiceException service) {
        String code =
                service.awsErrorDetails() == null
                        ? ""
                        : String.valueOf(service.awsErrorDetails().errorCode());
        Kind kind;
        if ("ValidationException".equals(code)) {
            kind = Kind.VALIDATION;
        } else if (THROTTLING_CODES.contains(code) || service.isThrottlingException()) {
            kind = Kind.THROTTLED;
        } else if ("AccessDeniedException".equals(code)) {
            kind = Kind.ACCESS_DENIED;
        } else if (CREDENTIAL_CODES.contains(code)) {
            return new RepositoryException(
                    Kind.CREDENTIALS,
                    operation,
                    table,
                    serviceMessage(service) + ". " + credentialAdvice(serviceMessage(service)),
                    service);
        } else {
            kind = Kind.OTHER;
        }
        return new RepositoryException(kind, operation, table, serviceMessage(service), service);
    }

    /** A request that got no answer in time: the whole call, or each of its attempts. */
    private RepositoryException timedOut(String operation, String table, SdkException e) {
        boolean wholeCall = e instanceof ApiCallTimeoutException;
        return new RepositoryException(
                Kind.UNREACHABLE,
                operation,
                table,
                "no answer from "
                        + endpointName
                        + " within "
                        + RequestTimeouts.show(wholeCall ? timeouts.apiCall() : timeouts.attempt())
                        + (wholeCall ? "" : " (each of its attempts)")
                        + "; the request timed out",
                e);
    }

    /** A client-side failure to reach the endpoint or to find credentials, or null if neither. */
    private RepositoryException fromClient(String operation, String table, SdkException e) {
        Throwable unreachable =
                causeOf(
                        e,
                        ConnectException.class,
                        UnknownHostException.class,
                        NoRouteToHostException.class);
        if (unreachable != null) {
            String reason =
                    unreachable instanceof UnknownHostException
                            ? "unknown host " + unreachable.getMessage()
                            : unreachable.getMessage() == null
                                    ? unreachable.getClass().getSimpleName()
                                    : unreachable.getMessage();
            return new RepositoryException(
                    Kind.UNREACHABLE,
                    operation,
                    table,
                    "cannot reach " + endpointName + " (" + reason + ")",
                    e);
        }
        if (isAboutCredentials(e)) {
            return new RepositoryException(
                    Kind.CREDENTIALS,
                    operation,
                    table,
                    e.getMessage() + " " + credentialAdvice(e.getMessage()),
                    e);
        }
        return null;
    }

    /**
     * The service's own message; the SDK's (which names the error code) when the service sent none
     * or an empty one (dynalite's ResourceInUseException).
     */
    private static String serviceMessage(SdkException e) {
        if (e instanceof AwsServiceException service
                && service.awsErrorDetails() != null
                && service.awsErrorDetails().errorMessage() != null
                && !service.awsErrorDetails().errorMessage().isBlank()) {
            return service.awsErrorDetails().errorMessage();
        }
        return String.valueOf(e.getMessage());
    }

    private static boolean isAboutCredentials(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage();
            String type = t.getClass().getName();
            if (CREDENTIAL_WORDS.matcher(message).find()
                    || type.startsWith("software.amazon.awssdk.services.sso")
                    || type.startsWith("software.amazon.awssdk.services.sts")) {
                return true;
            }
        }
        return false;
    }

    /** What the user can do about failed credentials, for the kind of connection they chose. */
    private String credentialAdvice(String message) {
        if (message != null && message.contains("process-based credentials")) {
            return "Run the profile's credential_process command by hand to see why it fails.";
        }
        if (connection instanceof ConnectionSpec.Profile profile) {
            boolean sso =
                    message != null && message.toLowerCase(Locale.ROOT).contains("sso")
                            || AwsProfiles.usesSso(profile.profileName());
            return sso
                    ? "Run `aws sso login --profile " + profile.profileName() + "` and try again."
                    : "Check the credentials of profile '"
                            + profile.profileName()
                            + "' in ~/.aws/credentials or ~/.aws/config (or run `aws configure --profile "
                            + profile.profileName()
                            + "`).";
        }
        if (connection instanceof ConnectionSpec.DefaultChain) {
            return "Set AWS_PROFILE (and run `aws sso login` for an SSO profile), set AWS_ACCESS_KEY_ID and "
                    + "AWS_SECRET_ACCESS_KEY, or run `aws configure`; or choose a named profile.";
        }
        return "A local endpoint accepts any credentials; check that "
                + endpointName
                + " is DynamoDB Local or dynalite.";
    }

    @SafeVarargs
    private static Throwable causeOf(Throwable e, Class<? extends Throwable>... types) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            for (Class<? extends Throwable> type : types) {
                if (type.isInstance(t)) {
                    return t;
                }
            }
        }
        return null;
    }
}
