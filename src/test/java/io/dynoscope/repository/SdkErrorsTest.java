package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RequestTimeouts;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;

/**
 * The kinds of failure the engine here cannot produce: throttling, access, credentials, unknown
 * hosts.
 */
class SdkErrorsTest {

    private final SdkErrors profileErrors =
            new SdkErrors(
                    new ConnectionSpec.Profile("dev", "eu-west-1"),
                    "DynamoDB in eu-west-1",
                    RequestTimeouts.DEFAULT);

    private static DynamoDbException serviceError(String code, String message) {
        return (DynamoDbException)
                DynamoDbException.builder()
                        .awsErrorDetails(
                                AwsErrorDetails.builder()
                                        .errorCode(code)
                                        .errorMessage(message)
                                        .build())
                        .statusCode(400)
                        .build();
    }

    @Test
    void throttlingCodesAreThrottled() {
        for (String code : new String[] {"ThrottlingException", "RequestLimitExceeded"}) {
            RepositoryException e =
                    profileErrors.translate("Scan", "big", serviceError(code, "Rate exceeded"));
            assertEquals(RepositoryException.Kind.THROTTLED, e.kind(), code);
            assertEquals("Rate exceeded", e.serviceMessage());
        }
        RepositoryException e =
                profileErrors.translate(
                        "Scan",
                        "big",
                        ProvisionedThroughputExceededException.builder()
                                .awsErrorDetails(
                                        AwsErrorDetails.builder()
                                                .errorCode("ProvisionedThroughputExceededException")
                                                .errorMessage("too fast")
                                                .build())
                                .build());
        assertEquals(RepositoryException.Kind.THROTTLED, e.kind());
    }

    @Test
    void accessDeniedKeepsTheServicesMessage() {
        RepositoryException e =
                profileErrors.translate(
                        "DeleteItem",
                        "orders",
                        serviceError(
                                "AccessDeniedException",
                                "User: arn:aws:iam::1:user/x is not authorized to perform: dynamodb:DeleteItem"));
        assertEquals(RepositoryException.Kind.ACCESS_DENIED, e.kind());
        assertEquals(
                "DeleteItem on table 'orders' failed: User: arn:aws:iam::1:user/x is not authorized to perform: dynamodb:DeleteItem",
                e.getMessage());
    }

    @Test
    void anExpiredSsoSessionSaysToLogInWithTheProfile() {
        RepositoryException e =
                profileErrors.translate(
                        "ListTables",
                        null,
                        SdkClientException.create(
                                "The SSO session associated with this profile has expired or is otherwise invalid."));
        assertEquals(RepositoryException.Kind.CREDENTIALS, e.kind());
        assertTrue(e.serviceMessage().contains("aws sso login --profile dev"), e.serviceMessage());
    }

    @Test
    void anExpiredTokenFromTheServiceIsACredentialsProblem() {
        RepositoryException e =
                profileErrors.translate(
                        "Query",
                        "t",
                        serviceError(
                                "ExpiredTokenException",
                                "The security token included in the request is expired"));
        assertEquals(RepositoryException.Kind.CREDENTIALS, e.kind());
        assertTrue(
                e.serviceMessage()
                        .startsWith("The security token included in the request is expired"));
    }

    @Test
    void noCredentialsInTheDefaultChainSaysWhatToSet() {
        SdkErrors chainErrors =
                new SdkErrors(
                        new ConnectionSpec.DefaultChain(null),
                        "DynamoDB in us-east-1",
                        RequestTimeouts.DEFAULT);
        RepositoryException e =
                chainErrors.translate(
                        "ListTables",
                        null,
                        SdkClientException.create(
                                "Unable to load credentials from any of the providers in the chain"));
        assertEquals(RepositoryException.Kind.CREDENTIALS, e.kind());
        assertTrue(e.serviceMessage().contains("AWS_PROFILE"), e.serviceMessage());
    }

    @Test
    void aClientErrorThatIsNotAboutCredentialsStaysOther() {
        RepositoryException e =
                profileErrors.translate(
                        "Scan",
                        "t",
                        SdkClientException.create(
                                "Unable to unmarshall response: Unexpected token at line 1 (processor lossless)"));
        assertEquals(RepositoryException.Kind.OTHER, e.kind());
    }

    @Test
    void anUnknownHostIsUnreachableNamingTheEndpoint() {
        SdkErrors localErrors =
                new SdkErrors(
                        new ConnectionSpec.Endpoint(
                                URI.create("http://dynamo.invalid:8000"), null, null),
                        "http://dynamo.invalid:8000",
                        RequestTimeouts.DEFAULT);
        RepositoryException unknown =
                localErrors.translate(
                        "GetItem",
                        "t",
                        SdkClientException.create(
                                "Unable to execute HTTP request",
                                new UnknownHostException("dynamo.invalid")));
        assertEquals(RepositoryException.Kind.UNREACHABLE, unknown.kind());
        assertTrue(
                unknown.serviceMessage().contains("http://dynamo.invalid:8000"),
                unknown.serviceMessage());
        assertTrue(
                unknown.serviceMessage().contains("unknown host dynamo.invalid"),
                unknown.serviceMessage());

        RepositoryException refused =
                localErrors.translate(
                        "GetItem",
                        "t",
                        SdkClientException.create(
                                "Unable to execute HTTP request",
                                new ConnectException("Connection refused")));
        assertEquals(RepositoryException.Kind.UNREACHABLE, refused.kind());
    }
}
