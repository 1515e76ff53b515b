package io.dynoscope.repository;

import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RepositoryException.Kind;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * The DynamoDB client of one connection with the repository's way of calling it: an SDK failure
 * becomes a {@link RepositoryException} naming the operation and table.
 */
record SdkCalls(DynamoDbClient client, SdkErrors errors) {

    SdkCalls {
        Objects.requireNonNull(client, "client");
    }

    <T> T call(String operation, String table, Supplier<T> request) {
        try {
            return request.get();
        } catch (SdkException e) {
            throw errors.translate(operation, table, e);
        }
    }

    static void sleep(String operation, String table, long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RepositoryException(
                    Kind.OTHER, operation, table, "interrupted while waiting", e);
        }
    }

    static double capacity(ConsumedCapacity consumed) {
        return consumed == null || consumed.capacityUnits() == null ? 0 : consumed.capacityUnits();
    }

    static double capacity(List<ConsumedCapacity> consumed) {
        return consumed == null ? 0 : consumed.stream().mapToDouble(SdkCalls::capacity).sum();
    }

    static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    static long orZero(Long value) {
        return value == null ? 0 : value;
    }
}
