package io.dynoscope.core.expression.snippet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Runs a generated snippet in its own language and reads back the items it printed. A runtime that
 * is missing on this machine makes the calling test skip (never fail), naming what to install.
 */
final class SnippetRunners {

    /** Debian's interpreter, which sees the apt-installed boto3 (a pyenv python would not). */
    static final Path PYTHON = Path.of("/usr/bin/python3");

    /** Debian's AWS CLI v2 (package awscli); other {@code aws} on the PATH are not used. */
    static final Path AWS_CLI = Path.of("/usr/bin/aws");

    /**
     * This JVM's own folder of runs: the suite runs in several JVMs at once, and each numbers its
     * runs from 1.
     */
    private static final Path WORK =
            Path.of("target", "snippet-runs", Long.toString(ProcessHandle.current().pid()))
                    .toAbsolutePath();

    private static final Path JS_PROJECT =
            Path.of("src", "test", "snippets", "js").toAbsolutePath();
    private static final Path JS_WORK = Path.of("target", "snippets-js").toAbsolutePath();
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");

    private static Boolean jsReady;
    private static String jsProblem = "";

    private SnippetRunners() {}

    /** Runs the snippet and returns the items it printed, in order. */
    static List<Item> run(SnippetLanguage language, String snippet) throws Exception {
        String out = runRaw(language, snippet);
        return language == SnippetLanguage.AWS_CLI ? cliItems(out) : lines(out);
    }

    /** Runs the snippet and returns what it printed on stdout. */
    static String runRaw(SnippetLanguage language, String snippet) throws Exception {
        return switch (language) {
            case JAVA -> runJava(snippet);
            case PYTHON -> runPython(snippet);
            case JAVASCRIPT -> runJavaScript(snippet);
            case AWS_CLI -> runCli(snippet);
        };
    }

    /** Skips the calling test when the language's runtime is missing. */
    static void assumeRuntime(SnippetLanguage language) throws Exception {
        switch (language) {
            case JAVA ->
                    assumeTrue(
                            ToolProvider.getSystemJavaCompiler() != null,
                            "no Java compiler in this runtime (a JRE, not a JDK)");
            case PYTHON ->
                    assumeTrue(
                            Files.isExecutable(PYTHON)
                                    && exec(
                                                            List.of(
                                                                    PYTHON.toString(),
                                                                    "-c",
                                                                    "import boto3"),
                                                            WORK,
                                                            Map.of())
                                                    .exit
                                            == 0,
                            "Debian's python3-boto3 is not installed (apt-get install -y python3-boto3)");
            case JAVASCRIPT ->
                    assumeTrue(
                            jsReady(),
                            "the AWS SDK v3 for JavaScript is not available: " + jsProblem);
            case AWS_CLI ->
                    assumeTrue(
                            Files.isExecutable(AWS_CLI),
                            "Debian's AWS CLI is not installed (apt-get install -y awscli)");
        }
    }

    private static String runJava(String source) throws Exception {
        Matcher name = CLASS_NAME.matcher(source);
        if (!name.find()) {
            throw new AssertionError("no public class in the Java snippet:\n" + source);
        }
        Path dir = freshDirectory("java");
        Path file = dir.resolve(name.group(1) + ".java");
        Files.writeString(file, source);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        PrintStream compilerOut = new PrintStream(new ByteArrayOutputStream());
        int compiled =
                compiler.run(
                        null,
                        compilerOut,
                        new PrintStream(new WriterStream(diagnostics), true),
                        "-classpath",
                        System.getProperty("java.class.path"),
                        "-d",
                        dir.toString(),
                        file.toString());
        assertEquals(
                0, compiled, "the Java snippet does not compile:\n" + diagnostics + "\n" + source);
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        try (URLClassLoader loader =
                new URLClassLoader(
                        new URL[] {dir.toUri().toURL()}, SnippetRunners.class.getClassLoader())) {
            Method main = loader.loadClass(name.group(1)).getMethod("main", String[].class);
            synchronized (SnippetRunners.class) {
                System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
                try {
                    main.invoke(null, (Object) new String[0]);
                } finally {
                    System.setOut(original);
                }
            }
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private static String runPython(String source) throws Exception {
        Path dir = freshDirectory("python");
        Path file = dir.resolve("snippet.py");
        Files.writeString(file, source);
        return checked(
                exec(List.of(PYTHON.toString(), file.toString()), dir, isolatedHome(dir)), source);
    }

    private static String runJavaScript(String source) throws Exception {
        Path file =
                JS_WORK.resolve(
                        "snippet-"
                                + ProcessHandle.current().pid()
                                + "-"
                                + RUNS.incrementAndGet()
                                + ".mjs");
        Files.writeString(file, source);
        return checked(
                exec(List.of("node", file.toString()), JS_WORK, isolatedHome(freshDirectory("js"))),
                source);
    }

    private static String runCli(String source) throws Exception {
        Path dir = freshDirectory("cli");
        // Only Debian's CLI on the PATH, and no profile from this machine's home.
        return checked(
                exec(
                        List.of("/bin/sh", "-c", source),
                        dir,
                        Map.of("HOME", dir.toString(), "PATH", "/usr/bin:/bin", "AWS_PAGER", "")),
                source);
    }

    /**
     * Installs the pinned SDK once per run from src/test/snippets/js (npm ci), or says why not. The
     * suite's other JVMs use the same installation: a file lock lets one install it while the
     * others wait (npm ci starts by removing node_modules, under another JVM's running snippet).
     */
    private static synchronized boolean jsReady() throws Exception {
        if (jsReady == null) {
            Files.createDirectories(JS_WORK);
            try (FileChannel lockFile =
                            FileChannel.open(
                                    JS_WORK.resolveSibling("snippets-js.lock"),
                                    StandardOpenOption.CREATE,
                                    StandardOpenOption.WRITE);
                    FileLock ignored = lockFile.lock()) {
                jsReady = install();
            }
        }
        return jsReady;
    }

    private static boolean install() throws Exception {
        if (exec(List.of("node", "--version"), JS_WORK, Map.of()).exit != 0) {
            jsProblem = "node is not installed";
            return false;
        }
        for (String file : List.of("package.json", "package-lock.json")) {
            Files.copy(
                    JS_PROJECT.resolve(file),
                    JS_WORK.resolve(file),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(JS_WORK.resolve("node_modules/@aws-sdk/client-dynamodb"))) {
            Exec install =
                    exec(
                            List.of("npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"),
                            JS_WORK,
                            Map.of());
            if (install.exit != 0) {
                jsProblem = "npm ci of src/test/snippets/js failed: " + install.err.strip();
                return false;
            }
        }
        return true;
    }

    /** A home of the snippet's own, so no AWS profile or config of this machine takes part. */
    private static Map<String, String> isolatedHome(Path dir) {
        return Map.of("HOME", dir.toString());
    }

    private static Path freshDirectory(String language) throws IOException {
        return Files.createDirectories(WORK.resolve(language + "-" + RUNS.incrementAndGet()));
    }

    private record Exec(int exit, String out, String err) {}

    private static Exec exec(List<String> command, Path dir, Map<String, String> environment)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("AWS_"));
        builder.environment().putAll(environment);
        Path out = Files.createTempFile("snippet", ".out");
        Path err = Files.createTempFile("snippet", ".err");
        try {
            Process process;
            try {
                process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            } catch (IOException e) {
                return new Exec(-1, "", e.getMessage());
            }
            if (!process.waitFor(180, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Exec(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String checked(Exec exec, String source) {
        assertEquals(0, exec.exit, "the snippet failed:\n" + exec.err + "\n" + source);
        return exec.out;
    }

    private static List<Item> lines(String out) {
        List<Item> items = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                items.add(ItemJson.DYNAMODB.readItem(line));
            }
        }
        return items;
    }

    /** The CLI prints a JSON array of items (Query, Scan), one item, or null. */
    private static List<Item> cliItems(String out) throws IOException {
        JsonNode node = JSON.readTree(out);
        List<Item> items = new ArrayList<>();
        if (node == null || node.isNull() || node.isMissingNode()) {
            return items;
        }
        if (node.isArray()) {
            for (JsonNode item : node) {
                items.add(ItemJson.DYNAMODB.readItem(item.toString()));
            }
        } else {
            items.add(ItemJson.DYNAMODB.readItem(node.toString()));
        }
        return items;
    }

    /** Lets javac's diagnostics go to a StringWriter. */
    private static final class WriterStream extends OutputStream {
        private final StringWriter target;

        WriterStream(StringWriter target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            target.write(b);
        }
    }
}
