package io.dynoscope.core.migration;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.PropagationPlan;
import io.dynoscope.core.expression.GuardedUpdate;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AttributeComputationTest {

    static final KeySchema KEYS = KeySchema.of("EntityRef", "Detail");

    static TableModel model(Map<String, KeyTemplates> projectIndexKeys, String... numberKeys) {
        Map<String, String> types = new HashMap<>();
        for (String key : numberKeys) {
            types.put(key, "N");
        }
        return new TableModel(
                "saas",
                KEYS,
                types,
                List.of(
                        new SecondaryIndex(
                                "byStatus",
                                true,
                                KeySchema.of("GSI1PK", "GSI1SK"),
                                "ALL",
                                List.of()),
                        new SecondaryIndex(
                                "byOwner",
                                true,
                                KeySchema.of("GSI2PK", "GSI2SK"),
                                "ALL",
                                List.of())),
                List.of(
                        new Entity(
                                "workspace",
                                KeyTemplates.of("WS#{workspaceId}", "META"),
                                List.of(),
                                Map.of()),
                        new Entity(
                                "project",
                                KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                                List.of(),
                                projectIndexKeys)),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    static Item project(Object... more) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("EntityRef", s("WS#acme"));
        attributes.put("Detail", s("PROJ#2026-0042"));
        for (int i = 0; i < more.length; i += 2) {
            attributes.put((String) more[i], (AttributeValue) more[i + 1]);
        }
        return Item.of(attributes);
    }

    @Test
    void templatesTakeTheKeysNamesFirstThenTheItemsAttributes() {
        AttributeComputation computation =
                AttributeComputation.of(
                        model(
                                Map.of(
                                        "byStatus",
                                        KeyTemplates.of(
                                                "WS#{workspaceId}#{status}",
                                                "{status}#{createdAt}"))));

        Computed computed =
                computation
                        .compute(
                                project(
                                        "status",
                                        s("ACTIVE"),
                                        "createdAt",
                                        s("2026-01-22"),
                                        "workspaceId",
                                        s("other")))
                        .orElseThrow();

        assertEquals("project", computed.entity());
        assertEquals(
                Map.of("GSI1PK", s("WS#acme#ACTIVE"), "GSI1SK", s("ACTIVE#2026-01-22")),
                computed.values());
        assertEquals(Set.of(), computed.absent());
        assertEquals(
                Map.of(
                        "status",
                        Optional.of(s("ACTIVE")),
                        "createdAt",
                        Optional.of(s("2026-01-22"))),
                computed.read(),
                "the key's workspaceId is not read from the item");
        assertNull(computed.problem());
    }

    @Test
    void anIndexWhoseTemplateLacksAValueGetsNoKeysAndTheGuardSaysTheValueWasAbsent() {
        AttributeComputation computation =
                AttributeComputation.of(
                        model(
                                Map.of(
                                        "byStatus",
                                                KeyTemplates.of("STATUS#{status}", "{createdAt}"),
                                        "byOwner",
                                                KeyTemplates.of("USER#{owner}", "{createdAt}"))));
        Item stale =
                project(
                        "status", s("ACTIVE"),
                        "createdAt", s("2026-01-22"),
                        "GSI1PK", s("PROJECT#ACTIVE"),
                        "GSI2PK", s("USER#gone"),
                        "GSI2SK", s("2026-01-22"));

        Computed computed = computation.compute(stale).orElseThrow();
        GuardedUpdate update =
                PropagationPlan.guarded(
                        "EntityRef", computed.actions(stale), computed.guard(stale));

        assertEquals(
                Map.of("GSI1PK", s("STATUS#ACTIVE"), "GSI1SK", s("2026-01-22")), computed.values());
        assertEquals(Set.of("GSI2PK", "GSI2SK"), computed.absent());
        assertEquals(
                List.of("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"), computed.disagreements(stale));
        assertEquals(
                "SET #gsi1pk = :gsi1pk, #gsi1sk = :gsi1sk REMOVE #gsi2pk, #gsi2sk",
                update.update().text());
        assertEquals(
                "attribute_not_exists(#o) AND #ca = :ca AND #s = :s AND #gsi1pk = :gsi1pk2 AND"
                        + " attribute_not_exists(#gsi1sk) AND #gsi2pk = :gsi2pk AND #gsi2sk = :gsi2sk",
                update.condition().text());
        assertEquals(
                Map.of(
                        "#s",
                        "status",
                        "#ca",
                        "createdAt",
                        "#o",
                        "owner",
                        "#gsi1pk",
                        "GSI1PK",
                        "#gsi1sk",
                        "GSI1SK",
                        "#gsi2pk",
                        "GSI2PK",
                        "#gsi2sk",
                        "GSI2SK"),
                update.names());
        assertTrue(computed.agreesWith(computed.applied(stale)));
    }

    @Test
    void numberKeysAreWrittenAsNumbersAndWhatCannotBeAKeyIsAProblem() {
        AttributeComputation computation =
                AttributeComputation.of(
                        model(Map.of("byStatus", KeyTemplates.of("{status}", "{rank}")), "GSI1SK"));

        Computed ranked =
                computation.compute(project("status", s("A"), "rank", n("0042.50"))).orElseThrow();
        Computed notNumber =
                computation.compute(project("status", s("A"), "rank", s("high"))).orElseThrow();
        Computed empty = computation.compute(project("status", s(""), "rank", n(1))).orElseThrow();
        Computed bool =
                computation
                        .compute(project("status", AttributeValue.bool(true), "rank", n(1)))
                        .orElseThrow();

        assertEquals(n("42.5"), ranked.values().get("GSI1SK"));
        assertEquals("0042.50", ((AttributeValue.Num) ranked.values().get("GSI1SK")).text());
        assertEquals(
                "GSI1SK would be 'high', not a number as index 'byStatus' needs",
                notNumber.problem());
        assertEquals(
                "'status' is empty, and a key segment needs one or more characters",
                empty.problem());
        Computed separator =
                computation.compute(project("status", s("A#B"), "rank", n(1))).orElseThrow();
        assertEquals(
                "'status' is 'A#B', and a key segment cannot hold '#' (the separator between"
                        + " segments)",
                separator.problem());
        assertEquals("'status' is BOOL, and a template takes a string or a number", bool.problem());
        assertFalse(bool.computable());
        assertEquals(List.of(), bool.actions(project()));
    }

    @Test
    void anItemOfNoEntityGetsNothing() {
        AttributeComputation computation =
                AttributeComputation.of(
                        model(Map.of("byStatus", KeyTemplates.of("{status}", "{createdAt}"))));

        assertTrue(
                computation
                        .compute(Item.of(Map.of("EntityRef", s("AUDIT#1"), "Detail", s("x"))))
                        .isEmpty());
        assertEquals(
                List.of("GSI1PK", "GSI1SK"), List.copyOf(computation.computedNames("project")));
        assertEquals(Set.of(), computation.computedNames("workspace"));
    }

    @Test
    void aModelThatCannotBeComputedIsRefusedSayingWhere() {
        IllegalArgumentException missingIndex =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                AttributeComputation.of(
                                        model(Map.of("byNothing", KeyTemplates.of("{a}", "{b}")))));
        IllegalArgumentException noSortKey =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                AttributeComputation.of(
                                        model(
                                                Map.of(
                                                        "byStatus",
                                                        KeyTemplates.of("{status}", null)))));
        IllegalArgumentException binary =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> {
                            TableModel m =
                                    model(
                                            Map.of(
                                                    "byStatus",
                                                    KeyTemplates.of("{status}", "{createdAt}")));
                            AttributeComputation.of(
                                    m.with(b -> b.keyAttributeTypes(Map.of("GSI1PK", "B"))));
                        });
        IllegalArgumentException readsComputed =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                AttributeComputation.of(
                                        model(
                                                Map.of(
                                                        "byStatus",
                                                                KeyTemplates.of(
                                                                        "{status}", "{createdAt}"),
                                                        "byOwner",
                                                                KeyTemplates.of(
                                                                        "{GSI1PK}",
                                                                        "{createdAt}")))));

        assertEquals(
                "entity 'project', index 'byNothing': the model has no such index",
                missingIndex.getMessage());
        assertEquals(
                "entity 'project', index 'byStatus': the index has sort key, the entity gives no sort-key template",
                noSortKey.getMessage());
        assertTrue(
                binary.getMessage()
                        .contains("of type B: templates write strings and numbers only"));
        assertEquals(
                "entity 'project': the template GSI2PK = {GSI1PK} reads 'GSI1PK', which is itself computed",
                readsComputed.getMessage());
    }
}
