package io.dynoscope.ui.expression;

import java.util.Objects;

/**
 * An expression the person saved in the expression builder under a name, kept with the table's
 * settings: its kind, the index it was built on, and each expression with only the placeholders it
 * uses (the {@code ExpressionAttributeNames} as JSON, the {@code ExpressionAttributeValues} as
 * DynamoDB JSON) — an update keeps its guard (ConditionExpression) beside it.
 *
 * @param kind the ExpressionKind's name: KEY_CONDITION, FILTER, PROJECTION, UPDATE, CONDITION
 * @param index the index a key condition was built on, or null for the table
 * @param guard an update's ConditionExpression, or null
 */
public record SavedExpression(
        String name,
        String kind,
        String index,
        String expression,
        String names,
        String values,
        String guard,
        String guardNames,
        String guardValues) {

    public SavedExpression {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(expression, "expression");
    }
}
