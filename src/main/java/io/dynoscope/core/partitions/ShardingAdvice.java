package io.dynoscope.core.partitions;

import io.dynoscope.core.item.AttributeValue;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What it takes to write-shard one partition-key value.
 *
 * @param partitionKey the value advised on, such as {@code WS#huge}
 * @param shardsForSize shards to keep each item collection under half the 10 GB limit (1 without an
 *     LSI, which has no limit)
 * @param shardsForReads shards to keep each under 80% of 3,000 read units a second
 * @param shardsForWrites shards to keep each under 80% of 1,000 write units a second
 * @param shards the number advised: the largest of the three, or the number asked for
 * @param reasons one sentence per limit, saying what it calls for
 * @param newKey the sharded key, such as {@code WS#huge#{01..04}}; empty when one partition does
 * @param itemsToRewrite the items a migration rewrites under the new key (each written and its old
 *     copy deleted)
 * @param migrationWriteUnits write units for that: each item's size in KB (rounded up) once to
 *     write it and once to delete the old one, before any index's writes
 * @param migrationReadUnits read units to read the partition once (eventually consistent)
 */
public record ShardingAdvice(
        AttributeValue partitionKey,
        int shardsForSize,
        int shardsForReads,
        int shardsForWrites,
        int shards,
        List<String> reasons,
        Optional<ShardedKey> newKey,
        long itemsToRewrite,
        long migrationWriteUnits,
        long migrationReadUnits) {

    public ShardingAdvice {
        Objects.requireNonNull(partitionKey, "partitionKey");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(newKey, "newKey");
    }

    /** The advice in words: the verdict, one line per limit, and the new key's migration. */
    public String text(String key) {
        StringBuilder text =
                new StringBuilder(
                        needed()
                                ? "Shard " + key + " into " + shards + " partitions."
                                : key + " is within every per-partition limit at this traffic.");
        reasons.forEach(r -> text.append("\n• ").append(r));
        newKey.ifPresent(
                k ->
                        text.append(
                                String.format(
                                        Locale.ROOT,
                                        "%nNew key: %s. Migration: %,d items to rewrite,"
                                                + " %,d write units (write each, delete the old),"
                                                + " %,d read units to read them.",
                                        k.text(),
                                        itemsToRewrite,
                                        migrationWriteUnits,
                                        migrationReadUnits)));
        return text.toString();
    }

    /** Whether the limits call for more than one partition. */
    public boolean needed() {
        return Math.max(shardsForSize, Math.max(shardsForReads, shardsForWrites)) > 1;
    }
}
