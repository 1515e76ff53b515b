package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.key.KeyTemplate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the shape of single-table key values and writes templates for them: {@code WS#acme} has the
 * shape {@code WS#*} and, with {@code WS#beta}, the template {@code WS#{wsId}}; {@code WS#big#03}
 * has the shape {@code WS#*#N2} and, with its fellow shards, {@code WS#{wsId}#{shard:01..10}}.
 *
 * <p>Values are split at {@code #}. A segment is a tag (kept as literal text) when it is the first
 * of several and made of letters ({@code WS}, {@code child}), an upper-case word ({@code META},
 * {@code SKU}), or a word that starts other values of the table ({@code suuid} in {@code
 * child#suuid#x} when {@code suuid#x} is a partition key). A last segment of digits after a
 * variable segment is a shard number. A single segment with a letter prefix ({@code Room:Music},
 * {@code Complaint123}) keeps the prefix. Anything else is a variable.
 */
final class KeyShapes {

    private static final Pattern LETTERS = Pattern.compile("[A-Za-z_]+");
    private static final Pattern UPPER_WORD = Pattern.compile("[A-Z][A-Z_]+");
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern OVERLOADED =
            Pattern.compile("(?i)(gsi|lsi)?[0-9]*_?(pk|sk|hash|range)[0-9]*");
    private static final Pattern PREFIXED =
            Pattern.compile("([A-Za-z]+[:_|.-]|[A-Za-z]+(?=[0-9]))(.+)");

    private final Set<String> tags;

    private KeyShapes(Set<String> tags) {
        this.tags = tags;
    }

    /** Shapes for the key values of one table, which together say which words are tags. */
    static KeyShapes of(Collection<String> allKeyValues) {
        Set<String> tags = new HashSet<>();
        for (String value : allKeyValues) {
            List<String> segments = segments(value);
            if (segments.size() > 1 && LETTERS.matcher(segments.get(0)).matches()) {
                tags.add(segments.get(0));
            }
        }
        return new KeyShapes(tags);
    }

    /** The string form of a key attribute (a number as its text), or null for binary or absent. */
    static String keyText(Item item, String attribute) {
        AttributeValue value = item.attributes().get(attribute);
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        return value instanceof AttributeValue.Num n ? n.text() : null;
    }

    static List<String> segments(String value) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == '#') {
                parts.add(value.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(value.substring(from));
        return parts;
    }

    private boolean isTag(List<String> segments, int index) {
        String segment = segments.get(index);
        if (segment.isEmpty()) {
            return true;
        }
        if (segments.size() == 1) {
            return UPPER_WORD.matcher(segment).matches();
        }
        if (index == 0) {
            return LETTERS.matcher(segment).matches();
        }
        // an upper-case word that ends a value (STATUS#OPEN) is a value, not a tag
        boolean last = index == segments.size() - 1;
        return (UPPER_WORD.matcher(segment).matches() && !last) || tags.contains(segment);
    }

    private boolean isShard(List<String> segments, int index) {
        return index >= 2
                && index == segments.size() - 1
                && DIGITS.matcher(segments.get(index)).matches()
                && !isTag(segments, index - 1);
    }

    /** The shape of one value: tags as they are, {@code *} for variables, {@code Nw} for shards. */
    String shape(String value) {
        if (value == null) {
            return "?";
        }
        List<String> segments = segments(value);
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (isTag(segments, i)) {
                tokens.add(segment);
            } else if (isShard(segments, i)) {
                tokens.add("N" + segment.length());
            } else if (segments.size() == 1) {
                Matcher prefixed = PREFIXED.matcher(segment);
                tokens.add(prefixed.matches() ? prefixed.group(1) + "*" : "*");
            } else {
                tokens.add("*");
            }
        }
        return String.join("#", tokens);
    }

    /** Names the variables of templates: after a tag ({@code wsId}) or after the attribute. */
    interface Namer {
        String name(String tagBefore);
    }

    /** Table keys: a variable is named after the tag before it, {@code WS#{wsId}}. */
    static Namer byTag(String attribute) {
        return tag -> tag == null ? camel(attribute) : camel(tag) + "Id";
    }

    /**
     * Index keys: a variable is named after its attribute, {@code U#{authorId}}, unless the
     * attribute is an overloaded {@code GSI1PK}-style key, whose variables are named after the tag
     * before them, {@code STATUS#{status}}.
     */
    static Namer byAttribute(String attribute) {
        boolean overloaded = OVERLOADED.matcher(attribute).matches();
        return tag -> overloaded && tag != null ? camel(tag) : camel(attribute);
    }

    /**
     * A template every one of {@code values} matches; they all have one shape. A variable segment
     * whose value is the same in two or more values of a lone segment ({@code meta}) is literal.
     *
     * @param taken variable names already used (by the other key), not to be used again
     */
    KeyTemplate template(List<String> values, Namer namer, Set<String> taken) {
        String first = values.get(0);
        List<String> shape = segments(shape(first));
        List<List<String>> all = values.stream().map(KeyShapes::segments).toList();
        Set<String> used = new LinkedHashSet<>(taken);
        StringBuilder text = new StringBuilder();
        String tagBefore = null;
        for (int i = 0; i < shape.size(); i++) {
            if (i > 0) {
                text.append('#');
            }
            String token = shape.get(i);
            final int at = i;
            Set<String> distinct = new LinkedHashSet<>();
            all.forEach(s -> distinct.add(s.get(at)));
            if (!token.contains("*") && !token.matches("N[0-9]+")) {
                text.append(token);
                tagBefore = token.isEmpty() ? tagBefore : token;
            } else if (token.matches("N[0-9]+")) {
                int min = Integer.MAX_VALUE;
                int max = Integer.MIN_VALUE;
                for (String shard : distinct) {
                    int number = Integer.parseInt(shard);
                    min = Math.min(min, number);
                    max = Math.max(max, number);
                }
                String format = "%0" + token.substring(1) + "d";
                text.append("{shard:")
                        .append(String.format(Locale.ROOT, format, min))
                        .append("..")
                        .append(String.format(Locale.ROOT, format, max))
                        .append('}');
                used.add("shard");
            } else if (distinct.size() == 1
                    && values.size() > 1
                    && constantLiteral(distinct.iterator().next(), shape.size())) {
                text.append(distinct.iterator().next());
            } else {
                String literal = token.substring(0, token.length() - 1);
                text.append(literal);
                String tag = literal.isEmpty() ? tagBefore : literal.replaceAll("[:_|.-]$", "");
                text.append('{').append(unique(namer.name(tag), used)).append('}');
            }
        }
        return KeyTemplate.parse(text.toString());
    }

    /**
     * Whether a variable segment that has one value in all of several values is literal text: a
     * lone segment ({@code meta}), or an upper-case word ({@code ORG#{orgId}#META}).
     */
    private static boolean constantLiteral(String value, int segments) {
        if (value.indexOf('{') >= 0 || value.indexOf('}') >= 0 || value.isEmpty()) {
            return false;
        }
        return segments == 1 || UPPER_WORD.matcher(value).matches();
    }

    private static String unique(String name, Set<String> used) {
        String candidate = name;
        for (int n = 2; !used.add(candidate); n++) {
            candidate = name + n;
        }
        return candidate;
    }

    /**
     * {@code WS} -> {@code ws}, {@code Room} -> {@code room}, {@code entity_ref} -> {@code
     * entityRef}.
     */
    static String camel(String word) {
        String[] parts = word.split("[^A-Za-z0-9]+");
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            if (part.isEmpty()) {
                continue;
            }
            boolean upper = part.equals(part.toUpperCase(Locale.ROOT));
            String lower = upper ? part.toLowerCase(Locale.ROOT) : part;
            if (out.length() == 0) {
                out.append(Character.toLowerCase(lower.charAt(0))).append(lower.substring(1));
            } else {
                out.append(Character.toUpperCase(lower.charAt(0))).append(lower.substring(1));
            }
        }
        String name = out.length() == 0 ? "key" : out.toString();
        return Character.isDigit(name.charAt(0)) ? "k" + name : name;
    }
}
