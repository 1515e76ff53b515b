package io.dynoscope.core.item;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import java.util.Map;

/**
 * A lone surrogate (U+D800..U+DFFF without its pair) is no character, yet a Java string and a
 * DynamoDB string can hold one. UTF-8 cannot: a writer would put {@code ?} in its place. JSON can
 * say it as {@code \\uD800}, which reads back to the same string; CSV cannot, so it refuses.
 */
public final class LoneSurrogates {

    private LoneSurrogates() {}

    /** The index of the first lone surrogate in {@code text}, or -1. */
    public static int find(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The path of the first attribute name or string value of {@code item} that holds a lone
     * surrogate ({@code note}, {@code tags[2]}, {@code a.b} for a map key), or null.
     */
    public static String pathIn(Item item) {
        for (Map.Entry<String, AttributeValue> attribute : item.attributes().entrySet()) {
            String path = pathIn(attribute.getKey(), attribute.getValue());
            if (path != null) {
                return path;
            }
        }
        return null;
    }

    private static String pathIn(String path, AttributeValue value) {
        if (find(path) >= 0) {
            return path;
        }
        if (value instanceof AttributeValue.Str s) {
            return find(s.value()) >= 0 ? path : null;
        }
        if (value instanceof AttributeValue.StrSet set) {
            return set.members().stream().anyMatch(m -> find(m) >= 0) ? path : null;
        }
        if (value instanceof AttributeValue.MapValue map) {
            for (Map.Entry<String, AttributeValue> entry : map.entries().entrySet()) {
                String inner = pathIn(path + "." + entry.getKey(), entry.getValue());
                if (inner != null) {
                    return inner;
                }
            }
        }
        if (value instanceof AttributeValue.ListValue list) {
            for (int i = 0; i < list.elements().size(); i++) {
                String inner = pathIn(path + "[" + i + "]", list.elements().get(i));
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /**
     * A writer for JSON text that writes each lone surrogate as a {@code \\uXXXX} escape. JSON
     * generators emit raw surrogates only inside strings, where the escape means the same.
     */
    static Writer escapingInJson(Writer out) {
        return new FilterWriter(out) {
            private char pendingHigh;

            @Override
            public void write(int c) throws IOException {
                char ch = (char) c;
                if (pendingHigh != 0) {
                    char high = pendingHigh;
                    pendingHigh = 0;
                    if (Character.isLowSurrogate(ch)) {
                        out.write(high);
                        out.write(ch);
                        return;
                    }
                    escape(high);
                }
                if (Character.isHighSurrogate(ch)) {
                    pendingHigh = ch;
                } else if (Character.isLowSurrogate(ch)) {
                    escape(ch);
                } else {
                    out.write(ch);
                }
            }

            @Override
            public void write(char[] chars, int off, int len) throws IOException {
                int plain = off;
                for (int i = off; i < off + len; i++) {
                    if (pendingHigh != 0 || Character.isSurrogate(chars[i])) {
                        out.write(chars, plain, i - plain);
                        write(chars[i]);
                        plain = i + 1;
                    }
                }
                out.write(chars, plain, off + len - plain);
            }

            @Override
            public void write(String text, int off, int len) throws IOException {
                write(text.toCharArray(), off, len);
            }

            @Override
            public void flush() throws IOException {
                endPending();
                out.flush();
            }

            @Override
            public void close() throws IOException {
                endPending();
                out.close();
            }

            private void endPending() throws IOException {
                if (pendingHigh != 0) {
                    char high = pendingHigh;
                    pendingHigh = 0;
                    escape(high);
                }
            }

            private void escape(char c) throws IOException {
                out.write(String.format(Locale.ROOT, "\\u%04X", (int) c));
            }
        };
    }
}
