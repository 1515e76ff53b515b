package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.VisibleText;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the command line prints cannot act on the terminal (issue 19 #6), its CSV is written by one
 * writer that makes formulas inert (#7), arguments that are not UTF-8 are refused (#11), and help
 * that cannot be written is one line (#12): each over the exact strings of the probe.
 */
class TerminalSafetyTest {

    /** A title change (OSC 0 ... BEL), a colour (CSI), C1's CSI, DEL and bidi overrides. */
    private static final List<String> HOSTILE =
            List.of(
                    "\u001B]0;pwned\u0007",
                    "\u001B[31mred",
                    "\u009B2J",
                    "a\u007Fb",
                    "\u202Eevil.exe",
                    "\u2066isolate\u2069",
                    "cr\roverwrite");

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.freshTable("cli-terminal");
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < HOSTILE.size(); i++) {
            items.add(
                    Item.of(
                            Map.of(
                                    "pk", AttributeValue.s("P"),
                                    "sk", AttributeValue.s("S" + i),
                                    "value", AttributeValue.s(HOSTILE.get(i)),
                                    "\u001B[1mname", AttributeValue.s("x"))));
        }
        items.add(
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("F"),
                                "sk", AttributeValue.s("1"),
                                "note", AttributeValue.s("=1+2"))));
        items.add(
                Item.of(
                        Map.of(
                                "pk", AttributeValue.s("F"),
                                "sk", AttributeValue.s("2"),
                                "note",
                                        AttributeValue.s(
                                                "=HYPERLINK(\"http://evil.example\",\"click\")"))));
        TestEngine.repository().batchWrite(table, items, List.of(), Cancellation.none());
    }

    @Test
    void tableOutputOfGetScanQueryAndSqlShowsControlCharactersAsEscapes() {
        List<List<String>> commands =
                List.of(
                        List.of("scan", "--table", table, "-o", "table"),
                        List.of("query", "--table", table, "--pk", "P", "-o", "table"),
                        List.of(
                                "get",
                                "--table",
                                table,
                                "--key",
                                "{\"pk\": \"P\", \"sk\": \"S0\"}",
                                "-o",
                                "table"),
                        List.of(
                                "sql",
                                "-o",
                                "table",
                                "SELECT * FROM \"" + table + "\" WHERE pk = 'P'"));
        for (List<String> command : commands) {
            CliRun run = run(new byte[0], command.toArray(String[]::new));

            assertEquals(0, run.exitCode(), command + ": " + run.err());
            assertOnlyVisible(run.out(), command.toString());
            assertOnlyVisible(run.err(), command.toString());
            assertTrue(run.out().contains("\\u001B]0;pwned\\u0007"), command + ": " + run.out());
            assertTrue(run.out().contains("\\u001B[1mname"), "the column heading too");
            if (!command.get(0).equals("get")) {
                for (String shown :
                        List.of(
                                "\\u001B[31mred",
                                "\\u009B2J",
                                "a\\u007Fb",
                                "\\u202Eevil.exe",
                                "\\u2066isolate\\u2069",
                                "cr\\roverwrite")) {
                    assertTrue(run.out().contains(shown), command + " shows " + shown);
                }
            }
        }
    }

    @Test
    void jsonLinesKeepTheirValuesAndStayInert() {
        CliRun run = run(new byte[0], "query", "--table", table, "--pk", "P");

        assertEquals(0, run.exitCode(), run.err());
        assertOnlyVisible(run.out(), "json lines");
        List<String> values = new ArrayList<>();
        run.out()
                .lines()
                .map(ItemJson.PLAIN::readItem)
                .forEach(
                        item -> values.add(((AttributeValue.Str) item.get("value").get()).value()));
        assertEquals(HOSTILE, values, "the JSON escapes read back as the very characters");
    }

    @Test
    void anErrorLineQuotingAValueShowsItsControlCharactersAsEscapes() {
        CliRun run =
                run(
                        new byte[0],
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": \"P\", \"sk\": \"E\", \"\\u001B]0;x\\u0007\": 1,"
                                + " \"\\u001B]0;x\\u0007\": 2}");

        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertOnlyVisible(run.err(), "the error line");
        assertTrue(run.err().contains("'\\u001B]0;x\\u0007' appears twice"), run.err());
    }

    @Test
    void sqlCsvMakesFormulasInertAsGetCsvDoes() {
        CliRun sql =
                run(
                        new byte[0],
                        "sql",
                        "-o",
                        "csv",
                        "SELECT note FROM \"" + table + "\" WHERE pk = 'F'");
        CliRun get =
                run(
                        new byte[0],
                        "query",
                        "--table",
                        table,
                        "--pk",
                        "F",
                        "--projection",
                        "note",
                        "-o",
                        "csv");

        assertEquals(0, sql.exitCode(), sql.err());
        assertEquals(
                "note\r\n'=1+2\r\n\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\"\r\n",
                sql.out());
        assertEquals(0, get.exitCode(), get.err());
        for (String field : sql.out().substring("note\r\n".length()).split("\r\n")) {
            assertTrue(get.out().contains("," + field + "\r\n"), field + " in " + get.out());
        }
    }

    @Test
    void argumentsThatAreNotUtf8AreRefusedSayingWhichAndWhere() {
        CliRun pk = run(new byte[0], "query", "--table", table, "--pk", "P\uFFFD");
        CliRun skEq =
                run(new byte[0], "query", "--table", table, "--pk", "P", "--sk-eq", "S\uFFFD");
        CliRun statement =
                run(new byte[0], "sql", "SELECT * FROM \"" + table + "\" WHERE pk = 'P\uFFFD'");
        CliRun values =
                run(
                        new byte[0],
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": \"U\", \"sk\": \"1\"}",
                        "--condition",
                        "attribute_not_exists(pk) OR note = :v",
                        "--values",
                        "{\":v\": {\"S\": \"\uFFFD\"}}");

        assertEquals(ExitCodes.USAGE, pk.exitCode(), pk.err());
        assertTrue(
                pk.err().startsWith("dynoscope query: --pk: line 1, byte offset 1: not UTF-8"),
                pk.err());
        assertTrue(
                skEq.err().startsWith("dynoscope query: --sk-eq: line 1, byte offset 1: not UTF-8"),
                skEq.err());
        assertEquals(ExitCodes.USAGE, statement.exitCode(), statement.err());
        assertTrue(statement.err().startsWith("dynoscope sql: STATEMENT: line 1, byte offset"));
        assertEquals(ExitCodes.USAGE, values.exitCode(), values.err());
        assertTrue(values.err().startsWith("dynoscope put: --values: line 1, byte offset 14"));
        assertFalse(
                TestEngine.repository()
                        .getItem(
                                table,
                                Key.of("pk", AttributeValue.s("U"), "sk", AttributeValue.s("1")),
                                true)
                        .item()
                        .isPresent(),
                "nothing was written");
    }

    @Test
    void aStatementOnStdinThatIsNotUtf8IsRefusedWithItsPlace() {
        byte[] latin1 =
                ("SELECT * FROM \"" + table + "\"\nWHERE pk = 'Zo\u00eb'")
                        .getBytes(StandardCharsets.ISO_8859_1);

        CliRun run = run(latin1, "sql", "-");

        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertEquals(
                "dynoscope sql: cannot read stdin: line 2, byte offset "
                        + ("SELECT * FROM \"" + table + "\"\nWHERE pk = 'Zo").length()
                        + ": not UTF-8 (byte 0xEB)",
                run.err().strip());
    }

    @Test
    void helpThatCannotBeWrittenIsOneLineAndExit1() {
        for (String[] args :
                List.of(
                        new String[] {"scan", "--help"},
                        new String[] {"--help"},
                        new String[] {"--version"})) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code =
                    DynoscopeCli.run(
                            args,
                            new ByteArrayInputStream(new byte[0]),
                            new FullDevice(),
                            new PrintStream(err, true, StandardCharsets.UTF_8),
                            Map.of(),
                            TestRepositories.SDK);

            String printed = err.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCodes.SERVICE_ERROR, code, printed);
            assertEquals(1, printed.lines().count(), printed);
            assertTrue(
                    printed.strip()
                            .endsWith(
                                    ": cannot write to stdout (No space left on device); the"
                                            + " output is incomplete"),
                    printed);
        }
    }

    // ---- helpers ---------------------------------------------------------------------------

    private static void assertOnlyVisible(String text, String what) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair =
                    Character.isHighSurrogate(c)
                            && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                i++;
            } else {
                assertTrue(
                        c == '\n' || !VisibleText.isEscaped(c),
                        what
                                + ": raw U+"
                                + Integer.toHexString(c)
                                + " at "
                                + i
                                + " in "
                                + VisibleText.of(text));
            }
        }
    }

    private static CliRun run(byte[] stdin, String... args) {
        return CliRun.withStdin(new ByteArrayInputStream(stdin), args);
    }

    /** A run whose stdout is (as the command line is told) a terminal. */
    private static CliRun atTerminal(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] line =
                Stream.concat(
                                Stream.of("--endpoint", TestEngine.endpoint().toString()),
                                Stream.of(args))
                        .toArray(String[]::new);
        int code =
                DynoscopeCli.run(
                        line,
                        new ByteArrayInputStream(new byte[0]),
                        out,
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of(),
                        TestRepositories.SDK,
                        true);
        return new CliRun(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void csvToATerminalShowsControlCharactersAsEscapesAndKeepsFormulasInert() {
        List<List<String>> commands =
                List.of(
                        List.of("scan", "--table", table, "-o", "csv"),
                        List.of("export", "--table", table, "--format", "csv"),
                        List.of(
                                "sql",
                                "-o",
                                "csv",
                                "SELECT * FROM \"" + table + "\" WHERE pk = 'P'"));
        for (List<String> command : commands) {
            CliRun terminal = atTerminal(command.toArray(String[]::new));
            CliRun piped = run(new byte[0], command.toArray(String[]::new));

            assertEquals(0, terminal.exitCode(), command + ": " + terminal.err());
            assertOnlyVisible(terminal.out(), command.toString());
            assertTrue(terminal.out().contains("\\u001B[31mred"), terminal.out());
            // A file or a pipe gets the exact bytes.
            assertTrue(piped.out().contains("\u001B[31mred"), command.toString());
        }
        CliRun formulas =
                atTerminal(
                        "query",
                        "--table",
                        table,
                        "--pk",
                        "F",
                        "--projection",
                        "note",
                        "-o",
                        "csv");
        assertTrue(formulas.out().contains("'=1+2\n"), formulas.out());
    }
}
