package io.dynoscope.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An endpoint in front of the test engine that passes every request on, except that the n-th
 * request of one operation waits at a gate until the test opens it: so a test can stop a command in
 * the middle of its work at a known point (to send it a signal, say). It also logs every request by
 * operation and table, so a test can count what a command sent.
 */
public final class GatedEndpoint implements AutoCloseable {

    private static final Set<String> NOT_COPIED =
            Set.of(
                    "host",
                    "connection",
                    "content-length",
                    "expect",
                    "upgrade",
                    "transfer-encoding");

    private final HttpServer server;
    private final HttpClient client = HttpClient.newHttpClient();
    private final URI engine;
    private final String operation;
    private final int gatedRequest;
    private final String gatedBodyText;
    private final AtomicInteger seen = new AtomicInteger();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch gate = new CountDownLatch(1);
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final ObjectMapper json = new ObjectMapper();
    private volatile boolean dropped;

    /** An endpoint that gates nothing: it only logs the requests it passes on. */
    public GatedEndpoint(URI engine) throws IOException {
        this(engine, "", 0);
    }

    /**
     * @param operation the API operation to count, e.g. {@code BatchWriteItem}
     * @param gatedRequest which of its requests waits (1 for the first)
     */
    public GatedEndpoint(URI engine, String operation, int gatedRequest) throws IOException {
        this(engine, operation, gatedRequest, "");
    }

    /**
     * Counts (and gates) only the requests of {@code operation} whose body holds {@code bodyText}:
     * {@code "ExclusiveStartKey"} gates the n-th request for a read's next page, whatever other
     * reads are sent meanwhile. Every later such request waits at the gate too (a client's retry of
     * the gated request, after its attempt timed out, is not let through).
     */
    public static GatedEndpoint gatingRequestsWith(
            URI engine, String operation, String bodyText, int gatedRequest) throws IOException {
        return new GatedEndpoint(engine, operation, gatedRequest, bodyText);
    }

    private GatedEndpoint(URI engine, String operation, int gatedRequest, String bodyText)
            throws IOException {
        this.engine = engine;
        this.operation = operation;
        this.gatedRequest = gatedRequest;
        this.gatedBodyText = bodyText;
        this.server =
                HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::forward);
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /**
     * Every request passed on so far, in order, as its operation and table: {@code Query saas-1},
     * or the operation alone ({@code ListTables}).
     */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    /** How many requests of each operation and table were passed on. */
    public Map<String, Integer> requestCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        requests.forEach(r -> counts.merge(r, 1, Integer::sum));
        return counts;
    }

    /** Forgets the requests logged so far. */
    public void clearRequests() {
        requests.clear();
    }

    /** Waits until the gated request has arrived (and waits at the gate). */
    public boolean awaitGatedRequest(Duration timeout) throws InterruptedException {
        return reached.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Drops the gated request (its sender, killed meanwhile, never sent it on) and lets every later
     * one through.
     */
    public void dropGatedRequest() {
        dropped = true;
        gate.countDown();
    }

    /** Lets the gated request, and every later one, through. */
    public void open() {
        gate.countDown();
    }

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            if (target != null
                    && target.endsWith("." + operation)
                    && new String(body, StandardCharsets.UTF_8).contains(gatedBodyText)
                    && (gatedBodyText.isEmpty()
                            ? seen.incrementAndGet() == gatedRequest
                            : seen.incrementAndGet() >= gatedRequest)) {
                reached.countDown();
                gate.await();
                if (dropped) {
                    return;
                }
            }
            log(target, body);
            HttpRequest.Builder request =
                    HttpRequest.newBuilder(engine.resolve(exchange.getRequestURI()))
                            .timeout(Duration.ofSeconds(60))
                            .method(
                                    exchange.getRequestMethod(),
                                    HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
                if (!NOT_COPIED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                    header.getValue().forEach(value -> request.header(header.getKey(), value));
                }
            }
            HttpResponse<byte[]> response =
                    client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            response.headers()
                    .map()
                    .forEach(
                            (name, values) -> {
                                if (!NOT_COPIED.contains(name.toLowerCase(Locale.ROOT))
                                        && !name.startsWith(":")) {
                                    exchange.getResponseHeaders().put(name, values);
                                }
                            });
            exchange.sendResponseHeaders(
                    response.statusCode(),
                    response.body().length == 0 ? -1 : response.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void log(String target, byte[] body) {
        if (target == null) {
            return;
        }
        String operation = target.substring(target.lastIndexOf('.') + 1);
        JsonNode table;
        try {
            table = json.readTree(body).get("TableName");
        } catch (IOException notJson) {
            table = null;
        }
        requests.add(table == null ? operation : operation + " " + table.asText());
    }

    @Override
    public void close() {
        gate.countDown();
        server.stop(0);
    }
}
