package io.dynoscope.core.item;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * A validated DynamoDB number: up to 38 significant digits, magnitude zero or between 1E-130 and
 * 9.99…E+125. Parsed with {@link BigDecimal} only, so no digit is ever lost through {@code double}.
 */
record DynamoNumber(BigDecimal decimal) {

    /** The canonical text DynamoDB would return: no exponent, no trailing zeros. */
    String canonical() {
        return decimal.signum() == 0 ? "0" : decimal.toPlainString();
    }

    static final int MAX_SIGNIFICANT_DIGITS = 38;

    /**
     * No valid number is written this long (38 digits, 130 leading zeros and an exponent fit in a
     * few hundred characters), so longer text is refused before any parsing: BigDecimal would take
     * a minute over 400,000 digits.
     */
    static final int MAX_TEXT_CHARS = 1_000;

    private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");
    private static final BigDecimal MAX_MAGNITUDE_EXCLUSIVE = new BigDecimal("1E+126");
    // Compiled once: every number read from DynamoDB passes through here.
    private static final Pattern NUMBER =
            Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    static DynamoNumber parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("a number (N) cannot be null");
        }
        if (text.length() > MAX_TEXT_CHARS) {
            throw new IllegalArgumentException(
                    "'"
                            + JsonSupport.abbreviate(text)
                            + "' is too long for a number; DynamoDB keeps at most "
                            + MAX_SIGNIFICANT_DIGITS
                            + " significant digits");
        }
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("a number (N) cannot be empty");
        }
        String quoted = "'" + JsonSupport.abbreviate(text) + "'";
        if (!NUMBER.matcher(trimmed).matches()) {
            throw new IllegalArgumentException(quoted + " is not a number");
        }
        BigDecimal decimal;
        try {
            decimal = new BigDecimal(trimmed);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(quoted + " is not a number");
        }
        if (decimal.signum() == 0) {
            return new DynamoNumber(BigDecimal.ZERO);
        }
        BigDecimal stripped = decimal.stripTrailingZeros();
        if (stripped.precision() > MAX_SIGNIFICANT_DIGITS) {
            throw new IllegalArgumentException(
                    quoted
                            + " has "
                            + stripped.precision()
                            + " significant digits; DynamoDB keeps at most "
                            + MAX_SIGNIFICANT_DIGITS);
        }
        BigDecimal magnitude = stripped.abs();
        if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
            throw new IllegalArgumentException(quoted + " is smaller in magnitude than 1E-130");
        }
        if (magnitude.compareTo(MAX_MAGNITUDE_EXCLUSIVE) >= 0) {
            throw new IllegalArgumentException(
                    quoted
                            + " is larger in magnitude than 9.9999999999999999999999999999999999999E+125");
        }
        return new DynamoNumber(stripped);
    }
}
