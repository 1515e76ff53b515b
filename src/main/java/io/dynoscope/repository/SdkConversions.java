package io.dynoscope.repository;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Lossless conversion between Dynoscope's {@link AttributeValue} and the SDK's. Numbers travel as
 * their decimal text, binary as bytes; empty strings, NULL, sets and nesting are kept as they are.
 */
final class SdkConversions {

    private SdkConversions() {
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue value) {
        var b = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        if (value instanceof AttributeValue.Str s) {
            return b.s(s.value()).build();
        } else if (value instanceof AttributeValue.Num n) {
            return b.n(n.text()).build();
        } else if (value instanceof AttributeValue.Bin bin) {
            return b.b(SdkBytes.fromByteArrayUnsafe(bin.bytes())).build();
        } else if (value instanceof AttributeValue.Bool bool) {
            return b.bool(bool.value()).build();
        } else if (value instanceof AttributeValue.Null) {
            return b.nul(true).build();
        } else if (value instanceof AttributeValue.MapValue m) {
            return b.m(toSdk(m.entries())).build();
        } else if (value instanceof AttributeValue.ListValue l) {
            List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> elements = new ArrayList<>(l.elements().size());
            for (AttributeValue element : l.elements()) {
                elements.add(toSdk(element));
            }
            return b.l(elements).build();
        } else if (value instanceof AttributeValue.StrSet ss) {
            return b.ss(List.copyOf(ss.members())).build();
        } else if (value instanceof AttributeValue.NumSet ns) {
            return b.ns(ns.members().stream().map(AttributeValue.Num::text).toList()).build();
        } else if (value instanceof AttributeValue.BinSet bs) {
            return b.bs(bs.members().stream().map(m -> SdkBytes.fromByteArrayUnsafe(m.bytes())).toList()).build();
        }
        throw new IllegalArgumentException("unknown attribute value " + value);
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(Map<String, AttributeValue> values) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> out = new LinkedHashMap<>(values.size() * 2);
        values.forEach((name, value) -> out.put(name, toSdk(value)));
        return out;
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(Item item) {
        return toSdk(item.attributes());
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(Key key) {
        return toSdk(key.attributes());
    }

    static AttributeValue fromSdk(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return switch (value.type()) {
            case S -> AttributeValue.s(value.s());
            case N -> AttributeValue.n(value.n());
            case B -> AttributeValue.b(value.b().asByteArrayUnsafe());
            case BOOL -> AttributeValue.bool(value.bool());
            case NUL -> AttributeValue.nul();
            case M -> AttributeValue.m(fromSdk(value.m()));
            case L -> {
                List<AttributeValue> elements = new ArrayList<>(value.l().size());
                for (var element : value.l()) {
                    elements.add(fromSdk(element));
                }
                yield AttributeValue.l(elements);
            }
            case SS -> new AttributeValue.StrSet(new LinkedHashSet<>(value.ss()));
            case NS -> AttributeValue.ns(value.ns().toArray(String[]::new));
            case BS -> new AttributeValue.BinSet(value.bs().stream().map(bytes -> AttributeValue.b(bytes.asByteArrayUnsafe())).toList());
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException("the service returned a value of a type this SDK does not know: " + value);
        };
    }

    static Map<String, AttributeValue> fromSdk(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        Map<String, AttributeValue> out = new LinkedHashMap<>(values.size() * 2);
        values.forEach((name, value) -> out.put(name, fromSdk(value)));
        return out;
    }

    static Item item(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return new Item(fromSdk(values));
    }

    /** A key from the SDK's map, or null when the map is absent or empty (DynamoDB's "no more pages"). */
    static Key keyOrNull(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return values == null || values.isEmpty() ? null : new Key(fromSdk(values));
    }
}
