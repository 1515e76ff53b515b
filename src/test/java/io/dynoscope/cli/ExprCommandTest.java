package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynoscope expr check} and {@code expr build}, in-process; key schemas come from the test
 * engine.
 */
class ExprCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SEED_NAMES = "{\"#er\": \"EntityRef\", \"#d\": \"Detail\"}";
    private static final String SEED_VALUES =
            "{\":er\": {\"S\": \"WS#acme\"}, \":p\": {\"S\": \"PROJ#\"}}";

    private static String saas;
    private static String blog;

    @TempDir Path tempDir;

    @BeforeAll
    static void createTables() {
        saas = TestEngine.freshTable(SampleData.definition(Dataset.SAAS, "expr-saas"));
        blog = TestEngine.freshTable(SampleData.definition(Dataset.BLOG, "expr-blog"));
    }

    @Test
    void aValidKeyConditionIsEchoedInCanonicalForm() {
        Result result =
                cli(
                        "expr",
                        "check",
                        "--kind",
                        "key-condition",
                        "--table",
                        saas,
                        "--names",
                        SEED_NAMES,
                        "--values",
                        SEED_VALUES,
                        "#er=:er and begins_with( #d ,:p )");

        assertEquals(0, result.exitCode(), result.err());
        assertEquals("#er = :er AND begins_with(#d, :p)\n", result.out());
    }

    @Test
    void aMisplacedOrInAKeyConditionIsReportedAtTheOr() {
        Result result =
                cli(
                        "expr",
                        "check",
                        "--kind",
                        "key-condition",
                        "--table",
                        saas,
                        "--names",
                        SEED_NAMES,
                        "--values",
                        SEED_VALUES,
                        "#er = :er OR begins_with(#d, :p)");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "11: key conditions cannot use OR; run one Query per alternative\n", result.err());
        assertEquals("", result.out());
    }

    @Test
    void aKeyConditionIsHeldToTheIndexKeys() {
        Result result =
                cli(
                        "expr",
                        "check",
                        "--kind",
                        "key-condition",
                        "--table",
                        blog,
                        "--index",
                        SampleData.BLOG_AUTHOR_INDEX,
                        "--values",
                        "{\":pk\": {\"S\": \"USER#12\"}}",
                        "PK = :pk");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "1: PK is not a key here; key conditions can only use authorId and createdAt\n",
                result.err());
    }

    @Test
    void keyNamesCheckAKeyConditionWithoutConnecting() {
        Result result =
                run(
                        "expr",
                        "check",
                        "--kind",
                        "key-condition",
                        "--partition-key",
                        "EntityRef",
                        "--sort-key",
                        "Detail",
                        "--names",
                        SEED_NAMES,
                        "--values",
                        SEED_VALUES,
                        "#d = :er AND begins_with(#er, :p)");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals("14: the partition key EntityRef can only be compared with =\n", result.err());
    }

    @Test
    void everyProblemIsOneLineWithItsPosition() {
        Result result =
                run(
                        "expr",
                        "check",
                        "--kind",
                        "filter",
                        "--values",
                        "{\":x\": {\"N\": \"1\"}}",
                        "status = :s");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                List.of(
                        "1: 'status' is a reserved word in DynamoDB; use a #name placeholder, e.g. #status",
                        "10: :s is not defined in ExpressionAttributeValues",
                        "0: ExpressionAttributeValues has :x, which no expression uses; DynamoDB rejects unused entries"),
                result.err().lines().toList());
    }

    @Test
    void aBatchGivesOneVerdictALineInOrder() throws Exception {
        Path batch = tempDir.resolve("batch.jsonl");
        Files.writeString(
                batch,
                String.join(
                                "\n",
                                "{\"kind\": \"key-condition\", \"expression\": \"#er = :er AND begins_with(#d, :p)\", \"names\": "
                                        + SEED_NAMES
                                        + ", \"values\": "
                                        + SEED_VALUES
                                        + ", \"table\": \""
                                        + saas
                                        + "\"}",
                                "{\"kind\": \"update\", \"expression\": \"SET a = :a, a.b = :a\", \"values\": {\":a\": {\"N\": \"1\"}}}",
                                "",
                                "{\"kind\": \"key-condition\", \"expression\": \"PK = :pk\", \"values\": {\":pk\": {\"S\": \"x\"}}, "
                                        + "\"partitionKey\": \"EntityRef\"}",
                                "{\"kind\": \"projection\", \"expression\": \"a, b.c[0]\"}",
                                "not json")
                        + "\n");

        Result result = cli("expr", "check", "--batch", batch.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        List<JsonNode> verdicts = result.out().lines().map(ExprCommandTest::tree).toList();
        assertEquals(5, verdicts.size(), result.out());
        assertTrue(verdicts.get(0).get("valid").booleanValue());
        assertTrue(verdicts.get(0).get("position").isNull());
        assertFalse(verdicts.get(1).get("valid").booleanValue());
        assertEquals(13, verdicts.get(1).get("position").intValue());
        assertEquals(
                "paths a and a.b overlap; an update may touch each path once",
                verdicts.get(1).get("message").textValue());
        assertFalse(verdicts.get(2).get("valid").booleanValue());
        assertEquals(
                "PK is not a key here; key conditions can only use EntityRef",
                verdicts.get(2).get("message").textValue());
        assertTrue(verdicts.get(3).get("valid").booleanValue());
        assertFalse(verdicts.get(4).get("valid").booleanValue());
        assertEquals(0, verdicts.get(4).get("position").intValue());
        assertTrue(
                verdicts.get(4).get("message").textValue().startsWith("line 6: malformed JSON"),
                result.out());
    }

    // ---- what DynamoDB rejects in the context of the call (issue 13) ------------------------

    @Test
    void theSinglePathRejectsWhatDynamoDbRejectsInContext() {
        Result emptyNames = check("projection", "--names", "{}", "Detail");
        Result numberForAStringKey =
                check(
                        "key-condition",
                        "--table",
                        saas,
                        "--values",
                        "{\":n\": {\"N\": \"12\"}}",
                        "EntityRef = :n");
        Result numberForAnIndexKey =
                check(
                        "key-condition",
                        "--table",
                        blog,
                        "--index",
                        SampleData.BLOG_AUTHOR_INDEX,
                        "--values",
                        "{\":n\": {\"N\": \"12\"}}",
                        "authorId = :n");
        Result setTheSortKey =
                check(
                        "update",
                        "--operation",
                        "UpdateItem",
                        "--table",
                        blog,
                        "--values",
                        "{\":s\": {\"S\": \"x\"}}",
                        "SET SK = :s");
        Result numberIntoAnIndexKey =
                check(
                        "update",
                        "--table",
                        blog,
                        "--values",
                        "{\":n\": {\"N\": \"1\"}}",
                        "SET authorId = :n");
        Result queryFilterOnTheSortKey =
                check(
                        "filter",
                        "--operation",
                        "query",
                        "--table",
                        saas,
                        "--names",
                        "{\"#d\": \"Detail\"}",
                        "--values",
                        "{\":d\": {\"S\": \"META\"}}",
                        "#d = :d");
        Result scanFilterOnTheSortKey =
                check(
                        "filter",
                        "--table",
                        saas,
                        "--names",
                        "{\"#d\": \"Detail\"}",
                        "--values",
                        "{\":d\": {\"S\": \"META\"}}",
                        "#d = :d");
        Result notNot = check("filter", "--values", "{\":a\": {\"S\": \"x\"}}", "NOT NOT a = :a");

        assertEquals(ExitCodes.USAGE, emptyNames.exitCode());
        assertEquals(
                "0: ExpressionAttributeNames is empty; DynamoDB refuses an empty map: leave it out\n",
                emptyNames.err());
        assertEquals(
                "13: the key EntityRef is of type S, but :n holds N\n", numberForAStringKey.err());
        assertEquals(
                "12: the key authorId is of type S, but :n holds N\n", numberForAnIndexKey.err());
        assertEquals(
                "5: SK is part of the table's key, which an update cannot SET; "
                        + "put the item under its new key and delete the old one\n",
                setTheSortKey.err());
        assertEquals(
                "16: authorId is a key of index byAuthor, of type S, but :n holds N\n",
                numberIntoAnIndexKey.err());
        assertEquals(
                "1: a Query's filter cannot use Detail, a key of the table it reads; "
                        + "put the condition in the key condition\n",
                queryFilterOnTheSortKey.err());
        assertEquals(ExitCodes.USAGE, queryFilterOnTheSortKey.exitCode());
        assertEquals(0, scanFilterOnTheSortKey.exitCode(), scanFilterOnTheSortKey.err());
        assertEquals(0, notNot.exitCode(), notNot.err());
        assertEquals("NOT (NOT a = :a)\n", notNot.out());
    }

    @Test
    void anUnknownOperationIsAUsageError() {
        Result result = run("expr", "check", "--kind", "filter", "--operation", "Select", "a = b");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "dynoscope expr check: the operation 'Select' is not one of "
                        + "Query, Scan, GetItem, PutItem, UpdateItem, DeleteItem\n",
                result.err());
    }

    @Test
    void theBatchPathRejectsWhatDynamoDbRejectsInContext() throws Exception {
        Path batch = tempDir.resolve("context.jsonl");
        String values = "\"values\": {\":d\": {\"S\": \"META\"}}";
        Files.writeString(
                batch,
                String.join(
                                "\n",
                                "{\"kind\": \"filter\", \"expression\": \"Detail = :d\", "
                                        + values
                                        + ", \"operation\": \"Query\", \"table\": \""
                                        + saas
                                        + "\"}",
                                "{\"kind\": \"filter\", \"expression\": \"Detail = :d\", "
                                        + values
                                        + ", \"table\": \""
                                        + saas
                                        + "\"}",
                                "{\"kind\": \"filter\", \"expression\": \"createdAt = :d\", "
                                        + values
                                        + ", \"operation\": \"Query\", \"table\": \""
                                        + blog
                                        + "\", \"index\": \"byAuthor\"}",
                                "{\"kind\": \"key-condition\", \"expression\": \"PK = :n\", "
                                        + "\"values\": {\":n\": {\"N\": \"1\"}}, \"table\": \""
                                        + blog
                                        + "\"}",
                                "{\"kind\": \"update\", \"expression\": \"REMOVE PK\", \"partitionKey\": \"PK\"}",
                                "{\"kind\": \"update\", \"expression\": \"SET authorId = :e\", "
                                        + "\"values\": {\":e\": {\"S\": \"\"}}, \"operation\": \"UpdateItem\", \"table\": \""
                                        + blog
                                        + "\"}",
                                "{\"kind\": \"condition\", \"expression\": \"NOT NOT attribute_exists(a)\", "
                                        + "\"names\": {}, \"operation\": \"PutItem\"}",
                                "{\"kind\": \"condition\", \"expression\": \"NOT NOT attribute_exists(a)\", "
                                        + "\"operation\": \"PutItem\"}",
                                "{\"kind\": \"filter\", \"expression\": \"a = :d\", "
                                        + values
                                        + ", \"operation\": \"GetItem\"}")
                        + "\n");

        Result result = cli("expr", "check", "--batch", batch.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode(), result.err());
        List<String> messages =
                result.out()
                        .lines()
                        .map(ExprCommandTest::tree)
                        .map(
                                v ->
                                        v.get("valid").booleanValue()
                                                ? "valid"
                                                : v.get("position")
                                                        + ": "
                                                        + v.get("message").textValue())
                        .toList();
        assertEquals(
                List.of(
                        "1: a Query's filter cannot use Detail, a key of the table it reads; "
                                + "put the condition in the key condition",
                        "valid",
                        "1: a Query's filter cannot use createdAt, a key of the index byAuthor it reads; "
                                + "put the condition in the key condition",
                        "6: the key PK is of type S, but :n holds N",
                        "8: PK is part of the table's key, which an update cannot REMOVE; "
                                + "put the item under its new key and delete the old one",
                        "16: authorId is a key of index byAuthor, which cannot be set to an empty value",
                        "0: ExpressionAttributeNames is empty; DynamoDB refuses an empty map: leave it out",
                        "valid",
                        "0: GetItem takes no FilterExpression"),
                messages);
    }

    @Test
    void buildWritesTheSeedQueryWithBothMaps() {
        Result result =
                run(
                        "expr",
                        "build",
                        "--table",
                        "saas",
                        "--pk",
                        "EntityRef=WS#acme",
                        "--sk",
                        "Detail begins_with PROJ#",
                        "--desc");

        assertEquals(0, result.exitCode(), result.err());
        JsonNode request = tree(result.out());
        assertEquals("saas", request.get("TableName").textValue());
        assertEquals(
                "#er = :er AND begins_with(#d, :d)",
                request.get("KeyConditionExpression").textValue());
        assertEquals(
                tree("{\"#er\": \"EntityRef\", \"#d\": \"Detail\"}"),
                request.get("ExpressionAttributeNames"));
        assertEquals(
                tree("{\":er\": {\"S\": \"WS#acme\"}, \":d\": {\"S\": \"PROJ#\"}}"),
                request.get("ExpressionAttributeValues"));
        assertFalse(request.get("ScanIndexForward").booleanValue());
    }

    @Test
    void buildTypesFilterValuesAndSharesOneSetOfMaps() {
        Result result =
                run(
                        "expr",
                        "build",
                        "--filter",
                        "budget between 1000 and 2000.5",
                        "--filter",
                        "status in [\"ACTIVE\", \"PAUSED\"]",
                        "--filter",
                        "labels contains {\"S\": \"q1\"}",
                        "--filter",
                        "author.name = Mara",
                        "--projection",
                        "Detail,name");

        assertEquals(0, result.exitCode(), result.err());
        JsonNode request = tree(result.out());
        assertEquals(
                "#b BETWEEN :b1 AND :b2 AND #s IN (:s1, :s2) AND contains(#l, :l) AND #a.#n = :n",
                request.get("FilterExpression").textValue());
        assertEquals("#d, #n", request.get("ProjectionExpression").textValue());
        assertEquals(
                tree(
                        "{\":b1\": {\"N\": \"1000\"}, \":b2\": {\"N\": \"2000.5\"}, \":s1\": {\"S\": \"ACTIVE\"}, "
                                + "\":s2\": {\"S\": \"PAUSED\"}, \":l\": {\"S\": \"q1\"}, \":n\": {\"S\": \"Mara\"}}"),
                request.get("ExpressionAttributeValues"));
    }

    @Test
    void buildWritesTheGuardedPropagationAsASnippetForTheLocalEndpoint() {
        Result result =
                cli(
                        "expr",
                        "build",
                        "--table",
                        blog,
                        "--set",
                        "authorName=Mara Vance",
                        "--guard",
                        "authorName = Mara V.",
                        "--key",
                        "{\"PK\": \"POST#9f3\", \"SK\": \"META\"}",
                        "--snippet",
                        "cli");

        assertEquals(0, result.exitCode(), result.err());
        assertTrue(result.out().contains("--update-expression 'SET #an = :an'"), result.out());
        assertTrue(result.out().contains("--condition-expression '#an = :an2'"), result.out());
        assertTrue(
                result.out()
                        .contains("--key '{\"PK\":{\"S\":\"POST#9f3\"},\"SK\":{\"S\":\"META\"}}'"),
                result.out());
        assertTrue(result.out().contains("--endpoint-url " + TestEngine.endpoint()), result.out());
    }

    @Test
    void buildRefusesShapesThatDoNotGoTogether() {
        Result mixed = run("expr", "build", "--pk", "PK=a", "--set", "x=1");
        Result keyConditionOnAFunction =
                run("expr", "build", "--pk", "PK=a", "--sk", "SK contains x");

        assertEquals(ExitCodes.USAGE, mixed.exitCode());
        assertTrue(mixed.err().contains("--set builds an update"), mixed.err());
        assertEquals(ExitCodes.USAGE, keyConditionOnAFunction.exitCode());
        assertTrue(
                keyConditionOnAFunction.err().contains("key conditions cannot use contains"),
                keyConditionOnAFunction.err());
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    /** {@code expr check --kind KIND ...} against the test engine. */
    private static Result check(String kind, String... args) {
        String[] all = new String[args.length + 4];
        all[0] = "expr";
        all[1] = "check";
        all[2] = "--kind";
        all[3] = kind;
        System.arraycopy(args, 0, all, 4, args.length);
        return cli(all);
    }

    private static Result cli(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--endpoint";
        all[1] = TestEngine.endpoint().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return run(all);
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                DynoscopeCli.run(
                        args,
                        System.in,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of(),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int exitCode, String out, String err) {}
}
