package io.dynoscope.ui.shell;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.sandbox.SampleData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConnectionEntryTest {

    @Test
    void theSandboxNamesEverySampleTableItLoads() {
        String description = ConnectionEntry.sandbox().description();
        for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
            assertTrue(
                    description.contains(" " + dataset.id() + ",")
                            || description.contains(" " + dataset.id() + " "),
                    dataset.id() + " in: " + description);
        }
    }

    @Test
    void theReadmeNamesEverySampleTableTheSandboxLoads() throws IOException {
        String run =
                Files.readString(Path.of("README.md"))
                        .lines()
                        .filter(line -> line.startsWith("Run the app on the local sandbox"))
                        .findFirst()
                        .orElseThrow();
        for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
            assertTrue(run.contains("`" + dataset.id() + "`"), dataset.id() + " in: " + run);
        }
    }
}
