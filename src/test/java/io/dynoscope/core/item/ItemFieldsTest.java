package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemFieldsTest {

    private static Item post() {
        Map<String, AttributeValue> author = new LinkedHashMap<>();
        author.put("id", AttributeValue.s("U#12"));
        author.put("name", AttributeValue.s("Mara Vance"));
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("PK", AttributeValue.s("POST#9f3"));
        attributes.put("likes", AttributeValue.n("12345678901234567890123456789012345678"));
        attributes.put("author", AttributeValue.m(author));
        attributes.put("flags", AttributeValue.l(AttributeValue.bool(true), AttributeValue.nul()));
        attributes.put("tags", AttributeValue.ss("a", "b"));
        return Item.of(attributes);
    }

    @Test
    void everyScalarIsAFieldWithItsPath() {
        List<ItemFields.Field> fields = ItemFields.of(post());
        assertEquals(
                List.of("PK", "likes", "author.id", "author.name", "flags[0]", "flags[1]", "tags"),
                fields.stream().map(ItemFields.Field::path).toList());
        assertEquals("12345678901234567890123456789012345678", fields.get(1).text());
        assertFalse(fields.get(6).editable(), "sets are edited as JSON");
    }

    @Test
    void aNestedFieldIsSetInPlaceAndNothingElseChanges() {
        Item item = post();
        ItemFields.Field name = ItemFields.of(item).get(3);

        Item edited = ItemFields.with(item, name, "Mara V.");

        ItemDiff diff = ItemDiff.between(item, edited);
        assertEquals(List.of("author"), diff.attributes());
        assertEquals(
                AttributeValue.s("Mara V."),
                ((AttributeValue.MapValue) edited.attributes().get("author"))
                        .entries()
                        .get("name"));
        assertEquals(item.attributes().get("likes"), edited.attributes().get("likes"));
    }

    @Test
    void valuesAreReadAsTheFieldsType() {
        Item item = post();
        List<ItemFields.Field> fields = ItemFields.of(item);
        assertEquals(
                AttributeValue.n("1E-130"),
                ItemFields.with(item, fields.get(1), "1E-130").attributes().get("likes"));
        assertEquals(
                AttributeValue.l(AttributeValue.bool(false), AttributeValue.nul()),
                ItemFields.with(item, fields.get(4), "false").attributes().get("flags"));

        IllegalArgumentException notANumber =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ItemFields.with(item, fields.get(1), "lots"));
        assertEquals("likes: 'lots' is not a number", notANumber.getMessage());
        IllegalArgumentException notABoolean =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ItemFields.with(item, fields.get(4), "yes"));
        assertEquals("flags[0]: a boolean is true or false, not 'yes'", notABoolean.getMessage());
    }
}
