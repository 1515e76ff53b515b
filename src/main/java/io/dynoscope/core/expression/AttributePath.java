package io.dynoscope.core.expression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A path to an attribute by its real names (no placeholders): a top-level attribute, then map
 * members and list indexes. This is what builder rows hold; the compiler turns each name into a
 * {@code #placeholder}, so any name is allowed, including reserved words and names with dots.
 */
public record AttributePath(List<Segment> segments) {

    public AttributePath {
        segments = List.copyOf(segments);
        if (segments.isEmpty() || !(segments.get(0) instanceof Name)) {
            throw new IllegalArgumentException("an attribute path starts with an attribute name");
        }
    }

    /** One step of the path. */
    public sealed interface Segment permits Name, Index {}

    /** A top-level attribute or map member, by its real name. */
    public record Name(String name) implements Segment {
        public Name {
            Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("an attribute name cannot be empty");
            }
        }
    }

    /** A list element. */
    public record Index(int index) implements Segment {
        public Index {
            if (index < 0) {
                throw new IllegalArgumentException("a list index cannot be negative: " + index);
            }
        }
    }

    /**
     * A top-level attribute, taken literally: {@code of("Safety.Warning")} is one name with a dot.
     */
    public static AttributePath of(String attribute) {
        return new AttributePath(List.of(new Name(attribute)));
    }

    /**
     * Reads the usual notation: {@code .} separates map members and {@code [n]} indexes a list,
     * e.g. {@code author.name} or {@code items[0].sku}. Use {@link #of} for names containing dots.
     */
    public static AttributePath parse(String notation) {
        List<Segment> segments = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        // A name is due at the start and after each '.'; an index may follow a name or an index.
        boolean nameDue = true;
        int i = 0;
        while (i < notation.length()) {
            char c = notation.charAt(i);
            if (c == '.' || c == '[') {
                if (nameDue) {
                    flush(name, segments, notation);
                }
                nameDue = c == '.';
                if (c == '[') {
                    int close = notation.indexOf(']', i);
                    if (close < 0) {
                        throw new IllegalArgumentException("missing ']' in '" + notation + "'");
                    }
                    try {
                        segments.add(new Index(Integer.parseInt(notation.substring(i + 1, close))));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("bad list index in '" + notation + "'");
                    }
                    i = close;
                }
            } else if (nameDue) {
                name.append(c);
            } else {
                throw new IllegalArgumentException(
                        "expected '.' or '[' after ']' in '" + notation + "'");
            }
            i++;
        }
        if (nameDue) {
            flush(name, segments, notation);
        }
        return new AttributePath(segments);
    }

    private static void flush(StringBuilder name, List<Segment> segments, String notation) {
        if (name.length() == 0) {
            throw new IllegalArgumentException("empty name in '" + notation + "'");
        }
        segments.add(new Name(name.toString()));
        name.setLength(0);
    }

    /** This path followed by a map member. */
    public AttributePath member(String name) {
        List<Segment> longer = new ArrayList<>(segments);
        longer.add(new Name(name));
        return new AttributePath(longer);
    }

    /** This path followed by a list index. */
    public AttributePath index(int index) {
        List<Segment> longer = new ArrayList<>(segments);
        longer.add(new Index(index));
        return new AttributePath(longer);
    }

    /** The top-level attribute. */
    public String attribute() {
        return ((Name) segments.get(0)).name();
    }

    /** The path in the usual notation, e.g. {@code author.name[0]}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Segment s : segments) {
            if (s instanceof Name n) {
                out.append(out.length() > 0 ? "." : "").append(n.name());
            } else {
                out.append('[').append(((Index) s).index()).append(']');
            }
        }
        return out.toString();
    }
}
