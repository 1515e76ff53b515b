package io.dynoscope.service.read;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.GetResult;
import io.dynoscope.repository.Page;
import io.dynoscope.repository.PageListener;
import io.dynoscope.repository.ReadResult;
import io.dynoscope.repository.ReadStatistics;
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

    public ReadSession(DynamoRepository repository, ReadRequest request) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.request = Objects.requireNonNull(request, "request");
    }

    public ReadRequest request() {
        return request;
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
        ReadResult result =
                switch (request.mode()) {
                    case QUERY ->
                            repository.query(request.query(startAfter), listener, cancellation);
                    case SCAN -> repository.scan(request.scan(startAfter), listener, cancellation);
                    case GET -> get(listener);
                };
        resumeKey = result.resumeKey();
        totals = totals.plus(result.statistics());
        return result;
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
