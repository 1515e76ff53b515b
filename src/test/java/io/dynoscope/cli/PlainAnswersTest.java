package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.testsupport.TestEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answers that say what went wrong in the user's terms (issue 33, item 15): a statement that reads
 * no table is told so, and a journal that cannot be created says why rather than only its path.
 */
class PlainAnswersTest {

    @Test
    void aStatementThatReadsNoTableIsToldSo() {
        CliRun.Result run = CliRun.atTestEngine("sql", "SELECT 1");
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains("this statement reads no table"), run.err());
    }

    @Test
    void aJournalInAFolderThatIsNotThereSaysSo(@TempDir Path folder) throws Exception {
        String table = TestEngine.freshTable("cli-journal-where");
        Path input = Files.writeString(folder.resolve("in.jsonl"), "{\"pk\":\"P\",\"sk\":\"1\"}\n");
        Path journal = folder.resolve("nope").resolve("x.journal");
        CliRun.Result run =
                CliRun.atTestEngine(
                        "import",
                        "--table",
                        table,
                        "--format",
                        "json",
                        "--in",
                        input.toString(),
                        "--journal",
                        journal.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(
                run.err()
                        .contains(
                                "cannot create the journal "
                                        + journal
                                        + ": its folder "
                                        + journal.getParent()
                                        + " does not exist; nothing was written"),
                run.err());
        assertEquals(Set.of(), TestEngine.items(table));
    }
}
