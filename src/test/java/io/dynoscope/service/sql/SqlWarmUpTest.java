package io.dynoscope.service.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The warm-up's statement plans and runs: a broken one would warm nothing, silently. */
class SqlWarmUpTest {

    @Test
    void theRepresentativeStatementGivesTheRowsOfItsOwnTable() {
        // its table: a workspace and two projects (ACTIVE, PAUSED), none GONE; LIMIT 100
        assertEquals(2, SqlWarmUp.run());
    }
}
