package io.dynoscope.core.expression.snippet;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.item.AttributeValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * How one snippet language writes literals, and what the languages share on top of them: an
 * attribute value in the SDK's own shape, and a request's parameters in the order every snippet
 * lists them.
 *
 * @param string a string literal
 * @param bytes binary from its base64 text
 * @param bool a boolean literal
 * @param typed a typed value from its type and the literal of its content
 * @param list a list literal of already written elements
 * @param map a map literal of already written keys and values, on one line
 * @param parameterMap a map literal given as a request parameter (Java writes one entry a line)
 * @param enumValue a value of one of the SDK's enums, from the enum and the value's name
 */
record SnippetLiterals(
        Function<String, String> string,
        Function<String, String> bytes,
        Function<Boolean, String> bool,
        BiFunction<AttributeValue.Type, String, String> typed,
        Function<Stream<String>, String> list,
        Function<Map<String, String>, String> map,
        Function<Map<String, String>, String> parameterMap,
        BiFunction<String, String, String> enumValue) {

    /** One parameter of a request, in the API's name, with its literal. */
    record Parameter(String name, String literal) {}

    String value(AttributeValue value) {
        String content =
                switch (value.type()) {
                    case S -> string.apply(((AttributeValue.Str) value).value());
                    case N -> string.apply(((AttributeValue.Num) value).text());
                    case B -> bytes.apply(((AttributeValue.Bin) value).base64());
                    case BOOL -> bool.apply(((AttributeValue.Bool) value).value());
                    case NULL -> bool.apply(true);
                    case M -> map(((AttributeValue.MapValue) value).entries(), this::value);
                    case L ->
                            list.apply(
                                    ((AttributeValue.ListValue) value)
                                            .elements().stream().map(this::value));
                    case SS ->
                            list.apply(
                                    ((AttributeValue.StrSet) value).members().stream().map(string));
                    case NS ->
                            list.apply(
                                    ((AttributeValue.NumSet) value)
                                            .members().stream().map(n -> string.apply(n.text())));
                    case BS ->
                            list.apply(
                                    ((AttributeValue.BinSet) value)
                                            .members().stream().map(b -> bytes.apply(b.base64())));
                };
        return typed.apply(value.type(), content);
    }

    /** A map of string keys and values written by {@code literal}, on one line. */
    <V> String map(Map<String, V> entries, Function<V, String> literal) {
        return map.apply(written(entries, literal));
    }

    /**
     * The entries with their keys written as string literals and their values by {@code literal}.
     */
    <V> Map<String, String> written(Map<String, V> entries, Function<V, String> literal) {
        Map<String, String> written = new LinkedHashMap<>();
        entries.forEach((k, v) -> written.put(string.apply(k), literal.apply(v)));
        return written;
    }

    /**
     * The request's parameters: table, index, key, expressions, placeholder maps, read direction
     * and the values an update or delete returns.
     */
    List<Parameter> parameters(SnippetRequest request) {
        List<Parameter> parameters = new ArrayList<>();
        parameters.add(new Parameter("TableName", string.apply(request.table())));
        request.index().ifPresent(i -> parameters.add(new Parameter("IndexName", string.apply(i))));
        request.key()
                .ifPresent(
                        k ->
                                parameters.add(
                                        new Parameter(
                                                "Key",
                                                parameterMap.apply(
                                                        written(k.attributes(), this::value)))));
        for (Map.Entry<ExpressionKind, String> e : request.expressions().entrySet()) {
            parameters.add(new Parameter(e.getKey().parameterName(), string.apply(e.getValue())));
        }
        if (!request.names().isEmpty()) {
            parameters.add(
                    new Parameter(
                            "ExpressionAttributeNames",
                            parameterMap.apply(written(request.names(), string))));
        }
        if (!request.values().isEmpty()) {
            parameters.add(
                    new Parameter(
                            "ExpressionAttributeValues",
                            parameterMap.apply(written(request.values(), this::value))));
        }
        if (!request.scanForward()) {
            parameters.add(new Parameter("ScanIndexForward", bool.apply(false)));
        }
        if (request.operation() == Operation.UPDATE_ITEM) {
            parameters.add(
                    new Parameter("ReturnValues", enumValue.apply("ReturnValue", "ALL_NEW")));
        } else if (request.operation() == Operation.DELETE_ITEM) {
            parameters.add(
                    new Parameter("ReturnValues", enumValue.apply("ReturnValue", "ALL_OLD")));
        }
        return parameters;
    }

    /**
     * A string literal in plain ASCII, non-ASCII as UTF-16 escapes: what Java and JavaScript read
     * alike (JavaScript joins the surrogate pairs into code points).
     */
    static String utf16String(String text) {
        return quoted(text.chars(), c -> c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : null);
    }

    /**
     * A double-quoted literal of {@code characters} (code units or code points): quotes,
     * backslashes, newlines, returns and tabs escaped with a backslash, any other by {@code escape}
     * (null keeps it as it is).
     */
    static String quoted(IntStream characters, IntFunction<String> escape) {
        StringBuilder out = new StringBuilder("\"");
        characters.forEach(
                c -> {
                    switch (c) {
                        case '"' -> out.append("\\\"");
                        case '\\' -> out.append("\\\\");
                        case '\n' -> out.append("\\n");
                        case '\r' -> out.append("\\r");
                        case '\t' -> out.append("\\t");
                        default -> {
                            String escaped = escape.apply(c);
                            if (escaped == null) {
                                out.appendCodePoint(c);
                            } else {
                                out.append(escaped);
                            }
                        }
                    }
                });
        return out.append('"').toString();
    }
}
