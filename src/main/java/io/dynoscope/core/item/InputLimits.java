package io.dynoscope.core.item;

import java.util.Locale;

/**
 * How much text Dynoscope reads for one item, one statement or one model before it stops: caps set
 * by what DynamoDB could ever accept, so that an endless or hostile input ({@code /dev/zero}, a
 * small gzip holding one line of gigabytes) is refused with where and why instead of filling the
 * memory.
 */
public final class InputLimits {

    /**
     * The longest line (or CSV record) an import reads: ten times DynamoDB's 400 KB item limit,
     * more than the JSON text of any item DynamoDB takes can need (type descriptors, quotes and
     * escapes: an empty string in a list is one byte of the item and 9 characters of DynamoDB
     * JSON).
     */
    public static final int MAX_LINE_CHARS = 10 * ItemSize.MAX_ITEM_BYTES;

    /**
     * The largest file (or stdin) read whole for one item or one statement: 16 MiB, room for a 400
     * KB item pretty-printed and indented.
     */
    public static final long MAX_TEXT_BYTES = 16L << 20;

    /**
     * The largest model file read whole: 4 MiB, a model and thousands of example items. Measured at
     * the command line's 256 MB heap: a 4 MiB file of small items (40 numbers each, the costliest
     * shape to hold) loads with {@code --dry-run}; 8 MiB of them ran out of memory.
     */
    public static final long MAX_MODEL_BYTES = 4L << 20;

    private InputLimits() {}

    /** A number as messages write it: {@code 4,096,000}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Why a line over {@code maxChars} is refused, for a message at its line. */
    static String lineTooLong(int maxChars) {
        return "the line is longer than "
                + count(maxChars)
                + " characters, more than the JSON of any item DynamoDB takes (an item is at most"
                + " 400 KB)";
    }
}
