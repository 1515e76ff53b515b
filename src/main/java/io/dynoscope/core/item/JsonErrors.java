package io.dynoscope.core.item;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a JSON error is and where, as the readers of Dynoscope's JSON files (models, rules, plans)
 * say it: in the file's words (a list, text, a whole number, the field's path), never Jackson's
 * class names.
 */
public final class JsonErrors {

    private static final Pattern FOUND =
            Pattern.compile("from (String|Array|Object|Integer|Floating-point|Boolean|Null) value");
    private static final Pattern NESTING = Pattern.compile("nesting depth \\((\\d+)\\)");
    private static final Pattern CLASS_NAME = Pattern.compile("`?(?:[a-z]+\\.)+([A-Za-z$]+)`?");

    private JsonErrors() {}

    /** {@code line L, column C} of a JSON error, or {@code ?} when Jackson does not know. */
    public static String where(JsonProcessingException e) {
        return e.getLocation() == null
                ? "?"
                : "line "
                        + e.getLocation().getLineNr()
                        + ", column "
                        + e.getLocation().getColumnNr();
    }

    /**
     * The error in the file's words, then where: {@code expected a list, found text, in
     * tables[0].entities at line 1, column 117}.
     */
    public static String describe(JsonProcessingException e) {
        String what = what(e);
        String path = e instanceof JsonMappingException mapping ? path(mapping) : "";
        return what
                + (path.isEmpty() ? "" : ", in " + path)
                + (e.getLocation() == null ? "" : " at " + where(e));
    }

    private static String what(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage());
        if (e instanceof StreamConstraintsException) {
            Matcher nesting = NESTING.matcher(message);
            return nesting.find()
                    ? "nested more than "
                            + (Integer.parseInt(nesting.group(1)) - 1)
                            + " levels deep"
                    : plain(message);
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            Collection<Object> known = unknown.getKnownPropertyIds();
            return "unknown field \""
                    + unknown.getPropertyName()
                    + "\""
                    + (known == null || known.isEmpty()
                            ? ""
                            : " (known here: "
                                    + known.stream()
                                            .map(String::valueOf)
                                            .sorted()
                                            .collect(Collectors.joining(", "))
                                    + ")");
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null) {
            return plain(String.valueOf(e.getCause().getMessage()));
        }
        if (e instanceof InvalidFormatException invalid && invalid.getTargetType() != null) {
            Object value = invalid.getValue();
            return "expected "
                    + kind(invalid.getTargetType())
                    + ", found "
                    + (value instanceof String text ? "\"" + text + "\"" : String.valueOf(value));
        }
        if (e instanceof MismatchedInputException mismatched
                && mismatched.getTargetType() != null) {
            Matcher found = FOUND.matcher(message);
            return "expected "
                    + kind(mismatched.getTargetType())
                    + (found.find() ? ", found " + found(found.group(1)) : "");
        }
        return plain(message);
    }

    private static String found(String jacksonKind) {
        return switch (jacksonKind) {
            case "String" -> "text";
            case "Array" -> "a list";
            case "Object" -> "an object";
            case "Integer", "Floating-point" -> "a number";
            case "Boolean" -> "true or false";
            default -> "null";
        };
    }

    /** What a value of this Java type is in the file. */
    static String kind(Class<?> type) {
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "an object";
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "text";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type)
                || type == double.class
                || type == float.class
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of "
                    + Arrays.stream(type.getEnumConstants())
                            .map(c -> "\"" + c + "\"")
                            .collect(Collectors.joining(", "));
        }
        return "an object";
    }

    /** {@code tables[0].entities} */
    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** A message with Jackson's class names and source dumps taken out. */
    private static String plain(String message) {
        String text = message.replaceAll("\\s*\\[Source: [^\\]]*]", "");
        text = text.replaceAll("\\s*\\(through reference chain: [^)]*\\)", "");
        return CLASS_NAME.matcher(text).replaceAll("$1").replaceAll("\\$", " ").strip();
    }
}
