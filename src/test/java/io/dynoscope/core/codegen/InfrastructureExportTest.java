package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.TableDesign;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CloudFormation (JSON and YAML) and Terraform exports describe the table {@code model load}
 * creates: each file's own properties, sent as a CreateTable to the test engine, give a table whose
 * DescribeTable equals the loaded one's field by field. Terraform is checked as JSON: {@code
 * terraform validate} needs the aws provider plugin, which cannot be downloaded here.
 */
class InfrastructureExportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new YAMLMapper();

    static Stream<String> models() {
        return ExportModels.names().stream();
    }

    @ParameterizedTest
    @MethodSource("models")
    void everyInfrastructureFileDescribesTheTableModelLoadCreates(String name) throws Exception {
        ModelDocument document = ExportModels.fresh(name);
        TableDesign design = document.tables().get(0);
        ExportModels.modelLoad(design);
        Map<String, Object> loaded = TableDescriptions.describe(design.table());
        assertEquals(
                design.model().indexes().stream().filter(i -> i.global()).count(),
                ((Map<?, ?>) loaded.get("GlobalSecondaryIndexes")).size());
        assertEquals(
                design.model().indexes().stream().filter(i -> !i.global()).count(),
                ((Map<?, ?>) loaded.get("LocalSecondaryIndexes")).size());

        JsonNode json = JSON.readTree(only(CodeFormat.CLOUDFORMATION, document));
        TableDescriptions.createFromCloudFormation(properties(json), design.table() + "-cfn");
        assertEquals(loaded, TableDescriptions.describe(design.table() + "-cfn"), "JSON");

        String yamlText = only(CodeFormat.CLOUDFORMATION_YAML, document);
        JsonNode yaml = YAML.readTree(yamlText);
        assertEquals(json, yaml, "the YAML template is the JSON one");
        TableDescriptions.createFromCloudFormation(properties(yaml), design.table() + "-yaml");
        assertEquals(loaded, TableDescriptions.describe(design.table() + "-yaml"), "YAML");

        JsonNode terraform = JSON.readTree(only(CodeFormat.TERRAFORM, document));
        TableDescriptions.createFromTerraform(terraformTable(terraform), design.table() + "-tf");
        assertEquals(loaded, TableDescriptions.describe(design.table() + "-tf"), "Terraform");
        assertEquals(
                "hashicorp/aws", terraform.at("/terraform/required_providers/aws/source").asText());
    }

    /** The comparison sees a wrong file: a GSI projecting ALL, an LSI left out. */
    @ParameterizedTest
    @MethodSource("tamperings")
    void aFileThatSaysOtherwiseGivesAnotherTable(String name, String pointer, String change)
            throws Exception {
        ModelDocument document = ExportModels.fresh(name);
        TableDesign design = document.tables().get(0);
        ExportModels.modelLoad(design);
        JsonNode json = JSON.readTree(only(CodeFormat.CLOUDFORMATION, document));
        ObjectNode properties = (ObjectNode) properties(json);
        if (change.equals("ALL")) {
            ((ObjectNode) properties.at(pointer)).put("ProjectionType", "ALL");
            ((ObjectNode) properties.at(pointer)).remove("NonKeyAttributes");
        } else {
            ((ArrayNode) properties.at(pointer)).remove(0);
        }
        TableDescriptions.createFromCloudFormation(properties, design.table() + "-wrong");
        assertNotEquals(
                TableDescriptions.describe(design.table()),
                TableDescriptions.describe(design.table() + "-wrong"));
    }

    static Stream<Arguments> tamperings() {
        return Stream.of(
                Arguments.of("orders", "/GlobalSecondaryIndexes/0/Projection", "ALL"),
                Arguments.of("ledger", "/LocalSecondaryIndexes", "drop"));
    }

    static String only(CodeFormat format, ModelDocument document) {
        GeneratedCode code = format.generator().generate(document);
        assertEquals(1, code.files().size(), format + " writes one file");
        return code.files().get(0).text();
    }

    static JsonNode properties(JsonNode template) {
        List<JsonNode> tables =
                template.path("Resources").findParents("Type").stream()
                        .filter(r -> r.path("Type").asText().equals("AWS::DynamoDB::Table"))
                        .toList();
        assertEquals(1, tables.size(), "one table resource");
        assertTrue(tables.get(0).has("Properties"));
        return tables.get(0).get("Properties");
    }

    private static JsonNode terraformTable(JsonNode configuration) {
        JsonNode tables = configuration.at("/resource/aws_dynamodb_table");
        assertEquals(1, tables.size(), "one aws_dynamodb_table");
        return tables.elements().next();
    }
}
