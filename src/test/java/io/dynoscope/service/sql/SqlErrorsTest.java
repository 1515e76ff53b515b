package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SqlStatementException.Position;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Errors said where they are, in words a person can act on, with the name they likely meant. */
class SqlErrorsTest {

    private static SqlConsole console;

    @BeforeAll
    static void seed() {
        String table = TestEngine.uniqueTableName("sql-errors");
        SampleTables.seed(TestEngine.repository(), Dataset.SAAS, table);
        console = new SqlConsole(TestEngine.repository(), List.of(SampleModels.saas(table)));
    }

    private static SqlStatementException error(String statement) {
        return assertThrows(SqlStatementException.class, () -> console.explain(statement));
    }

    @Test
    void aMistypedKeywordIsNamedAtItsOwnPlace() {
        SqlStatementException e = error("SELECT name FORM workspace");

        assertEquals(
                "line 1, column 13: `FORM` is not a SQL keyword; did you mean FROM?",
                e.getMessage());
        assertEquals(new Position(1, 13, 1, 16), e.position().orElseThrow());
        assertFalse(e.getMessage().contains("Was expecting"), e.getMessage());
    }

    @Test
    void aMistypedKeywordOnALaterLineIsFoundThere() {
        SqlStatementException e = error("SELECT name\nFROM workspace\nWHRE workspaceId = 'acme'");

        assertEquals(
                "line 3, column 1: `WHRE` is not a SQL keyword; did you mean WHERE?",
                e.getMessage());
    }

    @Test
    void anUnexpectedWordIsNamedWithoutTheGrammarsList() {
        SqlStatementException e = error("SELECT name FROM workspace workspace2 extra");

        assertEquals("line 1, column 39: unexpected `extra` here", e.getMessage());
    }

    @Test
    void anUnknownColumnSuggestsTheColumnItMeant() {
        SqlStatementException e = error("SELECT stauts FROM project");

        assertEquals(
                "line 1, column 8: no column `stauts`; did you mean `status`?", e.getMessage());
        assertEquals(new Position(1, 8, 1, 13), e.position().orElseThrow());
    }

    @Test
    void anUnknownTableSuggestsTheViewItMeant() {
        SqlStatementException e = error("SELECT * FROM projet");

        assertEquals(
                "line 1, column 15: no table or view `projet`; did you mean `project`?",
                e.getMessage());
    }

    @Test
    void aLimitTheEngineCannotCountIsRefusedBeforePlanning() {
        SqlStatementException e = error("SELECT name FROM workspace LIMIT 2147483648");

        assertTrue(
                e.getMessage().startsWith("line 1, column 34: LIMIT 2147483648"), e.getMessage());
        assertFalse(e.getMessage().contains("Rel"), e.getMessage());
    }
}
