package io.dynoscope.testsupport;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.TableDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The issue's support desk (issue 33): accounts ({@code ACC#a001 / META}), their contacts ({@code
 * CONTACT#c0001}) and tickets ({@code TICKET#t0001} with a priority, an {@code OPEN} or {@code
 * CLOSED} state and the time it was opened, November and December 2026). Version 2 of the model
 * adds {@code GSI1} keyed {@code TICKET#{priority}} / {@code {state}#{openedAt}} and the pattern
 * "open tickets of a priority, newest first": {@code begins_with(GSI1SK, "OPEN#")}.
 */
public final class TicketFixture {

    public static final KeySchema KEYS = KeySchema.of("PK", "SK");
    public static final String[] PRIORITIES = {"P1", "P2", "P3", "P4"};
    private static final Instant NOVEMBER = Instant.parse("2026-11-01T00:00:00Z");

    private TicketFixture() {}

    /** A table keyed PK / SK, without an index, as version 1 has it. */
    public static String table(String prefix) {
        return TestEngine.freshTable(
                new TableDefinition(
                        prefix, KEYS, Map.of("PK", "S", "SK", "S"), List.of(), List.of()));
    }

    /**
     * {@code accounts} accounts with 5 contacts and 100 tickets each; every third ticket is closed,
     * and tickets opened in December are closed more often (every other one), as a desk that closes
     * what came in last.
     */
    public static List<Item> items(int accounts) {
        List<Item> items = new ArrayList<>();
        int ticket = 0;
        for (int a = 1; a <= accounts; a++) {
            String account = String.format("ACC#a%03d", a);
            items.add(item(account, "META", Map.of("name", s("Account " + a))));
            for (int c = 1; c <= 5; c++) {
                items.add(
                        item(
                                account,
                                String.format("CONTACT#c%04d", (a - 1) * 5 + c),
                                Map.of("email", s("c" + c + "@a" + a + ".example"))));
            }
            for (int t = 1; t <= 100; t++) {
                ticket++;
                Instant opened = NOVEMBER.plusSeconds(3600L * ((ticket * 7L) % 1464));
                boolean december = opened.toString().startsWith("2026-12");
                boolean closed = december ? ticket % 2 == 0 : ticket % 3 == 0;
                items.add(
                        item(
                                account,
                                String.format("TICKET#t%04d", t),
                                Map.of(
                                        "priority", s(PRIORITIES[ticket % PRIORITIES.length]),
                                        "state", s(closed ? "CLOSED" : "OPEN"),
                                        "openedAt", s(opened.toString()),
                                        "subject", s("Ticket " + ticket))));
            }
        }
        return items;
    }

    private static Item item(String pk, String sk, Map<String, AttributeValue> rest) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("PK", s(pk));
        attributes.put("SK", s(sk));
        attributes.putAll(rest);
        return Item.of(attributes);
    }

    private static final String ENTITIES_V1 =
            """
                {"name": "account", "partitionKey": "ACC#{accountId}", "sortKey": "META",
                 "attributes": [{"name": "name", "type": "S"}]},
                {"name": "contact", "partitionKey": "ACC#{accountId}", "sortKey": "CONTACT#{contactId}",
                 "attributes": [{"name": "email", "type": "S"}]},
            """;

    /** Version 1: the three entities and their table patterns. */
    public static final String V1 =
            """
            {"format": "dynoscope-model", "version": 1, "tables": [{
              "table": "desk", "partitionKey": {"name": "PK", "type": "S"},
              "sortKey": {"name": "SK", "type": "S"},
              "entities": [
            """
                    + ENTITIES_V1
                    + """
                {"name": "ticket", "partitionKey": "ACC#{accountId}", "sortKey": "TICKET#{ticketId}",
                 "attributes": [{"name": "priority", "type": "S"}, {"name": "state", "type": "S"},
                                {"name": "openedAt", "type": "S"}]}],
              "accessPatterns": [
                {"name": "tickets of an account", "operation": "QUERY", "entities": ["ticket"],
                 "partitionKey": "ACC#{accountId}", "sortKey": {"operator": "BEGINS_WITH", "value": "TICKET#"}}]
            }]}
            """;

    /** Version 2: {@code GSI1} and the open tickets of a priority, newest first. */
    public static String v2(String sortKeyTemplate) {
        return v2(sortKeyTemplate, "");
    }

    /**
     * Version 2 with {@code GSI1}'s sort-key template and more patterns (JSON, each led by ",").
     */
    public static String v2(String sortKeyTemplate, String morePatterns) {
        return """
            {"format": "dynoscope-model", "version": 1, "tables": [{
              "table": "desk", "partitionKey": {"name": "PK", "type": "S"},
              "sortKey": {"name": "SK", "type": "S"},
              "indexes": [{"name": "GSI1", "kind": "GSI", "projection": "ALL",
                "partitionKey": {"name": "GSI1PK", "type": "S"}, "sortKey": {"name": "GSI1SK", "type": "S"}}],
              "entities": [
            """
                + ENTITIES_V1
                + """
                {"name": "ticket", "partitionKey": "ACC#{accountId}", "sortKey": "TICKET#{ticketId}",
                 "attributes": [{"name": "priority", "type": "S"}, {"name": "state", "type": "S"},
                                {"name": "openedAt", "type": "S"}],
                 "indexKeys": {"GSI1": {"partitionKey": "TICKET#{priority}", "sortKey": "SORT_KEY"}}}],
              "accessPatterns": [
                {"name": "tickets of an account", "operation": "QUERY", "entities": ["ticket"],
                 "partitionKey": "ACC#{accountId}", "sortKey": {"operator": "BEGINS_WITH", "value": "TICKET#"}},
                {"name": "open tickets of a priority, newest first", "operation": "QUERY",
                 "entities": ["ticket"], "index": "GSI1", "partitionKey": "TICKET#{priority}",
                 "sortKey": {"operator": "BEGINS_WITH", "value": "OPEN#"}, "newestFirst": true}MORE]
            }]}
            """
                        .replace("SORT_KEY", sortKeyTemplate)
                        .replace("MORE", morePatterns);
    }

    /** Version 2 as the issue has it. */
    public static final String V2 = v2("{state}#{openedAt}");
}
