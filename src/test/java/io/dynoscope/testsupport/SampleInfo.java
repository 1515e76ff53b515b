package io.dynoscope.testsupport;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.sandbox.SampleData;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Table descriptions of the sample shapes, for tests that need no engine. */
public final class SampleInfo {

    private SampleInfo() {}

    /** A saas-shaped table ({@code EntityRef}/{@code Detail}, strings) without indexes. */
    public static TableInfo saas(String table) {
        return new TableInfo(
                table,
                "ACTIVE",
                SampleData.SAAS_KEYS,
                Map.of(SampleData.SAAS_PARTITION_KEY, "S", SampleData.SAAS_SORT_KEY, "S"),
                List.of(),
                List.of(),
                "PAY_PER_REQUEST",
                0,
                0,
                Optional.empty(),
                Optional.empty(),
                null);
    }
}
