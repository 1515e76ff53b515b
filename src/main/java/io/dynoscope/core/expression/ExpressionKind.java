package io.dynoscope.core.expression;

/**
 * The five places DynamoDB takes an expression. {@link #FILTER} and {@link #CONDITION} share the
 * condition grammar; {@link #KEY_CONDITION} is parsed with it too and then held to the key rules.
 */
public enum ExpressionKind {
    KEY_CONDITION("KeyConditionExpression"),
    FILTER("FilterExpression"),
    CONDITION("ConditionExpression"),
    PROJECTION("ProjectionExpression"),
    UPDATE("UpdateExpression");

    private final String parameterName;

    ExpressionKind(String parameterName) {
        this.parameterName = parameterName;
    }

    /**
     * The request parameter that carries this kind of expression, e.g. {@code
     * KeyConditionExpression}.
     */
    public String parameterName() {
        return parameterName;
    }

    /** Whether this kind uses the condition grammar (key conditions, filters, conditions). */
    public boolean isCondition() {
        return this == KEY_CONDITION || this == FILTER || this == CONDITION;
    }
}
