package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lone surrogates in JSON are escapes that read back the same; pairs stay as they are. */
class LoneSurrogatesTest {

    @Test
    void jsonEscapesLoneHalvesAndKeepsPairsRaw() {
        for (String text :
                List.of(
                        "a\uD800b",
                        "\uDC00",
                        "end\uD83D",
                        "\uD83D\uDE00 ok",
                        "x\uD83Dy\uDE00",
                        "\uD83D\uD83D\uDE00")) {
            Item item =
                    Item.of(Map.of("v", AttributeValue.s(text), "k" + text, AttributeValue.s("1")));
            for (ItemJson json : List.of(ItemJson.PLAIN, ItemJson.DYNAMODB)) {
                String written = json.write(item);
                assertEquals(-1, LoneSurrogates.find(written), written);
                assertEquals(item, json.readItem(written), written);
            }
        }
        assertEquals(
                "{\"v\":\"\uD83D\uDE00\"}",
                ItemJson.PLAIN.write(Item.of(Map.of("v", AttributeValue.s("\uD83D\uDE00")))));
        assertEquals(
                "{\"v\":\"a\\uD800b\"}",
                ItemJson.PLAIN.write(Item.of(Map.of("v", AttributeValue.s("a\uD800b")))));
    }

    @Test
    void thePathOfTheFirstLoneSurrogateIsFound() {
        assertNull(LoneSurrogates.pathIn(Item.of(Map.of("v", AttributeValue.s("\uD83D\uDE00")))));
        assertEquals(
                "m.inner[1]",
                LoneSurrogates.pathIn(
                        Item.of(
                                Map.of(
                                        "m",
                                        AttributeValue.m(
                                                Map.of(
                                                        "inner",
                                                        AttributeValue.l(
                                                                List.of(
                                                                        AttributeValue.s("ok"),
                                                                        AttributeValue.s(
                                                                                "\uDFFF")))))))));
    }
}
