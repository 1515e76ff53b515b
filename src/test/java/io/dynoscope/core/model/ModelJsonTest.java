package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelJsonTest {

    @Test
    void aDocumentRoundTripsWithEveryPartOfTheModel() {
        TableDesign saas = ModelInferenceTest.saas().design();
        TableDesign blog = ModelInferenceTest.blog().design();
        ModelDocument document =
                new ModelDocument("samples", "me", "both samples", List.of(saas, blog));
        String text = ModelJson.write(document);
        ModelDocument back = ModelJson.read(text);
        assertEquals(document, back);
        assertEquals(text, ModelJson.write(back));
        assertTrue(text.contains("\"partitionKey\" : \"WS#{wsId}#{shard:01..10}\""));
    }

    @Test
    void aTableRoundTripsThroughTheSettingsTree() {
        TableDesign shop =
                NoSqlWorkbenchFormat.read(NoSqlWorkbenchFormatTest.shopModel())
                        .document()
                        .tables()
                        .get(0);
        TableDesign back = ModelJson.readTable(ModelJson.tableTree(shop));
        assertEquals(shop.model(), back.model());
        assertEquals(shop.capacity(), back.capacity());
        assertEquals(new HashSet<>(shop.items()), new HashSet<>(back.items()));
    }

    @Test
    void aTypoIsReportedNotIgnored() {
        String text =
                "{\"format\":\"dynoscope-model\",\"version\":1,\"name\":\"x\",\"tables\":[{\"table\":\"t\","
                        + "\"partitionKey\":{\"name\":\"pk\",\"type\":\"S\"},\"entitys\":[]}]}";
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ModelJson.read(text));
        assertTrue(e.getMessage().contains("entitys"), e.getMessage());
    }

    @Test
    void oldRuleFilesStillLoadAsCopies() {
        TableModel blog = ModelInferenceTest.blog().model();
        String ruleFile = RuleFiles.write(blog.copies());
        ModelFiles.Read read = ModelFiles.read(ruleFile);
        assertEquals(ModelFiles.Format.RULE_FILE, read.format());
        assertEquals(blog.copies(), read.rules());
        assertEquals(
                ModelFiles.Format.WORKBENCH,
                ModelFiles.read(NoSqlWorkbenchFormatTest.shopModel()).format());
        assertEquals(
                ModelFiles.Format.DYNOSCOPE,
                ModelFiles.read(ModelJson.write(ModelDocument.of(TableDesign.of(blog, List.of()))))
                        .format());
    }

    private static String refusedTable(String tableFields) {
        String text =
                "{\"format\":\"dynoscope-model\",\"version\":1,\"tables\":[{" + tableFields + "}]}";
        return assertThrows(IllegalArgumentException.class, () -> ModelJson.read(text))
                .getMessage();
    }

    private static final String KEYS =
            "\"table\":\"t\",\"partitionKey\":{\"name\":\"pk\"},\"sortKey\":{\"name\":\"sk\"}";

    @Test
    void aBadDocumentIsRefusedSayingWhichTableAndWhichPart() {
        assertEquals(
                "not a Dynoscope model: \"format\" must be \"dynoscope-model\"",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ModelJson.read("{\"format\":\"other\",\"version\":1}"))
                        .getMessage());
        assertEquals(
                "model format version 2 is not supported (expected 1)",
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        ModelJson.read(
                                                "{\"format\":\"dynoscope-model\",\"version\":2}"))
                        .getMessage());
        assertEquals(
                "model format version null is not supported (expected 1)",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ModelJson.read("{\"format\":\"dynoscope-model\"}"))
                        .getMessage());
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> ModelJson.read("{\n ["))
                        .getMessage()
                        .contains(" at line 2, column "));
        assertEquals("table 1: \"table\" is missing", refusedTable("\"partitionKey\":{}"));
        assertEquals("table 1 ('t'): \"partitionKey\" is missing", refusedTable("\"table\":\"t\""));
        assertEquals(
                "table 1 ('t'): key attribute 'pk' has type BOOL; keys are S, N or B",
                refusedTable(
                        "\"table\":\"t\",\"partitionKey\":{\"name\":\"pk\",\"type\":\"BOOL\"}"));
        assertEquals(
                "table 1 ('t'): key attribute 'pk' is both S and N",
                refusedTable(
                        KEYS
                                + ",\"indexes\":[{\"name\":\"byPk\",\"partitionKey\":"
                                + "{\"name\":\"pk\",\"type\":\"N\"}}]"));
        assertEquals(
                "table 1 ('t'): index 'byPk': \"kind\" is GSI or LSI, not XSI",
                refusedTable(
                        KEYS
                                + ",\"indexes\":[{\"name\":\"byPk\",\"kind\":\"XSI\",\"partitionKey\":"
                                + "{\"name\":\"g\"}}]"));
        assertEquals(
                "table 1 ('t'): index 'byPk': the projection is ALL, KEYS_ONLY or INCLUDE, not all",
                refusedTable(
                        KEYS
                                + ",\"indexes\":[{\"name\":\"byPk\",\"projection\":\"all\","
                                + "\"partitionKey\":{\"name\":\"g\"}}]"));
        assertEquals(
                "table 1 ('t'): entity 'e': \"partitionKey\" is missing",
                refusedTable(KEYS + ",\"entities\":[{\"name\":\"e\"}]"));
        assertEquals(
                "table 1 ('t'): entity 'e': \"itemBytes\" cannot be negative",
                refusedTable(
                        KEYS
                                + ",\"entities\":[{\"name\":\"e\",\"partitionKey\":\"E#{id}\","
                                + "\"itemBytes\":-1}]"));
        assertEquals(
                "table 1 ('t'): access pattern 'p': \"operation\" is missing",
                refusedTable(KEYS + ",\"accessPatterns\":[{\"name\":\"p\"}]"));
        assertEquals(
                "table 1 ('t'): access pattern 'p': \"sortKey.value\" is missing",
                refusedTable(
                        KEYS
                                + ",\"accessPatterns\":[{\"name\":\"p\",\"operation\":\"QUERY\","
                                + "\"partitionKey\":\"E#{id}\",\"sortKey\":{\"operator\":\"EQ\"}}]"));
        assertEquals(
                "table 1 ('t'): access pattern 'p': \"range.kind\" is missing",
                refusedTable(
                        KEYS
                                + ",\"accessPatterns\":[{\"name\":\"p\",\"operation\":\"SCAN\","
                                + "\"question\":{\"range\":{\"attribute\":\"at\"}}}]"));
        assertEquals(
                "table 1 ('t'): \"billing\": an on-demand table has no capacity units or auto"
                        + " scaling",
                refusedTable(KEYS + ",\"billing\":{\"readCapacityUnits\":5}"));
        assertEquals(
                "table 1 ('t'): \"billing.writeCapacityUnits\" is missing",
                refusedTable(
                        KEYS + ",\"billing\":{\"mode\":\"PROVISIONED\",\"readCapacityUnits\":5}"));
        assertTrue(
                refusedTable(KEYS + ",\"items\":[{\"pk\":{\"N\":12}}]")
                        .startsWith("table 1 ('t'): item 1: "));
    }

    @Test
    void aModelStatingQuestionsFiguresAndProvisionedCapacityReadsBackWhole() {
        String text =
                "{\"format\":\"dynoscope-model\",\"version\":1,\"name\":\"lib\",\"tables\":[{"
                        + KEYS
                        + ",\"billing\":{\"mode\":\"PROVISIONED\",\"readCapacityUnits\":5,"
                        + "\"writeCapacityUnits\":3,\"autoScalingRead\":{\"minCapacity\":1,"
                        + "\"maxCapacity\":10,\"targetValue\":70}}"
                        + ",\"indexes\":[{\"name\":\"local\",\"kind\":\"LSI\",\"partitionKey\":"
                        + "{\"name\":\"pk\"},\"sortKey\":{\"name\":\"at\",\"type\":\"N\"}}]"
                        + ",\"entities\":[{\"name\":\"loan\",\"partitionKey\":\"M#{memberId}\","
                        + "\"sortKey\":\"L#{loanId}\",\"writesPerSecond\":2.5,\"itemBytes\":800}]"
                        + ",\"accessPatterns\":[{\"name\":\"latest loans\",\"operation\":\"QUERY\","
                        + "\"entities\":[\"loan\"],\"partitionKey\":\"M#{memberId}\","
                        + "\"sortKey\":{\"operator\":\"BETWEEN\",\"value\":\"L#{a}\",\"upper\":\"L#{b}\"},"
                        + "\"newestFirst\":true,\"limit\":10,\"count\":true,"
                        + "\"question\":{\"given\":[\"memberId\"],\"range\":{\"attribute\":\"at\","
                        + "\"kind\":\"AFTER\"},\"order\":{\"attribute\":\"at\",\"descending\":true}},"
                        + "\"readsPerSecond\":40}]}]}";
        TableDesign design = ModelJson.read(text).table("t").orElseThrow();
        TableModel model = design.model();
        assertEquals(Capacity.Mode.PROVISIONED, design.capacity().mode());
        assertEquals(5, design.capacity().readCapacityUnits());
        assertEquals(3, design.capacity().writeCapacityUnits());
        assertEquals(10, design.capacity().autoScalingRead().orElseThrow().maxCapacity());
        assertTrue(design.capacity().autoScalingWrite().isEmpty());
        SecondaryIndex local = model.index("local").orElseThrow();
        assertEquals(false, local.global());
        assertEquals("N", model.keyAttributeType("at"));
        Entity loan = model.entity("loan").orElseThrow();
        assertEquals(new Workload(0, 2.5, 0, 800), loan.workload());
        AccessPattern latest = model.accessPatterns().get(0);
        assertEquals(SortKeyCondition.Operator.BETWEEN, latest.sortKey().orElseThrow().operator());
        assertEquals("L#{b}", latest.sortKey().get().upper().text());
        assertTrue(latest.newestFirst());
        assertEquals(10, latest.limit());
        assertTrue(latest.count());
        assertEquals(40, latest.workload().readsPerSecond());
        Question question = latest.question().orElseThrow();
        assertEquals(List.of("memberId"), question.given());
        assertEquals(
                new Question.Range("at", Question.Range.Kind.AFTER),
                question.range().orElseThrow());
        assertEquals(new Question.Order("at", true), question.order().orElseThrow());
        String written = ModelJson.write(ModelJson.read(text));
        assertEquals(ModelJson.read(text), ModelJson.read(written));
        assertTrue(written.contains("\"writesPerSecond\" : 2.5"), written);
        assertTrue(written.contains("\"readsPerSecond\" : 40"), "not 4E+1: " + written);
        assertTrue(written.contains("\"itemBytes\" : 800"), "not 8E+2: " + written);
        assertTrue(written.contains("\"kind\" : \"LSI\""), written);
    }
}
