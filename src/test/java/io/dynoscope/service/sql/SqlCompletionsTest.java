package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SqlCompletions.Completion;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the editor offers at the caret, from the catalog of a seeded table and its model. */
class SqlCompletionsTest {

    private static String table;
    private static SqlConsole console;

    @BeforeAll
    static void seed() {
        table = TestEngine.uniqueTableName("sql-complete");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
        console = new SqlConsole(TestEngine.repository(), List.of(SampleModels.saas(table)));
    }

    private static List<String> texts(SqlCompletions.Result result) {
        return result.completions().stream().map(Completion::text).toList();
    }

    @Test
    void afterFromTheRelationsStartingWithTheWordAndTheWordIsWhatIsReplaced() {
        String text = "SELECT * FROM proj";

        SqlCompletions.Result result = console.complete(text, text.length());

        // other tests' tables share the engine: every offer starts with the word, the view is one
        assertTrue(
                texts(result).stream().allMatch(t -> t.replace("\"", "").startsWith("proj")),
                texts(result).toString());
        assertTrue(
                result.completions()
                        .contains(
                                new Completion(
                                        "project",
                                        Completion.Kind.VIEW,
                                        "entity view of " + table)),
                result.completions().toString());
        assertEquals(text.indexOf("proj"), result.from());
        assertEquals(text.length(), result.to());
    }

    @Test
    void aTableWhoseNameSqlCannotTakeBareComesQuoted() {
        String text = "SELECT * FROM ";

        List<String> offered = texts(console.complete(text, text.length()));

        assertTrue(offered.contains("\"" + table + "\""), offered.toString());
        assertTrue(offered.contains("workspace"), offered.toString());
        assertFalse(offered.contains("SELECT"), offered.toString());
    }

    @Test
    void afterAnAliasAndADotTheColumnsOfItsRelationOnly() {
        String text = "SELECT p.st FROM project p JOIN workspace w ON w.EntityRef = p.EntityRef";
        int caret = "SELECT p.st".length();

        SqlCompletions.Result result = console.complete(text, caret);

        assertTrue(texts(result).contains("status"), texts(result).toString());
        assertTrue(
                result.completions().stream().allMatch(c -> c.kind() == Completion.Kind.COLUMN),
                result.completions().toString());
        assertTrue(
                result.completions().stream().allMatch(c -> c.detail().startsWith("project")),
                result.completions().toString());
    }

    @Test
    void aKeywordIsCompletedFromItsStart() {
        List<String> offered = texts(console.complete("SEL", 3));

        assertTrue(offered.contains("SELECT"), offered.toString());
    }
}
