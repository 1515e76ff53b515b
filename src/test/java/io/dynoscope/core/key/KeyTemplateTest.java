package io.dynoscope.core.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyTemplateTest {

    @Test
    void aPlaceholderBindsOneKeySegment() {
        KeyTemplate pattern = KeyTemplate.parse("USER#{id}");

        assertEquals(Optional.of(Map.of("id", "12")), pattern.match("USER#12"));
        assertEquals(Optional.empty(), pattern.match("USER#12#archive"));
        assertEquals(Optional.empty(), pattern.match("USER#"));
        assertEquals(Optional.empty(), pattern.match("POST#12"));
        assertEquals(List.of("USER#12"), pattern.render(Map.of("id", "12")));
        assertEquals("USER#", pattern.literalPrefix());
    }

    @Test
    void aRangeMatchesItsShardsAndFansOutWhenRendered() {
        KeyTemplate pattern = KeyTemplate.parse("WS#{id}#{01..10}");

        assertEquals(Optional.of(Map.of("id", "big")), pattern.match("WS#big#01"));
        assertEquals(Optional.of(Map.of("id", "big")), pattern.match("WS#big#10"));
        assertEquals(Optional.empty(), pattern.match("WS#big#11"));
        assertEquals(Optional.empty(), pattern.match("WS#big#1"));
        assertEquals(Optional.empty(), pattern.match("WS#big"));
        List<String> shards = pattern.render(Map.of("id", "big"));
        assertEquals(10, shards.size());
        assertEquals("WS#big#01", shards.get(0));
        assertEquals("WS#big#10", shards.get(9));
        assertTrue(pattern.hasRange());
        assertEquals(Set.of("id"), pattern.variables());
    }

    @Test
    void literalsAreTakenLiterally() {
        KeyTemplate pattern = KeyTemplate.parse("A.B+{x}");
        assertTrue(pattern.match("A.B+1").isPresent());
        assertFalse(pattern.match("AxB+1").isPresent());
        assertEquals("", KeyTemplate.parse("{id}#META").literalPrefix());
    }

    @Test
    void badPatternsSayWhy() {
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse("USER#{id"))
                        .getMessage()
                        .contains("unmatched brace"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse("{a}{b}"))
                        .getMessage()
                        .contains("literal between"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse("X#{10..01}"))
                        .getMessage()
                        .contains("backwards"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse("X#{a b}"))
                        .getMessage()
                        .contains("neither a name"));
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse("{id}#{id}"))
                        .getMessage()
                        .contains("twice"));
        assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse(""));
        assertThrows(
                IllegalArgumentException.class, () -> KeyTemplate.parse("U#{id}").render(Map.of()));
    }

    @Test
    void aNamedRangeBindsTheShardItMatched() {
        KeyTemplate template = KeyTemplate.parse("WS#{workspaceId}#{shard:01..10}");

        assertEquals(
                Optional.of(Map.of("workspaceId", "acme", "shard", "07")),
                template.match("WS#acme#07"));
        assertEquals(Optional.empty(), template.match("WS#acme#11"));
        assertEquals(Set.of("workspaceId"), template.variables());
        assertEquals(10, template.fanOut());
        assertEquals("WS#acme#10", template.render(Map.of("workspaceId", "acme")).get(9));
    }

    @Test
    void aConstantTemplateIsItsOwnValue() {
        assertTrue(KeyTemplate.parse("META").isConstant());
        assertFalse(KeyTemplate.parse("PROJ#{projectId}").isConstant());
        assertEquals(1, KeyTemplate.parse("PROJ#{projectId}").fanOut());
    }

    @Test
    void aPrefixBindsTheSegmentsItHoldsWhole() {
        KeyTemplate template = KeyTemplate.parse("{state}#{openedAt}");
        assertEquals(Map.of("state", "OPEN"), template.matchPrefix("OPEN#").orElseThrow().whole());
        KeyTemplate.PrefixBindings inside = template.matchPrefix("OP").orElseThrow();
        assertEquals(Map.of(), inside.whole());
        assertEquals("state", inside.partial());
        assertEquals("OP", inside.partialStart());
        assertEquals(
                Map.of(),
                KeyTemplate.parse("TICKET#{id}").matchPrefix("TICK").orElseThrow().whole());
        assertTrue(KeyTemplate.parse("TICKET#{id}").matchPrefix("TASK#").isEmpty());
        assertTrue(template.matchPrefix("#OPEN").isEmpty(), "a segment is never empty");
    }

    @Test
    void bindingNamesKeepsARangeAsWrittenAndTheRangeLeavesWithItsSeparator() {
        KeyTemplate group = KeyTemplate.parse("WS#{id}#{shard:01..10}");

        assertEquals("WS#acme#{shard:01..10}", group.bind(Map.of("id", "acme")).text());
        assertEquals("X#{1..10}", KeyTemplate.parse("X#{1..10}").bind(Map.of()).text());
        assertEquals("X#1", KeyTemplate.parse("X#{1..10}").render(Map.of()).get(0));
        assertThrows(IllegalArgumentException.class, () -> group.bind(Map.of()));
        assertThrows(IllegalArgumentException.class, () -> group.bind(Map.of("id", "{x}")));
        assertEquals("WS#{id}", group.withoutRange());
        assertEquals("ORDERS", KeyTemplate.parse("{0..7}_ORDERS").withoutRange());
        assertEquals("TENANTx", KeyTemplate.parse("TENANTx{1..4}").withoutRange());
        assertTrue(KeyTemplate.holdsRange("literal {braces} and {01..03} too"));
        assertFalse(KeyTemplate.holdsRange("literal {braces} {1..}"));
    }

    @Test
    void twoPatternsOverlapWhenOneValueMatchesBoth() {
        assertTrue(overlap("USER#{id}", "USER#{userId}"));
        assertTrue(overlap("{kind}#{id}", "USER#{id}"));
        assertTrue(overlap("{kind}", "META"));
        assertTrue(overlap("V{n}", "V{01..10}"));
        assertFalse(overlap("USER#{id}", "USER#{id}#ORDER#{o}"));
        assertFalse(overlap("USER#{id}", "POST#{id}"));
        assertFalse(overlap("META", "META#{v}"));
        assertFalse(overlap("N#{01..10}", "N#x{id}"));
    }

    private static boolean overlap(String a, String b) {
        boolean one = KeyTemplate.parse(a).overlaps(KeyTemplate.parse(b));
        assertEquals(one, KeyTemplate.parse(b).overlaps(KeyTemplate.parse(a)), a + " / " + b);
        return one;
    }
}
