package io.dynoscope.core.item;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

/**
 * A number read as a point in time: epoch seconds (what DynamoDB's TTL expects) or epoch
 * milliseconds (what JavaScript writes), recognised by their size — seconds between 2001-09-09 and
 * 2100-01-01, milliseconds over the same span — so that the grid and the inspector can show the
 * date behind {@code 1767225600}. Other numbers are not dates.
 *
 * @param instant the point in time
 * @param milliseconds whether the number counts milliseconds (else seconds)
 */
public record EpochTime(Instant instant, boolean milliseconds) {

    private static final BigDecimal SECONDS_FROM = BigDecimal.valueOf(1_000_000_000L);
    private static final BigDecimal SECONDS_TO = BigDecimal.valueOf(4_102_444_800L);
    private static final BigDecimal MILLIS_FROM = SECONDS_FROM.movePointRight(3);
    private static final BigDecimal MILLIS_TO = SECONDS_TO.movePointRight(3);
    private static final DateTimeFormatter SHOWN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    /** The time a number stands for, when it is one; strings and other types are not. */
    public static Optional<EpochTime> of(AttributeValue value) {
        if (!(value instanceof AttributeValue.Num number)) {
            return Optional.empty();
        }
        BigDecimal n = number.value();
        if (n.compareTo(SECONDS_FROM) >= 0 && n.compareTo(SECONDS_TO) < 0) {
            long seconds = n.longValue();
            long nanos = n.subtract(BigDecimal.valueOf(seconds)).movePointRight(9).longValue();
            return Optional.of(new EpochTime(Instant.ofEpochSecond(seconds, nanos), false));
        }
        if (n.compareTo(MILLIS_FROM) >= 0
                && n.compareTo(MILLIS_TO) < 0
                && n.stripTrailingZeros().scale() <= 0) {
            return Optional.of(new EpochTime(Instant.ofEpochMilli(n.longValue()), true));
        }
        return Optional.empty();
    }

    /**
     * What a person should know about a value as a time, or empty: the date of an epoch number; for
     * the table's TTL attribute, also the time left ({@code TTL: expires in 3 d 4 h · 2026-01-01
     * 00:00:00 UTC (epoch seconds)}). DynamoDB reads a TTL attribute as epoch seconds only, so a
     * TTL value in milliseconds is said to never expire.
     */
    public static Optional<String> note(AttributeValue value, boolean ttlAttribute, Instant now) {
        Optional<EpochTime> time = of(value);
        if (time.isEmpty()) {
            return ttlAttribute && value != null
                    ? Optional.of("TTL attribute, but not epoch seconds: DynamoDB never expires it")
                    : Optional.empty();
        }
        EpochTime at = time.get();
        if (!ttlAttribute) {
            return Optional.of(at.text());
        }
        if (at.milliseconds()) {
            return Optional.of(
                    "TTL in epoch milliseconds, not seconds: DynamoDB never expires it · "
                            + at.text());
        }
        return Optional.of("TTL: " + at.timeToLive(now) + " · " + at.text());
    }

    /** {@code 2026-01-01 00:00:00 UTC (epoch seconds)}. */
    public String text() {
        return SHOWN.format(instant)
                + (milliseconds ? " (epoch milliseconds)" : " (epoch seconds)");
    }

    /**
     * How far this time is from {@code now}, as a TTL reads: {@code expires in 3 d 4 h}, or {@code
     * expired 2 h 5 min ago}.
     */
    public String timeToLive(Instant now) {
        Duration left = Duration.between(now, instant);
        return left.isNegative()
                ? "expired " + span(left.negated()) + " ago"
                : "expires in " + span(left);
    }

    /** A duration in its two largest units: {@code 3 d 4 h}, {@code 2 h 5 min}, {@code 40 s}. */
    static String span(Duration duration) {
        long days = duration.toDays();
        long hours = duration.toHoursPart();
        long minutes = duration.toMinutesPart();
        long seconds = duration.toSecondsPart();
        if (days > 0) {
            return days + " d" + (hours > 0 ? " " + hours + " h" : "");
        }
        if (hours > 0) {
            return hours + " h" + (minutes > 0 ? " " + minutes + " min" : "");
        }
        if (minutes > 0) {
            return minutes + " min" + (seconds > 0 ? " " + seconds + " s" : "");
        }
        return seconds + " s";
    }
}
