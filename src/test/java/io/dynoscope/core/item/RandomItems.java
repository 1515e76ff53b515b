package io.dynoscope.core.item;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A seeded generator of items for round-trip tests: all ten types, maps and lists nested up to
 * depth 4, empty strings and binary, unicode, and numbers at DynamoDB's limits.
 */
final class RandomItems {

    static final int MAX_DEPTH = 4;

    private static final List<String> STRINGS =
            List.of(
                    "",
                    "a",
                    "WS#acme",
                    "PROJ#2026-0042",
                    "Zoë",
                    "日本語",
                    "😀 emoji",
                    "tab\tnew\nline",
                    "quote \" and \\ backslash",
                    "\u0000\u001f",
                    "6",
                    "true",
                    "null",
                    " ");

    private static final List<String> NUMBERS =
            List.of(
                    "12345678901234567890123456789012345678",
                    "-12345678901234567890123456789012345678",
                    "1E-130",
                    "-1E-130",
                    "-9.9999999999999999999999999999999999999E+125",
                    "9.9999999999999999999999999999999999999E+125",
                    "0",
                    "-0",
                    "0.0",
                    "12.50",
                    "0.1",
                    "1.0E+3",
                    "1e-5",
                    "-42",
                    "0.30000000000000000000000000000000000001");

    /** Texts DynamoDB accepts as numbers but JSON does not allow as number literals. */
    private static final List<String> NON_JSON_NUMBERS =
            List.of("0012.50", "+5", ".5", "5.", "+1E-130", "00");

    private final Random random;
    private final boolean plainJsonOnly;

    /**
     * @param plainJsonOnly only S, N (in JSON's number syntax), BOOL, NULL, M and L: what plain
     *     JSON can carry without loss
     */
    RandomItems(long seed, boolean plainJsonOnly) {
        this.random = new Random(seed);
        this.plainJsonOnly = plainJsonOnly;
    }

    Item item() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        int count = 1 + random.nextInt(8);
        while (attributes.size() < count) {
            attributes.put(name(), value(1));
        }
        return Item.of(attributes);
    }

    AttributeValue value(int depth) {
        List<AttributeValue.Type> types =
                new ArrayList<>(
                        plainJsonOnly
                                ? List.of(
                                        AttributeValue.Type.S,
                                        AttributeValue.Type.N,
                                        AttributeValue.Type.BOOL,
                                        AttributeValue.Type.NULL,
                                        AttributeValue.Type.M,
                                        AttributeValue.Type.L)
                                : List.of(AttributeValue.Type.values()));
        if (depth >= MAX_DEPTH) {
            types.remove(AttributeValue.Type.M);
            types.remove(AttributeValue.Type.L);
        }
        return switch (types.get(random.nextInt(types.size()))) {
            case S -> AttributeValue.s(string());
            case N -> AttributeValue.n(number());
            case B -> AttributeValue.b(bytes());
            case BOOL -> AttributeValue.bool(random.nextBoolean());
            case NULL -> AttributeValue.nul();
            case M -> {
                Map<String, AttributeValue> entries = new LinkedHashMap<>();
                int count = random.nextInt(4);
                while (entries.size() < count) {
                    entries.put(name(), value(depth + 1));
                }
                yield AttributeValue.m(entries);
            }
            case L -> {
                List<AttributeValue> elements = new ArrayList<>();
                int count = random.nextInt(4);
                for (int i = 0; i < count; i++) {
                    elements.add(value(depth + 1));
                }
                yield AttributeValue.l(elements);
            }
            case SS -> {
                Set<String> members = new LinkedHashSet<>();
                int count = 1 + random.nextInt(4);
                while (members.size() < count) {
                    members.add(string());
                }
                yield new AttributeValue.StrSet(members);
            }
            case NS -> {
                List<AttributeValue.Num> members = new ArrayList<>();
                Set<AttributeValue.Num> seen = new HashSet<>();
                int count = 1 + random.nextInt(4);
                while (members.size() < count) {
                    AttributeValue.Num member = AttributeValue.n(number());
                    if (seen.add(member)) {
                        members.add(member);
                    }
                }
                yield new AttributeValue.NumSet(members);
            }
            case BS -> {
                List<AttributeValue.Bin> members = new ArrayList<>();
                Set<AttributeValue.Bin> seen = new HashSet<>();
                int count = 1 + random.nextInt(3);
                while (members.size() < count) {
                    AttributeValue.Bin member = AttributeValue.b(bytes());
                    if (seen.add(member)) {
                        members.add(member);
                    }
                }
                yield new AttributeValue.BinSet(members);
            }
        };
    }

    private String name() {
        return random.nextInt(3) == 0 ? "attr" + random.nextInt(50) : nonEmpty(randomText());
    }

    private String string() {
        return random.nextBoolean() ? STRINGS.get(random.nextInt(STRINGS.size())) : randomText();
    }

    private static String nonEmpty(String text) {
        return text.isEmpty() ? "x" : text;
    }

    /** Random code points from ASCII up to the supplementary planes, never a lone surrogate. */
    private String randomText() {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(12);
        for (int i = 0; i < length; i++) {
            int codePoint =
                    switch (random.nextInt(4)) {
                        case 0 -> random.nextInt(0x80);
                        case 1 -> 0x80 + random.nextInt(0x800 - 0x80);
                        case 2 -> 0x800 + random.nextInt(0xD800 - 0x800);
                        default -> 0x10000 + random.nextInt(0x10FFFF - 0x10000);
                    };
            text.appendCodePoint(codePoint);
        }
        return text.toString();
    }

    private String number() {
        int choice = random.nextInt(10);
        if (choice < 4) {
            return NUMBERS.get(random.nextInt(NUMBERS.size()));
        }
        if (choice == 4 && !plainJsonOnly) {
            return NON_JSON_NUMBERS.get(random.nextInt(NON_JSON_NUMBERS.size()));
        }
        while (true) {
            String candidate = randomNumberText();
            try {
                AttributeValue.Num.of(candidate);
                return candidate;
            } catch (IllegalArgumentException outOfRange) {
                // a random exponent can leave DynamoDB's range; draw again
            }
        }
    }

    /** JSON number syntax: optional minus, up to 38 digits, optional fraction and exponent. */
    private String randomNumberText() {
        StringBuilder text = new StringBuilder();
        if (random.nextBoolean()) {
            text.append('-');
        }
        int digits = 1 + random.nextInt(38);
        StringBuilder mantissa = new StringBuilder();
        mantissa.append(1 + random.nextInt(9));
        for (int i = 1; i < digits; i++) {
            mantissa.append(random.nextInt(10));
        }
        int point = random.nextInt(digits + 1);
        if (point > 0 && point < digits) {
            mantissa.insert(point, '.');
        }
        text.append(mantissa);
        if (random.nextInt(3) == 0) {
            text.append(random.nextBoolean() ? 'E' : 'e').append(random.nextInt(250) - 125);
        }
        return text.toString();
    }

    private byte[] bytes() {
        byte[] bytes = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(24)];
        random.nextBytes(bytes);
        return bytes;
    }
}
