package io.dynoscope.core.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.testsupport.TestEngine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The validator agrees with a real engine: every case of {@code engine-agreement.corpus} is sent to
 * the test engine (Query for key conditions, Scan with a filter, DeleteItem with a condition, Scan
 * with a projection (GetItem takes no values map, and a stray one must be reported), UpdateItem
 * guarded by a condition that never holds) and the local verdict must match the engine's: accepted
 * (including ConditionalCheckFailed, which means the expression was fine) or rejected with a
 * ValidationException. The corpus also states each verdict, so a change in either side shows. Cases
 * marked {@code ~} are what DynamoDB rejects and dynalite does not: its documented limits (4 KB
 * expressions, 255-byte placeholders, 100 IN operands, 300 operators) and empty key values in a key
 * condition. There the validator must follow DynamoDB and reject them (and the test confirms
 * dynalite still accepts them). Cases marked {@code ^} are the other way round: {@code NOT NOT},
 * valid by DynamoDB's documented grammar, which dynalite refuses. Each case is validated in the
 * context of the call that sends it, with the tables' key types.
 */
class EngineAgreementTest {

    private static final String CORPUS = "engine-agreement.corpus";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");
    private static final Pattern REPEAT = Pattern.compile("\\{\\{(\\d+)\\|([^|]*)\\|([^}]*)}}");
    private static final TableKeys SAAS_KEYS =
            new TableKeys(
                    SampleData.SAAS_KEYS,
                    Map.of(),
                    Map.of(SampleData.SAAS_PARTITION_KEY, "S", SampleData.SAAS_SORT_KEY, "S"));
    private static final TableKeys BLOG_KEYS =
            new TableKeys(
                    KeySchema.of(SampleData.BLOG_PARTITION_KEY, SampleData.BLOG_SORT_KEY),
                    Map.of(SampleData.BLOG_AUTHOR_INDEX, SampleData.BLOG_AUTHOR_INDEX_KEYS),
                    Map.of(
                            SampleData.BLOG_PARTITION_KEY,
                            "S",
                            SampleData.BLOG_SORT_KEY,
                            "S",
                            "authorId",
                            "S",
                            "createdAt",
                            "S"));
    private static final TableKeys WRITES_KEYS =
            new TableKeys(KeySchema.of("zpk", "zsk"), Map.of(), Map.of("zpk", "S", "zsk", "S"));

    private static DynamoDbClient engine;
    private static String saas;
    private static String blog;
    private static String writes;

    /** One line of the corpus. */
    record Case(
            int line,
            char verdict,
            String kind,
            String expression,
            Map<String, String> names,
            Map<String, AttributeValue> values) {

        boolean accepted() {
            return verdict == '+';
        }

        /** A documented DynamoDB limit that dynalite does not enforce. */
        boolean beyondDynalite() {
            return verdict == '~';
        }

        /** Valid by DynamoDB's documented grammar, refused by dynalite. */
        boolean grammarOverDynalite() {
            return verdict == '^';
        }

        /** The call that sends the case, on the table it is sent to, as {@link #send} does. */
        RequestContext context() {
            return switch (kind) {
                case "key:saas" -> RequestContext.of(Operation.QUERY, SAAS_KEYS, null);
                case "key:blog" -> RequestContext.of(Operation.QUERY, BLOG_KEYS, null);
                case "key:gsi" ->
                        RequestContext.of(Operation.QUERY, BLOG_KEYS, SampleData.BLOG_AUTHOR_INDEX);
                case "filter" -> RequestContext.of(Operation.SCAN, SAAS_KEYS, null);
                case "condition" -> RequestContext.of(Operation.DELETE_ITEM, WRITES_KEYS, null);
                case "projection" -> RequestContext.of(Operation.SCAN, WRITES_KEYS, null);
                default -> RequestContext.of(Operation.UPDATE_ITEM, WRITES_KEYS, null);
            };
        }

        ExpressionKind expressionKind() {
            return kind.startsWith("key:")
                    ? ExpressionKind.KEY_CONDITION
                    : switch (kind) {
                        case "filter" -> ExpressionKind.FILTER;
                        case "condition" -> ExpressionKind.CONDITION;
                        case "projection" -> ExpressionKind.PROJECTION;
                        case "update" -> ExpressionKind.UPDATE;
                        default ->
                                throw new IllegalArgumentException(
                                        "line " + line + ": unknown kind " + kind);
                    };
        }

        @Override
        public String toString() {
            String shown =
                    expression.length() > 90 ? expression.substring(0, 87) + "..." : expression;
            return "line " + line + " " + verdict + " " + kind + " " + shown;
        }
    }

    @BeforeAll
    static void connect() {
        ConnectionSpec.Endpoint connection = TestEngine.connection();
        engine =
                DynamoDbClient.builder()
                        .endpointOverride(connection.endpoint())
                        .region(Region.of(connection.region()))
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create(
                                                connection.accessKeyId(), "local")))
                        .build();
        saas = TestEngine.freshTable(SampleData.definition(Dataset.SAAS, "corpus-saas"));
        blog = TestEngine.freshTable(SampleData.definition(Dataset.BLOG, "corpus-blog"));
        writes = TestEngine.freshTable(TableDefinition.simple("corpus-writes", "zpk", "zsk"));
    }

    @AfterAll
    static void close() {
        engine.close();
    }

    @Test
    void theCorpusCoversEveryKindInTheHundreds() throws IOException {
        List<Case> cases = corpus();
        Map<String, Long> byKind =
                cases.stream()
                        .collect(
                                Collectors.groupingBy(
                                        c -> c.expressionKind().name(), Collectors.counting()));

        assertTrue(cases.size() >= 300, "cases: " + cases.size());
        for (ExpressionKind kind : ExpressionKind.values()) {
            assertTrue(byKind.getOrDefault(kind.name(), 0L) >= 25, kind + ": " + byKind);
        }
        assertTrue(cases.stream().filter(Case::accepted).count() >= 100, "accepted cases");
        assertTrue(cases.stream().filter(c -> c.verdict() == '-').count() >= 100, "rejected cases");
    }

    @Test
    void everyReservedWordIsReservedInTheEngineToo() {
        List<String> acceptedBare = new ArrayList<>();
        for (String word : ReservedWords.all()) {
            Case bare =
                    new Case(
                            0,
                            '-',
                            "filter",
                            word + " = :v",
                            Map.of(),
                            Map.of(":v", AttributeValue.s("v")));
            if (send(bare) == null) {
                acceptedBare.add(word);
            }
        }
        assertEquals(
                List.of(), acceptedBare, "the engine accepts these bare, the validator does not");
    }

    @TestFactory
    Stream<DynamicTest> theValidatorAgreesWithTheEngine() throws IOException {
        return corpus().stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(Case c) {
        Verdict local =
                ExpressionValidator.validate(
                        Map.of(c.expressionKind(), c.expression()),
                        c.names().isEmpty() ? null : c.names(),
                        c.values().isEmpty() ? null : c.values(),
                        c.context());
        if (c.grammarOverDynalite()) {
            assertTrue(local.ok(), "DynamoDB's grammar accepts this: " + local.problems());
            if (System.getenv(TestEngine.ENDPOINT_VARIABLE) == null) {
                assertFalse(send(c) == null, "dynalite is known to reject this");
            }
            return;
        }
        if (c.beyondDynalite()) {
            assertFalse(local.ok(), "DynamoDB's documentation rejects this, so must the validator");
            if (System.getenv(TestEngine.ENDPOINT_VARIABLE) == null) {
                assertEquals(null, send(c), "dynalite is known to accept this");
            }
            return;
        }
        String engineRejection = send(c);
        assertEquals(
                c.accepted(),
                engineRejection == null,
                "the corpus disagrees with the engine: " + engineRejection);
        assertEquals(
                engineRejection == null,
                local.ok(),
                "engine: "
                        + (engineRejection == null ? "accepted" : engineRejection)
                        + "; validator: "
                        + (local.ok() ? "accepted" : local.problems()));
    }

    /**
     * Sends the case to the engine; null when it accepted it, else the ValidationException's
     * message.
     */
    private static String send(Case c) {
        Map<String, String> names = new LinkedHashMap<>(c.names());
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values =
                new LinkedHashMap<>();
        c.values().forEach((k, v) -> values.put(k, sdk(v)));
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> missingKey =
                Map.of(
                        "zpk",
                        sdk(AttributeValue.s("corpus")),
                        "zsk",
                        sdk(AttributeValue.s("never")));
        try {
            switch (c.expressionKind()) {
                case KEY_CONDITION ->
                        engine.query(
                                b -> {
                                    b.tableName(c.kind().equals("key:saas") ? saas : blog)
                                            .keyConditionExpression(c.expression());
                                    if (c.kind().equals("key:gsi")) {
                                        b.indexName(SampleData.BLOG_AUTHOR_INDEX);
                                    }
                                    maps(
                                            names,
                                            values,
                                            b::expressionAttributeNames,
                                            b::expressionAttributeValues);
                                });
                case FILTER ->
                        engine.scan(
                                b -> {
                                    b.tableName(saas).filterExpression(c.expression());
                                    maps(
                                            names,
                                            values,
                                            b::expressionAttributeNames,
                                            b::expressionAttributeValues);
                                });
                case CONDITION ->
                        engine.deleteItem(
                                b -> {
                                    b.tableName(writes)
                                            .key(missingKey)
                                            .conditionExpression(c.expression());
                                    maps(
                                            names,
                                            values,
                                            b::expressionAttributeNames,
                                            b::expressionAttributeValues);
                                });
                case PROJECTION ->
                        engine.scan(
                                b -> {
                                    b.tableName(writes).projectionExpression(c.expression());
                                    maps(
                                            names,
                                            values,
                                            b::expressionAttributeNames,
                                            b::expressionAttributeValues);
                                });
                case UPDATE -> {
                    // A guard that never holds: the update is parsed and checked, never applied.
                    names.put("#zzguard", "zzguard");
                    engine.updateItem(
                            b -> {
                                b.tableName(writes)
                                        .key(missingKey)
                                        .updateExpression(c.expression())
                                        .conditionExpression("attribute_exists(#zzguard)");
                                maps(
                                        names,
                                        values,
                                        b::expressionAttributeNames,
                                        b::expressionAttributeValues);
                            });
                }
            }
            return null;
        } catch (ConditionalCheckFailedException e) {
            return null;
        } catch (DynamoDbException e) {
            String code = e.awsErrorDetails() == null ? "" : e.awsErrorDetails().errorCode();
            if (!"ValidationException".equals(code)) {
                throw e;
            }
            return e.awsErrorDetails().errorMessage();
        }
    }

    private static void maps(
            Map<String, String> names,
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values,
            Consumer<Map<String, String>> setNames,
            Consumer<Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>>
                    setValues) {
        if (!names.isEmpty()) {
            setNames.accept(names);
        }
        if (!values.isEmpty()) {
            setValues.accept(values);
        }
    }

    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue sdk(
            AttributeValue v) {
        return switch (v.type()) {
            case S ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(
                            ((AttributeValue.Str) v).value());
            case N ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(
                            ((AttributeValue.Num) v).text());
            case B ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(
                            SdkBytes.fromByteArray(((AttributeValue.Bin) v).bytes()));
            case BOOL ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromBool(
                            ((AttributeValue.Bool) v).value());
            case NULL ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromNul(true);
            case M -> {
                Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> m =
                        new LinkedHashMap<>();
                ((AttributeValue.MapValue) v).entries().forEach((k, e) -> m.put(k, sdk(e)));
                yield software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromM(m);
            }
            case L ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromL(
                            ((AttributeValue.ListValue) v)
                                    .elements().stream().map(EngineAgreementTest::sdk).toList());
            case SS ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromSs(
                            List.copyOf(((AttributeValue.StrSet) v).members()));
            case NS ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromNs(
                            ((AttributeValue.NumSet) v)
                                    .members().stream().map(AttributeValue.Num::text).toList());
            case BS ->
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromBs(
                            ((AttributeValue.BinSet) v)
                                    .members().stream()
                                            .map(b -> SdkBytes.fromByteArray(b.bytes()))
                                            .toList());
        };
    }

    // ---- reading the corpus ----------------------------------------------------------------

    /**
     * Reads the corpus. A case is {@code VERDICT KIND EXPRESSION [|| OPTION]...}; {@code @name #p
     * NAME} and {@code @value :p DYNAMODB-JSON} set the defaults every placeholder of an expression
     * gets (a name without a default is the placeholder without '#', a value is {"S":"v"}). Options
     * {@code names=JSON} / {@code values=JSON} replace the maps, {@code +names=} / {@code +values=}
     * add to them, {@code -names=#a,#b} / {@code -values=:a} remove entries. {@code {{N|TEXT|SEP}}}
     * repeats TEXT N times joined by SEP, with {@code $i} the 1-based repetition.
     */
    static List<Case> corpus() throws IOException {
        Map<String, String> defaultNames = new HashMap<>();
        Map<String, AttributeValue> defaultValues = new HashMap<>();
        List<Case> cases = new ArrayList<>();
        try (InputStream in = EngineAgreementTest.class.getResourceAsStream(CORPUS)) {
            if (in == null) {
                throw new IOException("missing test resource " + CORPUS);
            }
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            int number = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("//")) {
                    continue;
                }
                if (text.startsWith("@name ")) {
                    String[] parts = text.split("\\s+", 3);
                    defaultNames.put(parts[1], parts[2]);
                } else if (text.startsWith("@value ")) {
                    String[] parts = text.split("\\s+", 3);
                    defaultValues.put(parts[1], ItemJson.DYNAMODB.readValue(parts[2]));
                } else {
                    cases.add(parse(number, text, defaultNames, defaultValues));
                }
            }
        }
        return cases;
    }

    private static Case parse(
            int number,
            String text,
            Map<String, String> defaultNames,
            Map<String, AttributeValue> defaultValues) {
        String[] parts = text.split("\\s+\\|\\|\\s+");
        String[] head = parts[0].split("\\s+", 3);
        char verdict = head[0].charAt(0);
        if (head[0].length() != 1 || "+-~^".indexOf(verdict) < 0 || head.length < 3) {
            throw new IllegalArgumentException(
                    "line " + number + ": expected '+|-|~|^ KIND EXPRESSION': " + text);
        }
        String expression = expand(head[2]);
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        Matcher placeholders = PLACEHOLDER.matcher(expression);
        while (placeholders.find()) {
            String p = placeholders.group();
            if (p.startsWith("#")) {
                names.putIfAbsent(p, defaultNames.getOrDefault(p, p.substring(1)));
            } else {
                values.putIfAbsent(p, defaultValues.getOrDefault(p, AttributeValue.s("v")));
            }
        }
        for (int i = 1; i < parts.length; i++) {
            String option = parts[i];
            int equals = option.indexOf('=');
            String key = option.substring(0, equals);
            String argument = option.substring(equals + 1);
            switch (key) {
                case "names" -> {
                    names.clear();
                    names.putAll(namesJson(argument));
                }
                case "+names" -> names.putAll(namesJson(argument));
                case "-names" -> List.of(argument.split(",")).forEach(names::remove);
                case "values" -> {
                    values.clear();
                    values.putAll(ItemJson.DYNAMODB.readItem(argument).attributes());
                }
                case "+values" -> values.putAll(ItemJson.DYNAMODB.readItem(argument).attributes());
                case "-values" -> List.of(argument.split(",")).forEach(values::remove);
                default ->
                        throw new IllegalArgumentException(
                                "line " + number + ": unknown option " + key);
            }
        }
        return new Case(number, verdict, head[1], expression, names, values);
    }

    private static Map<String, String> namesJson(String json) {
        try {
            Map<String, String> names = new LinkedHashMap<>();
            JSON.readTree(json)
                    .properties()
                    .forEach(e -> names.put(e.getKey(), e.getValue().textValue()));
            return names;
        } catch (IOException e) {
            throw new IllegalArgumentException("bad names JSON: " + json, e);
        }
    }

    private static String expand(String expression) {
        Matcher repeat = REPEAT.matcher(expression);
        StringBuilder out = new StringBuilder();
        while (repeat.find()) {
            int times = Integer.parseInt(repeat.group(1));
            List<String> copies = new ArrayList<>();
            for (int i = 1; i <= times; i++) {
                copies.add(repeat.group(2).replace("$i", Integer.toString(i)));
            }
            repeat.appendReplacement(
                    out, Matcher.quoteReplacement(String.join(repeat.group(3), copies)));
        }
        repeat.appendTail(out);
        return out.toString();
    }
}
