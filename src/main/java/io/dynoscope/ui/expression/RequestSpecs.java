package io.dynoscope.ui.expression;

import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.snippet.Operation;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.repository.ExpressionSpec;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ScanSpec;
import io.dynoscope.repository.UpdateSpec;
import java.util.Map;

/**
 * The repository's form of a request the builder ran: a Query or Scan for the grid, an UpdateItem,
 * or a DeleteItem's condition. The maps travel with the first expression of the request (the
 * repository merges the maps of a request's expressions).
 */
public final class RequestSpecs {

    private RequestSpecs() {}

    /** The Query of a {@link Operation#QUERY} request. */
    public static QuerySpec query(SnippetRequest request) {
        expect(request, Operation.QUERY);
        ExpressionSpec keyCondition =
                new ExpressionSpec(
                        request.expressions().get(ExpressionKind.KEY_CONDITION),
                        request.names(),
                        request.values());
        QuerySpec spec =
                new QuerySpec(
                        request.table(),
                        null,
                        keyCondition,
                        null,
                        null,
                        true,
                        null,
                        null,
                        0,
                        0,
                        null,
                        false);
        spec = withReadExpressions(spec, request);
        if (request.index().isPresent()) {
            spec = spec.onIndex(request.index().get());
        }
        return request.scanForward() ? spec : spec.descending();
    }

    /** The Scan of a {@link Operation#SCAN} request. */
    public static ScanSpec scan(SnippetRequest request) {
        expect(request, Operation.SCAN);
        ScanSpec spec = ScanSpec.table(request.table());
        String filter = request.expressions().get(ExpressionKind.FILTER);
        String projection = request.expressions().get(ExpressionKind.PROJECTION);
        if (filter != null) {
            spec = spec.withFilter(new ExpressionSpec(filter, request.names(), request.values()));
        }
        if (projection != null) {
            spec =
                    spec.withProjection(
                            new ExpressionSpec(
                                    projection,
                                    filter == null ? request.names() : Map.of(),
                                    Map.of()));
        }
        return request.index().map(spec::onIndex).orElse(spec);
    }

    /** The UpdateItem of an {@link Operation#UPDATE_ITEM} request, with its condition if any. */
    public static UpdateSpec update(SnippetRequest request) {
        expect(request, Operation.UPDATE_ITEM);
        return new UpdateSpec(
                request.table(),
                request.key().orElseThrow(),
                request.expressions().get(ExpressionKind.UPDATE),
                request.expressions().get(ExpressionKind.CONDITION),
                request.names(),
                request.values());
    }

    /** The condition of an {@link Operation#DELETE_ITEM} request, or null when it has none. */
    public static ExpressionSpec deleteCondition(SnippetRequest request) {
        expect(request, Operation.DELETE_ITEM);
        String condition = request.expressions().get(ExpressionKind.CONDITION);
        return condition == null
                ? null
                : new ExpressionSpec(condition, request.names(), request.values());
    }

    private static QuerySpec withReadExpressions(QuerySpec spec, SnippetRequest request) {
        String filter = request.expressions().get(ExpressionKind.FILTER);
        String projection = request.expressions().get(ExpressionKind.PROJECTION);
        if (filter != null) {
            spec = spec.withFilter(ExpressionSpec.of(filter));
        }
        if (projection != null) {
            spec = spec.withProjection(new ExpressionSpec(projection, request.names(), Map.of()));
        }
        return spec;
    }

    private static void expect(SnippetRequest request, Operation operation) {
        if (request.operation() != operation) {
            throw new IllegalArgumentException(
                    "a "
                            + request.operation().apiName()
                            + " request is not a "
                            + operation.apiName());
        }
    }
}
