package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.app.CliLauncher;
import io.dynoscope.core.item.InputLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model file's cap fits the packaged command line's heap (256 MB, as bin/dynoscope starts it):
 * a file just under the cap, of the costliest shape (many small attributes an item), is read and
 * planned with {@code model load --dry-run} in a child JVM with that heap, without an
 * OutOfMemoryError; one byte over the cap is refused at once, the cap in the message.
 */
class ModelCapHeapTest {

    @Test
    void aModelJustUnderTheCapLoadsInTheCommandLinesHeap(@TempDir Path folder) throws Exception {
        Path model = folder.resolve("big-model.json");
        Files.writeString(model, modelOfSmallItems(InputLimits.MAX_MODEL_BYTES - 64));
        assertTrue(Files.size(model) <= InputLimits.MAX_MODEL_BYTES);

        Process process =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-XX:+UseSerialGC",
                                "-Xmx256m",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                CliLauncher.class.getName(),
                                "model",
                                "load",
                                model.toString(),
                                "--dry-run")
                        .redirectOutput(folder.resolve("out.txt").toFile())
                        .redirectError(folder.resolve("err.txt").toFile())
                        .start();
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "model load --dry-run ended");
        String err = Files.readString(folder.resolve("err.txt"));
        assertFalse(err.contains("OutOfMemoryError"), err);
        assertEquals(0, process.exitValue(), err);
        assertTrue(Files.readString(folder.resolve("out.txt")).contains("\"TableName\""));
    }

    @Test
    void oneByteOverTheCapIsRefusedAtOnce(@TempDir Path folder) throws IOException {
        Path model = folder.resolve("too-big.json");
        String text = modelOfSmallItems(InputLimits.MAX_MODEL_BYTES);
        Files.writeString(
                model, text + " ".repeat((int) (InputLimits.MAX_MODEL_BYTES + 1 - text.length())));
        CliRun run =
                CliRun.run(
                        Map.of(),
                        spec -> null,
                        List.of("model", "load", model.toString(), "--dry-run"));
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains("it holds more than 4,194,304 bytes"), run.err());
    }

    /** A one-table model whose items, each of 40 small numbers, fill about {@code bytes}. */
    private static String modelOfSmallItems(long bytes) {
        StringBuilder items = new StringBuilder();
        String head =
                """
                {"format":"dynoscope-model","version":1,"tables":[{"table":"caps",
                 "partitionKey":{"name":"PK","type":"S"},"sortKey":{"name":"SK","type":"S"},
                 "entities":[],"items":[""";
        String tail = "]}]}";
        for (int i = 0; ; i++) {
            StringBuilder item =
                    new StringBuilder("{\"PK\":{\"S\":\"P#" + i + "\"},\"SK\":{\"S\":\"S\"}");
            for (int a = 0; a < 40; a++) {
                item.append(",\"a").append(a).append("\":{\"N\":\"").append(a).append("\"}");
            }
            item.append('}');
            if (head.length() + items.length() + item.length() + 1 + tail.length() > bytes) {
                break;
            }
            items.append(i == 0 ? "" : ",").append(item);
        }
        return head + items + tail;
    }
}
