package io.dynoscope.core.item;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One DynamoDB attribute value, of exactly one of the ten DynamoDB types.
 *
 * <p>Dynoscope's own type so that core never depends on the SDK. Values are immutable. Numbers keep
 * their decimal text and are compared by value, never through {@code double}; a number and a string
 * with the same characters are different values.
 */
public sealed interface AttributeValue
        permits AttributeValue.Str,
                AttributeValue.Num,
                AttributeValue.Bin,
                AttributeValue.Bool,
                AttributeValue.Null,
                AttributeValue.MapValue,
                AttributeValue.ListValue,
                AttributeValue.StrSet,
                AttributeValue.NumSet,
                AttributeValue.BinSet {

    /** The DynamoDB type descriptor: S, N, B, BOOL, NULL, M, L, SS, NS or BS. */
    Type type();

    /** The ten DynamoDB types with their wire descriptors. */
    enum Type {
        S,
        N,
        B,
        BOOL,
        NULL,
        M,
        L,
        SS,
        NS,
        BS;

        /** The descriptor as written in DynamoDB JSON, e.g. {@code "BOOL"}. */
        public String descriptor() {
            return name();
        }

        /** Whether {@code name} is one of the ten descriptors, e.g. {@code "SS"}. */
        public static boolean isDescriptor(String name) {
            for (Type t : values()) {
                if (t.name().equals(name)) {
                    return true;
                }
            }
            return false;
        }

        public static Type fromDescriptor(String descriptor) {
            for (Type t : values()) {
                if (t.name().equals(descriptor)) {
                    return t;
                }
            }
            throw new IllegalArgumentException(
                    "unknown DynamoDB type descriptor '"
                            + descriptor
                            + "' (expected one of S, N, B, BOOL, NULL, M, L, SS, NS, BS)");
        }
    }

    // ---- factories -------------------------------------------------------------------------

    static Str s(String value) {
        return new Str(value);
    }

    static Num n(String text) {
        return Num.of(text);
    }

    static Num n(long value) {
        return Num.of(Long.toString(value));
    }

    static Bin b(byte[] bytes) {
        return new Bin(bytes);
    }

    static Bool bool(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    static Null nul() {
        return Null.INSTANCE;
    }

    static MapValue m(Map<String, AttributeValue> entries) {
        return new MapValue(entries);
    }

    static ListValue l(List<AttributeValue> elements) {
        return new ListValue(elements);
    }

    static ListValue l(AttributeValue... elements) {
        return new ListValue(List.of(elements));
    }

    static StrSet ss(String... members) {
        return new StrSet(new LinkedHashSet<>(Arrays.asList(members)));
    }

    static NumSet ns(String... members) {
        return new NumSet(Arrays.stream(members).map(Num::of).toList());
    }

    static BinSet bs(byte[]... members) {
        return new BinSet(Arrays.stream(members).map(Bin::new).toList());
    }

    // ---- the ten types ---------------------------------------------------------------------

    /** S: a UTF-8 string; may be empty for non-key attributes. */
    record Str(String value) implements AttributeValue {
        public Str {
            Objects.requireNonNull(value, "string value");
        }

        @Override
        public Type type() {
            return Type.S;
        }
    }

    /**
     * N: a number, kept as validated decimal text. Equality and hashing are by numeric value, as
     * DynamoDB compares numbers ({@code 6} equals {@code 6.0}).
     */
    final class Num implements AttributeValue, Comparable<Num> {
        private final String text;
        // Parsed on first use for numbers the engine returned (already valid), at once for input.
        private volatile DynamoNumber value;

        private Num(String text, DynamoNumber value) {
            this.text = text;
            this.value = value;
        }

        /**
         * Parses and validates a DynamoDB number; throws {@link IllegalArgumentException} saying
         * why.
         */
        public static Num of(String text) {
            return new Num(text, DynamoNumber.parse(text));
        }

        /**
         * A number as DynamoDB returned it. DynamoDB only returns valid numbers, so it is parsed on
         * first comparison instead of on every read (the hot path of paging through a table).
         */
        public static Num fromEngine(String text) {
            return new Num(Objects.requireNonNull(text, "number text"), null);
        }

        private DynamoNumber parsed() {
            DynamoNumber v = value;
            if (v == null) {
                v = DynamoNumber.parse(text);
                value = v;
            }
            return v;
        }

        /** The number as given (e.g. {@code "0012.50"} stays as typed). */
        public String text() {
            return text;
        }

        /** The exact decimal value. */
        public BigDecimal value() {
            return parsed().decimal();
        }

        /** The canonical text DynamoDB would return, e.g. {@code "12.5"}. */
        public String canonical() {
            return parsed().canonical();
        }

        @Override
        public Type type() {
            return Type.N;
        }

        @Override
        public int compareTo(Num other) {
            return value().compareTo(other.value());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Num other && compareTo(other) == 0;
        }

        @Override
        public int hashCode() {
            return value().hashCode();
        }

        @Override
        public String toString() {
            return "Num[" + text + "]";
        }
    }

    /** B: binary data. The bytes are copied in and out so the value stays immutable. */
    final class Bin implements AttributeValue {
        private final byte[] bytes;

        public Bin(byte[] bytes) {
            this.bytes = Objects.requireNonNull(bytes, "binary value").clone();
        }

        public byte[] bytes() {
            return bytes.clone();
        }

        public int length() {
            return bytes.length;
        }

        public String base64() {
            return Base64.getEncoder().encodeToString(bytes);
        }

        @Override
        public Type type() {
            return Type.B;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bin other && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Bin[" + base64() + "]";
        }
    }

    /** BOOL. */
    enum Bool implements AttributeValue {
        TRUE,
        FALSE;

        public boolean value() {
            return this == TRUE;
        }

        @Override
        public Type type() {
            return Type.BOOL;
        }
    }

    /** NULL: the DynamoDB null, which is a value of its own, not an absent attribute. */
    enum Null implements AttributeValue {
        INSTANCE;

        @Override
        public Type type() {
            return Type.NULL;
        }
    }

    /** M: a map of names to values, in the order given. */
    record MapValue(Map<String, AttributeValue> entries) implements AttributeValue {
        public MapValue {
            entries = entries instanceof ArrayMap ? entries : new ArrayMap(entries, "map");
        }

        @Override
        public Type type() {
            return Type.M;
        }
    }

    /** L: an ordered list of values of any types. */
    record ListValue(List<AttributeValue> elements) implements AttributeValue {
        public ListValue {
            elements = List.copyOf(elements);
        }

        @Override
        public Type type() {
            return Type.L;
        }
    }

    /** SS: a non-empty set of distinct strings; iteration follows insertion order. */
    record StrSet(Set<String> members) implements AttributeValue {
        public StrSet {
            if (members.isEmpty()) {
                throw new IllegalArgumentException("a string set (SS) cannot be empty");
            }
            members = members instanceof ArraySet ? members : new ArraySet(members);
        }

        @Override
        public Type type() {
            return Type.SS;
        }
    }

    /** NS: a non-empty set of numbers, distinct by value; set equality ignores order. */
    record NumSet(List<Num> members) implements AttributeValue {
        public NumSet {
            members = setMembers(members, "a number set (NS)", true);
        }

        @Override
        public Type type() {
            return Type.NS;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NumSet other
                    && Set.copyOf(members).equals(Set.copyOf(other.members));
        }

        @Override
        public int hashCode() {
            return Set.copyOf(members).hashCode();
        }
    }

    /** BS: a non-empty set of distinct binary values; set equality ignores order. */
    record BinSet(List<Bin> members) implements AttributeValue {
        public BinSet {
            members = setMembers(members, "a binary set (BS)", false);
        }

        @Override
        public Type type() {
            return Type.BS;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BinSet other
                    && Set.copyOf(members).equals(Set.copyOf(other.members));
        }

        @Override
        public int hashCode() {
            return Set.copyOf(members).hashCode();
        }
    }

    /**
     * The members of a number or binary set, copied: refused when empty or with a duplicate.
     *
     * @param set the set's kind, to begin the message with
     * @param listed whether the duplicates message lists the members (numbers read well; binary
     *     does not)
     */
    private static <T> List<T> setMembers(List<T> members, String set, boolean listed) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException(set + " cannot be empty");
        }
        if (new LinkedHashSet<>(members).size() != members.size()) {
            throw new IllegalArgumentException(
                    set + " has duplicate values" + (listed ? ": " + members : ""));
        }
        return List.copyOf(members);
    }
}
