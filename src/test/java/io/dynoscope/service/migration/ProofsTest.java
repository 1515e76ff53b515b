package io.dynoscope.service.migration;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Key;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.model.AccessPatternCheck;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The proof's judgement of the access patterns, from the check's outcomes. */
class ProofsTest {

    private static final AccessPattern SHARDED =
            new AccessPattern(
                    "projects of a sharded tenant",
                    AccessPattern.Operation.QUERY,
                    List.of("project"),
                    null,
                    KeyTemplate.parse("WS#{workspaceId}#{shard:01..10}"),
                    Optional.empty(),
                    false,
                    null);

    private static AccessPatternCheck.Outcome outcome(boolean answeredByKeys, String reason) {
        List<Key> keys = List.of(Key.of("EntityRef", s("WS#big#01"), "Detail", s("PROJ#1")));
        return new AccessPatternCheck.Outcome(
                SHARDED,
                Map.of("wsId", s("big")),
                "Query",
                List.of(),
                keys,
                keys,
                ReadStatistics.NONE,
                false,
                answeredByKeys,
                reason,
                "");
    }

    private static List<String> failures(AccessPatternCheck.Outcome outcome) {
        return Proofs.of(
                        new AccessPatternCheck.Report("t", List.of(outcome)),
                        PassTally.EMPTY,
                        PassTally.EMPTY,
                        0,
                        false)
                .failures();
    }

    @Test
    void aShardedPatternReadByItsFanOutWithTheRightItemsPasses() {
        assertEquals(
                List.of(),
                failures(outcome(true, "a fan-out: 10 Queries, one per shard, in 10 requests")));
    }

    @Test
    void aFanOutReturningTheWrongItemsFails() {
        List<String> failures =
                failures(outcome(false, "a fan-out: 10 Queries; wrong answer: 3 items missing"));
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).contains("projects of a sharded tenant"), failures.get(0));
    }
}
