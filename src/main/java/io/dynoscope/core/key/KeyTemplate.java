package io.dynoscope.core.key;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A template for key-like string values, such as {@code USER#{id}}, {@code PROJ#{projectId}}, the
 * constant {@code META} or the sharded {@code WS#{workspaceId}#{shard:01..10}}: the key templates
 * of the table model's entities and shard groups, and the source and reference patterns of drift
 * rules.
 *
 * <p>Text outside braces is literal. {@code {name}} stands for one key segment: one or more
 * characters other than {@code #}, the separator of single-table designs; the same name in a source
 * pattern and a reference pattern joins a copy to its source. {@code {01..10}} stands for one
 * number of a range, written with as many digits as the bounds (a shard suffix); {@code
 * {shard:01..10}} is the same range with a name, which {@link #match} binds to the digits found.
 * Rendering a template with a range gives one value per number (the fan-out over the shards).
 */
public final class KeyTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern RANGE =
            Pattern.compile("(?:([A-Za-z_][A-Za-z0-9_]*):)?([0-9]+)\\.\\.([0-9]+)");

    /** Characters single-table designs put between a key's segments. */
    private static final String SEPARATORS = "#_-.:/|";

    /**
     * Whether a template can name this attribute: {@code {name}} takes letters A–Z, digits and _.
     */
    public static boolean isName(String attribute) {
        return NAME.matcher(attribute).matches();
    }

    /** One piece of a pattern. */
    private sealed interface Part permits Literal, Variable, Range {}

    private record Literal(String text) implements Part {}

    private record Variable(String name) implements Part {}

    /**
     * A range of shard numbers; {@code name} is null for an unnamed one, {@code written} is the
     * placeholder as written ({@code {shard:01..10}}), kept when the names around it are bound.
     */
    private record Range(String name, int from, int to, int width, String written) implements Part {
        String format(int number) {
            return String.format(Locale.ROOT, "%0" + width + "d", number);
        }
    }

    private final String text;
    private final List<Part> parts;
    private final Pattern regex;

    private KeyTemplate(String text, List<Part> parts) {
        this.text = text;
        this.parts = List.copyOf(parts);
        StringBuilder regexText = new StringBuilder("^");
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                regexText.append(Pattern.quote(literal.text()));
            } else if (part instanceof Variable) {
                regexText.append("([^#]+)");
            } else {
                regexText.append("([0-9]+)");
            }
        }
        this.regex = Pattern.compile(regexText.append('$').toString());
    }

    /** Reads a pattern; throws {@link IllegalArgumentException} saying what is wrong and where. */
    public static KeyTemplate parse(String text) {
        Objects.requireNonNull(text, "pattern");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("a key pattern cannot be empty");
        }
        List<Part> parts = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        int at = 0;
        while (m.find()) {
            literal(text, text.substring(at, m.start()), at, parts);
            if (!parts.isEmpty() && !(parts.get(parts.size() - 1) instanceof Literal)) {
                throw new IllegalArgumentException(
                        "pattern '"
                                + text
                                + "': two placeholders need a literal between them"
                                + " (column "
                                + (m.start() + 1)
                                + ")");
            }
            String inside = m.group(1);
            Matcher range = RANGE.matcher(inside);
            if (range.matches()) {
                int from = Integer.parseInt(range.group(2));
                int to = Integer.parseInt(range.group(3));
                if (from > to) {
                    throw new IllegalArgumentException(
                            "pattern '" + text + "': the range {" + inside + "} runs backwards");
                }
                if (range.group(1) != null && !names.add(range.group(1))) {
                    throw new IllegalArgumentException(
                            "pattern '" + text + "' uses {" + range.group(1) + "} twice");
                }
                parts.add(new Range(range.group(1), from, to, range.group(2).length(), m.group()));
            } else if (NAME.matcher(inside).matches()) {
                if (!names.add(inside)) {
                    throw new IllegalArgumentException(
                            "pattern '" + text + "' uses {" + inside + "} twice");
                }
                parts.add(new Variable(inside));
            } else {
                throw new IllegalArgumentException(
                        "pattern '"
                                + text
                                + "': {"
                                + inside
                                + "} at column "
                                + (m.start() + 1)
                                + " is neither a name such as {id} nor a range such as {01..10}");
            }
            at = m.end();
        }
        literal(text, text.substring(at), at, parts);
        return new KeyTemplate(text, parts);
    }

    /**
     * Whether {@code text} holds a range placeholder, {@code {01..10}} or {@code {shard:01..10}},
     * as {@link #parse} reads one; the rest of the text need not be a valid pattern (a typed
     * value).
     */
    public static boolean holdsRange(String text) {
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (RANGE.matcher(m.group(1)).matches()) {
                return true;
            }
        }
        return false;
    }

    private static void literal(String pattern, String literal, int column, List<Part> parts) {
        if (literal.indexOf('{') >= 0 || literal.indexOf('}') >= 0) {
            throw new IllegalArgumentException(
                    "pattern '" + pattern + "': unmatched brace near column " + (column + 1));
        }
        if (!literal.isEmpty()) {
            parts.add(new Literal(literal));
        }
    }

    /** The pattern as written. */
    public String text() {
        return text;
    }

    /** Whether every value of this template is the same text, such as {@code META}. */
    public boolean isConstant() {
        return parts.stream().allMatch(p -> p instanceof Literal);
    }

    /** The number of values a range fans out to (the shards), or 1 without a range. */
    public int fanOut() {
        int count = 1;
        for (Part part : parts) {
            if (part instanceof Range r) {
                count *= r.to() - r.from() + 1;
            }
        }
        return count;
    }

    /** The names this pattern binds, in order (a range's name is not among them). */
    public Set<String> variables() {
        Set<String> names = new LinkedHashSet<>();
        for (Part part : parts) {
            if (part instanceof Variable v) {
                names.add(v.name());
            }
        }
        return names;
    }

    /** Whether the pattern has a range, so rendering fans out. */
    public boolean hasRange() {
        return parts.stream().anyMatch(p -> p instanceof Range);
    }

    /** The literal text every matching value starts with (may be empty). */
    public String literalPrefix() {
        return !parts.isEmpty() && parts.get(0) instanceof Literal literal ? literal.text() : "";
    }

    /**
     * The template in another notation, for generated code: each literal piece as {@code literal}
     * writes it, each placeholder as {@code placeholder} writes its name (a range's name, {@code
     * shard} for an unnamed one), concatenated.
     */
    public String rewrite(UnaryOperator<String> literal, UnaryOperator<String> placeholder) {
        StringBuilder out = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Literal l) {
                out.append(literal.apply(l.text()));
            } else if (part instanceof Variable v) {
                out.append(placeholder.apply(v.name()));
            } else {
                out.append(placeholder.apply(rangeName((Range) part)));
            }
        }
        return out.toString();
    }

    /** Each range's name ({@code shard} when unnamed) and its values in order: the fan-out. */
    public Map<String, List<String>> ranges() {
        Map<String, List<String>> ranges = new LinkedHashMap<>();
        for (Part part : parts) {
            if (part instanceof Range r) {
                List<String> values = new ArrayList<>();
                for (int n = r.from(); n <= r.to(); n++) {
                    values.add(r.format(n));
                }
                ranges.put(rangeName(r), values);
            }
        }
        return ranges;
    }

    private static String rangeName(Range range) {
        return range.name() == null ? "shard" : range.name();
    }

    /** The bindings of {@code value}, or empty when it does not match (ranges must hold). */
    public Optional<Map<String, String>> match(String value) {
        Matcher m = regex.matcher(value);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> bindings = new LinkedHashMap<>();
        int group = 1;
        for (Part part : parts) {
            if (part instanceof Variable v) {
                bindings.put(v.name(), m.group(group++));
            } else if (part instanceof Range r) {
                String digits = m.group(group++);
                if (digits.length() > 9) {
                    return Optional.empty();
                }
                int number = Integer.parseInt(digits);
                // as rendered: {01..10} takes 07, not 7; {1..12} takes 10, not 010
                if (number < r.from() || number > r.to() || !r.format(number).equals(digits)) {
                    return Optional.empty();
                }
                if (r.name() != null) {
                    bindings.put(r.name(), digits);
                }
            }
        }
        return Optional.of(bindings);
    }

    /**
     * What every value of this template that starts with {@code prefix} binds: the segments the
     * prefix holds whole ({@code OPEN} for {@code state} of {@code {state}#{openedAt}} and {@code
     * OPEN#}), and the start of the one it ends inside, if any. Empty when no value of this
     * template starts with {@code prefix}. A variable followed by a literal that does not begin
     * with the separator {@code #} stops the reading there (where it ends is then a guess), as does
     * a range.
     */
    public Optional<PrefixBindings> matchPrefix(String prefix) {
        Map<String, String> whole = new LinkedHashMap<>();
        String rest = prefix;
        for (int i = 0; i < parts.size() && !rest.isEmpty(); i++) {
            Part part = parts.get(i);
            if (part instanceof Literal literal) {
                if (rest.length() < literal.text().length()) {
                    return literal.text().startsWith(rest)
                            ? Optional.of(new PrefixBindings(whole, null, null))
                            : Optional.empty();
                }
                if (!rest.startsWith(literal.text())) {
                    return Optional.empty();
                }
                rest = rest.substring(literal.text().length());
            } else if (part instanceof Variable v) {
                int end = rest.indexOf('#');
                if (end < 0) {
                    return Optional.of(new PrefixBindings(whole, v.name(), rest));
                }
                boolean separatorNext =
                        i + 1 < parts.size()
                                && parts.get(i + 1) instanceof Literal next
                                && next.text().startsWith("#");
                if (end == 0) {
                    return Optional.empty();
                }
                if (!separatorNext) {
                    return Optional.of(new PrefixBindings(whole, null, null));
                }
                whole.put(v.name(), rest.substring(0, end));
                rest = rest.substring(end);
            } else {
                return Optional.of(new PrefixBindings(whole, null, null));
            }
        }
        return Optional.of(new PrefixBindings(whole, null, null));
    }

    /**
     * What a prefix binds: whole segments, and the variable the prefix ends inside (null when none)
     * with the start of its value.
     */
    public record PrefixBindings(Map<String, String> whole, String partial, String partialStart) {
        public PrefixBindings {
            whole = Map.copyOf(whole);
        }
    }

    /**
     * This pattern with its names bound and its ranges kept as written: {@code
     * WS#{workspaceId}#{shard:01..10}} with {@code workspaceId = acme} is {@code
     * WS#acme#{shard:01..10}}. A bound value is literal text (it must hold no brace).
     */
    public KeyTemplate bind(Map<String, String> bindings) {
        StringBuilder bound = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                bound.append(literal.text());
            } else if (part instanceof Range r) {
                bound.append(r.written());
            } else {
                String name = ((Variable) part).name();
                String value = bindings.get(name);
                if (value == null) {
                    throw new IllegalArgumentException(
                            "pattern '" + text + "' needs a value for {" + name + "}");
                }
                if (value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
                    throw new IllegalArgumentException(
                            "{" + name + "} = '" + value + "' cannot hold a brace");
                }
                bound.append(value);
            }
        }
        return parse(bound.toString());
    }

    /**
     * This pattern with its (first) range running from {@code from} to {@code to}, written with
     * {@code width} digits, its name kept: {@code WS#big#{shard:01..10}} to 13 shards is {@code
     * WS#big#{shard:01..13}}. The pattern itself when it has no range.
     */
    public KeyTemplate withRange(int from, int to, int width) {
        StringBuilder out = new StringBuilder();
        boolean replaced = false;
        for (Part part : parts) {
            if (part instanceof Range r && !replaced) {
                replaced = true;
                String digits = "%0" + width + "d";
                out.append('{')
                        .append(r.name() == null ? "" : r.name() + ":")
                        .append(String.format(Locale.ROOT, digits + ".." + digits, from, to))
                        .append('}');
            } else {
                out.append(written(part));
            }
        }
        return parse(out.toString());
    }

    /**
     * The pattern's text without its (first) range and the separator beside it: {@code
     * WS#{workspaceId}#{shard:01..10}} becomes {@code WS#{workspaceId}}, {@code {0..7}_ORDERS}
     * becomes {@code ORDERS}; the text itself when there is no range.
     */
    public String withoutRange() {
        int start = 0;
        for (Part part : parts) {
            String written = written(part);
            if (part instanceof Range) {
                int end = start + written.length();
                if (start > 0 && SEPARATORS.indexOf(text.charAt(start - 1)) >= 0) {
                    start--;
                } else if (end < text.length() && SEPARATORS.indexOf(text.charAt(end)) >= 0) {
                    end++;
                }
                return text.substring(0, start) + text.substring(end);
            }
            start += written.length();
        }
        return text;
    }

    private static String written(Part part) {
        if (part instanceof Literal literal) {
            return literal.text();
        }
        return part instanceof Range r ? r.written() : "{" + ((Variable) part).name() + "}";
    }

    /**
     * Whether some value matches both this pattern and {@code other}: {@code USER#{id}} and {@code
     * USER#{a}#{b}} share none (a name takes no {@code #}), {@code {kind}#{id}} and {@code
     * USER#{id}} share {@code USER#12}. A range is read as any number here, so two disjoint ranges
     * still overlap (a cautious answer).
     */
    public boolean overlaps(KeyTemplate other) {
        List<Object> mine = tokens();
        List<Object> theirs = other.tokens();
        // the characters that behave differently for some token, one of each other kind
        Set<Character> alphabet = new LinkedHashSet<>(List.of('#', '0', '\u0001'));
        for (Object token : mine) {
            if (token instanceof Character c) {
                alphabet.add(c);
            }
        }
        for (Object token : theirs) {
            if (token instanceof Character c) {
                alphabet.add(c);
            }
        }
        // both patterns read the same characters in step: a search over pairs of positions, each
        // position a token index and whether its repeated class has taken a character yet
        Set<List<Integer>> seen = new LinkedHashSet<>();
        List<List<Integer>> todo = new ArrayList<>(List.of(List.of(0, 0, 0, 0)));
        while (!todo.isEmpty()) {
            List<Integer> state = todo.remove(todo.size() - 1);
            if (!seen.add(state)) {
                continue;
            }
            for (List<Integer> a : closure(state.get(0), state.get(1))) {
                for (List<Integer> b : closure(state.get(2), state.get(3))) {
                    if (a.get(0) == mine.size() && b.get(0) == theirs.size()) {
                        return true;
                    }
                    for (char c : alphabet) {
                        List<Integer> x = step(mine, a, c);
                        List<Integer> y = step(theirs, b, c);
                        if (x != null && y != null) {
                            todo.add(List.of(x.get(0), x.get(1), y.get(0), y.get(1)));
                        }
                    }
                }
            }
        }
        return false;
    }

    /**
     * Each literal character, then {@code Variable} or {@code Range} for one or more characters.
     */
    private List<Object> tokens() {
        List<Object> tokens = new ArrayList<>();
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                literal.text().chars().forEach(c -> tokens.add((char) c));
            } else {
                tokens.add(part);
            }
        }
        return tokens;
    }

    /** A position and the one a taken repeat may move on to without reading. */
    private static List<List<Integer>> closure(int at, int taken) {
        return taken == 1 ? List.of(List.of(at, 1), List.of(at + 1, 0)) : List.of(List.of(at, 0));
    }

    /** The position after reading {@code c}, or null when the token refuses it. */
    private static List<Integer> step(List<Object> tokens, List<Integer> at, char c) {
        if (at.get(0) >= tokens.size()) {
            return null;
        }
        Object token = tokens.get(at.get(0));
        if (token instanceof Character literal) {
            return at.get(1) == 0 && literal == c ? List.of(at.get(0) + 1, 0) : null;
        }
        boolean takes = token instanceof Variable ? c != '#' : c >= '0' && c <= '9';
        return takes ? List.of(at.get(0), 1) : null;
    }

    /** Every value this pattern takes with these bindings: one, or one per number of each range. */
    public List<String> render(Map<String, String> bindings) {
        List<String> values = List.of("");
        for (Part part : parts) {
            List<String> longer = new ArrayList<>();
            for (String prefix : values) {
                if (part instanceof Literal literal) {
                    longer.add(prefix + literal.text());
                } else if (part instanceof Variable v) {
                    String bound = bindings.get(v.name());
                    if (bound == null) {
                        throw new IllegalArgumentException(
                                "pattern '" + text + "' needs a value for {" + v.name() + "}");
                    }
                    longer.add(prefix + bound);
                } else {
                    Range r = (Range) part;
                    for (int n = r.from(); n <= r.to(); n++) {
                        longer.add(prefix + r.format(n));
                    }
                }
            }
            values = longer;
        }
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyTemplate other && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
