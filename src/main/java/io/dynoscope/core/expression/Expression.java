package io.dynoscope.core.expression;

import java.util.List;

/** A parsed expression of one of the five kinds; {@link ExpressionParser} makes them. */
public sealed interface Expression
        permits Expression.ConditionExpression,
                Expression.ProjectionExpression,
                Expression.UpdateExpression {

    ExpressionKind kind();

    /** A key condition, filter or condition expression. */
    record ConditionExpression(ExpressionKind kind, Condition condition) implements Expression {
        public ConditionExpression {
            if (!kind.isCondition()) {
                throw new IllegalArgumentException(kind + " is not a condition kind");
            }
        }
    }

    /** A projection: the paths to return. */
    record ProjectionExpression(List<DocumentPath> paths) implements Expression {
        public ProjectionExpression {
            paths = List.copyOf(paths);
        }

        @Override
        public ExpressionKind kind() {
            return ExpressionKind.PROJECTION;
        }
    }

    /** An update: its clauses in the order written. */
    record UpdateExpression(List<UpdateClause> clauses) implements Expression {
        public UpdateExpression {
            clauses = List.copyOf(clauses);
        }

        @Override
        public ExpressionKind kind() {
            return ExpressionKind.UPDATE;
        }
    }
}
