package io.dynoscope.service.store;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How long one DynamoDB request may take: {@code apiCall} with its retries, {@code attempt} each
 * try. A server that accepts the connection and never answers, or answers a byte at a time, is
 * given up on after {@code apiCall} with a message that says so.
 */
public record RequestTimeouts(Duration apiCall, Duration attempt) {

    private static final Duration MIN_ATTEMPT = Duration.ofSeconds(20);

    /** A minute a request, 20 s an attempt: a hung attempt is retried twice within the minute. */
    public static final RequestTimeouts DEFAULT = of(Duration.ofSeconds(60));

    public RequestTimeouts {
        Objects.requireNonNull(apiCall, "apiCall");
        Objects.requireNonNull(attempt, "attempt");
        if (apiCall.isNegative() || apiCall.isZero() || attempt.isNegative() || attempt.isZero()) {
            throw new IllegalArgumentException("a timeout must be longer than zero");
        }
    }

    /**
     * A request may take {@code apiCall} in all; an attempt a third of it, but at least 20 s (all
     * of it when that is shorter), so a slow answer is not cut off to make room for retries.
     */
    public static RequestTimeouts of(Duration apiCall) {
        Duration third = apiCall.dividedBy(3);
        Duration attempt =
                apiCall.compareTo(MIN_ATTEMPT) <= 0
                        ? apiCall
                        : third.compareTo(MIN_ATTEMPT) > 0 ? third : MIN_ATTEMPT;
        return new RequestTimeouts(apiCall, attempt);
    }

    /** A duration as people say it: {@code 2 s}, {@code 1.5 s}, {@code 250 ms}. */
    public static String show(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1_000) {
            return millis + " ms";
        }
        return millis % 1_000 == 0
                ? millis / 1_000 + " s"
                : String.format(Locale.ROOT, "%.1f s", millis / 1_000.0);
    }
}
