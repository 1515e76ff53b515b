package io.dynoscope.ui.expression;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.repository.QuerySpec;
import io.dynoscope.repository.ScanSpec;
import io.dynoscope.repository.UpdateSpec;

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
        QuerySpec spec =
                QuerySpec.of(request.table(), request.expression(ExpressionKind.KEY_CONDITION))
                        .withFilter(request.expression(ExpressionKind.FILTER))
                        .withProjection(request.expression(ExpressionKind.PROJECTION));
        if (request.index().isPresent()) {
            spec = spec.onIndex(request.index().get());
        }
        return request.scanForward() ? spec : spec.descending();
    }

    /** The Scan of a {@link Operation#SCAN} request. */
    public static ScanSpec scan(SnippetRequest request) {
        expect(request, Operation.SCAN);
        ScanSpec spec =
                ScanSpec.table(request.table())
                        .withFilter(request.expression(ExpressionKind.FILTER))
                        .withProjection(request.expression(ExpressionKind.PROJECTION));
        return request.index().map(spec::onIndex).orElse(spec);
    }

    /** The UpdateItem of an {@link Operation#UPDATE_ITEM} request, with its condition if any. */
    public static UpdateSpec update(SnippetRequest request) {
        expect(request, Operation.UPDATE_ITEM);
        return new UpdateSpec(
                request.table(),
                request.key().orElseThrow(),
                request.expression(ExpressionKind.UPDATE),
                request.expression(ExpressionKind.CONDITION));
    }

    /** The condition of an {@link Operation#DELETE_ITEM} request, or null when it has none. */
    public static CompiledExpression deleteCondition(SnippetRequest request) {
        expect(request, Operation.DELETE_ITEM);
        return request.expression(ExpressionKind.CONDITION);
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
