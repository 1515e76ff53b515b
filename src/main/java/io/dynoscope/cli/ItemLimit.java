package io.dynoscope.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --limit N}: at least 1. Zero is refused rather than read as "no limit" (which it
 * means to the API, and which would read a whole table for someone who asked for nothing); leaving
 * the option out reads every item.
 */
final class ItemLimit implements ITypeConverter<Integer> {

    @Override
    public Integer convert(String text) {
        int limit;
        try {
            limit = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        if (limit < 1) {
            throw new TypeConversionException(
                    "'"
                            + text
                            + "' is not a limit: give 1 or more items (leave --limit out to read"
                            + " every item)");
        }
        return limit;
    }
}
