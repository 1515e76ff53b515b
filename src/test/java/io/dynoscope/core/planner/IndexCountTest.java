package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Designs an expert would draw: patterns that narrow one hierarchy (country, state, city, zip code)
 * share one index read with {@code begins_with}, and over the corpus the planner uses no more
 * indexes than the published design, except the designs listed with why (each must still use more,
 * so one that stops needs only its line removed).
 */
class IndexCountTest {

    /** Designs the planner gives more indexes than published, with the published count's trick. */
    private static final Map<String, String> KNOWN_OVER =
            Map.of(
                    "order entry and HR (relational modeling)",
                    "employees by name, warehouse, job title and hire date: four partition"
                            + " attributes of one item, where the published design writes extra items",
                    "retail cart",
                    "by account and status and by SKU and status: the published design keys the"
                            + " table by account and needs one index only",
                    "social app (jarek200/social-app)",
                    "posts of a feed, by moderation status and a user's likes: the published"
                            + " design overloads one index (FEED# and USER# partitions) and filters"
                            + " the status",
                    "employees, GSI key overloading (DynamoDB labs)",
                    "by state, current title and name: the published design writes a title and a"
                            + " location item per employee, all on one overloaded index");

    @Test
    void storesNarrowedByCountryStateCityAndZipCodeShareOneIndex() {
        String request =
                """
                { "table": "Stores", "entities": [
                  { "name": "store", "attributes": { "name": "S", "country": "S", "state": "S",
                    "city": "S", "postcode": "S" } } ],
                  "accessPatterns": [
                    "Get a store by its id",
                    "Gather all stores in a particular country",
                    "Gather all stores in a particular state of a country",
                    "Gather all stores in a particular city of a state and country",
                    "Gather all stores in a particular zip code of a city, state and country" ] }
                """;
        TableModel model = Planner.plan(PlanRequest.read(request).input()).design().model();
        assertEquals(1, model.indexes().size(), model.indexes().toString());
        assertEquals(
                KeyTemplates.of("COUNTRY#{country}", "STORE#{state}#{city}#{postcode}"),
                model.entity("store").orElseThrow().indexKeys().get("GSI1"));
        List<AccessPattern> patterns = model.accessPatterns();
        List<String> conditions = new ArrayList<>();
        for (AccessPattern pattern : patterns.subList(1, patterns.size())) {
            assertEquals("GSI1", pattern.index(), pattern.name());
            AccessPattern.SortKeyPattern sk = pattern.sortKey().orElseThrow();
            conditions.add(sk.operator() + " " + sk.value().text());
        }
        assertEquals(
                List.of(
                        "begins_with STORE#",
                        "begins_with STORE#{state}#",
                        "begins_with STORE#{state}#{city}#",
                        "= STORE#{state}#{city}#{postcode}"),
                conditions);
    }

    @Test
    void noMoreIndexesThanThePublishedDesignsExceptThoseListed() {
        List<String> over = new ArrayList<>();
        int compared = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            if (example.publishedIndexes() < 0 || !example.language().equals("en")) {
                continue;
            }
            int planned =
                    Planner.plan(PlanRequest.read(example.planRequest()).input())
                            .design()
                            .model()
                            .indexes()
                            .size();
            compared++;
            boolean known = KNOWN_OVER.containsKey(example.name());
            if (known) {
                assertTrue(
                        planned > example.publishedIndexes(),
                        example.name() + " uses " + planned + " now: drop it from the list");
            } else if (planned > example.publishedIndexes()) {
                over.add(
                        example.name()
                                + ": "
                                + planned
                                + " indexes, published "
                                + example.publishedIndexes());
            }
        }
        assertTrue(compared >= 25, compared + " designs compared");
        assertEquals(List.of(), over, String.join("\n", over));
    }
}
