package io.dynoscope.service.sql;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.dynoscope.core.sql.ColumnPredicate;
import io.dynoscope.core.sql.ColumnPredicate.Operator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/**
 * Reads the filters Calcite pushes into a table as {@link ColumnPredicate}s: each conjunct that
 * compares one column with literals. Anything else is left to Calcite, which applies every filter
 * to the rows again in any case.
 */
final class RexPredicates {

    private RexPredicates() {}

    static List<ColumnPredicate> of(List<RexNode> filters) {
        List<ColumnPredicate> predicates = new ArrayList<>();
        for (RexNode filter : filters) {
            for (RexNode conjunct : RelOptUtil.conjunctions(filter)) {
                predicate(conjunct).ifPresent(predicates::add);
            }
        }
        return predicates;
    }

    private static Optional<ColumnPredicate> predicate(RexNode node) {
        if (!(node instanceof RexCall call)) {
            return booleanColumn(node).map(c -> ColumnPredicate.of(c, Operator.EQ, Boolean.TRUE));
        }
        List<RexNode> operands = call.getOperands();
        return switch (call.getKind()) {
            case IS_NOT_NULL ->
                    column(operands.get(0)).map(c -> ColumnPredicate.of(c, Operator.NOT_NULL));
            case NOT ->
                    booleanColumn(operands.get(0))
                            .map(c -> ColumnPredicate.of(c, Operator.EQ, Boolean.FALSE));
            case LIKE -> like(call);
            case SEARCH -> search(call);
            case EQUALS,
                    NOT_EQUALS,
                    LESS_THAN,
                    LESS_THAN_OR_EQUAL,
                    GREATER_THAN,
                    GREATER_THAN_OR_EQUAL ->
                    comparison(call.getKind(), operands.get(0), operands.get(1));
            default -> Optional.empty();
        };
    }

    /** A column of booleans, which a WHERE may name alone ({@code WHERE active}). */
    private static Optional<Integer> booleanColumn(RexNode node) {
        return node instanceof RexInputRef ref
                        && ref.getType().getSqlTypeName() == SqlTypeName.BOOLEAN
                ? Optional.of(ref.getIndex())
                : Optional.empty();
    }

    private static Optional<ColumnPredicate> comparison(SqlKind kind, RexNode left, RexNode right) {
        Optional<Integer> column = column(left);
        Optional<Object> value = literal(right);
        if (column.isEmpty() || value.isEmpty()) {
            column = column(right);
            value = literal(left);
            kind = kind.reverse();
        }
        if (column.isEmpty() || value.isEmpty()) {
            return Optional.empty();
        }
        Operator operator =
                switch (kind) {
                    case EQUALS -> Operator.EQ;
                    case NOT_EQUALS -> Operator.NE;
                    case LESS_THAN -> Operator.LT;
                    case LESS_THAN_OR_EQUAL -> Operator.LE;
                    case GREATER_THAN -> Operator.GT;
                    default -> Operator.GE;
                };
        return Optional.of(ColumnPredicate.of(column.get(), operator, value.get()));
    }

    /** {@code column LIKE 'prefix%'} with no other wildcard and no escape. */
    private static Optional<ColumnPredicate> like(RexCall call) {
        if (call.getOperands().size() != 2 || call.getOperator().getName().startsWith("NOT")) {
            return Optional.empty();
        }
        Optional<Integer> column = column(call.getOperands().get(0));
        Optional<Object> pattern = literal(call.getOperands().get(1));
        if (column.isEmpty() || pattern.isEmpty() || !(pattern.get() instanceof String text)) {
            return Optional.empty();
        }
        if (text.length() < 2 || !text.endsWith("%")) {
            return Optional.empty();
        }
        String prefix = text.substring(0, text.length() - 1);
        if (prefix.indexOf('%') >= 0 || prefix.indexOf('_') >= 0) {
            return Optional.empty();
        }
        return Optional.of(ColumnPredicate.of(column.get(), Operator.BEGINS_WITH, prefix));
    }

    /** {@code SEARCH(column, Sarg)}: points become IN, one range its bounds. */
    private static Optional<ColumnPredicate> search(RexCall call) {
        Optional<Integer> column = column(call.getOperands().get(0));
        if (column.isEmpty() || !(call.getOperands().get(1) instanceof RexLiteral literal)) {
            return Optional.empty();
        }
        Sarg<?> sarg = literal.getValueAs(Sarg.class);
        if (sarg == null || sarg.nullAs == RexUnknownAs.TRUE) {
            return Optional.empty();
        }
        if (sarg.isPoints()) {
            List<Object> values =
                    sarg.rangeSet.asRanges().stream().map(r -> value(r.lowerEndpoint())).toList();
            return values.contains(null)
                    ? Optional.empty()
                    : Optional.of(new ColumnPredicate(column.get(), Operator.IN, values));
        }
        Set<? extends Range<?>> ranges = sarg.rangeSet.asRanges();
        if (ranges.size() != 1) {
            return Optional.empty();
        }
        Range<?> range = ranges.iterator().next();
        Object lower = range.hasLowerBound() ? value(range.lowerEndpoint()) : null;
        Object upper = range.hasUpperBound() ? value(range.upperEndpoint()) : null;
        boolean closedLower = range.hasLowerBound() && range.lowerBoundType() == BoundType.CLOSED;
        boolean closedUpper = range.hasUpperBound() && range.upperBoundType() == BoundType.CLOSED;
        if (lower != null && upper != null && closedLower && closedUpper) {
            return Optional.of(ColumnPredicate.of(column.get(), Operator.BETWEEN, lower, upper));
        }
        // Two open or half-open bounds: send the lower one; Calcite applies the upper one.
        if (lower != null) {
            return Optional.of(
                    ColumnPredicate.of(
                            column.get(), closedLower ? Operator.GE : Operator.GT, lower));
        }
        if (upper != null) {
            return Optional.of(
                    ColumnPredicate.of(
                            column.get(), closedUpper ? Operator.LE : Operator.LT, upper));
        }
        return Optional.empty();
    }

    private static Optional<Integer> column(RexNode node) {
        return node instanceof RexInputRef ref ? Optional.of(ref.getIndex()) : Optional.empty();
    }

    private static Optional<Object> literal(RexNode node) {
        if (node instanceof RexCall cast
                && cast.getKind() == SqlKind.CAST
                && cast.getOperands().get(0) instanceof RexLiteral) {
            node = cast.getOperands().get(0);
        }
        if (!(node instanceof RexLiteral literal) || literal.isNull()) {
            return Optional.empty();
        }
        return Optional.ofNullable(value(literal.getValue()));
    }

    /** A literal's value as String, BigDecimal or Boolean; null for other types. */
    private static Object value(Comparable<?> value) {
        if (value instanceof NlsString nls) {
            return nls.getValue();
        }
        if (value instanceof BigDecimal || value instanceof Boolean || value instanceof String) {
            return value;
        }
        return null;
    }
}
