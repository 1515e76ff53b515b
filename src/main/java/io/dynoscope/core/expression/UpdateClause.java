package io.dynoscope.core.expression;

import java.util.List;

/** One clause of an update expression: a keyword and its comma-separated actions. */
public record UpdateClause(Keyword keyword, List<Action> actions, int column) {

    public UpdateClause {
        actions = List.copyOf(actions);
    }

    /** The four clause keywords, in the order the normaliser prints them. */
    public enum Keyword {
        SET,
        REMOVE,
        ADD,
        DELETE
    }

    /** One action inside a clause. */
    public sealed interface Action permits Set, Remove, Add, Delete {
        DocumentPath path();
    }

    /**
     * {@code path = value}, where value may use {@code +}, {@code -}, if_not_exists and
     * list_append.
     */
    public record Set(DocumentPath path, Operand value) implements Action {}

    /** {@code path}: removes an attribute or list element. */
    public record Remove(DocumentPath path) implements Action {}

    /** {@code path :value}: adds a number, or adds members to a set. */
    public record Add(DocumentPath path, Operand.ValueRef value) implements Action {}

    /** {@code path :value}: removes members from a set. */
    public record Delete(DocumentPath path, Operand.ValueRef value) implements Action {}
}
