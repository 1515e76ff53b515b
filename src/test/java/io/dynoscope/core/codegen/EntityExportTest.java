package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ElectroDB and dynamodb-toolbox exports, run by Node against the test engine: a script
 * (transpiled with the pinned esbuild) writes the model's example items through each generated
 * entity's create, the keys written equal the model's (table and index keys, byte for byte), and
 * each generated access-pattern function returns the items {@code model check} says the pattern
 * returns, in its order (a fan-out's as a set).
 */
class EntityExportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Arguments> formatsAndModels() {
        List<Arguments> cases = new ArrayList<>();
        for (CodeFormat format : List.of(CodeFormat.ELECTRODB, CodeFormat.DYNAMODB_TOOLBOX)) {
            for (String model : ExportModels.names()) {
                cases.add(Arguments.of(format, model));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("formatsAndModels")
    void theGeneratedEntitiesWriteTheModelsKeysAndAnswerItsPatterns(CodeFormat format, String name)
            throws Exception {
        int answered = prove(format, name, UnaryOperator.identity());
        assertTrue(answered > 0, "items answered: " + answered);
    }

    @Test
    void aMutatedElectroDbTemplateFailsTheProof() {
        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () -> prove(CodeFormat.ELECTRODB, "saas", EntityExportTest::mutated));
        assertTrue(
                failure.getMessage().contains("the keys the generated entities wrote"),
                failure::getMessage);
    }

    @Test
    void aMutatedToolboxTemplateFailsTheProof() {
        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () ->
                                prove(
                                        CodeFormat.DYNAMODB_TOOLBOX,
                                        "saas",
                                        EntityExportTest::mutated));
        assertTrue(
                failure.getMessage().contains("the keys the generated entities wrote"),
                failure::getMessage);
    }

    /**
     * The TypeScript compiler, strict, finds no error in the six generated files, and finds the one
     * in a caller that passes a number where a generated pattern function takes a key part's text.
     */
    @Test
    void theGeneratedFilesTypeCheckAndACallersMistakeDoesNot() throws Exception {
        Path folder = NodeTools.workFolder("tsc");
        // tsc finds the libraries' types in a node_modules beside the files
        Path modules = folder.resolve("node_modules");
        if (!Files.exists(modules)) {
            Files.createSymbolicLink(modules, NodeTools.MODULES);
        }
        List<String> command =
                new ArrayList<>(
                        List.of(
                                NodeTools.MODULES.resolve(".bin/tsc").toString(),
                                "--noEmit",
                                "--strict",
                                "--skipLibCheck",
                                "--target",
                                "es2022",
                                "--module",
                                "commonjs",
                                "--moduleResolution",
                                "node"));
        for (CodeFormat format : List.of(CodeFormat.ELECTRODB, CodeFormat.DYNAMODB_TOOLBOX)) {
            for (String name : ExportModels.names()) {
                ModelDocument document = ModelDocument.of(ExportModels.design(name));
                for (GeneratedCode.File file : format.generator().generate(document).files()) {
                    Files.writeString(folder.resolve(file.path()), file.text());
                    command.add(file.path());
                }
            }
        }
        Files.writeString(
                folder.resolve("caller.ts"),
                """
                    import { saasElectroDb } from './saas.electrodb';
                    export function settings(api: ReturnType<typeof saasElectroDb>) {
                      return api.workspaceSettings({ workspaceId: 42 });
                    }
                    """);
        command.add("caller.ts");
        int exit = NodeTools.exitOf(folder, command, Map.of());
        List<String> errors =
                Files.readAllLines(folder.resolve("stdout.txt")).stream()
                        .filter(line -> line.matches("^\\S+\\.ts\\(\\d+,\\d+\\): error .*"))
                        .toList();
        assertTrue(exit != 0, "tsc found the caller's mistake");
        assertEquals(1, errors.size(), () -> String.join("\n", errors));
        assertTrue(errors.get(0).startsWith("caller.ts(3,"), errors.get(0));
    }

    /** The project's sort key template typed again wrongly, as a hand copy drifts. */
    private static String mutated(String code) {
        String wrong = code.replaceFirst("PROJ#\\$\\{", "PRJ#\\${");
        assertTrue(!wrong.equals(code), "the mutation changed nothing");
        return wrong;
    }

    /** Runs the proof; returns how many items the patterns answered. */
    private static int prove(CodeFormat format, String name, UnaryOperator<String> edit)
            throws Exception {
        ModelDocument document = ExportModels.fresh(name);
        TableDesign design = document.tables().get(0);
        TableModel model = design.model();
        ExportModels.modelLoad(design);
        String written = ExportModels.emptyCopy(design, format.cliName());
        AccessPatternCheck.Report report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(design, design.table(), Map.of(), o -> {}, Cancellation.none());

        GeneratedCode code = format.generator().generate(document);
        assertEquals(1, code.files().size());
        GeneratedCode.File file = code.files().get(0);
        Path folder = NodeTools.workFolder(format.cliName() + "-" + name);
        Files.writeString(folder.resolve(file.path()), edit.apply(file.text()));
        String module = file.path().replace(".ts", "");
        String factory =
                format == CodeFormat.ELECTRODB
                        ? ElectroDbEntities.factory(model.table())
                        : ToolboxEntities.factory(model.table());
        Files.writeString(folder.resolve("proof.ts"), script(module));
        Files.writeString(
                folder.resolve("input.json"), input(model, design, report, factory, written));
        NodeTools.transpile(folder, List.of("proof.ts", file.path()));
        NodeTools.run(folder, List.of("node", "js/proof.js"), Map.of("NODE_NO_WARNINGS", "1"));

        Set<String> keyAttributes = new HashSet<>(model.keys().attributes());
        model.indexes().forEach(i -> keyAttributes.addAll(i.keySchema().attributes()));
        assertEquals(
                JavaExportTest.keys(new HashSet<>(design.items()), keyAttributes),
                JavaExportTest.keys(TestEngine.items(written), keyAttributes),
                "the keys the generated entities wrote");

        JsonNode answers = JSON.readTree(folder.resolve("answers.json").toFile());
        int answered = 0;
        for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
            AccessPattern pattern = outcome.pattern();
            if (!outcome.parameters().keySet().containsAll(pattern.parameters())) {
                // model check did not run it: no example item of its entity (saas's sharded one)
                assertTrue(outcome.reason().startsWith("not run"), outcome.reason());
                continue;
            }
            JsonNode answer = answers.get(pattern.name());
            List<Key> returned = new ArrayList<>();
            if (answer != null && answer.isArray()) {
                answer.forEach(element -> returned.add(keyOf(model, pattern, element)));
            } else if (answer != null && answer.isObject()) {
                returned.add(keyOf(model, pattern, answer));
            }
            answered += returned.size();
            JavaExportTest.assertAnswer(outcome, returned);
        }
        return answered;
    }

    /**
     * The Node script: the examples through each entity's create, then every pattern's function.
     */
    private static String script(String module) {
        return """
                import * as fs from 'fs';
                import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
                import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
                import * as generated from './%s';

                async function main() {
                  const input = JSON.parse(fs.readFileSync('input.json', 'utf8'));
                  const raw = new DynamoDBClient({ endpoint: input.endpoint, region: 'us-east-1',
                    credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
                  const api = (generated as any)[input.factory](DynamoDBDocumentClient.from(raw), input.table);
                  for (const write of input.writes) {
                    await api[write.create](write.item);
                  }
                  const answers: Record<string, unknown> = {};
                  for (const call of input.calls) {
                    answers[call.pattern] = (await api[call.fn](call.parameters)) ?? null;
                  }
                  fs.writeFileSync('answers.json', JSON.stringify(answers));
                }
                main().catch((e) => { console.error(e); process.exit(1); });
                """
                .formatted(module);
    }

    private static String input(
            TableModel model,
            TableDesign design,
            AccessPatternCheck.Report report,
            String factory,
            String table)
            throws Exception {
        ObjectNode input = JSON.createObjectNode();
        input.put("endpoint", TestEngine.endpoint().toString());
        input.put("table", table);
        input.put("factory", factory);
        ArrayNode writes = input.putArray("writes");
        for (Item item : design.items()) {
            Entity entity = model.entityOf(item).orElseThrow();
            ObjectNode write = writes.addObject();
            write.put("create", "create" + Names.pascal(entity.name()));
            ObjectNode values = write.putObject("item");
            parts(model, entity, item).forEach(values::put);
            for (var attribute : entity.attributes()) {
                AttributeValue value = item.attributes().get(attribute.name());
                if (value instanceof AttributeValue.Str s) {
                    values.put(attribute.name(), s.value());
                } else if (value instanceof AttributeValue.Num n) {
                    values.put(attribute.name(), n.value());
                } else if (value != null) {
                    throw new AssertionError("the proof models hold only S and N, not " + value);
                }
            }
        }
        ArrayNode calls = input.putArray("calls");
        Set<String> taken = new LinkedHashSet<>();
        model.entities().forEach(e -> taken.add("create" + Names.pascal(e.name())));
        for (AccessPattern pattern : model.accessPatterns()) {
            String function = EntityCode.functionName(pattern, taken);
            AccessPatternCheck.Outcome outcome =
                    report.outcomes().stream()
                            .filter(o -> o.pattern().name().equals(pattern.name()))
                            .findFirst()
                            .orElseThrow();
            if (!outcome.parameters().keySet().containsAll(pattern.parameters())) {
                continue;
            }
            ObjectNode call = calls.addObject();
            call.put("pattern", pattern.name());
            call.put("fn", function);
            ObjectNode parameters = call.putObject("parameters");
            for (String parameter : pattern.parameters()) {
                parameters.put(parameter, text(outcome.parameters().get(parameter)));
            }
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(input);
    }

    /** The key parts an example item binds, from its table key and the index keys it has. */
    private static Map<String, String> parts(TableModel model, Entity entity, Item item) {
        Map<String, String> parts =
                new LinkedHashMap<>(entity.match(item, model.keys()).orElseThrow());
        for (Map.Entry<String, KeyTemplates> e : entity.indexKeys().entrySet()) {
            KeySchema keys = model.keysOf(e.getKey());
            String pk = stringOf(item, keys.partitionKey());
            String sk = keys.sortKey().map(s -> stringOf(item, s)).orElse(null);
            if (pk != null && (keys.sortKey().isEmpty() || sk != null)) {
                e.getValue().match(pk, sk).ifPresent(b -> b.forEach(parts::putIfAbsent));
            }
        }
        entity.attributes().forEach(a -> parts.remove(a.name()));
        return parts;
    }

    private static String stringOf(Item item, String attribute) {
        AttributeValue value = item.attributes().get(attribute);
        return value == null ? null : text(value);
    }

    /**
     * The table key of an item a pattern's function returned: read from it when the library returns
     * key attributes (dynamodb-toolbox), else the entity's templates over its key parts (ElectroDB
     * returns the parts; several entities come as {@code {entity, item}}).
     */
    private static Key keyOf(TableModel model, AccessPattern pattern, JsonNode element) {
        KeySchema keys = model.keys();
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        if (keys.attributes().stream().allMatch(element::has)) {
            for (String attribute : keys.attributes()) {
                key.put(attribute, value(model, attribute, element.get(attribute).asText()));
            }
            return new Key(key);
        }
        String entityName = pattern.entities().get(0);
        JsonNode item = element;
        if (element.has("entity") && element.has("item")) {
            entityName = element.get("entity").asText();
            item = element.get("item");
        }
        Entity entity = model.entity(entityName).orElseThrow();
        JsonNode parts = item;
        key.put(
                keys.partitionKey(),
                value(model, keys.partitionKey(), render(entity.keys().partitionKey(), parts)));
        if (keys.sortKey().isPresent()) {
            key.put(
                    keys.sortKey().get(),
                    value(
                            model,
                            keys.sortKey().get(),
                            render(entity.keys().sortKey().orElseThrow(), parts)));
        }
        return new Key(key);
    }

    private static String render(KeyTemplate template, JsonNode parts) {
        return template.rewrite(
                text -> text,
                name -> {
                    assertTrue(
                            parts.has(name),
                            () -> "the returned item has no " + name + ": " + parts);
                    return parts.get(name).asText();
                });
    }

    private static AttributeValue value(TableModel model, String attribute, String text) {
        return model.keyAttributeType(attribute).equals("N")
                ? AttributeValue.Num.of(text)
                : new AttributeValue.Str(text);
    }

    private static String text(AttributeValue value) {
        return value instanceof AttributeValue.Str s
                ? s.value()
                : ((AttributeValue.Num) value).text();
    }
}
