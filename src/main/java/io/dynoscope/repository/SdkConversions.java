package io.dynoscope.repository;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Lossless conversion between Dynoscope's {@link AttributeValue} and the SDK's. Numbers travel as
 * their decimal text, binary as bytes; empty strings, NULL, sets and nesting are kept as they are.
 */
final class SdkConversions {

    private SdkConversions() {}

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(
            AttributeValue value) {
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
            return b.l(l.elements().stream().map(SdkConversions::toSdk).toList()).build();
        } else if (value instanceof AttributeValue.StrSet ss) {
            return b.ss(List.copyOf(ss.members())).build();
        } else if (value instanceof AttributeValue.NumSet ns) {
            return b.ns(ns.members().stream().map(AttributeValue.Num::text).toList()).build();
        } else if (value instanceof AttributeValue.BinSet bs) {
            return b.bs(
                            bs.members().stream()
                                    .map(m -> SdkBytes.fromByteArrayUnsafe(m.bytes()))
                                    .toList())
                    .build();
        }
        throw new IllegalArgumentException("unknown attribute value " + value);
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, AttributeValue> values) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> out =
                new LinkedHashMap<>(values.size() * 2);
        values.forEach((name, value) -> out.put(name, toSdk(value)));
        return out;
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Item item) {
        return toSdk(item.attributes());
    }

    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Key key) {
        return toSdk(key.attributes());
    }

    static AttributeValue fromSdk(
            software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return switch (value.type()) {
            case S -> AttributeValue.s(value.s());
            case N -> AttributeValue.Num.fromEngine(value.n());
            case B -> AttributeValue.b(value.b().asByteArrayUnsafe());
            case BOOL -> AttributeValue.bool(value.bool());
            case NUL -> AttributeValue.nul();
            case M -> AttributeValue.m(converting(value.m()));
            case L -> AttributeValue.l(converting(value.l()));
            case SS -> new AttributeValue.StrSet(new LinkedHashSet<>(value.ss()));
            case NS ->
                    new AttributeValue.NumSet(
                            value.ns().stream().map(AttributeValue.Num::fromEngine).toList());
            case BS ->
                    new AttributeValue.BinSet(
                            value.bs().stream()
                                    .map(bytes -> AttributeValue.b(bytes.asByteArrayUnsafe()))
                                    .toList());
            case UNKNOWN_TO_SDK_VERSION ->
                    throw new IllegalArgumentException(
                            "the service returned a value of a type this SDK does not know: "
                                    + value);
        };
    }

    static Item item(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return new Item(converting(values));
    }

    /**
     * The SDK's map seen as Dynoscope values, converted while it is read. Item, Key and MapValue
     * copy what they are given, so reading through this view builds each map once instead of twice
     * (this is the hot path of every page read). Each read of the view converts again.
     */
    private static Map<String, AttributeValue> converting(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return new AbstractMap<>() {
            @Override
            public int size() {
                return values.size();
            }

            @Override
            public Set<Entry<String, AttributeValue>> entrySet() {
                return new AbstractSet<>() {
                    @Override
                    public int size() {
                        return values.size();
                    }

                    @Override
                    public Iterator<Entry<String, AttributeValue>> iterator() {
                        Iterator<
                                        Entry<
                                                String,
                                                software.amazon.awssdk.services.dynamodb.model
                                                        .AttributeValue>>
                                source = values.entrySet().iterator();
                        return new Iterator<>() {
                            @Override
                            public boolean hasNext() {
                                return source.hasNext();
                            }

                            @Override
                            public Entry<String, AttributeValue> next() {
                                var entry = source.next();
                                return new SimpleImmutableEntry<>(
                                        entry.getKey(), fromSdk(entry.getValue()));
                            }
                        };
                    }
                };
            }
        };
    }

    /**
     * The SDK's list seen as Dynoscope values, converted while it is read (see {@link
     * #converting(Map)}).
     */
    private static List<AttributeValue> converting(
            List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return new AbstractList<>() {
            @Override
            public AttributeValue get(int index) {
                return fromSdk(values.get(index));
            }

            @Override
            public int size() {
                return values.size();
            }
        };
    }

    /**
     * A key from the SDK's map, or null when the map is absent or empty (DynamoDB's "no more
     * pages").
     */
    static Key keyOrNull(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return values == null || values.isEmpty() ? null : new Key(converting(values));
    }
}
