package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.service.store.RequestTimeouts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server that accepts the connection and then never answers, or answers one byte at a time, is
 * given up on after the request timeout with a message naming the request and the time, instead of
 * stalling for minutes (or for ever).
 */
class RequestTimeoutTest {

    private static final Duration BOUND = Duration.ofSeconds(30);

    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private ServerSocket server;

    @AfterEach
    void stopServer() throws IOException {
        for (Socket socket : accepted) {
            socket.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aServerThatNeverAnswersTimesOut() {
        URI endpoint = serve(false);

        RepositoryException e =
                assertTimeoutPreemptively(BOUND, () -> failingListTables(endpoint, "2s"));

        assertEquals(RepositoryException.Kind.UNREACHABLE, e.kind());
        assertEquals(
                "ListTables failed: no answer from "
                        + endpoint
                        + " within 2 s; the request timed out",
                e.getMessage());
    }

    @Test
    void aServerThatTricklesBytesTimesOutToo() {
        URI endpoint = serve(true);

        long started = System.nanoTime();
        RepositoryException e =
                assertTimeoutPreemptively(BOUND, () -> failingListTables(endpoint, "2s"));

        assertEquals(RepositoryException.Kind.UNREACHABLE, e.kind());
        assertTrue(e.getMessage().contains("within 2 s"), e.getMessage());
        assertTrue(Duration.ofNanos(System.nanoTime() - started).toSeconds() < 20);
    }

    @Test
    void anAttemptGetsAThirdOfTheTimeButAtLeast20Seconds() {
        assertEquals(
                new RequestTimeouts(Duration.ofSeconds(60), Duration.ofSeconds(20)),
                RequestTimeouts.DEFAULT);
        assertEquals(Duration.ofSeconds(5), RequestTimeouts.of(Duration.ofSeconds(5)).attempt());
        assertEquals(Duration.ofSeconds(20), RequestTimeouts.of(Duration.ofSeconds(30)).attempt());
        assertEquals(
                Duration.ofSeconds(100), RequestTimeouts.of(Duration.ofSeconds(300)).attempt());
    }

    private static RepositoryException failingListTables(URI endpoint, String timeout) {
        Duration limit = Duration.ofSeconds(Long.parseLong(timeout.replace("s", "")));
        try (SdkDynamoRepository repository =
                SdkDynamoRepository.connect(
                        new ConnectionSpec.Endpoint(endpoint, null, null),
                        RequestTimeouts.of(limit),
                        MfaCodePrompt.NONE)) {
            return assertThrows(RepositoryException.class, repository::listTables);
        }
    }

    /** A loopback server that accepts every connection and answers nothing, or a byte a second. */
    private URI serve(boolean trickle) {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Thread acceptor =
                new Thread(
                        () -> {
                            while (!server.isClosed()) {
                                try {
                                    Socket socket = server.accept();
                                    accepted.add(socket);
                                    if (trickle) {
                                        startTrickling(socket);
                                    }
                                } catch (IOException closed) {
                                    return;
                                }
                            }
                        },
                        "silent-server");
        acceptor.setDaemon(true);
        acceptor.start();
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    private static void startTrickling(Socket socket) {
        Thread trickler =
                new Thread(
                        () -> {
                            try {
                                OutputStream out = socket.getOutputStream();
                                byte[] status = "HTTP/1.1 200 OK\r\n".getBytes();
                                for (int i = 0; ; i = (i + 1) % status.length) {
                                    out.write(status[i]);
                                    out.flush();
                                    Thread.sleep(500);
                                }
                            } catch (IOException | InterruptedException stopped) {
                                // the client gave up or the test ended
                            }
                        },
                        "trickling-server");
        trickler.setDaemon(true);
        trickler.start();
    }
}
