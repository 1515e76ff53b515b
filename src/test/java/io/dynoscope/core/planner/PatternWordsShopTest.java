package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AttributeModel;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Phrasings of order, limit, count, ranges and single reads that the corpus words differently, read
 * on a small shop: each with the reading a person would give it (what is returned, which values the
 * caller has, one or many, the range, the order, the limit, whether only a count).
 */
class PatternWordsShopTest {

    private static final List<EntitySpec> SHOP =
            List.of(
                    EntitySpec.of(
                            "customer",
                            null,
                            null,
                            List.of(
                                    attribute("name", AttributeValue.Type.S),
                                    attribute("email", AttributeValue.Type.S),
                                    attribute("score", AttributeValue.Type.N))),
                    EntitySpec.of(
                            "agent", null, null, List.of(attribute("name", AttributeValue.Type.S))),
                    EntitySpec.of(
                            "order",
                            null,
                            "customer",
                            List.of(
                                    attribute("status", AttributeValue.Type.S),
                                    attribute("placedAt", AttributeValue.Type.S),
                                    attribute("total", AttributeValue.Type.N),
                                    attribute("agentId", AttributeValue.Type.S))));

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Get the last order of a customer"
                        + " | [order] given [customerId] many order placedAt desc limit 1",
                "Get the most recent order of a customer"
                        + " | [order] given [customerId] many order placedAt desc limit 1",
                "Get the latest 5 orders of a customer"
                        + " | [order] given [customerId] many order placedAt desc limit 5",
                "Get the 5 most recent orders of a customer"
                        + " | [order] given [customerId] many order placedAt desc limit 5",
                "List the orders of a customer, oldest first"
                        + " | [order] given [customerId] many order placedAt asc",
                "Get the orders of a customer with a given status, newest first"
                        + " | [order] given [customerId, status] many order placedAt desc",
                "Count the orders of a customer | [order] given [customerId] many count",
                "Number of orders of a customer | [order] given [customerId] many count",
                "List the orders of a customer placed in the last 7 days"
                        + " | [order] given [customerId] many range placedAt AFTER",
                "List the orders of a customer placed since a date"
                        + " | [order] given [customerId] many range placedAt AFTER",
                "List the orders of a customer placed before a date"
                        + " | [order] given [customerId] many range placedAt BEFORE",
                "List the orders of a customer placed until a date"
                        + " | [order] given [customerId] many range placedAt BEFORE",
                "List the orders of a customer for a specific date"
                        + " | [order] given [customerId] many range placedAt PREFIX",
                "List the orders of a customer between two dates"
                        + " | [order] given [customerId] many range placedAt BETWEEN",
                "List the orders of a customer for a given date range"
                        + " | [order] given [customerId] many range placedAt BETWEEN",
                "List orders with status = SHIPPED | [order] given [status] many",
                "List orders by status | [order] given [status] many",
                "List the orders of a given agentId | [order] given [agentId] many",
                "List customers by email | [customer] given [email] many",
                "Get a specific order | [order] given [customerId, orderId] one",
                "Get an order by its id | [order] given [customerId, orderId] one UNSURE [The caller must"
                        + " also have customerId to find order items; the words do not name it.]",
                "Get one customer | [customer] given [customerId] one",
                "List every customer | [customer] given [] many",
            })
    void aSentenceReadsAsAPersonWouldReadIt(String words, String reading) {
        assertEquals(reading, PatternWordsCorpusTest.describe(PatternWords.read(words, SHOP)));
    }

    private static AttributeModel attribute(String name, AttributeValue.Type type) {
        return new AttributeModel(name, type);
    }
}
