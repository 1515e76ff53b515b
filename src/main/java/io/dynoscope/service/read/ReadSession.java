package io.dynoscope.service.read;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.GetResult;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One read and its continuations ("load more"): it remembers where the last part stopped and what
 * all its requests cost together. Not thread-safe: one part runs at a time.
 */
public final class ReadSession {

    private final DynamoRepository repository;
    private final ReadRequest request;
    private Key resumeKey;
    private boolean started;
    private ReadStatistics totals = ReadStatistics.NONE;
    private AttributeValue parentMarker;
    private boolean parentDelivered;

    public ReadSession(DynamoRepository repository, ReadRequest request) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.request = Objects.requireNonNull(request, "request");
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
        return !started || resumeKey != null;
    }

    /** What every part read so far cost together. */
    public ReadStatistics totals() {
        return totals;
    }
}
