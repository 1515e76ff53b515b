package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A read as it is kept in the file: the service layer's read request, key values and expression
 * values in DynamoDB JSON so that they come back exact.
 *
 * @param mode QUERY, SCAN or GET
 * @param index the index read, or null for the table
 * @param partitionKey the partition-key value of a Query or GetItem ({@code {"S": "WS#acme"}}), or
 *     null for a Scan
 * @param sortKeyOperator the sort-key comparison (SortKeyCondition.Operator), or null
 * @param sortKey the value it compares with, or null
 * @param sortKeyUpper the upper bound of BETWEEN, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadSpec(
        String table,
        String mode,
        String index,
        JsonNode partitionKey,
        String sortKeyOperator,
        JsonNode sortKey,
        JsonNode sortKeyUpper,
        boolean scanForward,
        ExpressionSpec filter,
        ExpressionSpec projection,
        int segments,
        int limit,
        boolean consistentRead) {
    public ReadSpec {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(mode, "mode");
    }
}
