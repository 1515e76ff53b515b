package io.dynoscope.cli;

import static io.dynoscope.cli.EngineCli.cli;
import static io.dynoscope.cli.EngineCli.count;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.cli.EngineCli.Result;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Items to and from files through the command line: put from JSON, import and export of JSON lines
 * and CSV, exact numbers and binary sets, and bad input refused before anything is written.
 */
class CliItemFilesTest {

    private static final String PRECISE = "12345678901234567890.123456789012345678";

    @TempDir Path tempDir;

    @Test
    void a38DigitNumberAndABinarySetComeBackByteIdenticalThroughGetAndExportImport()
            throws IOException {
        String table = TestEngine.freshTable("cli-exact");
        byte[] first = {0, 1, 2, (byte) 0xFF};
        byte[] second = {(byte) 0x80, 0x7F};
        String item =
                "{\"pk\": {\"S\": \"exact\"}, \"sk\": {\"S\": \"1\"}, \"amount\": {\"N\": \""
                        + PRECISE
                        + "\"},"
                        + " \"keys\": {\"BS\": [\"AAEC/w==\", \"gH8=\"]}, \"empty\": {\"S\": \"\"}, \"none\": {\"NULL\": true}}";

        Result put = cli("put", "--table", table, "--item", item);
        assertEquals(0, put.exitCode(), put.err());

        Result get =
                cli(
                        "get",
                        "--table",
                        table,
                        "--output",
                        "dynamodb-json",
                        "--key",
                        "{\"pk\": \"exact\", \"sk\": \"1\"}");
        assertEquals(0, get.exitCode(), get.err());
        Item read = ItemJson.DYNAMODB.readItem(get.out().strip());
        assertExact(read, first, second);

        Path export = tempDir.resolve("exact.jsonl");
        Result exported =
                cli(
                        "export",
                        "--table",
                        table,
                        "--format",
                        "dynamodb-json",
                        "--out",
                        export.toString());
        assertEquals(0, exported.exitCode(), exported.err());

        String copy = TestEngine.freshTable("cli-exact-copy");
        Result imported =
                cli(
                        "import",
                        "--table",
                        copy,
                        "--format",
                        "dynamodb-json",
                        "--in",
                        export.toString());
        assertEquals(0, imported.exitCode(), imported.err());

        Result copied =
                cli(
                        "get",
                        "--table",
                        copy,
                        "--output",
                        "dynamodb-json",
                        "--key",
                        "{\"pk\": \"exact\", \"sk\": \"1\"}");
        assertExact(ItemJson.DYNAMODB.readItem(copied.out().strip()), first, second);
        Path reexport = tempDir.resolve("copy.jsonl");
        assertEquals(0, cli("export", "--table", copy, "--out", reexport.toString()).exitCode());
        assertArrayEquals(Files.readAllBytes(export), Files.readAllBytes(reexport));
    }

    private static void assertExact(Item item, byte[] first, byte[] second) {
        assertEquals(PRECISE, ((AttributeValue.Num) item.get("amount").orElseThrow()).text());
        List<AttributeValue.Bin> members =
                ((AttributeValue.BinSet) item.get("keys").orElseThrow()).members();
        assertEquals(2, members.size());
        assertTrue(
                members.stream().anyMatch(b -> Arrays.equals(first, b.bytes())),
                members.toString());
        assertTrue(
                members.stream().anyMatch(b -> Arrays.equals(second, b.bytes())),
                members.toString());
        assertEquals(AttributeValue.s(""), item.get("empty").orElseThrow());
        assertEquals(AttributeValue.nul(), item.get("none").orElseThrow());
    }

    @Test
    void badJsonToPutIsAUsageErrorWithItsPositionAndWritesNothing() {
        String table = TestEngine.freshTable("cli-bad-put");

        Result result =
                cli(
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": {\"S\": \"a\"}, \"sk\": {\"S\": \"b\"}, \"n\": {\"N\": 12}");

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("--item: line 1, column"), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertEquals(0, count(table));
    }

    @Test
    void badImportNamesTheLineAndWritesNothing() throws IOException {
        String table = TestEngine.freshTable("cli-bad-import");
        Path input = tempDir.resolve("bad.jsonl");
        Files.writeString(
                input,
                String.join(
                        "\n",
                        "{\"Item\": {\"pk\": {\"S\": \"a\"}, \"sk\": {\"S\": \"1\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"b\"}, \"sk\": {\"S\": \"2\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"c\"}, \"sk\": {\"S\": \"3\"}, \"n\": {\"N\": \"twelve\"}}}",
                        "{\"Item\": {\"pk\": {\"S\": \"d\"}, \"sk\": {\"S\": \"4\"}}}"));

        Result result = cli("import", "--table", table, "--in", input.toString());

        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().contains("line 3"), result.err());
        assertTrue(result.err().contains("nothing was imported"), result.err());
        assertEquals(0, count(table));
    }

    @Test
    void importRefusesAMissingKeyAndADuplicateKeyBeforeWriting() throws IOException {
        String table = TestEngine.freshTable("cli-import-keys");
        Path missingKey = tempDir.resolve("missing.jsonl");
        Files.writeString(missingKey, "{\"pk\": \"a\", \"sk\": \"1\"}\n\n{\"pk\": \"b\"}\n");
        Path duplicate = tempDir.resolve("duplicate.jsonl");
        Files.writeString(
                duplicate,
                "{\"pk\": \"a\", \"sk\": \"1\"}\n{\"pk\": \"a\", \"sk\": \"1\", \"x\": 2}\n");

        Result missing =
                cli("import", "--table", table, "--format", "json", "--in", missingKey.toString());
        Result twice =
                cli("import", "--table", table, "--format", "json", "--in", duplicate.toString());

        assertEquals(ExitCodes.USAGE, missing.exitCode());
        assertTrue(missing.err().contains("line 3: sk: the sort key is missing"), missing.err());
        assertEquals(ExitCodes.USAGE, twice.exitCode());
        assertTrue(twice.err().contains("line 2: the same key as line 1"), twice.err());
        assertEquals(0, count(table));
    }

    @Test
    void plainJsonImportLoadsEveryLine() throws IOException {
        String table = TestEngine.freshTable("cli-import-plain");
        Path input = tempDir.resolve("plain.jsonl");
        Files.writeString(
                input,
                "{\"pk\": \"a\", \"sk\": \"1\", \"n\": 1.50}\n{\"pk\": \"a\", \"sk\": \"2\", \"tags\": [\"x\"]}\n");

        Result result =
                cli("import", "--table", table, "--format", "json", "--in", input.toString());

        assertEquals(0, result.exitCode(), result.err());
        Result query = cli("query", "--table", table, "--pk", "a");
        assertEquals(
                List.of(
                        ItemJson.PLAIN.readItem("{\"pk\": \"a\", \"sk\": \"1\", \"n\": 1.5}"),
                        ItemJson.PLAIN.readItem(
                                "{\"pk\": \"a\", \"sk\": \"2\", \"tags\": [\"x\"]}")),
                query.items());
    }

    @Test
    void putFromAFileThenExportAsPlainJsonAndCsv() throws IOException {
        String table = TestEngine.freshTable("cli-file");
        Path file = tempDir.resolve("item.json");
        Files.writeString(
                file,
                "{\n  \"pk\": {\"S\": \"p\"},\n  \"sk\": {\"S\": \"s\"},\n"
                        + "  \"tags\": {\"SS\": [\"a\"]},\n  \"author\": {\"M\": {\"name\": {\"S\": \"Mara, \\\"M\\\" Vance\"}}}\n}\n");

        assertEquals(0, cli("put", "--table", table, "--file", file.toString()).exitCode());
        Result json = cli("export", "--table", table, "--format", "json");
        Result csv = cli("export", "--table", table, "--format", "csv");

        assertEquals(
                List.of(
                        ItemJson.PLAIN.readItem(
                                "{\"pk\": \"p\", \"sk\": \"s\", \"tags\": [\"a\"],"
                                        + " \"author\": {\"name\": \"Mara, \\\"M\\\" Vance\"}}")),
                json.items());
        assertTrue(json.err().startsWith("exported 1 items from table"), json.err());
        assertTrue(csv.out().startsWith("pk (S),sk (S),"), csv.out());
        assertEquals(2, csv.out().lines().count(), csv.out());
    }
}
