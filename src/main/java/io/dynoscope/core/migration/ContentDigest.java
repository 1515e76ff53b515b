package io.dynoscope.core.migration;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a set of items holds, in 256 bits, whatever order they were read in: the sum, lane by lane,
 * of each item's SHA-256. Each item is hashed byte for byte as DynamoDB returned it (a number's
 * text, a binary's bytes), with its attributes, map entries and set members in sorted order, so the
 * same content always gives the same digest. Two reads of a table nobody else writes give the same
 * digest exactly when they returned the same items.
 */
public record ContentDigest(long a, long b, long c, long d) {

    public static final ContentDigest EMPTY = new ContentDigest(0, 0, 0, 0);

    /** This digest with one more item, its attributes but {@code excluded} hashed. */
    public ContentDigest plus(Item item, Set<String> excluded) {
        ByteBuffer hash = ByteBuffer.wrap(hash(item, excluded));
        return new ContentDigest(
                a + hash.getLong(), b + hash.getLong(), c + hash.getLong(), d + hash.getLong());
    }

    public ContentDigest plus(ContentDigest other) {
        return new ContentDigest(a + other.a, b + other.b, c + other.c, d + other.d);
    }

    /** 64 hex digits. */
    public String hex() {
        HexFormat hex = HexFormat.of();
        return hex.toHexDigits(a) + hex.toHexDigits(b) + hex.toHexDigits(c) + hex.toHexDigits(d);
    }

    /** Reads {@link #hex()} back. */
    public static ContentDigest ofHex(String text) {
        if (text.length() != 64) {
            throw new IllegalArgumentException("a content digest is 64 hex digits, not " + text);
        }
        return new ContentDigest(
                HexFormat.fromHexDigitsToLong(text, 0, 16),
                HexFormat.fromHexDigitsToLong(text, 16, 32),
                HexFormat.fromHexDigitsToLong(text, 32, 48),
                HexFormat.fromHexDigitsToLong(text, 48, 64));
    }

    /** The SHA-256 of {@code item}'s attributes but {@code excluded}. */
    static byte[] hash(Item item, Set<String> excluded) {
        Hasher hasher = new Hasher();
        for (Map.Entry<String, AttributeValue> attribute :
                new TreeMap<>(item.attributes()).entrySet()) {
            if (!excluded.contains(attribute.getKey())) {
                hasher.text(attribute.getKey());
                hasher.value(attribute.getValue());
            }
        }
        return hasher.digest.digest();
    }

    /** Feeds values to SHA-256, each with its type and length so no two contents run together. */
    private static final class Hasher {
        private final MessageDigest digest;

        Hasher() {
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }

        void bytes(byte[] bytes) {
            length(bytes.length);
            digest.update(bytes);
        }

        void text(String text) {
            bytes(text.getBytes(StandardCharsets.UTF_8));
        }

        void length(int length) {
            digest.update(
                    new byte[] {
                        (byte) (length >>> 24),
                        (byte) (length >>> 16),
                        (byte) (length >>> 8),
                        (byte) length
                    });
        }

        void value(AttributeValue value) {
            digest.update((byte) value.type().ordinal());
            if (value instanceof AttributeValue.Str s) {
                text(s.value());
            } else if (value instanceof AttributeValue.Num n) {
                text(n.text());
            } else if (value instanceof AttributeValue.Bin bin) {
                bytes(bin.bytes());
            } else if (value instanceof AttributeValue.Bool bool) {
                digest.update((byte) (bool == AttributeValue.Bool.TRUE ? 1 : 0));
            } else if (value instanceof AttributeValue.MapValue map) {
                length(map.entries().size());
                for (Map.Entry<String, AttributeValue> entry :
                        new TreeMap<>(map.entries()).entrySet()) {
                    text(entry.getKey());
                    value(entry.getValue());
                }
            } else if (value instanceof AttributeValue.ListValue list) {
                length(list.elements().size());
                list.elements().forEach(this::value);
            } else if (value instanceof AttributeValue.StrSet set) {
                length(set.members().size());
                set.members().stream().sorted().forEach(this::text);
            } else if (value instanceof AttributeValue.NumSet set) {
                length(set.members().size());
                set.members().stream().map(AttributeValue.Num::text).sorted().forEach(this::text);
            } else if (value instanceof AttributeValue.BinSet set) {
                List<byte[]> members = new ArrayList<>();
                set.members().forEach(member -> members.add(member.bytes()));
                members.sort(Arrays::compareUnsigned);
                length(members.size());
                members.forEach(this::bytes);
            }
        }
    }
}
