package io.dynoscope.service.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.settings.PastRead;
import io.dynoscope.settings.Reads;
import io.dynoscope.settings.SavedRead;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.SampleInfo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Saved reads and the history, kept in the settings file and read back exactly. */
class SavedReadsTest {

    private static final String TABLE = "saas";
    private static final KeySchema KEYS = SampleData.SAAS_KEYS;
    private static final TableInfo INFO = SampleInfo.saas(TABLE);

    @TempDir Path directory;

    private final List<SettingsService> services = new ArrayList<>();

    /** The saved reads of the settings file, as the app starts with them. */
    private SavedReads open() {
        SettingsService settings = SettingsService.open(new SettingsStore(directory));
        services.add(settings);
        return new SavedReads(
                settings, Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC));
    }

    /** Writes what every settings service opened so far holds, as the app does when it exits. */
    private SavedReads reopen() {
        services.forEach(SettingsService::close);
        services.clear();
        return open();
    }

    @AfterEach
    void closeAll() {
        services.forEach(SettingsService::close);
    }

    /** A read with every part a read can have, and a number of 38 digits in its filter. */
    private static ReadRequest everything() {
        return new ReadRequest(
                TABLE,
                ReadMode.QUERY,
                null,
                KeyCondition.partition(KEYS, AttributeValue.s(SampleData.ACME))
                        .and(
                                SortKeyCondition.between(
                                        AttributeValue.s("PROJ#2026-0030"),
                                        AttributeValue.s("PROJ#2026-0040"))),
                false,
                new CompiledExpression(
                        "#b > :b",
                        Map.of("#b", "budget"),
                        Map.of(":b", AttributeValue.n(SampleData.PRECISE_NUMBER))),
                new CompiledExpression("#n, #b", Map.of("#n", "name", "#b", "budget"), Map.of()),
                1,
                100,
                true);
    }

    @Test
    void aSavedReadComesBackFromTheFileExactlyAsItWasSaved() {
        open().save("acme 30-40", everything());

        SavedReads reopened = reopen();
        List<SavedRead> saved = reopened.saved(TABLE);

        assertEquals(1, saved.size());
        assertEquals("acme 30-40", saved.get(0).name());
        assertEquals(everything(), SavedReads.request(saved.get(0).read(), INFO));
        assertEquals(
                "Query · WS#acme · sort key between PROJ#2026-0030 and PROJ#2026-0040 · newest"
                        + " first · filter budget > {\"N\":\""
                        + SampleData.PRECISE_NUMBER
                        + "\"} · projection name, budget · limit 100 · consistent",
                SavedReads.describe(saved.get(0).read()));
        assertEquals(List.of(), reopened.saved("blog"), "saved per table");
    }

    @Test
    void savingUnderTheSameNameReplacesAndRemoveForgets() {
        SavedReads reads = open();
        reads.save("all", ReadRequest.scan(TABLE, 100));
        reads.save("acme", everything());
        reads.save("all", ReadRequest.scan(TABLE, 500));

        assertEquals(
                List.of("all", "acme"), reads.saved(TABLE).stream().map(r -> r.name()).toList());
        assertEquals(500, reads.saved(TABLE).get(0).read().limit());
        reads.remove(TABLE, "all");
        assertEquals(List.of("acme"), reads.saved(TABLE).stream().map(r -> r.name()).toList());
    }

    @Test
    void theHistoryKeepsTheLastHundredReadsPerConnectionNewestFirst() {
        SavedReads reads = open();
        for (int i = 1; i <= 105; i++) {
            reads.record("sandbox", ReadRequest.scan(TABLE, i), stats(1, 0.5), i, false);
        }
        reads.record("dev", everything(), stats(1, 0.5), 3, false);

        List<PastRead> history = reopen().history("sandbox");
        assertEquals(Reads.HISTORY_KEPT, history.size());
        assertEquals(105, history.get(0).read().limit(), "newest first");
        assertEquals(6, history.get(99).read().limit(), "the oldest five are gone");
        assertEquals(1, reopen().history("dev").size(), "per connection");
    }

    @Test
    void aReadContinuedByLoadMoreIsOneEntryWithTheFiguresOfEveryPart() {
        SavedReads reads = open();
        reads.record("sandbox", everything(), stats(1, 0.5), 10, false);
        reads.record("sandbox", everything(), stats(3, 2.5), 30, true);

        List<PastRead> history = reads.history("sandbox");
        assertEquals(1, history.size());
        assertEquals("3 requests · 2.5 RCU · 30 items · 12 ms", SavedReads.figures(history.get(0)));
    }

    @Test
    void aReadOfAnIndexThatIsGoneNoLongerFits() {
        SavedReads reads = open();
        ReadRequest ofIndex =
                new ReadRequest(
                        TABLE, ReadMode.SCAN, "byStatus", null, true, null, null, 1, 0, false);
        reads.save("by status", ofIndex);

        assertThrows(
                IllegalArgumentException.class,
                () -> SavedReads.request(reads.saved(TABLE).get(0).read(), INFO));
    }

    private static ReadStatistics stats(int requests, double capacity) {
        return new ReadStatistics(requests, capacity, 0, 0, Duration.ofMillis(12));
    }
}
