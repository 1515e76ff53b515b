package io.dynoscope.repository;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The single writes of one connection, PutItem, UpdateItem and DeleteItem, each conditional on what
 * the caller gives and answering with the old item, the capacity used and the item collection's
 * size; a refused condition is an outcome, not an exception.
 */
final class SdkWrites {

    /** What every single write asks back, by the SDK's member names. */
    private static final Map<String, String> ASKED_BACK =
            Map.of(
                    "ReturnValues", ReturnValue.ALL_OLD.toString(),
                    "ReturnValuesOnConditionCheckFailure",
                            ReturnValuesOnConditionCheckFailure.ALL_OLD.toString(),
                    "ReturnConsumedCapacity", ReturnConsumedCapacity.TOTAL.toString(),
                    "ReturnItemCollectionMetrics", ReturnItemCollectionMetrics.SIZE.toString());

    /** What a write that wants no old item asks back: the refusing item and the capacity. */
    private static final Map<String, String> REFUSAL_ASKED_BACK =
            Map.of(
                    "ReturnValuesOnConditionCheckFailure",
                            ReturnValuesOnConditionCheckFailure.ALL_OLD.toString(),
                    "ReturnConsumedCapacity", ReturnConsumedCapacity.TOTAL.toString());

    private final SdkCalls calls;

    SdkWrites(SdkCalls calls) {
        this.calls = calls;
    }

    WriteOutcome putItem(String table, Item item, CompiledExpression condition) {
        return conditionalWrite(
                "PutItem",
                table,
                PutItemRequest.builder().item(SdkConversions.toSdk(item)),
                request -> calls.client().putItem(request.build()),
                ASKED_BACK,
                condition);
    }

    WriteOutcome updateItem(UpdateSpec update) {
        var request =
                UpdateItemRequest.builder()
                        .key(SdkConversions.toSdk(update.key()))
                        .updateExpression(update.update().text());
        return conditionalWrite(
                "UpdateItem",
                update.table(),
                request,
                built -> calls.client().updateItem(built.build()),
                update.oldItemAskedBack() ? ASKED_BACK : REFUSAL_ASKED_BACK,
                update.condition(),
                update.update());
    }

    WriteOutcome deleteItem(String table, Key key, CompiledExpression condition) {
        return conditionalWrite(
                "DeleteItem",
                table,
                DeleteItemRequest.builder().key(SdkConversions.toSdk(key)),
                request -> calls.client().deleteItem(request.build()),
                ASKED_BACK,
                condition);
    }

    /** DynamoDB's size estimate of the written item's collection, when it gave one. */
    static Optional<WriteOutcome.ItemCollectionSize> itemCollection(ItemCollectionMetrics metrics) {
        if (metrics == null
                || !metrics.hasItemCollectionKey()
                || !metrics.hasSizeEstimateRangeGB()
                || metrics.sizeEstimateRangeGB().size() < 2) {
            return Optional.empty();
        }
        var key = metrics.itemCollectionKey().values().iterator().next();
        return Optional.of(
                new WriteOutcome.ItemCollectionSize(
                        SdkConversions.fromSdk(key),
                        metrics.sizeEstimateRangeGB().get(0),
                        metrics.sizeEstimateRangeGB().get(1)));
    }

    /**
     * The one template of PutItem, UpdateItem and DeleteItem. Their request builders and responses
     * share no SDK type naming their common members, so the template sets and reads those through
     * the SDK's own field descriptions: the table, the condition, the placeholders of every
     * expression, and what the write asks back ({@code askedBack}: the old item, also when the
     * condition refuses the write; the capacity used; the item collection's size). A refused
     * condition becomes the item that refused it.
     */
    private <B extends SdkPojo> WriteOutcome conditionalWrite(
            String operation,
            String table,
            B request,
            Function<B, ? extends SdkPojo> send,
            Map<String, String> askedBack,
            CompiledExpression condition,
            CompiledExpression... others) {
        Placeholders placeholders = new Placeholders(operation, table);
        for (CompiledExpression expression : others) {
            placeholders.add(expression);
        }
        placeholders.add(condition);
        Map<String, Object> members = new HashMap<>(askedBack);
        members.put("TableName", table);
        members.put("ConditionExpression", condition == null ? null : condition.text());
        members.put("ExpressionAttributeNames", placeholders.namesOrNull());
        members.put("ExpressionAttributeValues", placeholders.valuesOrNull());
        request.sdkFields().stream()
                .filter(field -> members.containsKey(field.memberName()))
                .forEach(field -> field.set(request, members.get(field.memberName())));
        try {
            SdkPojo response = send.apply(request);
            Map<String, Object> answer = new HashMap<>();
            response.sdkFields()
                    .forEach(
                            field ->
                                    answer.put(
                                            field.memberName(), field.getValueOrDefault(response)));
            @SuppressWarnings("unchecked")
            var old = (Map<String, AttributeValue>) answer.get("Attributes");
            return new WriteOutcome.Written(
                    old == null || old.isEmpty() ? null : SdkConversions.item(old),
                    SdkCalls.capacity((ConsumedCapacity) answer.get("ConsumedCapacity")),
                    itemCollection((ItemCollectionMetrics) answer.get("ItemCollectionMetrics")));
        } catch (ConditionalCheckFailedException failed) {
            Item current =
                    failed.hasItem() && !failed.item().isEmpty()
                            ? SdkConversions.item(failed.item())
                            : null;
            String message =
                    failed.awsErrorDetails() == null
                            ? failed.getMessage()
                            : failed.awsErrorDetails().errorMessage();
            return new WriteOutcome.ConditionFailed(current, message, 0);
        } catch (SdkException e) {
            throw calls.errors().translate(operation, table, e);
        }
    }
}
