package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The npm tools the export proofs run (the CDK CLI and library, ElectroDB, dynamodb-toolbox, the
 * AWS SDK, esbuild, TypeScript), pinned in src/test/node/package-lock.json and installed there by
 * the build (the install-export-tools profile, as the engine's dynalite is). Every run gets a home
 * of its own, no AWS variable of this machine, and only the npm registry would be reachable.
 */
final class NodeTools {

    static final Path PROJECT = Path.of("src", "test", "node").toAbsolutePath();
    static final Path MODULES = PROJECT.resolve("node_modules");

    private NodeTools() {}

    /** A fresh folder under target/ for one proof. */
    static Path workFolder(String name) throws IOException {
        Path folder =
                Path.of("target", "export-proofs", ProcessHandle.current().pid() + "-" + name)
                        .toAbsolutePath();
        Files.createDirectories(folder.resolve("home"));
        return folder;
    }

    /** Transpiles TypeScript files of {@code folder} to CommonJS in {@code folder/js}. */
    static void transpile(Path folder, List<String> files) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(MODULES.resolve(".bin/esbuild").toString());
        command.addAll(files);
        command.addAll(
                List.of("--outdir=js", "--format=cjs", "--platform=node", "--log-level=warning"));
        run(folder, command, Map.of());
    }

    /** Runs a command in {@code folder}, fails the test on a non-zero exit, returns stdout. */
    static String run(Path folder, List<String> command, Map<String, String> environment)
            throws Exception {
        int exit = exitOf(folder, command, environment);
        assertEquals(
                0,
                exit,
                () -> {
                    try {
                        return command
                                + " failed:\n"
                                + Files.readString(folder.resolve("stderr.txt"))
                                + Files.readString(folder.resolve("stdout.txt"));
                    } catch (IOException e) {
                        return command + " failed";
                    }
                });
        return Files.readString(folder.resolve("stdout.txt"));
    }

    /** Runs a command in {@code folder} and returns its exit code; its output in stdout.txt. */
    static int exitOf(Path folder, List<String> command, Map<String, String> environment)
            throws Exception {
        assertTrue(
                Files.isDirectory(MODULES.resolve("typescript")),
                "the export proofs' npm tools are not installed: run the build, or npm ci in "
                        + PROJECT);
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("AWS_") || k.startsWith("CDK_"));
        builder.environment().put("HOME", folder.resolve("home").toString());
        builder.environment().put("NODE_PATH", MODULES.toString());
        builder.environment().putAll(environment);
        Process process =
                builder.redirectOutput(folder.resolve("stdout.txt").toFile())
                        .redirectError(folder.resolve("stderr.txt").toFile())
                        .start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out after 300 s: " + command);
        }
        return process.exitValue();
    }
}
