package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.drift.RuleFiles;
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
        TableModel copiesOnly =
                TableModel.ofCopies("blog", blog.keys(), blog.keyAttributeTypes(), read.rules());
        assertEquals(blog.copies(), copiesOnly.copies());
        assertTrue(copiesOnly.entities().isEmpty());
        assertEquals(
                ModelFiles.Format.WORKBENCH,
                ModelFiles.read(NoSqlWorkbenchFormatTest.shopModel()).format());
        assertEquals(
                ModelFiles.Format.DYNOSCOPE,
                ModelFiles.read(ModelJson.write(ModelDocument.of(TableDesign.of(blog, List.of()))))
                        .format());
    }
}
