package io.dynoscope.core.drift;

import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

class DriftDetectorTest {

    private static Item user(String number, AttributeValue name) {
        return Item.of(Map.of("PK", s("USER#" + number), "SK", s("META"), "name", name));
    }

    private static Item post(String id, String author, AttributeValue authorName) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("PK", s("POST#" + id));
        attributes.put("SK", s("META"));
        attributes.put("authorId", s("U#" + author));
        attributes.put("authorName", authorName);
        attributes.put("author", m(Map.of("id", s("U#" + author), "name", authorName)));
        return Item.of(attributes);
    }

    private static Key key(String pk) {
        return Key.of("PK", s(pk), "SK", s("META"));
    }

    @Test
    void findsTheDriftedCopiesPerSourceInAnyOrder() {
        DriftDetector detector =
                new DriftDetector(DriftFixtures.authorName(CopyLookup.SCAN), DriftFixtures.KEYS);
        // Copies may arrive before their source.
        detector.accept(post("b", "12", s("Mara Vance")));
        detector.accept(post("a", "12", s("M. Vance")));
        detector.accept(user("12", s("Mara Vance")));
        detector.accept(user("88", s("Lio Tan")));
        detector.accept(post("c", "88", s("Lio Tan")));
        detector.accept(post("a", "12", s("M. Vance")));

        DriftReport report = detector.report();

        assertEquals(
                List.of(key("USER#12"), key("USER#88")),
                report.sources().stream().map(DriftReport.SourceReport::source).toList());
        DriftReport.SourceReport mara = report.sources().get(0);
        assertEquals(2, mara.copies());
        assertEquals(
                List.of(
                        new DriftReport.DriftedCopy(
                                key("POST#a"), key("USER#12"), s("M. Vance"), s("Mara Vance"))),
                mara.drifted());
        assertTrue(report.sources().get(1).drifted().isEmpty());
        assertEquals(3, report.copyCount());
        assertTrue(report.hasDrift());
    }

    @Test
    void comparesAsDynamoDbDoesTypeIncludedNumbersByValue() {
        DriftDetector detector =
                new DriftDetector(DriftFixtures.authorName(CopyLookup.SCAN), DriftFixtures.KEYS);
        detector.accept(user("1", s("6")));
        detector.accept(post("s", "1", s("6")));
        detector.accept(post("n", "1", n(6)));
        detector.accept(user("2", n("6.0")));
        detector.accept(post("same-number", "2", n("6")));
        detector.accept(user("3", ns("1", "2")));
        detector.accept(post("same-set", "3", ns("2", "1")));

        DriftReport report = detector.report();

        assertEquals(
                List.of(key("POST#n")),
                report.driftedCopies().stream().map(DriftReport.DriftedCopy::copy).toList());
        assertEquals(
                List.of(key("POST#n")),
                report.driftedCopies().stream()
                        .filter(DriftReport.DriftedCopy::typeDiffers)
                        .map(DriftReport.DriftedCopy::copy)
                        .toList());
    }

    @Test
    void nestedCopiesAreFollowedThroughTheirOwnReference() {
        DriftDetector detector =
                new DriftDetector(DriftFixtures.embeddedAuthor(), DriftFixtures.KEYS);
        detector.accept(user("12", s("Mara Vance")));
        Item post =
                post("x", "12", s("Mara Vance"))
                        .with("author", m(Map.of("id", s("U#12"), "name", s("Mara V."))));
        detector.accept(post);

        assertEquals(
                List.of(
                        new DriftReport.DriftedCopy(
                                key("POST#x"), key("USER#12"), s("Mara V."), s("Mara Vance"))),
                detector.report().driftedCopies());
    }

    @Test
    void copiesWithoutTheirSourceOrItsValueAreOrphans() {
        DriftDetector detector =
                new DriftDetector(DriftFixtures.authorName(CopyLookup.SCAN), DriftFixtures.KEYS);
        detector.accept(post("a", "404", s("Ghost")));
        detector.accept(Item.of(Map.of("PK", s("USER#5"), "SK", s("META"))));
        detector.accept(post("b", "5", s("Nameless")));

        DriftReport report = detector.report();

        assertFalse(report.hasDrift());
        assertEquals(
                List.of(
                        DriftReport.OrphanReason.SOURCE_MISSING,
                        DriftReport.OrphanReason.SOURCE_HAS_NO_VALUE),
                report.orphans().stream().map(DriftReport.OrphanCopy::reason).toList());
        assertEquals(key("USER#404"), report.orphans().get(0).expectedSource());
    }

    @Test
    void itemsThatAreNotCopiesAreIgnored() {
        DriftDetector detector =
                new DriftDetector(
                        DriftFixtures.workspaceName(), KeySchema.of("EntityRef", "Detail"));
        detector.accept(
                Item.of(Map.of("EntityRef", s("WS#acme"), "Detail", s("META"), "name", s("Acme"))));
        detector.accept(
                Item.of(
                        Map.of(
                                "EntityRef",
                                s("WS#acme"),
                                "Detail",
                                s("PROJ#1"),
                                "workspaceName",
                                s("Acme"))));
        // Wrong sort-key prefix, no copy attribute, a shard out of range, a key attribute missing.
        detector.accept(
                Item.of(
                        Map.of(
                                "EntityRef",
                                s("WS#acme"),
                                "Detail",
                                s("NOTE#1"),
                                "workspaceName",
                                s("Old"))));
        detector.accept(Item.of(Map.of("EntityRef", s("WS#acme"), "Detail", s("PROJ#2"))));
        detector.accept(
                Item.of(
                        Map.of(
                                "EntityRef",
                                s("WS#acme#11"),
                                "Detail",
                                s("PROJ#3"),
                                "workspaceName",
                                s("Old"))));
        detector.accept(
                Item.of(
                        Map.of(
                                "EntityRef",
                                s("WS#acme#02"),
                                "Detail",
                                s("PROJ#4"),
                                "workspaceName",
                                s("Acme Inc."))));
        detector.accept(Item.of(Map.of("workspaceName", s("Old"))));

        DriftReport report = detector.report();

        assertEquals(2, report.copyCount());
        assertEquals(
                List.of(Key.of("EntityRef", s("WS#acme#02"), "Detail", s("PROJ#4"))),
                report.driftedCopies().stream().map(DriftReport.DriftedCopy::copy).toList());
    }

    @Test
    void aRuleMustFitTheTable() {
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        new DriftDetector(
                                DriftFixtures.authorName(CopyLookup.SCAN),
                                KeySchema.of("PK", null)));
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        new DriftDetector(
                                                DriftFixtures.workspaceName(),
                                                KeySchema.of("PK", "SK")))
                        .getMessage()
                        .contains("referenced by the partition key PK"));
    }
}
