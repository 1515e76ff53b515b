package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.model.ModelDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CDK construct, synthesized by the real {@code cdk synth} (aws-cdk-lib and the CLI from npm,
 * offline, no version check, no notices), gives each model's table the properties of the
 * CloudFormation export. One app holds a stack per model, so the three models cost one synth.
 */
class CdkExportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, ModelDocument> DOCUMENTS = new LinkedHashMap<>();
    private static final Map<String, JsonNode> SYNTHESIZED = new LinkedHashMap<>();

    @BeforeAll
    static void synthesizeEveryModel() throws Exception {
        Path folder = NodeTools.workFolder("cdk");
        List<String> sources = new ArrayList<>();
        StringBuilder app = new StringBuilder("import { App, Stack } from 'aws-cdk-lib';\n");
        StringBuilder stacks = new StringBuilder("const app = new App();\n");
        for (String name : ExportModels.names()) {
            ModelDocument document = ExportModels.fresh(name);
            DOCUMENTS.put(name, document);
            GeneratedCode.File file = CodeFormat.CDK.generator().generate(document).files().get(0);
            Files.writeString(folder.resolve(file.path()), file.text());
            sources.add(file.path());
            String construct = file.path().replace(".ts", "");
            app.append("import { ")
                    .append(construct)
                    .append(" } from './")
                    .append(construct)
                    .append("';\n");
            stacks.append("new ")
                    .append(construct)
                    .append("(new Stack(app, '")
                    .append(name)
                    .append("'), 'Tables');\n");
        }
        Files.writeString(folder.resolve("app.ts"), app.append(stacks).append("app.synth();\n"));
        sources.add("app.ts");
        NodeTools.transpile(folder, sources);
        NodeTools.run(
                folder,
                List.of(
                        NodeTools.MODULES.resolve(".bin/cdk").toString(),
                        "synth",
                        "--app",
                        "node js/app.js",
                        "--output",
                        "cdk.out",
                        "--no-notices",
                        "--no-version-reporting",
                        "--no-path-metadata",
                        "--no-asset-metadata",
                        "--quiet"),
                Map.of("CDK_DISABLE_VERSION_CHECK", "1", "CDK_DISABLE_CLI_TELEMETRY", "true"));
        for (String name : ExportModels.names()) {
            SYNTHESIZED.put(
                    name,
                    JSON.readTree(
                            folder.resolve("cdk.out").resolve(name + ".template.json").toFile()));
        }
    }

    @Test
    void cdkSynthGivesEachTableTheCloudFormationExportsProperties() throws Exception {
        for (String name : ExportModels.names()) {
            JsonNode exported =
                    InfrastructureExportTest.properties(
                            JSON.readTree(
                                    InfrastructureExportTest.only(
                                            CodeFormat.CLOUDFORMATION, DOCUMENTS.get(name))));
            JsonNode synthesized = InfrastructureExportTest.properties(SYNTHESIZED.get(name));
            assertEquals(normalized(exported), normalized(synthesized), name);
        }
    }

    /** The comparison tells tables apart: each model's synthesized table is no other's. */
    @Test
    void eachSynthesizedTableIsItsOwnModels() {
        JsonNode orders = InfrastructureExportTest.properties(SYNTHESIZED.get("orders"));
        ObjectNode ledgerRenamed =
                ((ObjectNode) InfrastructureExportTest.properties(SYNTHESIZED.get("ledger")))
                        .deepCopy()
                        .put("TableName", orders.get("TableName").asText());
        assertNotEquals(normalized(orders), normalized(ledgerRenamed));
    }

    /**
     * The properties with what means the same written the same way: attribute definitions in name
     * order (a set to DynamoDB), and no BillingMode read as PROVISIONED, CloudFormation's default,
     * which the CDK leaves out.
     */
    private static JsonNode normalized(JsonNode properties) {
        ObjectNode copy = properties.deepCopy();
        List<JsonNode> attributes =
                new ArrayList<>(
                        StreamSupport.stream(copy.path("AttributeDefinitions").spliterator(), false)
                                .toList());
        attributes.sort(Comparator.comparing(a -> a.path("AttributeName").asText()));
        ArrayNode sorted = copy.putArray("AttributeDefinitions");
        attributes.forEach(sorted::add);
        if (!copy.has("BillingMode")) {
            copy.put("BillingMode", "PROVISIONED");
        }
        return copy;
    }
}
