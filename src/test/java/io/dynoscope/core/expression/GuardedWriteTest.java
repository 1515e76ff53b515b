package io.dynoscope.core.expression;

import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
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
        assertEquals("SET #n = :n_new, #r = :r_new REMOVE #p", update.update().text());
        assertEquals(
                "attribute_exists(#er) AND #n = :n AND #p = :p AND #s = :s"
                        + " AND attribute_not_exists(#r)",
                update.condition().text());
        assertEquals(
                Map.of(
                        "#er",
                        "EntityRef",
                        "#n",
                        "name",
                        "#p",
                        "plan",
                        "#s",
                        "seats",
                        "#r",
                        "region"),
                update.guarded().names());
        assertEquals(
                Map.of(
                        ":n",
                        s("Acme"),
                        ":p",
                        s("pro"),
                        ":s",
                        n(12),
                        ":n_new",
                        s("Acme Corp"),
                        ":r_new",
                        s("eu")),
                update.guarded().values());
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
                "attribute_exists(#er) AND size(#a) = :a_size AND #a.#i = :a_i"
                        + " AND size(#t) = :t_size AND #t[0] = :t_0 AND #t[1] = :t_1"
                        + " AND attribute_type(#e, :e_type) AND size(#e) = :e_size AND #n = :n",
                update.condition().text());
        assertEquals("SET #n = :n_new", update.update().text());
        assertEquals(n(1), update.guarded().values().get(":a_size"));
        assertEquals(s("U#12"), update.guarded().values().get(":a_i"));
        assertEquals(n(2), update.guarded().values().get(":t_size"));
        assertEquals(s("L"), update.guarded().values().get(":e_type"));
        assertEquals(n(0), update.guarded().values().get(":e_size"));
    }

    @Test
    void documentsTooLargeToCompareByPathAreComparedWhole() {
        Map<String, AttributeValue> wide = new LinkedHashMap<>();
        for (int i = 0; i < 200; i++) {
            wide.put("f" + i, n(i));
        }
        Item seen = workspace("wide", m(wide), "x", n(1));

        GuardedWrite.Update update = GuardedWrite.edit(KEYS, seen, seen.with("x", n(2)));

        assertEquals("attribute_exists(#er) AND #w = :w AND #x = :x", update.condition().text());
        assertEquals(m(wide), update.guarded().values().get(":w"));
    }

    @Test
    void placeholdersStayUniqueWhenNamesLookAlike() {
        Item seen = workspace("a-b", s("1"), "a_b", s("2"), "x y!", s("3"));

        GuardedWrite.Delete delete = GuardedWrite.delete(KEYS, seen);

        assertEquals(
                "attribute_exists(#er) AND #ab = :ab AND #ab2 = :ab2 AND #xy = :xy",
                delete.condition().text());
        assertEquals(
                Map.of("#er", "EntityRef", "#ab", "a-b", "#ab2", "a_b", "#xy", "x y!"),
                delete.condition().names());
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

        assertEquals("attribute_not_exists(#er)", put.condition().text());
        assertEquals(Map.of("#er", "EntityRef"), put.condition().names());
        assertEquals(Map.of(), put.condition().values());
        assertEquals(item, put.item());
    }

    @Test
    void deleteRequiresEveryValueSeen() {
        GuardedWrite.Delete delete =
                GuardedWrite.delete(KEYS, workspace("name", s("Acme"), "seats", n("12.0")));

        assertEquals("attribute_exists(#er) AND #n = :n AND #s = :s", delete.condition().text());
        assertEquals(Map.of(":n", s("Acme"), ":s", n(12)), delete.condition().values());
        assertEquals(Key.of("EntityRef", s("WS#acme"), "Detail", s("META")), delete.key());
    }
}
