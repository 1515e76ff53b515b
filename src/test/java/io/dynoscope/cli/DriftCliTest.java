package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.sandbox.PlantedDrift;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dynoscope drift suggest | scan | fix} against the test engine. */
class DriftCliTest {

    @TempDir Path tempDir;

    private static String seeded(Dataset dataset) {
        String table = TestEngine.uniqueTableName("drift-cli-" + dataset.id());
        SampleTables.seed(TestEngine.repository(), dataset, table);
        return table;
    }

    /** A drifted copy as {@code drift scan --json} lists it. */
    private record Listed(Key key, String attribute, String value, String sourceValue) {}

    private static Set<Listed> planted(Dataset dataset) {
        return SampleData.plantedDrift(dataset).stream()
                .map(
                        p ->
                                new Listed(
                                        p.copy(),
                                        p.copyPath(),
                                        ItemJson.DYNAMODB.write(p.copyValue()),
                                        ItemJson.DYNAMODB.write(p.sourceValue())))
                .collect(Collectors.toSet());
    }

    private static Set<Listed> listed(String json) throws IOException {
        Set<Listed> listed = new HashSet<>();
        for (JsonNode rule : new ObjectMapper().readTree(json).get("rules")) {
            for (JsonNode copy : rule.get("drifted")) {
                listed.add(
                        new Listed(
                                new Key(
                                        ItemJson.DYNAMODB
                                                .readItem(copy.get("key").toString())
                                                .attributes()),
                                copy.get("attribute").asText(),
                                copy.get("value").toString(),
                                copy.get("sourceValue").toString()));
            }
        }
        return listed;
    }

    @Test
    void suggestedBlogRulesFindThePlantedDriftAndFixRepairsIt() throws IOException {
        String table = seeded(Dataset.BLOG);

        Result suggested = cli("drift", "suggest", "--table", table);

        assertEquals(0, suggested.exitCode(), suggested.err());
        List<DenormalizationRule> rules = RuleFiles.read(suggested.out());
        Map<String, DenormalizationRule> byCopy =
                rules.stream()
                        .collect(Collectors.toMap(r -> r.copies().attribute().toString(), r -> r));
        assertEquals(Set.of("authorName", "author.name"), byCopy.keySet(), suggested.out());
        DenormalizationRule duplicated = byCopy.get("authorName");
        assertEquals("USER#{id}", duplicated.source().partitionKey().text());
        assertEquals("META", duplicated.source().sortKey());
        assertEquals("name", duplicated.source().attribute().toString());
        assertEquals(CopyLookup.INDEX, duplicated.copies().lookup());
        assertEquals("byAuthor", duplicated.copies().index());
        assertEquals("authorId", duplicated.copies().reference().attribute().toString());
        assertEquals(
                List.of(KeyTemplate.parse("U#{id}")), duplicated.copies().reference().patterns());
        DenormalizationRule embedded = byCopy.get("author.name");
        assertEquals("author.id", embedded.copies().reference().attribute().toString());
        assertEquals(CopyLookup.SCAN, embedded.copies().lookup());
        assertTrue(suggested.err().contains("10 copies agree, 2 differ"), suggested.err());

        Path ruleFile = tempDir.resolve("blog-rules.json");
        Files.writeString(ruleFile, suggested.out());
        Result scanned =
                cli("drift", "scan", "--table", table, "--rule", ruleFile.toString(), "--json");

        assertEquals(ExitCodes.DRIFT_FOUND, scanned.exitCode(), scanned.err());
        assertEquals(planted(Dataset.BLOG), listed(scanned.out()));

        Result dryRun =
                cli("drift", "fix", "--table", table, "--rule", ruleFile.toString(), "--dry-run");
        assertEquals(0, dryRun.exitCode(), dryRun.err());
        assertTrue(
                dryRun.out()
                        .contains(
                                "POST#c55 / META  authorName: {\"S\":\"Lionel Tan\"} -> {\"S\":\"Lio Tan\"}"),
                dryRun.out());
        assertTrue(
                dryRun.out()
                        .contains(
                                SampleData.plantedDrift(Dataset.BLOG).size()
                                        + " writes planned (dry run: nothing written)"),
                dryRun.out());
        assertEquals(
                ExitCodes.DRIFT_FOUND,
                cli("drift", "scan", "--table", table, "--rule", ruleFile.toString()).exitCode());

        Result readOnly =
                cli("--read-only", "drift", "fix", "--table", table, "--rule", ruleFile.toString());
        assertEquals(ExitCodes.READ_ONLY, readOnly.exitCode(), readOnly.err());
        assertEquals("", readOnly.out(), "no detection ran");
        assertEquals(
                "dynoscope drift fix: drift fix on table '"
                        + table
                        + "' refused: the connection is read-only (--read-only was given); nothing"
                        + " was sent",
                readOnly.err().strip());

        Result fixed =
                cli(
                        "drift",
                        "fix",
                        "--table",
                        table,
                        "--rule",
                        ruleFile.toString(),
                        "--concurrency",
                        "3");

        assertEquals(0, fixed.exitCode(), fixed.err());
        assertTrue(
                fixed.out()
                        .contains(
                                "updated="
                                        + SampleData.plantedDrift(Dataset.BLOG).size()
                                        + " already-current=0 changed-elsewhere=0 failed=0"),
                fixed.out());
        Result clean = cli("drift", "scan", "--table", table, "--rule", ruleFile.toString());
        assertEquals(0, clean.exitCode(), clean.out() + clean.err());
        assertTrue(clean.out().contains("drifted=0"), clean.out());
        assertTrue(clean.lastErrLine().startsWith("requests="), clean.err());
    }

    @Test
    void suggestedSaasRuleCoversTheShardedTenantAndRoundTripsThroughScan() throws IOException {
        String table = seeded(Dataset.SAAS);

        Result suggested = cli("drift", "suggest", "--table", table);

        assertEquals(0, suggested.exitCode(), suggested.err());
        List<DenormalizationRule> rules = RuleFiles.read(suggested.out());
        assertEquals(1, rules.size(), suggested.out());
        DenormalizationRule rule = rules.get(0);
        assertEquals("WS#{id}", rule.source().partitionKey().text());
        assertEquals("name", rule.source().attribute().toString());
        assertEquals("workspaceName", rule.copies().attribute().toString());
        assertEquals(CopyLookup.COLLECTION, rule.copies().lookup());
        assertEquals("PROJ#", rule.copies().sortKeyPrefix());
        assertEquals(
                List.of(KeyTemplate.parse("WS#{id}"), KeyTemplate.parse("WS#{id}#{01..10}")),
                rule.copies().reference().patterns());

        Path ruleFile = tempDir.resolve("saas-rules.json");
        Files.writeString(ruleFile, suggested.out());
        Result scanned =
                cli("drift", "scan", "--table", table, "--rule", ruleFile.toString(), "--json");

        assertEquals(ExitCodes.DRIFT_FOUND, scanned.exitCode(), scanned.err());
        assertEquals(planted(Dataset.SAAS), listed(scanned.out()));
        assertEquals(
                SampleData.plantedDrift(Dataset.SAAS).stream()
                        .map(PlantedDrift::copy)
                        .collect(Collectors.toSet()),
                listed(scanned.out()).stream().map(Listed::key).collect(Collectors.toSet()));
    }

    @Test
    void aBrokenRuleFileIsAUsageError() throws IOException {
        Path ruleFile = tempDir.resolve("broken.json");
        Files.writeString(
                ruleFile,
                "{\"version\": 1, \"rules\": [{\"name\": \"x\", \"source\": {\"partitionKey\": \"USER#\", "
                        + "\"sortKey\": \"META\", \"attribute\": \"name\"}, \"copies\": {\"lookup\": \"SCAN\", "
                        + "\"reference\": {\"attribute\": \"authorId\", \"patterns\": [\"U#{id}\"]}, \"attribute\": \"authorName\"}}]}");

        Result result = cli("drift", "scan", "--table", "whatever", "--rule", ruleFile.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("needs a placeholder such as {id}"), result.err());
    }

    private static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] withEndpoint =
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new);
        int code =
                DynoscopeCli.run(
                        withEndpoint,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String out, String err) {
        String lastErrLine() {
            List<String> lines = err.strip().lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }
}
