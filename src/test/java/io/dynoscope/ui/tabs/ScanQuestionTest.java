package io.dynoscope.ui.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScanQuestionTest {

    private static final TableInfo SAAS =
            new TableInfo(
                    "saas",
                    "ACTIVE",
                    KeySchema.of("EntityRef", "Detail"),
                    Map.of("EntityRef", "S", "Detail", "S"),
                    List.of(),
                    List.of(),
                    "PAY_PER_REQUEST",
                    2_428,
                    2_228_224,
                    Optional.empty(),
                    Optional.empty(),
                    null);

    private static ReadRequest filteredScan() {
        return new ReadRequest(
                "saas",
                ReadMode.SCAN,
                null,
                null,
                true,
                CompiledExpression.of("#s = :s"),
                null,
                1,
                100,
                false);
    }

    @Test
    void aScanWhereTheTabShowedAQuerySaysWhatRunsAndWhatItCosts() {
        ScanQuestion question =
                ScanQuestion.of(filteredScan(), ReadMode.QUERY, "WS#beta", SAAS).orElseThrow();

        assertEquals("Run a Scan of saas instead of the Query shown?", question.header());
        assertTrue(
                question.body().startsWith("The tab shows a Query of WS#beta."), question.body());
        assertTrue(
                question.body()
                        .contains("Will run: Scan saas, FilterExpression #s = :s, limit 100"),
                question.body());
        // 2,228,224 bytes are 544 blocks of 4 KB, half a unit each
        assertTrue(question.body().contains("2,428 items"), question.body());
        assertTrue(question.body().contains("up to 272.0 RCU"), question.body());
        assertTrue(question.body().contains("$0.000034"), question.body());
    }

    @Test
    void aWholeTableScanAsksAndAShortPlainOneWhereAScanWasShownDoesNot() {
        assertEquals(
                "Scan the whole of saas?",
                ScanQuestion.of(filteredScan(), ReadMode.SCAN, "", SAAS).orElseThrow().header());
        assertEquals(
                Optional.empty(),
                ScanQuestion.of(ReadRequest.scan("saas", 100), ReadMode.SCAN, "", SAAS));
        assertTrue(
                ScanQuestion.of(ReadRequest.scan("saas", 0), ReadMode.SCAN, "", SAAS).isPresent());
    }
}
