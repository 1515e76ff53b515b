package io.dynoscope.core.item;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * Short, exact text for a value in one grid cell: strings as they are, numbers with every digit,
 * binary as its size and a base64 preview, sets and nested values summarised.
 */
public final class ValueText {
    private static final int PREVIEW = 24;
    private static final int SET_MEMBERS_SHOWN = 5;

    private ValueText() {}

    /**
     * Whether the value is one a comparison can test: a string, number, binary, boolean or NULL.
     */
    public static boolean isScalar(AttributeValue value) {
        return switch (value.type()) {
            case S, N, B, BOOL, NULL -> true;
            default -> false;
        };
    }

    public static String of(AttributeValue value) {
        // Java 17 has no pattern switch; the sealed type keeps this list complete.
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        } else if (value instanceof AttributeValue.Num n) {
            return n.text();
        } else if (value instanceof AttributeValue.Bool b) {
            return Boolean.toString(b.value());
        } else if (value instanceof AttributeValue.Null) {
            return "NULL";
        } else if (value instanceof AttributeValue.Bin b) {
            return binary(b);
        } else if (value instanceof AttributeValue.StrSet ss) {
            return members(ss.members().iterator(), ss.members().size(), x -> x);
        } else if (value instanceof AttributeValue.NumSet ns) {
            return members(ns.members().iterator(), ns.members().size(), AttributeValue.Num::text);
        } else if (value instanceof AttributeValue.BinSet bs) {
            return members(bs.members().iterator(), bs.members().size(), ValueText::binary);
        } else if (value instanceof AttributeValue.MapValue m) {
            return "{"
                    + m.entries().size()
                    + (m.entries().size() == 1 ? " attribute}" : " attributes}");
        } else {
            int n = ((AttributeValue.ListValue) value).elements().size();
            return "[" + n + (n == 1 ? " element]" : " elements]");
        }
    }

    /**
     * The members of a set as cell text, each as {@link #of} would show it; empty for other types.
     */
    public static List<String> members(AttributeValue value) {
        List<String> members = new ArrayList<>();
        if (value instanceof AttributeValue.StrSet ss) {
            members.addAll(ss.members());
        } else if (value instanceof AttributeValue.NumSet ns) {
            ns.members().forEach(n -> members.add(n.text()));
        } else if (value instanceof AttributeValue.BinSet bs) {
            bs.members().forEach(b -> members.add(binary(b)));
        }
        return members;
    }

    static String binary(AttributeValue.Bin b) {
        String base64 = b.base64();
        return String.format(
                Locale.ROOT,
                "%d B · %s",
                b.length(),
                base64.length() > PREVIEW ? base64.substring(0, PREVIEW) + "…" : base64);
    }

    private static <T> String members(Iterator<T> it, int size, Function<T, String> text) {
        StringJoiner joiner = new StringJoiner(", ", "{", "}");
        int shown = 0;
        while (it.hasNext() && shown < SET_MEMBERS_SHOWN) {
            joiner.add(text.apply(it.next()));
            shown++;
        }
        if (size > shown) {
            joiner.add("+" + (size - shown) + " more");
        }
        return joiner.toString();
    }

    /** Bytes in a unit a person reads at a glance. */
    public static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        if (bytes < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GB", bytes / (1024.0 * 1024 * 1024));
    }

    /** Capacity units as the status line shows them: {@code 1}, {@code 2.5}. */
    public static String capacityUnits(double units) {
        return units == Math.rint(units)
                ? String.format(Locale.ROOT, "%.0f", units)
                : String.format(Locale.ROOT, "%.1f", units);
    }
}
