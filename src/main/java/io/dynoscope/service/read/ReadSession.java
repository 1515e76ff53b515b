package io.dynoscope.service.read;

import io.dynoscope.core.collection.ShardedCollection;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.partitions.ShardedKey;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.Page;
import io.dynoscope.core.table.PageListener;
import io.dynoscope.core.table.ReadResult;
import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.GetResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One read and its continuations ("load more"): it remembers where the last part stopped and what
 * all its requests cost together. Not thread-safe: one part runs at a time.
 *
 * <p>A Query whose partition-key value names a write-sharded key — a shard range such as {@code
 * WS#acme#{01..10}}, or {@code WS#big#{shard}} for the shards the table's model gives — is a
 * fan-out ({@link FanOutRead}): every shard is queried at once, the items arrive merged in sort-key
 * order as one stream, "load more" continues the shards that have more, the statistics add up every
 * shard's requests, and a cancel stops every shard. Whoever reads sees one read either way.
 */
public final class ReadSession {

    private final DynamoRepository repository;
    private final ReadRequest request;
    private final FanOutRead fanOut;
    private final ShardedCollection sharded;
    private Key resumeKey;
    private boolean started;
    private ReadStatistics totals = ReadStatistics.NONE;
    private AttributeValue parentMarker;
    private boolean parentDelivered;

    /**
     * A read; a Query of a write-sharded key reads its shards as one (see the class comment).
     *
     * @param model the table's model, whose shard groups name sharded keys, or null
     * @param partitionKeyType the declared type of the partition key read (S or N), which the
     *     shards' values take
     * @throws IllegalArgumentException when the partition-key value holds a shard range that cannot
     *     be read (an unbound name, a single shard)
     */
    ReadSession(
            DynamoRepository repository,
            ReadRequest request,
            TableModel model,
            KeyType partitionKeyType) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.request = Objects.requireNonNull(request, "request");
        this.sharded = shardedCollection(request, model, partitionKeyType).orElse(null);
        this.fanOut =
                sharded == null
                        ? null
                        : new FanOutRead(repository, FanOutQuery.of(request, sharded.shards()));
    }

    /**
     * The logical collection a Query reads when its partition-key value names a write-sharded key:
     * a shard range ({@code WS#acme#{01..10}}), or a value followed by the name of a shard in
     * {@code model}'s shard groups ({@code WS#big#{shard}} with the group {@code
     * WS#{workspaceId}#{shard:01..10}}). A plain value is one Query, sharded or not. In the second
     * case, and in the first when the range is of a tenant the model shards, the value's own
     * partition is read too, first: the model says where the shards are, not that nothing lives
     * under the plain value (a workspace's own item, say).
     *
     * @throws IllegalArgumentException for a shard range that cannot be read
     */
    static Optional<ShardedCollection> shardedCollection(
            ReadRequest request, TableModel model, KeyType partitionKeyType) {
        if (request.mode() != ReadMode.QUERY
                || !(request.keyCondition().partitionValue() instanceof AttributeValue.Str typed)) {
            return Optional.empty();
        }
        // the model's shards of a value, asked for by name: WS#big#{shard}
        if (model != null && request.index() == null) {
            Optional<ShardedKey> inModel = ShardedKey.namedInModel(model, typed.value());
            if (inModel.isPresent()) {
                return Optional.of(withBase(inModel.get(), partitionKeyType));
            }
        }
        Optional<ShardedKey> range = ShardedKey.find(typed.value());
        // a range of a tenant the model shards, WS#big#{01..10}: its own partition too, where its
        // META item is (a read of the shards alone left it out)
        if (range.isPresent() && model != null && request.index() == null) {
            ShardedKey key = range.get();
            boolean tenantsShards =
                    ShardedKey.inModel(model, key.name())
                            .filter(tenant -> tenant.shards().containsAll(key.shards()))
                            .isPresent();
            if (tenantsShards) {
                return Optional.of(withBase(key, partitionKeyType));
            }
        }
        return range.map(key -> key.collection(partitionKeyType));
    }

    /** The shards of {@code key}, after its unsharded partition ({@code WS#big}), read first. */
    private static ShardedCollection withBase(ShardedKey key, KeyType keyType) {
        List<AttributeValue> partitions = new ArrayList<>();
        partitions.add(AttributeValue.s(key.name()));
        partitions.addAll(key.shardValues(keyType));
        return new ShardedCollection(AttributeValue.s(key.text()), key.name(), partitions);
    }

    /** The write-sharded key this read fans out over, if it does. */
    public Optional<ShardedCollection> sharded() {
        return Optional.ofNullable(sharded);
    }

    /** Each shard's part of a fan-out so far, in shard order; empty for a plain read. */
    public List<FanOutRead.ShardProgress> shards() {
        return fanOut == null ? List.of() : fanOut.shards();
    }

    public ReadRequest request() {
        return request;
    }

    /**
     * Makes sure the collection's parent (the item whose sort key is {@code marker}, shown first)
     * arrives even when this read walks the collection newest first and stops before reaching it (a
     * limit, or the 1 MB page): that part then reads the parent with one more request. The parent
     * arrives once; a later part that meets it again leaves it out.
     */
    public ReadSession pinParent(AttributeValue marker) {
        this.parentMarker = Objects.requireNonNull(marker, "marker");
        return this;
    }

    /**
     * Reads the first part, or continues where the last part stopped; pages go to {@code listener}
     * as they arrive (on the calling thread).
     *
     * @throws IllegalStateException when the read is complete
     */
    public ReadResult next(PageListener listener, Cancellation cancellation) {
        if (!hasMore()) {
            throw new IllegalStateException("the read is complete: there is nothing more to read");
        }
        if (fanOut != null) {
            started = true;
            FanOutRead.Result part = fanOut.read(request.limit(), listener, cancellation);
            totals = totals.plus(part.statistics());
            return new ReadResult(part.statistics(), null, part.cancelled());
        }
        Key startAfter = resumeKey;
        started = true;
        boolean pinning = parentMarker != null && request.walksTowardsParent(parentMarker);
        PageListener delivered = pinning ? page -> listener.onPage(onceParent(page)) : listener;
        ReadResult result =
                switch (request.mode()) {
                    case QUERY ->
                            repository.query(request.query(startAfter), delivered, cancellation);
                    case SCAN -> repository.scan(request.scan(startAfter), delivered, cancellation);
                    case GET -> get(listener);
                };
        if (pinning && !parentDelivered && result.resumeKey() != null && !result.cancelled()) {
            ReadResult parent =
                    repository.query(request.parentQuery(parentMarker), listener, cancellation);
            parentDelivered = true;
            result =
                    new ReadResult(
                            result.statistics().plus(parent.statistics()),
                            result.resumeKey(),
                            result.cancelled() || parent.cancelled());
        }
        resumeKey = result.resumeKey();
        totals = totals.plus(result.statistics());
        return result;
    }

    /** The page without the parent when it was delivered already; notes it when it arrives. */
    private Page onceParent(Page page) {
        String sortKey = request.keyCondition().keys().sortKey().orElseThrow();
        List<Item> items = new ArrayList<>(page.items().size());
        for (Item item : page.items()) {
            if (parentMarker.equals(item.attributes().get(sortKey))) {
                if (parentDelivered) {
                    continue;
                }
                parentDelivered = true;
            }
            items.add(item);
        }
        return items.size() == page.items().size()
                ? page
                : new Page(
                        items,
                        page.scannedCount(),
                        page.lastEvaluatedKey(),
                        page.consumedCapacity(),
                        page.segment());
    }

    private ReadResult get(PageListener listener) {
        GetResult got =
                repository.getItem(request.table(), request.key(), request.consistentRead());
        List<Item> items = got.item().map(List::of).orElse(List.of());
        listener.onPage(
                new Page(items, items.size(), null, got.statistics().consumedCapacity(), 0));
        return new ReadResult(got.statistics(), null, false);
    }

    /** Whether a part is still to read: the first one, or what a limit or a stop left. */
    public boolean hasMore() {
        return !started || (fanOut == null ? resumeKey != null : fanOut.hasMore());
    }

    /** What every part read so far cost together. */
    public ReadStatistics totals() {
        return totals;
    }
}
