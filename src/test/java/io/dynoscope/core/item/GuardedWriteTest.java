package io.dynoscope.core.item;

import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GuardedWriteTest {

    private static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");

    private static Item item(Object... nameValuePairs) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            attributes.put((String) nameValuePairs[i], (AttributeValue) nameValuePairs[i + 1]);
        }
        return Item.of(attributes);
    }

    private static Item workspace(Object... more) {
        Object[] all = new Object[4 + more.length];
        all[0] = "EntityRef";
        all[1] = s("WS#acme");
        all[2] = "Detail";
        all[3] = s("META");
        System.arraycopy(more, 0, all, 4, more.length);
        return item(all);
    }

    @Test
    void editSetsChangedAndAddedRemovesRemovedAndRequiresEverythingSeen() {
        Item seen = workspace("name", s("Acme"), "plan", s("pro"), "seats", n(12));
        Item edited = workspace("name", s("Acme Corp"), "seats", n(12), "region", s("eu"));

        GuardedWrite.Update update = GuardedWrite.edit(KEYS, seen, edited);

        assertEquals(Key.of("EntityRef", s("WS#acme"), "Detail", s("META")), update.key());
        assertEquals(
                "SET #name = :name_new, #region = :region_new REMOVE #plan",
                update.updateExpression());
        assertEquals(
                "attribute_exists(#EntityRef) AND #name = :name AND #plan = :plan AND #seats = :seats"
                        + " AND attribute_not_exists(#region)",
                update.conditionExpression());
        assertEquals(
                Map.of(
                        "#EntityRef",
                        "EntityRef",
                        "#name",
                        "name",
                        "#plan",
                        "plan",
                        "#seats",
                        "seats",
                        "#region",
                        "region"),
                update.names());
        assertEquals(
                Map.of(
                        ":name",
                        s("Acme"),
                        ":plan",
                        s("pro"),
                        ":seats",
                        n(12),
                        ":name_new",
                        s("Acme Corp"),
                        ":region_new",
                        s("eu")),
                update.values());
        assertEquals(List.of("name", "plan", "region"), update.diff().attributes());
    }

    @Test
    void mapsAndListsAreComparedPathByPathWithTheirSize() {
        Item seen =
                workspace(
                        "author",
                        m(new LinkedHashMap<>(Map.of("id", s("U#12")))),
                        "tags",
                        l(s("a"), n(2)),
                        "empty",
                        l(),
                        "n",
                        n(1));
        Item edited =
                workspace(
                        "author",
                        m(Map.of("id", s("U#12"))),
                        "tags",
                        l(s("a"), n(2)),
                        "empty",
                        l(),
                        "n",
                        n(2));

        GuardedWrite.Update update = GuardedWrite.edit(KEYS, seen, edited);

        assertEquals(
                "attribute_exists(#EntityRef) AND size(#author) = :author_size AND #author.#id = :author_id"
                        + " AND size(#tags) = :tags_size AND #tags[0] = :tags_0 AND #tags[1] = :tags_1"
                        + " AND attribute_type(#empty, :empty_type) AND size(#empty) = :empty_size AND #n = :n",
                update.conditionExpression());
        assertEquals("SET #n = :n_new", update.updateExpression());
        assertEquals(n(1), update.values().get(":author_size"));
        assertEquals(s("U#12"), update.values().get(":author_id"));
        assertEquals(n(2), update.values().get(":tags_size"));
        assertEquals(s("L"), update.values().get(":empty_type"));
        assertEquals(n(0), update.values().get(":empty_size"));
    }

    @Test
    void documentsTooLargeToCompareByPathAreComparedWhole() {
        Map<String, AttributeValue> wide = new LinkedHashMap<>();
        for (int i = 0; i < 200; i++) {
            wide.put("f" + i, n(i));
        }
        Item seen = workspace("wide", m(wide), "x", n(1));

        GuardedWrite.Update update = GuardedWrite.edit(KEYS, seen, seen.with("x", n(2)));

        assertEquals(
                "attribute_exists(#EntityRef) AND #wide = :wide AND #x = :x",
                update.conditionExpression());
        assertEquals(m(wide), update.values().get(":wide"));
    }

    @Test
    void placeholdersStayUniqueWhenNamesLookAlike() {
        Item seen = workspace("a-b", s("1"), "a_b", s("2"), "x y!", s("3"));

        GuardedWrite.Delete delete = GuardedWrite.delete(KEYS, seen);

        assertEquals(
                "attribute_exists(#EntityRef) AND #a_b = :a_b AND #a_b_2 = :a_b_2 AND #x_y = :x_y",
                delete.conditionExpression());
        assertEquals(
                Map.of("#EntityRef", "EntityRef", "#a_b", "a-b", "#a_b_2", "a_b", "#x_y", "x y!"),
                delete.names());
    }

    @Test
    void aKeyCannotBeChangedByAnEdit() {
        Item seen = workspace("name", s("Acme"));

        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> GuardedWrite.edit(KEYS, seen, seen.with("Detail", s("PROJ#1"))));
        assertTrue(e.getMessage().contains("'Detail'"), e.getMessage());
    }

    @Test
    void anEditThatChangesNothingIsNotAWrite() {
        Item seen = workspace("name", s("Acme"));

        assertThrows(IllegalArgumentException.class, () -> GuardedWrite.edit(KEYS, seen, seen));
    }

    @Test
    void createIsRefusedWhenTheKeyIsTaken() {
        Item item = workspace("name", s("Acme"));

        GuardedWrite.Put put = GuardedWrite.create(KEYS, item);

        assertEquals("attribute_not_exists(#EntityRef)", put.conditionExpression());
        assertEquals(Map.of("#EntityRef", "EntityRef"), put.names());
        assertEquals(Map.of(), put.values());
        assertEquals(item, put.item());
    }

    @Test
    void deleteRequiresEveryValueSeen() {
        GuardedWrite.Delete delete =
                GuardedWrite.delete(KEYS, workspace("name", s("Acme"), "seats", n("12.0")));

        assertEquals(
                "attribute_exists(#EntityRef) AND #name = :name AND #seats = :seats",
                delete.conditionExpression());
        assertEquals(Map.of(":name", s("Acme"), ":seats", n(12)), delete.values());
        assertEquals(Key.of("EntityRef", s("WS#acme"), "Detail", s("META")), delete.key());
    }
}
