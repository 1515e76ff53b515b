package io.dynoscope.core.expression;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The DynamoDB calls that take expressions, with the expressions each one takes. A filter's rules
 * depend on the call: a Query's filter may not name the keys of the table or index it reads.
 */
public enum Operation {
    QUERY(
            "Query",
            EnumSet.of(
                    ExpressionKind.KEY_CONDITION,
                    ExpressionKind.FILTER,
                    ExpressionKind.PROJECTION)),
    SCAN("Scan", EnumSet.of(ExpressionKind.FILTER, ExpressionKind.PROJECTION)),
    GET_ITEM("GetItem", EnumSet.of(ExpressionKind.PROJECTION)),
    PUT_ITEM("PutItem", EnumSet.of(ExpressionKind.CONDITION)),
    UPDATE_ITEM("UpdateItem", EnumSet.of(ExpressionKind.UPDATE, ExpressionKind.CONDITION)),
    DELETE_ITEM("DeleteItem", EnumSet.of(ExpressionKind.CONDITION));

    private final String apiName;
    private final Set<ExpressionKind> accepted;

    Operation(String apiName, Set<ExpressionKind> accepted) {
        this.apiName = apiName;
        this.accepted = accepted;
    }

    /** The name in the DynamoDB API, e.g. {@code GetItem}. */
    public String apiName() {
        return apiName;
    }

    /** Whether this call takes an expression of that kind. */
    public boolean accepts(ExpressionKind kind) {
        return accepted.contains(kind);
    }

    /** Whether the call addresses one item by its key. */
    public boolean takesKey() {
        return this == GET_ITEM || this == UPDATE_ITEM || this == DELETE_ITEM;
    }

    /** The call named as in the DynamoDB API ({@code Query}, {@code UpdateItem}), any case. */
    public static Optional<Operation> byApiName(String name) {
        return Arrays.stream(values()).filter(o -> o.apiName.equalsIgnoreCase(name)).findFirst();
    }

    /** The API names, for messages: {@code Query, Scan, ...}. */
    public static String apiNames() {
        return Arrays.stream(values()).map(Operation::apiName).collect(Collectors.joining(", "));
    }
}
