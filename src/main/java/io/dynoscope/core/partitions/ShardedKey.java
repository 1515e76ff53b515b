package io.dynoscope.core.partitions;

import io.dynoscope.core.collection.ShardResolver;
import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.ShardGroup;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One write-sharded partition key with every name bound, such as {@code WS#acme#{01..10}}: the
 * partitions ({@code WS#acme#01} … {@code WS#acme#10}) that a fan-out read queries and the grid
 * shows as one logical item collection, {@code WS#acme · 10 shards}.
 */
public final class ShardedKey {

    private final KeyTemplate template;
    private final String name;
    private final List<String> shards;

    private ShardedKey(KeyTemplate template) {
        this.template = template;
        this.shards = template.render(Map.of());
        this.name = template.withoutRange();
    }

    /**
     * Reads a sharded key such as {@code WS#acme#{01..10}}; throws {@link IllegalArgumentException}
     * saying what is wrong when the text is not one.
     */
    public static ShardedKey parse(String text) {
        return find(text)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "'" + text + "' has no shard range such as {01..10}"));
    }

    /**
     * The sharded key a typed partition-key value names, or empty when it is a plain value (no
     * range in braces). Throws {@link IllegalArgumentException} for a range that cannot be read or
     * a name left unbound ({@code WS#{id}#{01..10}}), so the read bar can say so.
     */
    public static Optional<ShardedKey> find(String text) {
        Objects.requireNonNull(text, "text");
        if (!KeyTemplate.holdsRange(text)) {
            return Optional.empty();
        }
        return Optional.of(checked(KeyTemplate.parse(text)));
    }

    private static ShardedKey checked(KeyTemplate template) {
        String text = template.text();
        if (!template.variables().isEmpty()) {
            throw new IllegalArgumentException(
                    "'"
                            + text
                            + "' leaves {"
                            + template.variables().iterator().next()
                            + "} open; write the value it stands for");
        }
        if (template.fanOut() < 2) {
            throw new IllegalArgumentException(
                    "'" + text + "' names a single shard; a fan-out needs at least two");
        }
        return new ShardedKey(template);
    }

    /** The sharded key of one tenant of a model's shard group: its names bound, its range kept. */
    public static ShardedKey of(ShardGroup group, Map<String, String> bindings) {
        for (String name : group.template().variables()) {
            if (!bindings.containsKey(name)) {
                throw new IllegalArgumentException(
                        "shard group '" + group.name() + "' needs a value for {" + name + "}");
            }
        }
        return checked(group.template().bind(bindings));
    }

    /**
     * The model's shards of a value asked for by a shard name after it, {@code WS#big#{shard}}: the
     * sharded key {@link #inModel} gives {@code WS#big}. Empty when the value is not a plain value
     * followed by {@code #{name}}, or when no shard group holds the plain value.
     */
    public static Optional<ShardedKey> namedInModel(TableModel model, String value) {
        KeyTemplate asked;
        try {
            asked = KeyTemplate.parse(value);
        } catch (IllegalArgumentException notATemplate) {
            return Optional.empty();
        }
        String base = asked.literalPrefix();
        if (asked.hasRange()
                || asked.variables().size() != 1
                || base.length() < 2
                || !base.endsWith("#")
                || !value.equals(base + "{" + asked.variables().iterator().next() + "}")) {
            return Optional.empty();
        }
        return inModel(model, base.substring(0, base.length() - 1));
    }

    /**
     * The sharded key a plain value names through the model's shard groups: {@code WS#acme} names
     * {@code WS#acme#{shard:01..10}} when the model has the group {@code
     * WS#{workspaceId}#{shard:01..10}}. Empty when no group's unsharded form matches.
     */
    public static Optional<ShardedKey> inModel(TableModel model, String value) {
        for (ShardGroup group : model.shardGroups()) {
            KeyTemplate unsharded;
            try {
                unsharded = KeyTemplate.parse(group.template().withoutRange());
            } catch (IllegalArgumentException rangeOnly) {
                continue;
            }
            Optional<Map<String, String>> bindings = unsharded.match(value);
            if (bindings.isPresent()) {
                return Optional.of(of(group, bindings.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * The sharded key a shard's partition-key value belongs to through the model's shard groups:
     * {@code WS#acme#03} belongs to {@code WS#acme#{shard:01..10}}.
     */
    public static Optional<ShardedKey> ofShard(TableModel model, String shardValue) {
        return model.shardGroupOf(shardValue)
                .map(group -> of(group, group.match(shardValue).orElseThrow()));
    }

    /**
     * Groups the grid's items by the model's shard groups: every shard of a tenant ({@code
     * WS#acme#01} … {@code WS#acme#10}) under one logical collection, in a Scan as in a fan-out.
     *
     * @param keyType the partition key's type, S or N
     */
    public static ShardResolver resolver(TableModel model, KeyType keyType) {
        return new ShardResolver() {
            @Override
            public Optional<ShardedCollection> shardedCollectionOf(AttributeValue partitionKey) {
                String text;
                if (partitionKey instanceof AttributeValue.Str s) {
                    text = s.value();
                } else if (partitionKey instanceof AttributeValue.Num n) {
                    text = n.text();
                } else {
                    return Optional.empty();
                }
                return ofShard(model, text).map(key -> key.collection(keyType));
            }

            /** {@code WS#big}, the tenant's own partition, owns {@code WS#big#{01..10}}. */
            @Override
            public Optional<ShardedCollection> ownerOf(AttributeValue partitionKey) {
                if (!(partitionKey instanceof AttributeValue.Str s)) {
                    return Optional.empty();
                }
                try {
                    return inModel(model, s.value()).map(key -> key.collection(keyType));
                } catch (IllegalArgumentException notATenant) {
                    // a value with braces in it names no tenant
                    return Optional.empty();
                }
            }
        };
    }

    /** The text with the range, such as {@code WS#acme#{01..10}}. */
    public String text() {
        return template.text();
    }

    public KeyTemplate template() {
        return template;
    }

    /** What the shards together are called, such as {@code WS#acme}. */
    public String name() {
        return name;
    }

    /** The shards' partition-key values in shard order, {@code WS#acme#01} … {@code WS#acme#10}. */
    public List<String> shards() {
        return shards;
    }

    /** {@code WS#acme · 10 shards}. */
    public String label() {
        return name + " · " + shards.size() + " shards";
    }

    /** Whether a partition-key value is one of the shards. */
    public boolean isShard(String value) {
        return template.match(value).isPresent();
    }

    /**
     * The shards as values of the partition key's type: S, or N when the shard values are numbers.
     */
    public List<AttributeValue> shardValues(KeyType keyType) {
        return switch (keyType) {
            case S -> shards.stream().<AttributeValue>map(AttributeValue::s).toList();
            case N -> shards.stream().<AttributeValue>map(AttributeValue::n).toList();
            default ->
                    throw new IllegalArgumentException(
                            "a sharded key of type "
                                    + keyType.descriptor()
                                    + " cannot be written as text");
        };
    }

    /** The logical item collection the grid shows for these shards. */
    public ShardedCollection collection(KeyType keyType) {
        return new ShardedCollection(AttributeValue.s(text()), name, shardValues(keyType));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShardedKey other && template.equals(other.template);
    }

    @Override
    public int hashCode() {
        return template.hashCode();
    }

    @Override
    public String toString() {
        return template.text();
    }
}
