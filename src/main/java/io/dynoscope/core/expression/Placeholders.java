package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hands out readable, deterministic placeholders for one request.
 *
 * <p>Names: each word of the attribute name gives its first letter, lower case; an all-capitals
 * word or a run of digits is kept whole. {@code EntityRef} is {@code #er}, {@code Detail} {@code
 * #d}, {@code authorName} {@code #an}, {@code workspace_id} {@code #wi}, {@code PK} {@code #pk},
 * {@code GSI1PK} {@code #gsi1pk}. A name with no ASCII letter or digit becomes {@code #attr}. The
 * same attribute name always gets the same placeholder; a different name whose initials are taken
 * gets a numeric suffix ({@code Detail} {@code #d}, then {@code Data} {@code #d2}).
 *
 * <p>Values: a value is named by the caller, or else after the attribute it goes with (its last
 * name in the path): {@code EntityRef = "WS#acme"} gives {@code :er}; several values of one row get
 * {@code :er1}, {@code :er2}. A taken name gets a numeric suffix unless it holds the same value.
 */
final class Placeholders {

    private static final Pattern WORD = Pattern.compile("[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+");

    private final Map<String, String> nameOfAttribute = new LinkedHashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /**
     * Takes the placeholders of an expression written elsewhere, so that what is handed out from
     * now on agrees with it: the same attribute or value gets its placeholder, anything else a
     * different one.
     */
    void reserve(CompiledExpression other) {
        other.names()
                .forEach(
                        (placeholder, attribute) -> {
                            names.putIfAbsent(placeholder, attribute);
                            nameOfAttribute.putIfAbsent(attribute, placeholder);
                        });
        other.values().forEach(values::putIfAbsent);
    }

    /** The {@code #placeholder} for an attribute name. */
    String name(String attribute) {
        String existing = nameOfAttribute.get(attribute);
        if (existing != null) {
            return existing;
        }
        String placeholder = free("#", base(attribute), names);
        nameOfAttribute.put(attribute, placeholder);
        names.put(placeholder, attribute);
        return placeholder;
    }

    /**
     * The {@code :placeholder} for a value, named {@code wanted} (without colon) if that is free.
     */
    String value(String wanted, AttributeValue value) {
        String candidate = ":" + wanted;
        if (value.equals(values.get(candidate))) {
            return candidate;
        }
        String placeholder = free(":", wanted, values);
        values.put(placeholder, value);
        return placeholder;
    }

    /** {@code text} with the entries of the maps it uses. */
    CompiledExpression expression(String text) {
        return CompiledExpression.using(text, names, values);
    }

    Map<String, String> names() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(names));
    }

    Map<String, AttributeValue> values() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The {@code #name} and {@code :value} placeholders written in {@code text}, in order. */
    static Set<String> usedIn(String text) {
        Set<String> used = new LinkedHashSet<>();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#' || c == ':') {
                int end = i + 1;
                while (end < text.length() && Lexer.isNameChar(text.charAt(end))) {
                    end++;
                }
                if (end > i + 1) {
                    used.add(text.substring(i, end));
                }
                i = end - 1;
            }
        }
        return used;
    }

    /** The placeholder stem for an attribute name (see the class comment). */
    static String base(String attribute) {
        StringBuilder out = new StringBuilder();
        Matcher m = WORD.matcher(attribute);
        while (m.find()) {
            String word = m.group();
            boolean whole =
                    Character.isDigit(word.charAt(0))
                            || (word.length() > 1 && word.equals(word.toUpperCase(Locale.ROOT)));
            out.append(
                    whole ? word.toLowerCase(Locale.ROOT) : Character.toLowerCase(word.charAt(0)));
        }
        return out.length() == 0 ? "attr" : out.toString();
    }

    /** A value placeholder name without its colon, checked to be usable in an expression. */
    static String bareValueName(String name) {
        String bare = name.startsWith(":") ? name.substring(1) : name;
        if (bare.isEmpty() || !bare.chars().allMatch(c -> Lexer.isNameChar((char) c))) {
            throw new IllegalArgumentException(
                    "a value placeholder name uses letters, digits and _ only: '" + name + "'");
        }
        return bare;
    }

    /** {@code sigil + stem}, or with the first numeric suffix from 2 that is not taken. */
    private static String free(String sigil, String stem, Map<String, ?> taken) {
        if (!taken.containsKey(sigil + stem)) {
            return sigil + stem;
        }
        for (int suffix = 2; ; suffix++) {
            if (!taken.containsKey(sigil + stem + suffix)) {
                return sigil + stem + suffix;
            }
        }
    }
}
