package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;

/**
 * The Java export, compiled with javax.tools and run against the test engine: the model's example
 * items saved through the generated beans and repositories have the model's keys byte for byte
 * (table and index keys), and each generated access-pattern method returns the items {@code model
 * check} says the pattern returns, in its order.
 */
class JavaExportTest {

    static Stream<String> models() {
        return ExportModels.names().stream();
    }

    @ParameterizedTest
    @MethodSource("models")
    void theGeneratedClassesWriteTheModelsKeysAndAnswerItsPatterns(String name) throws Exception {
        ModelDocument document = ExportModels.fresh(name);
        TableDesign design = document.tables().get(0);
        TableModel model = design.model();
        ExportModels.modelLoad(design);
        String written = ExportModels.emptyCopy(design, "java");

        GeneratedCode code = CodeFormat.JAVA.generator().generate(document);
        Path folder = NodeTools.workFolder("java-" + name);
        ClassLoader classes = compile(code, folder);
        String pkg = EnhancedClientClasses.packageOf(design.table()) + ".";
        DynamoDbEnhancedClient client =
                DynamoDbEnhancedClient.builder().dynamoDbClient(TableDescriptions.client()).build();

        Callable<Object> lastCreate = null;
        for (Item item : design.items()) {
            Entity entity = model.entityOf(item).orElseThrow();
            Class<?> beanClass = classes.loadClass(pkg + Names.pascal(entity.name()));
            Object bean = beanClass.getConstructor().newInstance();
            Map<String, String> bound = entity.match(item, model.keys()).orElseThrow();
            for (Map.Entry<String, String> e : bound.entrySet()) {
                setter(beanClass, e.getKey()).invoke(bean, e.getValue());
            }
            for (var attribute : entity.attributes()) {
                AttributeValue value = item.attributes().get(attribute.name());
                if (value != null) {
                    setter(beanClass, attribute.name()).invoke(bean, javaValue(value));
                }
            }
            Object repository = repository(classes, pkg, entity.name(), client, written);
            repository.getClass().getMethod("create", beanClass).invoke(repository, bean);
            lastCreate =
                    () ->
                            repository
                                    .getClass()
                                    .getMethod("create", beanClass)
                                    .invoke(repository, bean);
        }
        // The generated write is conditional: the same item again is refused, nothing overwritten.
        InvocationTargetException again =
                assertThrows(InvocationTargetException.class, lastCreate::call);
        assertEquals(
                "ConditionalCheckFailedException", again.getCause().getClass().getSimpleName());
        Set<String> keyAttributes = new HashSet<>(model.keys().attributes());
        model.indexes().forEach(i -> keyAttributes.addAll(i.keySchema().attributes()));
        assertEquals(
                keys(new HashSet<>(design.items()), keyAttributes),
                keys(TestEngine.items(written), keyAttributes),
                "the keys the generated classes wrote");

        AccessPatternCheck.Report report =
                new AccessPatternCheck(TestEngine.repository())
                        .check(design, design.table(), Map.of(), o -> {}, Cancellation.none());
        int answered = 0;
        for (AccessPatternCheck.Outcome outcome : report.outcomes()) {
            AccessPattern pattern = outcome.pattern();
            answered += outcome.expectedKeys().size();
            if (!outcome.parameters().keySet().containsAll(pattern.parameters())) {
                // model check did not run it: no example item of its entity (saas's sharded one)
                assertTrue(outcome.reason().startsWith("not run"), outcome.reason());
                continue;
            }
            Object repository =
                    repository(classes, pkg, pattern.entities().get(0), client, written);
            List<Object> arguments = new ArrayList<>();
            List<Class<?>> types = new ArrayList<>();
            for (String parameter : pattern.parameters()) {
                arguments.add(text(outcome.parameters().get(parameter)));
                types.add(String.class);
            }
            Method method =
                    repository
                            .getClass()
                            .getMethod(Names.camel(pattern.name()), types.toArray(Class<?>[]::new));
            List<?> found = (List<?>) method.invoke(repository, arguments.toArray());
            List<Key> returned = new ArrayList<>();
            for (Object bean : found) {
                Map<String, AttributeValue> key = new LinkedHashMap<>();
                for (String attribute : model.keys().attributes()) {
                    Object value =
                            bean.getClass()
                                    .getMethod("getKey" + Names.pascal(attribute))
                                    .invoke(bean);
                    key.put(attribute, new AttributeValue.Str((String) value));
                }
                returned.add(new Key(key));
            }
            assertAnswer(outcome, returned);
        }
        // the comparisons above are not all of empty answers
        assertTrue(answered >= report.outcomes().size(), "items answered: " + answered);
    }

    /** The keys a generated method returned are those model check expects, in its order. */
    static void assertAnswer(AccessPatternCheck.Outcome outcome, List<Key> returned) {
        AccessPattern pattern = outcome.pattern();
        if (pattern.partitionKey() != null && pattern.partitionKey().hasRange()) {
            // a fan-out's order across shards is the shards', not the answer's
            assertEquals(
                    new HashSet<>(outcome.expectedKeys()), new HashSet<>(returned), pattern.name());
        } else {
            assertEquals(outcome.expectedKeys(), returned, pattern.name());
        }
    }

    static Map<Key, Map<String, AttributeValue>> keys(Set<Item> items, Set<String> keyAttributes) {
        Map<Key, Map<String, AttributeValue>> keys = new LinkedHashMap<>();
        for (Item item : items) {
            Map<String, AttributeValue> values = new LinkedHashMap<>();
            item.attributes()
                    .forEach(
                            (n, v) -> {
                                if (keyAttributes.contains(n)) {
                                    values.put(n, v);
                                }
                            });
            keys.put(new Key(values), values);
        }
        assertTrue(keys.size() == items.size());
        return keys;
    }

    private static Object repository(
            ClassLoader classes,
            String pkg,
            String entity,
            DynamoDbEnhancedClient client,
            String table)
            throws Exception {
        return classes.loadClass(pkg + Names.pascal(entity) + "Repository")
                .getConstructor(DynamoDbEnhancedClient.class, String.class)
                .newInstance(client, table);
    }

    private static Method setter(Class<?> beanClass, String attribute) {
        String name = "set" + Names.pascal(EnhancedClientBean.field(attribute));
        for (Method m : beanClass.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new AssertionError(beanClass + " has no " + name);
    }

    private static Object javaValue(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.value();
        }
        throw new AssertionError("the proof models hold only S and N attributes, not " + value);
    }

    private static String text(AttributeValue value) {
        return value instanceof AttributeValue.Str s
                ? s.value()
                : ((AttributeValue.Num) value).text();
    }

    private static ClassLoader compile(GeneratedCode code, Path folder) throws Exception {
        Path sources = folder.resolve("src");
        Path output = Files.createDirectories(folder.resolve("classes"));
        List<String> arguments =
                new ArrayList<>(
                        List.of(
                                "-d",
                                output.toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                "-proc:none"));
        for (GeneratedCode.File file : code.files()) {
            Path path = sources.resolve(file.path());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.text());
            arguments.add(path.toString());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int exit = compiler.run(null, null, errors, arguments.toArray(String[]::new));
        assertEquals(0, exit, () -> "the generated classes compile:\n" + errors);
        return new URLClassLoader(
                new URL[] {output.toUri().toURL()}, JavaExportTest.class.getClassLoader());
    }
}
