package io.dynoscope.repository;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RepositoryException.Kind;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The batch reads and writes of one connection, BatchGetItem and BatchWriteItem, in DynamoDB's
 * chunks, resending what DynamoDB left unprocessed with backoff.
 */
final class SdkBatches {

    static final int BATCH_GET_MAX_KEYS = 100;
    static final int BATCH_WRITE_MAX_ITEMS = 25;
    private static final int BATCH_ROUNDS_WITHOUT_PROGRESS = 10;
    private static final long BACKOFF_BASE_MILLIS = 50;
    private static final long BACKOFF_CAP_MILLIS = 5_000;

    private final SdkCalls calls;

    SdkBatches(SdkCalls calls) {
        this.calls = calls;
    }

    BatchResult batchGet(String table, List<Key> keys, Cancellation cancellation) {
        List<Key> distinct = List.copyOf(new LinkedHashSet<>(keys));
        List<Item> items = new ArrayList<>();
        int processed = 0;
        int requests = 0;
        double consumed = 0;
        for (int from = 0;
                from < distinct.size() && !cancellation.isCancelled();
                from += BATCH_GET_MAX_KEYS) {
            List<Map<String, AttributeValue>> pending =
                    distinct
                            .subList(from, Math.min(from + BATCH_GET_MAX_KEYS, distinct.size()))
                            .stream()
                            .map(SdkConversions::toSdk)
                            .toList();
            int roundsWithoutProgress = 0;
            while (!pending.isEmpty() && !cancellation.isCancelled()) {
                List<Map<String, AttributeValue>> asked = pending;
                BatchGetItemResponse response =
                        calls.call(
                                "BatchGetItem",
                                table,
                                () ->
                                        calls.client()
                                                .batchGetItem(
                                                        r ->
                                                                r.requestItems(
                                                                                Map.of(
                                                                                        table,
                                                                                        KeysAndAttributes
                                                                                                .builder()
                                                                                                .keys(
                                                                                                        asked)
                                                                                                .build()))
                                                                        .returnConsumedCapacity(
                                                                                ReturnConsumedCapacity
                                                                                        .TOTAL)));
                requests++;
                consumed += SdkCalls.capacity(response.consumedCapacity());
                response.responses()
                        .getOrDefault(table, List.of())
                        .forEach(i -> items.add(SdkConversions.item(i)));
                KeysAndAttributes unprocessed = response.unprocessedKeys().get(table);
                pending = unprocessed == null ? List.of() : unprocessed.keys();
                processed += asked.size() - pending.size();
                roundsWithoutProgress =
                        pending.size() < asked.size() ? 0 : roundsWithoutProgress + 1;
                if (!pending.isEmpty()) {
                    backOff("BatchGetItem", table, roundsWithoutProgress);
                }
            }
        }
        return new BatchResult(items, processed, requests, consumed);
    }

    BatchResult batchWrite(
            String table, List<Item> puts, List<Key> deletes, Cancellation cancellation) {
        List<WriteRequest> writes = new ArrayList<>(puts.size() + deletes.size());
        puts.forEach(
                item ->
                        writes.add(
                                WriteRequest.builder()
                                        .putRequest(
                                                PutRequest.builder()
                                                        .item(SdkConversions.toSdk(item))
                                                        .build())
                                        .build()));
        deletes.forEach(
                key ->
                        writes.add(
                                WriteRequest.builder()
                                        .deleteRequest(
                                                DeleteRequest.builder()
                                                        .key(SdkConversions.toSdk(key))
                                                        .build())
                                        .build()));
        int processed = 0;
        int requests = 0;
        double consumed = 0;
        for (int from = 0;
                from < writes.size() && !cancellation.isCancelled();
                from += BATCH_WRITE_MAX_ITEMS) {
            List<WriteRequest> pending =
                    writes.subList(from, Math.min(from + BATCH_WRITE_MAX_ITEMS, writes.size()));
            int roundsWithoutProgress = 0;
            while (!pending.isEmpty() && !cancellation.isCancelled()) {
                List<WriteRequest> sent = pending;
                BatchWriteItemResponse response =
                        calls.call(
                                "BatchWriteItem",
                                table,
                                () ->
                                        calls.client()
                                                .batchWriteItem(
                                                        r ->
                                                                r.requestItems(Map.of(table, sent))
                                                                        .returnConsumedCapacity(
                                                                                ReturnConsumedCapacity
                                                                                        .TOTAL)));
                requests++;
                consumed += SdkCalls.capacity(response.consumedCapacity());
                pending = response.unprocessedItems().getOrDefault(table, List.of());
                processed += sent.size() - pending.size();
                roundsWithoutProgress =
                        pending.size() < sent.size() ? 0 : roundsWithoutProgress + 1;
                if (!pending.isEmpty()) {
                    backOff("BatchWriteItem", table, roundsWithoutProgress);
                }
            }
        }
        return new BatchResult(List.of(), processed, requests, consumed);
    }

    /**
     * Waits before resending unprocessed items: exponential in the rounds without progress, capped,
     * with "equal jitter" so concurrent writers spread out. Gives up when nothing gets through.
     */
    private static void backOff(String operation, String table, int roundsWithoutProgress) {
        if (roundsWithoutProgress >= BATCH_ROUNDS_WITHOUT_PROGRESS) {
            throw new RepositoryException(
                    Kind.THROTTLED,
                    operation,
                    table,
                    "DynamoDB left items unprocessed in "
                            + roundsWithoutProgress
                            + " requests in a row; the table is throttled, try again later",
                    null);
        }
        long ceiling =
                Math.min(
                        BACKOFF_CAP_MILLIS,
                        BACKOFF_BASE_MILLIS << Math.min(roundsWithoutProgress, 16));
        long half = ceiling / 2;
        SdkCalls.sleep(operation, table, half + ThreadLocalRandom.current().nextLong(half + 1));
    }
}
