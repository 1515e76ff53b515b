package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.ExpressionKind;
import java.util.EnumSet;
import java.util.Set;

/** The DynamoDB calls a snippet can make, with the expressions each one takes. */
public enum Operation {
    QUERY(
            "Query",
            EnumSet.of(
                    ExpressionKind.KEY_CONDITION,
                    ExpressionKind.FILTER,
                    ExpressionKind.PROJECTION)),
    SCAN("Scan", EnumSet.of(ExpressionKind.FILTER, ExpressionKind.PROJECTION)),
    GET_ITEM("GetItem", EnumSet.of(ExpressionKind.PROJECTION)),
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
}
