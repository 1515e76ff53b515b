package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.key.KeyTemplate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How inference reads single-table key values, case by case as the class comment of {@link
 * KeyShapes} states them: tags, variables, shard numbers and letter prefixes.
 */
class KeyShapesTest {

    private static final KeyShapes PLAIN = KeyShapes.of(List.of());

    @Test
    void tagsStayAndEverythingElseIsAVariable() {
        assertEquals("WS#*", PLAIN.shape("WS#acme"));
        assertEquals("WS#*#N2", PLAIN.shape("WS#big#03"), "a last number after a variable");
        assertEquals("WS#*#PROJ#*", PLAIN.shape("WS#acme#PROJ#7"), "an upper-case word inside");
        assertEquals("STATUS#*", PLAIN.shape("STATUS#OPEN"), "an upper-case word at the end");
        assertEquals("META", PLAIN.shape("META"));
        assertEquals("*", PLAIN.shape("meta"));
        assertEquals("*", PLAIN.shape("42"));
        assertEquals("Room:*", PLAIN.shape("Room:Music"));
        assertEquals("Complaint*", PLAIN.shape("Complaint123"));
        assertEquals("*#*", PLAIN.shape("12#34"), "digits are no tag");
        assertEquals("WS#*#", PLAIN.shape("WS#acme#"), "an empty segment is literal");
        assertEquals("A#*#*", PLAIN.shape("A#7#x"), "a number second is no shard");
        assertEquals("?", PLAIN.shape(null));
    }

    @Test
    void aWordThatStartsOtherValuesIsATag() {
        KeyShapes shapes = KeyShapes.of(List.of("suuid#x", "child#suuid#x"));
        assertEquals("child#suuid#*", shapes.shape("child#suuid#x"));
        assertEquals("child#*#*", PLAIN.shape("child#suuid#x"));
    }

    @Test
    void templatesNameVariablesAfterTheirTagAndRangeTheShards() {
        KeyShapes shapes = KeyShapes.of(List.of("WS#acme", "WS#beta"));
        assertEquals(
                KeyTemplate.parse("WS#{wsId}"),
                shapes.template(
                        List.of("WS#acme", "WS#beta"), KeyShapes.byTag("EntityRef"), Set.of()));
        assertEquals(
                KeyTemplate.parse("WS#{wsId}#{shard:01..10}"),
                shapes.template(
                        List.of("WS#big#03", "WS#big#01", "WS#big#10"),
                        KeyShapes.byTag("EntityRef"),
                        Set.of()));
        assertEquals(
                KeyTemplate.parse("{entityRef}"),
                shapes.template(List.of("a", "b"), KeyShapes.byTag("entity_ref"), Set.of()),
                "no tag: named after the attribute");
        assertEquals(
                KeyTemplate.parse("meta"),
                shapes.template(List.of("meta", "meta"), KeyShapes.byTag("SK"), Set.of()),
                "one lone value in all: literal");
        assertEquals(
                KeyTemplate.parse("ORG#{orgId}#META"),
                shapes.template(
                        List.of("ORG#1#META", "ORG#2#META"), KeyShapes.byTag("PK"), Set.of()));
        assertEquals(
                KeyTemplate.parse("ORG#{orgId2}"),
                shapes.template(List.of("ORG#1", "ORG#2"), KeyShapes.byTag("PK"), Set.of("orgId")),
                "a name the other key took is not used again");
        assertEquals(
                KeyTemplate.parse("Room:{roomId}"),
                shapes.template(
                        List.of("Room:Music", "Room:Art"), KeyShapes.byTag("PK"), Set.of()));
    }

    @Test
    void indexKeysAreNamedAfterTheirAttributeUnlessOverloaded() {
        KeyShapes shapes = KeyShapes.of(List.of("U#1", "STATUS#OPEN"));
        assertEquals(
                KeyTemplate.parse("U#{authorId}"),
                shapes.template(
                        List.of("U#1", "U#2"), KeyShapes.byAttribute("authorId"), Set.of()));
        assertEquals(
                KeyTemplate.parse("STATUS#{status}"),
                shapes.template(
                        List.of("STATUS#OPEN", "STATUS#DONE"),
                        KeyShapes.byAttribute("GSI1PK"),
                        Set.of()));
        assertEquals(
                KeyTemplate.parse("{gsi2sk}"),
                shapes.template(List.of("a", "b"), KeyShapes.byAttribute("gsi2sk"), Set.of()));
    }

    @Test
    void namesAreCamelCase() {
        assertEquals("ws", KeyShapes.camel("WS"));
        assertEquals("room", KeyShapes.camel("Room"));
        assertEquals("entityRef", KeyShapes.camel("entity_ref"));
        assertEquals("orderItem", KeyShapes.camel("ORDER_ITEM"));
        assertEquals("k2fa", KeyShapes.camel("2fa"));
        assertEquals("key", KeyShapes.camel("--"));
        assertEquals(List.of("a", "", "b"), KeyShapes.segments("a##b"));
        assertEquals(List.of(""), KeyShapes.segments(""));
    }
}
