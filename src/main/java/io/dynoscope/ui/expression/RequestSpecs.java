package io.dynoscope.ui.expression;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Operation;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.service.store.UpdateSpec;

/**
 * The write service's form of a write the builder ran: an UpdateItem, or a DeleteItem's condition
 * (its reads run into the grid as {@code ReadRequest}s). The maps travel with the first expression
 * of the request (the repository merges the maps of a request's expressions).
 */
public final class RequestSpecs {

    private RequestSpecs() {}

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
