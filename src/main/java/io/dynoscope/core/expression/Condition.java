package io.dynoscope.core.expression;

import java.util.List;
import java.util.Optional;

/** A node of a condition: the grammar of key conditions, filters and condition expressions. */
public sealed interface Condition
        permits Condition.Comparison,
                Condition.Between,
                Condition.In,
                Condition.FunctionCall,
                Condition.And,
                Condition.Or,
                Condition.Not {

    /** 1-based column where this condition starts in the text. */
    int column();

    /** The six comparators. */
    enum Comparator {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** The functions that are conditions on their own ({@code size} is an operand instead). */
    enum Function {
        ATTRIBUTE_EXISTS("attribute_exists"),
        ATTRIBUTE_NOT_EXISTS("attribute_not_exists"),
        ATTRIBUTE_TYPE("attribute_type"),
        BEGINS_WITH("begins_with"),
        CONTAINS("contains");

        private final String functionName;

        Function(String functionName) {
            this.functionName = functionName;
        }

        /** The name as DynamoDB spells it (function names are case-sensitive). */
        public String functionName() {
            return functionName;
        }

        /** Whether the function takes a second argument after the path. */
        public boolean takesArgument() {
            return this == ATTRIBUTE_TYPE || this == BEGINS_WITH || this == CONTAINS;
        }

        static Optional<Function> named(String name) {
            for (Function f : values()) {
                if (f.functionName.equals(name)) {
                    return Optional.of(f);
                }
            }
            return Optional.empty();
        }
    }

    /** {@code left comparator right}. */
    record Comparison(Operand left, Comparator comparator, Operand right, int column)
            implements Condition {}

    /** {@code subject BETWEEN lower AND upper}. */
    record Between(Operand subject, Operand lower, Operand upper, int column)
            implements Condition {}

    /** {@code subject IN (candidate, ...)}. */
    record In(Operand subject, List<Operand> candidates, int column) implements Condition {
        public In {
            candidates = List.copyOf(candidates);
        }
    }

    /**
     * {@code function(subject[, argument])}. The subject of attribute_exists and
     * attribute_not_exists is always a {@link DocumentPath}; begins_with, contains and
     * attribute_type also take a {@code :value} or {@code size(...)} there, as DynamoDB does.
     */
    record FunctionCall(Function function, Operand subject, Optional<Operand> argument, int column)
            implements Condition {}

    /** {@code left AND right}; {@code keywordColumn} is where the AND itself is written. */
    record And(Condition left, Condition right, int keywordColumn) implements Condition {
        @Override
        public int column() {
            return left.column();
        }
    }

    /** {@code left OR right}; {@code keywordColumn} is where the OR itself is written. */
    record Or(Condition left, Condition right, int keywordColumn) implements Condition {
        @Override
        public int column() {
            return left.column();
        }
    }

    /** {@code NOT operand}. */
    record Not(Condition operand, int column) implements Condition {}
}
