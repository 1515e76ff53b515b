package io.dynoscope.core.item;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Attribute values packed into one byte array: how {@link ArrayMap} holds an item's values, so that
 * a loaded item costs one array instead of two or three objects per value (the grid holds up to a
 * million items). Values are unpacked into fresh {@link AttributeValue}s when read.
 *
 * <p>Lossless by construction: strings (and number texts) are kept one byte per character when
 * every character fits in a byte, otherwise as their UTF-16 code units, so even a lone surrogate
 * survives; numbers keep their text as given; binary its bytes.
 *
 * <p>Layout of one value: a tag byte; then, except for BOOL and NULL, the payload's length (an
 * unsigned varint) and the payload, so a value can be skipped without reading it. A map's payload
 * is its entry count, its names (as strings) and then its values; lists and sets are their elements
 * one after another.
 */
final class PackedValues {

    private static final byte S_LATIN1 = 1;
    private static final byte S_UTF16 = 2;
    private static final byte N_LATIN1 = 3;
    private static final byte N_UTF16 = 4;
    private static final byte BINARY = 5;
    private static final byte TRUE = 6;
    private static final byte FALSE = 7;
    private static final byte NULL = 8;
    private static final byte MAP = 9;
    private static final byte LIST = 10;
    private static final byte STRING_SET = 11;
    private static final byte NUMBER_SET = 12;
    private static final byte BINARY_SET = 13;

    private PackedValues() {}

    /** The values in order, packed. */
    static byte[] pack(AttributeValue[] values) {
        Sink out = new Sink();
        for (AttributeValue value : values) {
            write(out, value);
        }
        return out.toArray();
    }

    /** The value that starts at {@code offset}. */
    static AttributeValue unpack(byte[] data, int offset) {
        byte tag = data[offset];
        if (tag == TRUE || tag == FALSE) {
            return AttributeValue.bool(tag == TRUE);
        }
        if (tag == NULL) {
            return AttributeValue.nul();
        }
        long lengthAndStart = payload(data, offset);
        int start = (int) lengthAndStart;
        int end = start + (int) (lengthAndStart >>> 32);
        return switch (tag) {
            case S_LATIN1, S_UTF16 -> new AttributeValue.Str(string(tag, data, start, end));
            case N_LATIN1, N_UTF16 ->
                    // packed from a Num, whose text was valid or parses lazily as before
                    AttributeValue.Num.fromEngine(string(tag, data, start, end));
            case BINARY -> new AttributeValue.Bin(Arrays.copyOfRange(data, start, end));
            case MAP -> new AttributeValue.MapValue(map(data, start, end));
            case LIST -> new AttributeValue.ListValue(elements(data, start, end));
            case STRING_SET -> {
                List<AttributeValue> members = elements(data, start, end);
                String[] strings = new String[members.size()];
                for (int i = 0; i < strings.length; i++) {
                    strings[i] = ((AttributeValue.Str) members.get(i)).value();
                }
                yield new AttributeValue.StrSet(ArraySet.ofDistinct(strings));
            }
            case NUMBER_SET -> {
                List<AttributeValue.Num> members = new ArrayList<>();
                for (AttributeValue member : elements(data, start, end)) {
                    members.add((AttributeValue.Num) member);
                }
                yield new AttributeValue.NumSet(members);
            }
            case BINARY_SET -> {
                List<AttributeValue.Bin> members = new ArrayList<>();
                for (AttributeValue member : elements(data, start, end)) {
                    members.add((AttributeValue.Bin) member);
                }
                yield new AttributeValue.BinSet(members);
            }
            default -> throw new IllegalStateException("unknown packed value tag " + tag);
        };
    }

    /** The offset just after the value that starts at {@code offset}. */
    static int skip(byte[] data, int offset) {
        byte tag = data[offset];
        if (tag == TRUE || tag == FALSE || tag == NULL) {
            return offset + 1;
        }
        long lengthAndStart = payload(data, offset);
        return (int) lengthAndStart + (int) (lengthAndStart >>> 32);
    }

    // ---- writing ---------------------------------------------------------------------------

    private static void write(Sink out, AttributeValue value) {
        switch (value.type()) {
            case S -> writeString(out, S_LATIN1, ((AttributeValue.Str) value).value());
            case N -> writeString(out, N_LATIN1, ((AttributeValue.Num) value).text());
            case B -> {
                byte[] bytes = ((AttributeValue.Bin) value).bytes();
                out.put(BINARY);
                out.varint(bytes.length);
                out.put(bytes, 0, bytes.length);
            }
            case BOOL -> out.put(((AttributeValue.Bool) value).value() ? TRUE : FALSE);
            case NULL -> out.put(NULL);
            case M -> writeMap(out, ((AttributeValue.MapValue) value).entries());
            case L -> writeList(out, LIST, ((AttributeValue.ListValue) value).elements());
            case SS -> {
                List<AttributeValue> members = new ArrayList<>();
                for (String member : ((AttributeValue.StrSet) value).members()) {
                    members.add(new AttributeValue.Str(member));
                }
                writeList(out, STRING_SET, members);
            }
            case NS -> writeList(out, NUMBER_SET, ((AttributeValue.NumSet) value).members());
            case BS -> writeList(out, BINARY_SET, ((AttributeValue.BinSet) value).members());
        }
    }

    /** A map: its entry count, its names, its values (copied as they are when packed already). */
    private static void writeMap(Sink out, Map<String, AttributeValue> entries) {
        Sink inner = new Sink();
        inner.varint(entries.size());
        if (entries instanceof ArrayMap packed) {
            for (String name : packed.names()) {
                writeString(inner, S_LATIN1, name);
            }
            byte[] values = packed.packedValues();
            inner.put(values, 0, values.length);
        } else {
            for (String name : entries.keySet()) {
                writeString(inner, S_LATIN1, name);
            }
            for (AttributeValue value : entries.values()) {
                write(inner, value);
            }
        }
        writeTagged(out, MAP, inner);
    }

    private static void writeList(Sink out, byte tag, List<? extends AttributeValue> elements) {
        Sink inner = new Sink();
        for (AttributeValue element : elements) {
            write(inner, element);
        }
        writeTagged(out, tag, inner);
    }

    /** A composite value, written aside first since its length comes before it. */
    private static void writeTagged(Sink out, byte tag, Sink payload) {
        out.put(tag);
        out.varint(payload.size);
        out.put(payload.bytes, 0, payload.size);
    }

    /** A string as Latin-1 bytes when every character fits, else as UTF-16 code units. */
    private static void writeString(Sink out, byte latin1Tag, String text) {
        int length = text.length();
        boolean latin1 = true;
        for (int i = 0; i < length && latin1; i++) {
            latin1 = text.charAt(i) <= 0xFF;
        }
        if (latin1) {
            out.put(latin1Tag);
            out.varint(length);
            out.reserve(length);
            for (int i = 0; i < length; i++) {
                out.bytes[out.size++] = (byte) text.charAt(i);
            }
        } else {
            out.put((byte) (latin1Tag + 1));
            out.varint(2 * length);
            out.reserve(2 * length);
            for (int i = 0; i < length; i++) {
                char c = text.charAt(i);
                out.bytes[out.size++] = (byte) (c >>> 8);
                out.bytes[out.size++] = (byte) c;
            }
        }
    }

    // ---- reading ---------------------------------------------------------------------------

    /** The payload's length (high 32 bits) and start offset (low 32 bits) of a tagged value. */
    private static long payload(byte[] data, int offset) {
        return varint(data, offset + 1);
    }

    /** A varint's value (high 32 bits) and the offset after it (low 32 bits). */
    private static long varint(byte[] data, int offset) {
        int position = offset;
        int value = 0;
        int shift = 0;
        byte b;
        do {
            b = data[position++];
            value |= (b & 0x7F) << shift;
            shift += 7;
        } while (b < 0);
        return ((long) value << 32) | position;
    }

    private static String string(byte tag, byte[] data, int start, int end) {
        if (tag == S_LATIN1 || tag == N_LATIN1) {
            return new String(data, start, end - start, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[(end - start) / 2];
        for (int i = 0; i < chars.length; i++) {
            chars[i] =
                    (char) (((data[start + 2 * i] & 0xFF) << 8) | (data[start + 2 * i + 1] & 0xFF));
        }
        return new String(chars);
    }

    private static List<AttributeValue> elements(byte[] data, int start, int end) {
        List<AttributeValue> elements = new ArrayList<>();
        for (int offset = start; offset < end; offset = skip(data, offset)) {
            elements.add(unpack(data, offset));
        }
        return elements;
    }

    private static ArrayMap map(byte[] data, int start, int end) {
        long countAndStart = varint(data, start);
        int count = (int) (countAndStart >>> 32);
        int offset = (int) countAndStart;
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            names[i] = AttributeNames.shared(((AttributeValue.Str) unpack(data, offset)).value());
            offset = skip(data, offset);
        }
        return new ArrayMap(AttributeNames.shared(names), Arrays.copyOfRange(data, offset, end));
    }

    /** A growing byte buffer. */
    private static final class Sink {
        byte[] bytes = new byte[64];
        int size;

        void reserve(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }

        void put(byte b) {
            reserve(1);
            bytes[size++] = b;
        }

        void put(byte[] source, int from, int length) {
            reserve(length);
            System.arraycopy(source, from, bytes, size, length);
            size += length;
        }

        void varint(int value) {
            reserve(5);
            int v = value;
            while ((v & ~0x7F) != 0) {
                bytes[size++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            bytes[size++] = (byte) v;
        }

        byte[] toArray() {
            return Arrays.copyOf(bytes, size);
        }
    }
}
