package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.Repositories;
import io.dynoscope.testsupport.GeneratedItems;
import io.dynoscope.testsupport.TestEngine;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Refusals with the right reason (issue 19 #12, #13): valid long names accepted, {@code --limit 0}
 * refused, too many segments for a local engine refused, help text that formats, and an export onto
 * a full disk that says what it wrote.
 */
class RightReasonsTest {

    private static final int ITEMS = 40;

    private static String table;

    @BeforeAll
    static void seed() {
        table = TestEngine.freshTable(GeneratedItems.table("cli-reasons"));
        TestEngine.repository()
                .batchWrite(table, GeneratedItems.items(ITEMS), List.of(), Cancellation.none());
    }

    @Test
    void anAttributeNameOf50001To65535CharactersIsAcceptedByAutoDetection() {
        for (int length : List.of(50_001, 65_535)) {
            String name = "n".repeat(length);
            CliRun put =
                    CliRun.cli(
                            "put",
                            "--table",
                            table,
                            "--item",
                            "{\"pk\": {\"S\": \"long\"}, \"sk\": {\"N\": \""
                                    + length
                                    + "\"}, \""
                                    + name
                                    + "\": {\"S\": \"v\"}}");

            assertEquals(0, put.exitCode(), put.err());
            Item stored =
                    TestEngine.repository()
                            .getItem(
                                    table,
                                    Key.of(
                                            "pk",
                                            AttributeValue.s("long"),
                                            "sk",
                                            AttributeValue.n(length)),
                                    true)
                            .item()
                            .orElseThrow();
            assertEquals(AttributeValue.s("v"), stored.get(name).orElseThrow());
        }
        CliRun tooLong =
                CliRun.cli(
                        "put",
                        "--table",
                        table,
                        "--item",
                        "{\"pk\": {\"S\": \"long\"}, \"sk\": {\"N\": \"1\"}, \""
                                + "n".repeat(65_536)
                                + "\": {\"S\": \"v\"}}");
        assertEquals(ExitCodes.USAGE, tooLong.exitCode());
        assertTrue(tooLong.err().contains("65536 bytes"), tooLong.err());
    }

    @Test
    void aLimitOfZeroIsRefusedAndOneReadsOneItem() {
        for (List<String> read :
                List.of(
                        List.of("scan", "--table", table),
                        List.of("query", "--table", table, "--pk", "P#1"))) {
            CliRun zero = cli(read, "--limit", "0");
            CliRun one = cli(read, "--limit", "1");

            assertEquals(ExitCodes.USAGE, zero.exitCode(), zero.err());
            assertTrue(
                    zero.err()
                            .contains(
                                    "'0' is not a limit: give 1 or more items (leave --limit out to"
                                            + " read every item)"),
                    zero.err());
            assertEquals("", zero.out());
            assertEquals(0, one.exitCode(), one.err());
            assertEquals(1, one.items().size());
        }
    }

    @Test
    void aLocalEngineReadsAt4096SegmentsEachItemOnceAndRefusesMore() {
        String own = TestEngine.freshTable(GeneratedItems.table("cli-segments"));
        TestEngine.repository()
                .batchWrite(own, GeneratedItems.items(ITEMS), List.of(), Cancellation.none());

        CliRun tooMany = CliRun.cli("scan", "--table", own, "--segments", "4097");
        CliRun most =
                CliRun.cli("scan", "--table", own, "--segments", "4096", "-o", "dynamodb-json");

        assertEquals(ExitCodes.USAGE, tooMany.exitCode(), tooMany.err());
        assertEquals(
                "dynoscope scan: a local engine reads at most 4,096 parallel Scan segments"
                        + " correctly (dynalite divides a table into 4,096 hash ranges; more"
                        + " segments would return items twice), not 4,097; on AWS the limit is"
                        + " 1,000,000",
                tooMany.err().strip());
        assertEquals("", tooMany.out());
        assertEquals(0, most.exitCode(), most.err());
        List<Item> read = most.out().lines().map(ItemJson.DYNAMODB::readItem).toList();
        assertEquals(ITEMS, read.size(), "no item twice");
        assertEquals(new HashSet<>(GeneratedItems.items(ITEMS)), new HashSet<>(read));
    }

    @Test
    void everyHelpTextFormatsWithoutPicocliWarnings() throws Exception {
        List<String> problems = new ArrayList<>();
        check(commandLine(), problems);
        assertEquals(List.of(), problems);
    }

    @Test
    void anExportOntoAFullDiskSaysWhatItWroteAndExits1() {
        assumeTrue(Files.isWritable(Path.of("/dev/full")));

        CliRun full = CliRun.cli("export", "--table", table, "--out", "/dev/full");

        assertEquals(ExitCodes.SERVICE_ERROR, full.exitCode(), full.err());
        assertTrue(
                full.err()
                        .contains(
                                "dynoscope export: cannot write /dev/full: No space left on"
                                        + " device; exported "),
                full.err());
    }

    // ---- helpers ---------------------------------------------------------------------------

    private static CliRun cli(List<String> read, String... more) {
        List<String> args = new ArrayList<>(read);
        args.addAll(List.of(more));
        return CliRun.cli(args.toArray(String[]::new));
    }

    /** Picocli formats each text of the help with String.format; one that fails is a warning. */
    private static void check(CommandLine command, List<String> problems) {
        CommandSpec spec = command.getCommandSpec();
        List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
        texts.addAll(List.of(spec.usageMessage().footer()));
        texts.addAll(List.of(spec.usageMessage().header()));
        for (ArgSpec arg : spec.args()) {
            texts.addAll(List.of(rawDescription(arg)));
        }
        List<String> formatted = new ArrayList<>();
        for (String text : texts) {
            try {
                formatted.add(String.format(text.replace("${DEFAULT-VALUE}", "x")));
            } catch (IllegalFormatException e) {
                problems.add(spec.qualifiedName() + ": " + text + " (" + e + ")");
            }
        }
        command.getSubcommands().values().forEach(sub -> check(sub, problems));
    }

    /**
     * The description as written in the annotation: {@link ArgSpec#description()} has been
     * formatted already (and warned about, on stderr, when it could not be).
     */
    private static String[] rawDescription(ArgSpec arg) {
        if (arg.userObject() instanceof Field field) {
            Option option = field.getAnnotation(Option.class);
            if (option != null) {
                return option.description();
            }
            Parameters parameters = field.getAnnotation(Parameters.class);
            if (parameters != null) {
                return parameters.description();
            }
        }
        return new String[0];
    }

    /** The command line's tree, built as the command line builds it. */
    private static CommandLine commandLine() throws Exception {
        Constructor<DynoscopeCli> constructor =
                DynoscopeCli.class.getDeclaredConstructor(
                        InputStream.class,
                        PrintStream.class,
                        PrintStream.class,
                        Map.class,
                        Repositories.class);
        constructor.setAccessible(true);
        DynoscopeCli cli =
                constructor.newInstance(
                        InputStream.nullInputStream(), System.out, System.err, Map.of(), null);
        return new CommandLine(cli);
    }
}
