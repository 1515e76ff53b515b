package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.UpdateClause;
import io.dynoscope.core.item.AttributeValue;
import org.junit.jupiter.api.Test;

/** DynamoDB's PartiQL dialect through the reference parser. */
class PartiqlStatementTest {

    @Test
    void dynamoDbKeywordsAreRewrittenOutsideStrings() {
        assertEquals(
                "INSERT INTO \"t\" VALUES {'a': 'VALUE SET REMOVE'}",
                PartiqlStatement.dialect("INSERT INTO \"t\" VALUE {'a': 'VALUE SET REMOVE'}"));
        assertEquals(
                "UPDATE \"t\" SET a = 1 , b = 'x' , c = MISSING WHERE pk = 'SET'",
                PartiqlStatement.dialect(
                        "UPDATE \"t\" SET a = 1 SET b = 'x' REMOVE c WHERE pk = 'SET'"));
    }

    @Test
    void anUpdateBecomesSetAndRemoveActions() {
        PartiqlStatement.Update update =
                (PartiqlStatement.Update)
                        PartiqlStatement.parse(
                                "UPDATE \"saas\" SET status = 'DONE' SET owner.email = 'x@y' REMOVE labels"
                                        + " WHERE EntityRef = 'WS#a' AND Detail = 'META'");
        assertEquals("saas", update.table());
        assertEquals(3, update.actions().size());
        assertEquals(UpdateClause.Keyword.REMOVE, update.actions().get(2).action());
        assertEquals("owner.email", update.actions().get(1).path().toString());
        assertEquals(Row.Operator.EQ, update.where().get(1).operator());
    }

    @Test
    void anInsertIsOneItemWithSetsMapsAndNumbers() {
        PartiqlStatement.Insert insert =
                (PartiqlStatement.Insert)
                        PartiqlStatement.parse(
                                "INSERT INTO \"saas\" VALUE {'EntityRef': 'WS#a', 'n': 12345678901234567890.123456789012345678,"
                                        + " 's': <<1, 2>>, 'm': {'k': [true, null]}}");
        assertEquals(
                AttributeValue.n("12345678901234567890.123456789012345678"),
                insert.item().attributes().get("n"));
        assertEquals(AttributeValue.ns("1", "2"), insert.item().attributes().get("s"));
        assertTrue(insert.item().attributes().get("m") instanceof AttributeValue.MapValue);
    }

    @Test
    void anOrIsRefusedWithAReason() {
        SqlStatementException e =
                assertThrows(
                        SqlStatementException.class,
                        () -> PartiqlStatement.parse("SELECT * FROM \"t\" WHERE a = 1 OR b = 2"));
        assertTrue(e.getMessage().contains("OR and NOT need ExecuteStatement"), e.getMessage());
    }
}
