package io.dynoscope.core.expression;

/**
 * Something that stands for a value in an expression: a document path, a {@code :value}
 * placeholder, {@code size(path)}, or, in an update's SET action, {@code if_not_exists}, {@code
 * list_append} and {@code +}/{@code -}.
 */
public sealed interface Operand
        permits DocumentPath,
                Operand.ValueRef,
                Operand.Size,
                Operand.IfNotExists,
                Operand.ListAppend,
                Operand.Arithmetic {

    /** 1-based column where the operand starts. */
    int column();

    /** An expression attribute value placeholder such as {@code :v}. */
    record ValueRef(String name, int column) implements Operand {}

    /**
     * {@code size(subject)}: the length of a string or binary, or the element count of a set, list
     * or map; the subject is usually a path, but DynamoDB also takes a {@code :value}.
     */
    record Size(Operand subject, int column) implements Operand {}

    /** {@code if_not_exists(path, fallback)} in a SET action. */
    record IfNotExists(DocumentPath path, Operand fallback, int column) implements Operand {}

    /** {@code list_append(first, second)} in a SET action. */
    record ListAppend(Operand first, Operand second, int column) implements Operand {}

    /** {@code left + right} or {@code left - right} in a SET action. */
    record Arithmetic(Operand left, boolean plus, Operand right, int column) implements Operand {
        public String symbol() {
            return plus ? "+" : "-";
        }
    }
}
