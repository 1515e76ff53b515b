package io.dynoscope.cli;

import static io.dynoscope.cli.CliRun.atTestEngine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.cli.CliRun.Result;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynoscope model export --format cloudformation|…|java}: code from a model file or table.
 */
class ModelExportCodeCliTest {

    private static final Path ORDERS =
            Path.of("src/test/resources/io/dynoscope/core/codegen/orders-model.json");
    private static final Path SAAS =
            Path.of("src/main/resources/io/dynoscope/service/sandbox/saas-model.json");

    @TempDir Path tempDir;

    @Test
    void printsTheTerraformOfAModelFile() throws Exception {
        Result result =
                atTestEngine(
                        "model", "export", "--from", ORDERS.toString(), "--format", "terraform");
        assertEquals(ExitCodes.OK, result.exitCode(), result.err());
        JsonNode table =
                new ObjectMapper().readTree(result.out()).at("/resource/aws_dynamodb_table/orders");
        assertEquals("orders", table.path("name").asText());
        assertEquals("GSI1", table.at("/global_secondary_index/0/name").asText());
        assertEquals("", result.err());
    }

    @Test
    void savesTheFilesUnderOutAndSaysWhatTheFormatCannotExpress() throws Exception {
        Path model = tempDir.resolve("scaled.json");
        Files.writeString(
                model,
                Files.readString(ORDERS)
                        .replace(
                                "\"writeCapacityUnits\": 3",
                                "\"writeCapacityUnits\": 3, \"autoScalingRead\":"
                                        + " {\"minCapacity\": 5, \"maxCapacity\": 50,"
                                        + " \"targetValue\": 70}"));
        Path out = tempDir.resolve("infra");
        Result result =
                atTestEngine(
                        "model",
                        "export",
                        "--from",
                        model.toString(),
                        "--format",
                        "CloudFormation-YAML",
                        "--out",
                        out.toString());
        assertEquals(ExitCodes.OK, result.exitCode(), result.err());
        assertEquals("", result.out());
        String yaml = Files.readString(out.resolve("orders.template.yaml"));
        assertTrue(yaml.contains("# Not expressed: orders: auto scaling"), yaml);
        assertTrue(
                result.err().contains("not expressed in cloudformation-yaml: orders: auto scaling"),
                result.err());
        assertTrue(
                result.err().contains("wrote " + out.resolve("orders.template.yaml")),
                result.err());
    }

    @Test
    void printsTheEntityFormatsAndSaysWhatTheyCannotExpress() {
        Result electro =
                atTestEngine("model", "export", "--from", SAAS.toString(), "--format", "electrodb");
        assertEquals(ExitCodes.OK, electro.exitCode(), electro.err());
        assertTrue(
                electro.out().contains("template: \"WS#${workspaceId}#${shard}\""), electro.out());
        assertTrue(electro.out().contains("async projectsOfAShardedWorkspaceEveryShard("));
        assertTrue(
                electro.out()
                        .contains(
                                "// Not expressed: saas.shardedProject: ElectroDB has no sharded key"),
                electro.out());
        assertTrue(
                electro.err()
                        .contains(
                                "not expressed in electrodb: saas.shardedProject: ElectroDB has no"
                                        + " sharded key"),
                electro.err());
        assertTrue(
                electro.err()
                        .contains("not expressed in electrodb: saas: the copy 'workspaceName'"),
                electro.err());
        Result toolbox =
                atTestEngine(
                        "model",
                        "export",
                        "--from",
                        ORDERS.toString(),
                        "--format",
                        "dynamodb-toolbox");
        assertEquals(ExitCodes.OK, toolbox.exitCode(), toolbox.err());
        assertTrue(
                toolbox.out().contains("\"GSI1PK\": string().optional().link<typeof attributes>("),
                toolbox.out());
        assertTrue(
                toolbox.err()
                        .contains(
                                "not expressed in dynamodb-toolbox: orders.event: dynamodb-toolbox"
                                        + " has no sharded key"),
                toolbox.err());
    }

    @Test
    void generatesFromTheLiveTable() {
        String table = TestEngine.uniqueTableName("export-code");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
        Result result =
                atTestEngine("model", "export", "--table", table, "--format", "cloudformation");
        assertEquals(ExitCodes.OK, result.exitCode(), result.err());
        assertTrue(result.out().contains("\"TableName\" : \"" + table + "\""), result.out());
    }

    @Test
    void refusesAnUnknownFormatAndOutForAModelFile() {
        Result unknown =
                atTestEngine("model", "export", "--from", SAAS.toString(), "--format", "pulumi");
        assertEquals(ExitCodes.USAGE, unknown.exitCode());
        assertTrue(
                unknown.err().contains("cloudformation, cloudformation-yaml, terraform"),
                unknown.err());
        Result out =
                atTestEngine(
                        "model",
                        "export",
                        "--from",
                        SAAS.toString(),
                        "--table",
                        "saas",
                        "--format",
                        "workbench",
                        "--out",
                        tempDir.toString());
        assertEquals(ExitCodes.USAGE, out.exitCode());
        Result noTable = atTestEngine("model", "export", "--format", "cdk");
        assertEquals(ExitCodes.USAGE, noTable.exitCode());
        assertFalse(Files.exists(tempDir.resolve("saas.json")));
    }
}
