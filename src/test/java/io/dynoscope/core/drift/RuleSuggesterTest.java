package io.dynoscope.core.drift;

import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.sandbox.SampleData.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Suggestions from the sample data sets' items, without an engine. */
class RuleSuggesterTest {

    private static final KeySchema BLOG = KeySchema.of("PK", "SK");
    private static final KeySchema SAAS = KeySchema.of("EntityRef", "Detail");

    @Test
    void findsTheBlogsDuplicatedAndEmbeddedAuthorNames() {
        List<RuleSuggester.Suggestion> suggestions =
                new RuleSuggester(BLOG, Map.of("byAuthor", "authorId"))
                        .suggest(SampleData.items(Dataset.BLOG));

        Map<String, RuleSuggester.Suggestion> byCopy =
                suggestions.stream()
                        .collect(
                                Collectors.toMap(
                                        s -> s.rule().copies().attribute().toString(), s -> s));
        assertEquals(Set.of("authorName", "author.name"), byCopy.keySet());
        RuleSuggester.Suggestion duplicated = byCopy.get("authorName");
        assertEquals(10, duplicated.agree());
        assertEquals(2, duplicated.disagree());
        assertEquals(4, duplicated.sources());
        assertEquals(
                DriftFixtures.authorName(CopyLookup.INDEX).source(), duplicated.rule().source());
        assertEquals(
                DriftFixtures.authorName(CopyLookup.INDEX).copies(), duplicated.rule().copies());
        assertEquals(
                DriftFixtures.embeddedAuthor().copies(), byCopy.get("author.name").rule().copies());
        assertTrue(
                duplicated
                        .rule()
                        .description()
                        .contains("10 copies agree with their source, 2 differ"));
    }

    @Test
    void withoutAnIndexTheDuplicatedNameIsFoundByScan() {
        List<RuleSuggester.Suggestion> suggestions =
                new RuleSuggester(BLOG, Map.of()).suggest(SampleData.items(Dataset.BLOG));

        assertTrue(
                suggestions.stream()
                        .anyMatch(
                                s ->
                                        s.rule()
                                                .copies()
                                                .equals(
                                                        DriftFixtures.authorName(CopyLookup.SCAN)
                                                                .copies())));
    }

    @Test
    void findsTheSaasWorkspaceNameWithItsShards() {
        List<RuleSuggester.Suggestion> suggestions =
                new RuleSuggester(SAAS, Map.of()).suggest(SampleData.items(Dataset.SAAS));

        assertEquals(1, suggestions.size());
        DenormalizationRule rule = suggestions.get(0).rule();
        assertEquals(DriftFixtures.workspaceName().source(), rule.source());
        assertEquals(DriftFixtures.workspaceName().copies(), rule.copies());
        int projects =
                SampleData.ACME_PROJECTS
                        + SampleData.BETA_PROJECTS
                        + SampleData.HUGE_PROJECTS
                        + SampleData.BIG_PROJECTS;
        assertEquals(projects - 2, suggestions.get(0).agree());
        assertEquals(2, suggestions.get(0).disagree());
    }

    @Test
    void valuesThatOnlyMatchByChanceAreNotSuggested() {
        List<Item> items = new ArrayList<>();
        // Every post's subtitle is empty and so is every user's bio; every post is a draft like
        // every user is active.
        for (int i = 0; i < 5; i++) {
            items.add(
                    Item.of(
                            Map.of(
                                    "PK",
                                    s("USER#" + i),
                                    "SK",
                                    s("META"),
                                    "bio",
                                    s(""),
                                    "active",
                                    bool(true),
                                    "plan",
                                    s("free"))));
            for (int p = 0; p < 3; p++) {
                items.add(
                        Item.of(
                                Map.of(
                                        "PK",
                                        s("POST#" + i + "-" + p),
                                        "SK",
                                        s("META"),
                                        "authorId",
                                        s("U#" + i),
                                        "subtitle",
                                        s(""),
                                        "draft",
                                        bool(true),
                                        "tier",
                                        s("free"))));
            }
        }

        assertEquals(List.of(), new RuleSuggester(BLOG, Map.of()).suggest(items));
    }
}
