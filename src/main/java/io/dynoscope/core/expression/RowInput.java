package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builder rows as people type them: an attribute, an operator and value texts (the builder's row
 * fields), or all of it on one line, {@code ATTRIBUTE OP VALUE} (the command line's {@code 'status
 * = ACTIVE'}, {@code 'Detail begins_with PROJ#'}, {@code 'n between 1 and 9'}, {@code 'status in
 * ["A", "B"]'}). Values read as {@link ValueInput} reads them.
 */
public final class RowInput {

    private static final Pattern SYMBOL_ROW =
            Pattern.compile("^\\s*(\\S+?)\\s*(<>|<=|>=|=|<|>)\\s*(.*?)\\s*$", Pattern.DOTALL);
    private static final Pattern WORD_ROW =
            Pattern.compile("^\\s*(\\S+)\\s+([A-Za-z_]+)\\s*(.*?)\\s*$", Pattern.DOTALL);
    private static final Pattern BETWEEN_VALUES =
            Pattern.compile("^(.*?)\\s+(?i:and)\\s+(.*)$", Pattern.DOTALL);

    private RowInput() {}

    /**
     * The row of these fields.
     *
     * @param upper BETWEEN's upper bound; ignored by the other operators
     * @throws IllegalArgumentException saying which part is wrong
     */
    public static Row row(String attribute, Row.Operator operator, String value, String upper) {
        AttributePath path = AttributePath.parse(attribute.strip());
        return switch (operator) {
            case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> Row.of(path, operator);
            case BETWEEN -> Row.of(path, operator, value(value), value(upper));
            case IN -> {
                AttributeValue list = value(value);
                if (!(list instanceof AttributeValue.ListValue candidates)
                        || candidates.elements().isEmpty()) {
                    throw new IllegalArgumentException(
                            "IN takes a JSON array of values, e.g. [\"ACTIVE\", \"PAUSED\"]");
                }
                yield Row.of(path, operator, candidates.elements().toArray(AttributeValue[]::new));
            }
            case ATTRIBUTE_TYPE -> Row.of(path, operator, AttributeValue.s(text(value)));
            default -> Row.of(path, operator, value(value));
        };
    }

    /**
     * The row one line of text describes.
     *
     * @throws IllegalArgumentException saying what the line should look like
     */
    public static Row parse(String text) {
        Matcher symbol = SYMBOL_ROW.matcher(text);
        if (symbol.matches()) {
            Row.Operator op =
                    switch (symbol.group(2)) {
                        case "=" -> Row.Operator.EQ;
                        case "<>" -> Row.Operator.NE;
                        case "<" -> Row.Operator.LT;
                        case "<=" -> Row.Operator.LE;
                        case ">" -> Row.Operator.GT;
                        default -> Row.Operator.GE;
                    };
            return row(symbol.group(1), op, symbol.group(3), null);
        }
        Matcher word = WORD_ROW.matcher(text);
        if (!word.matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "': write ATTRIBUTE OP VALUE, e.g. 'status = ACTIVE'");
        }
        String attribute = word.group(1);
        String rest = word.group(3);
        Row.Operator op = operator(word.group(2));
        return switch (op) {
            case ATTRIBUTE_EXISTS, ATTRIBUTE_NOT_EXISTS -> {
                if (!rest.isEmpty()) {
                    throw new IllegalArgumentException(
                            op.symbol() + " takes no value, but '" + rest + "' follows it");
                }
                yield row(attribute, op, null, null);
            }
            case BETWEEN -> {
                Matcher bounds = BETWEEN_VALUES.matcher(rest);
                if (!bounds.matches()) {
                    throw new IllegalArgumentException(
                            "'" + text + "': between takes LOW and HIGH");
                }
                yield row(attribute, op, bounds.group(1), bounds.group(2));
            }
            default -> row(attribute, op, rest, null);
        };
    }

    private static Row.Operator operator(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "begins_with" -> Row.Operator.BEGINS_WITH;
            case "contains" -> Row.Operator.CONTAINS;
            case "attribute_type" -> Row.Operator.ATTRIBUTE_TYPE;
            case "exists", "attribute_exists" -> Row.Operator.ATTRIBUTE_EXISTS;
            case "not_exists", "attribute_not_exists" -> Row.Operator.ATTRIBUTE_NOT_EXISTS;
            case "between" -> Row.Operator.BETWEEN;
            case "in" -> Row.Operator.IN;
            default ->
                    throw new IllegalArgumentException(
                            "'"
                                    + word
                                    + "' is not an operator; use = <> < <= > >= begins_with"
                                    + " contains between in exists not_exists attribute_type");
        };
    }

    private static AttributeValue value(String text) {
        return ValueInput.read(text(text));
    }

    private static String text(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a value is missing");
        }
        return text;
    }
}
