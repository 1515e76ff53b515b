package io.dynoscope.testsupport;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * moto's server ({@code moto_server}) on a free port, for the tests of S3 and EMR Serverless: the
 * calling test is skipped, with a message, when it is not on the PATH.
 */
public final class MotoServer implements AutoCloseable {

    private final Process process;
    private final URI endpoint;

    private MotoServer(Process process, URI endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Starts it and waits until it answers (60 s at most). */
    public static MotoServer start(String skipped) throws IOException, InterruptedException {
        String binary = onPath("moto_server");
        assumeTrue(
                binary != null,
                "moto_server is not on PATH (pip install 'moto[server]'): " + skipped);
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process process =
                new ProcessBuilder(binary, "-H", "127.0.0.1", "-p", String.valueOf(port))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        Instant until = Instant.now().plus(Duration.ofSeconds(60));
        while (!answers(endpoint)) {
            if (Instant.now().isAfter(until) || !process.isAlive()) {
                process.destroy();
                throw new IllegalStateException("moto_server did not start on port " + port);
            }
            Thread.sleep(200);
        }
        return new MotoServer(process, endpoint);
    }

    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }

    private static boolean answers(URI uri) {
        try {
            HttpURLConnection connection =
                    (HttpURLConnection) uri.resolve("/moto-api/").toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            int code = connection.getResponseCode();
            connection.disconnect();
            return code > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
