package io.dynoscope.core.model;

import io.dynoscope.core.key.KeyTemplate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How one entity fills the key of the table or of one index: {@code WS#{workspaceId}} / {@code
 * PROJ#{projectId}}.
 *
 * @param sortKey empty for a table or index without a sort key
 */
public record KeyTemplates(KeyTemplate partitionKey, Optional<KeyTemplate> sortKey) {

    public KeyTemplates {
        Objects.requireNonNull(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey");
    }

    /** Parses both templates; {@code sortKey} may be null. */
    public static KeyTemplates of(String partitionKey, String sortKey) {
        return new KeyTemplates(
                KeyTemplate.parse(partitionKey),
                Optional.ofNullable(sortKey).map(KeyTemplate::parse));
    }

    /**
     * The parameters these templates bind from key values, or empty when they do not match.
     *
     * @param sortKeyValue null when the key has no sort key
     */
    public Optional<Map<String, String>> match(String partitionKeyValue, String sortKeyValue) {
        Optional<Map<String, String>> partition = partitionKey.match(partitionKeyValue);
        if (partition.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> bound = new LinkedHashMap<>(partition.get());
        if (sortKey.isPresent()) {
            if (sortKeyValue == null) {
                return Optional.empty();
            }
            Optional<Map<String, String>> sort = sortKey.get().match(sortKeyValue);
            if (sort.isEmpty()) {
                return Optional.empty();
            }
            for (Map.Entry<String, String> e : sort.get().entrySet()) {
                String previous = bound.putIfAbsent(e.getKey(), e.getValue());
                if (previous != null && !previous.equals(e.getValue())) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(bound);
    }

    /**
     * Whether one key can match both: their partition-key templates overlap and, when both have
     * one, their sort-key templates too (a template without a sort key takes any).
     */
    public boolean overlaps(KeyTemplates other) {
        return partitionKey.overlaps(other.partitionKey)
                && (sortKey.isEmpty()
                        || other.sortKey.isEmpty()
                        || sortKey.get().overlaps(other.sortKey.get()));
    }
}
