package io.dynoscope.ui.drift;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.drift.RuleFiles;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.job.ClusterContext;
import io.dynoscope.ui.common.job.RunOnClusterViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The drift inspector's Run on a cluster…: the drift-fix job of the chosen rule (the drift scan,
 * then each drifted copy's guarded write, as {@code dynoscope drift fix}), refused on a read-only
 * connection. The rule is written to a rule file beside the job's report when submitted.
 */
final class DriftJob {

    private DriftJob() {}

    static RunOnClusterViewModel of(
            ClusterContext cluster,
            String table,
            DenormalizationRule rule,
            BackgroundWork work,
            Consumer<String> onReport) {
        Path folder = ClusterContext.jobFolder();
        Path ruleFile = folder.resolve(table + ".drift-rule.json");
        Path reportFile = folder.resolve(table + ".drift-fix.txt");
        String rules = RuleFiles.write(List.of(rule));
        return cluster.runOnCluster(
                "drift-fix",
                List.of(
                        "--table",
                        table,
                        "--rule",
                        ruleFile.toString(),
                        "--report",
                        reportFile.toString()),
                () -> {
                    Files.createDirectories(folder);
                    Files.deleteIfExists(reportFile);
                    Files.writeString(ruleFile, rules);
                },
                Optional.of(reportFile),
                work,
                onReport);
    }
}
