package io.dynoscope.service.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.core.item.ValueText;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.settings.ExpressionSpec;
import io.dynoscope.settings.PastRead;
import io.dynoscope.settings.ReadSpec;
import io.dynoscope.settings.Reads;
import io.dynoscope.settings.SavedRead;
import io.dynoscope.settings.SettingsService;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The reads a person keeps in the settings: reads saved under a name for a table, and the history
 * of the last {@value Reads#HISTORY_KEPT} reads run on each connection with what they cost. A read
 * is kept as a {@link ReadSpec} — key values and expression values in DynamoDB JSON, so they come
 * back exact — and turned back into a {@link ReadRequest} against the table's description when it
 * runs again.
 */
public final class SavedReads {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SettingsService settings;
    private final Clock clock;

    public SavedReads(SettingsService settings) {
        this(settings, Clock.systemUTC());
    }

    SavedReads(SettingsService settings, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    // ---- saved reads -----------------------------------------------------------------------

    /** The reads saved for {@code table}, in the order they were saved. */
    public List<SavedRead> saved(String table) {
        return settings.current().reads().savedOf(table);
    }

    /** Saves {@code request} under {@code name} for its table; a read of that name is replaced. */
    public void save(String name, ReadRequest request) {
        String trimmed = name == null ? "" : name.strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("a saved read needs a name");
        }
        SavedRead read = new SavedRead(trimmed, spec(request));
        settings.update(s -> s.withReads(s.reads().withSaved(request.table(), read)));
    }

    /** Forgets the read saved for {@code table} under {@code name}. */
    public void remove(String table, String name) {
        settings.update(s -> s.withReads(s.reads().withoutSaved(table, name)));
    }

    // ---- history ---------------------------------------------------------------------------

    /** The reads run on {@code connection}, newest first. */
    public List<PastRead> history(String connection) {
        return settings.current().reads().historyOf(connection);
    }

    /**
     * Records a read that ended, with what it cost in all. A read continued by "load more" ({@code
     * continued}) takes the place of its first part, so it is one entry with the figures of every
     * part.
     *
     * @param items the items the read brought
     */
    public void record(
            String connection,
            ReadRequest request,
            ReadStatistics totals,
            long items,
            boolean continued) {
        PastRead past =
                new PastRead(
                        clock.millis(),
                        spec(request),
                        totals.requests(),
                        totals.consumedCapacity(),
                        items,
                        totals.elapsed().toMillis());
        settings.update(
                s -> {
                    List<PastRead> before = s.reads().historyOf(connection);
                    boolean replaces =
                            continued
                                    && !before.isEmpty()
                                    && before.get(0).read().equals(past.read());
                    return s.withReads(s.reads().withPast(connection, past, replaces));
                });
    }

    // ---- reads and their kept form ---------------------------------------------------------

    /** The form a read is kept in. */
    public static ReadSpec spec(ReadRequest request) {
        KeyCondition key = request.keyCondition();
        SortKeyCondition sortKey = key == null ? null : key.sortKey().orElse(null);
        return new ReadSpec(
                request.table(),
                request.mode().name(),
                request.index(),
                key == null ? null : json(ItemJson.DYNAMODB.write(key.partitionValue())),
                sortKey == null ? null : sortKey.operator().name(),
                sortKey == null ? null : json(ItemJson.DYNAMODB.write(sortKey.value())),
                sortKey == null || sortKey.upper() == null
                        ? null
                        : json(ItemJson.DYNAMODB.write(sortKey.upper())),
                request.scanForward(),
                expression(request.filter()),
                expression(request.projection()),
                request.segments(),
                request.limit(),
                request.consistentRead());
    }

    /**
     * The read a kept form describes, against the table as it is now.
     *
     * @throws IllegalArgumentException when it no longer fits the table (an index gone, a key of
     *     another type) or the file holds something unreadable
     */
    public static ReadRequest request(ReadSpec spec, TableInfo info) {
        ReadMode mode;
        try {
            mode = ReadMode.valueOf(spec.mode());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + spec.mode() + "' is not a read", e);
        }
        if (!spec.table().equals(info.name())) {
            throw new IllegalArgumentException(
                    "the read is of table " + spec.table() + ", not " + info.name());
        }
        KeySchema keys = info.keySchemaOf(spec.index());
        KeyCondition key = null;
        if (mode != ReadMode.SCAN) {
            if (spec.partitionKey() == null) {
                throw new IllegalArgumentException("the read has no partition-key value");
            }
            key = KeyCondition.partition(keys, value(spec.partitionKey()));
            if (spec.sortKeyOperator() != null) {
                SortKeyCondition.Operator operator =
                        SortKeyCondition.Operator.valueOf(spec.sortKeyOperator());
                key =
                        key.and(
                                operator == SortKeyCondition.Operator.BETWEEN
                                        ? SortKeyCondition.between(
                                                value(spec.sortKey()), value(spec.sortKeyUpper()))
                                        : SortKeyCondition.of(operator, value(spec.sortKey())));
            }
        }
        return new ReadRequest(
                spec.table(),
                mode,
                spec.index(),
                key,
                spec.scanForward(),
                expression(spec.filter()),
                expression(spec.projection()),
                Math.max(1, spec.segments()),
                Math.max(0, spec.limit()),
                spec.consistentRead());
    }

    /**
     * A read in a few words, the way the read bar reads: {@code Query (byStatus) status = ACTIVE ·
     * Detail begins_with PROJ# · newest first · filter #n = :n · limit 100}.
     */
    public static String describe(ReadSpec spec) {
        List<String> parts = new ArrayList<>();
        String mode =
                switch (spec.mode()) {
                    case "QUERY" -> "Query";
                    case "SCAN" -> "Scan";
                    case "GET" -> "GetItem";
                    default -> spec.mode();
                };
        parts.add(mode + (spec.index() == null ? "" : " (" + spec.index() + ")"));
        if (spec.partitionKey() != null) {
            parts.add(text(spec.partitionKey()));
        }
        if (spec.sortKeyOperator() != null && !"GET".equals(spec.mode())) {
            String operator = SortKeyCondition.Operator.valueOf(spec.sortKeyOperator()).toString();
            parts.add(
                    "sort key "
                            + operator
                            + " "
                            + text(spec.sortKey())
                            + (spec.sortKeyUpper() == null
                                    ? ""
                                    : " and " + text(spec.sortKeyUpper())));
        } else if (spec.sortKey() != null) {
            parts.add(text(spec.sortKey()));
        }
        if ("QUERY".equals(spec.mode()) && !spec.scanForward()) {
            parts.add("newest first");
        }
        if (spec.filter() != null) {
            parts.add("filter " + withValues(spec.filter()));
        }
        if (spec.projection() != null) {
            parts.add("projection " + withNames(spec.projection().text(), spec.projection()));
        }
        if (spec.segments() > 1) {
            parts.add(spec.segments() + " segments");
        }
        parts.add(
                spec.limit() == 0
                        ? "no limit"
                        : String.format(Locale.ROOT, "limit %,d", spec.limit()));
        if (spec.consistentRead()) {
            parts.add("consistent");
        }
        return String.join(" · ", parts);
    }

    /** What a past read cost: {@code 3 requests · 1.5 RCU · 120 items · 14 ms}. */
    public static String figures(PastRead past) {
        return past.requests()
                + (past.requests() == 1 ? " request · " : " requests · ")
                + ValueText.capacityUnits(past.capacity())
                + " RCU · "
                + String.format(Locale.ROOT, "%,d", past.items())
                + (past.items() == 1 ? " item · " : " items · ")
                + past.millis()
                + " ms";
    }

    /** An expression's text with its placeholders replaced by what they stand for. */
    private static String withValues(ExpressionSpec expression) {
        String text = withNames(expression.text(), expression);
        Map<String, AttributeValue> values =
                expression.values() == null
                        ? Map.of()
                        : ExpressionMaps.values(expression.values().toString());
        // longest first, so :s does not replace the start of :st
        List<String> placeholders = new ArrayList<>(values.keySet());
        placeholders.sort((a, b) -> b.length() - a.length());
        for (String placeholder : placeholders) {
            text = text.replace(placeholder, ItemJson.DYNAMODB.write(values.get(placeholder)));
        }
        return text;
    }

    private static String withNames(String text, ExpressionSpec expression) {
        List<String> placeholders = new ArrayList<>(expression.names().keySet());
        placeholders.sort((a, b) -> b.length() - a.length());
        String named = text;
        for (String placeholder : placeholders) {
            named = named.replace(placeholder, expression.names().get(placeholder));
        }
        return named;
    }

    private static String text(JsonNode value) {
        return KeyValues.text(value(value));
    }

    private static ExpressionSpec expression(CompiledExpression expression) {
        if (expression == null) {
            return null;
        }
        return new ExpressionSpec(
                expression.text(),
                expression.names(),
                expression.values().isEmpty()
                        ? null
                        : json(ExpressionMaps.valuesJson(expression.values())));
    }

    private static CompiledExpression expression(ExpressionSpec spec) {
        if (spec == null) {
            return null;
        }
        Map<String, AttributeValue> values =
                spec.values() == null ? Map.of() : ExpressionMaps.values(spec.values().toString());
        return new CompiledExpression(spec.text(), spec.names(), values);
    }

    private static AttributeValue value(JsonNode json) {
        if (json == null) {
            throw new IllegalArgumentException("a key value is missing");
        }
        return ItemJson.DYNAMODB.readValue(json.toString());
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("DynamoDB JSON written here does not parse", e);
        }
    }
}
