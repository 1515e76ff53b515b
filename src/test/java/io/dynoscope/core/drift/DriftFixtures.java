package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.KeySchema;
import java.util.List;

/** Rules over a small blog-like table under {@code PK}/{@code SK}, for the core tests. */
final class DriftFixtures {

    static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private DriftFixtures() {}

    static DenormalizationRule authorName(CopyLookup lookup) {
        return new DenormalizationRule(
                "authorName",
                "",
                new DenormalizationRule.Source(
                        KeyPattern.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        lookup,
                        lookup == CopyLookup.INDEX ? "byAuthor" : null,
                        new DenormalizationRule.Reference(
                                AttributePath.of("authorId"), List.of(KeyPattern.parse("U#{id}"))),
                        null,
                        AttributePath.of("authorName")));
    }

    static DenormalizationRule embeddedAuthor() {
        return new DenormalizationRule(
                "author.name",
                "a nested copy",
                new DenormalizationRule.Source(
                        KeyPattern.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        CopyLookup.SCAN,
                        null,
                        new DenormalizationRule.Reference(
                                AttributePath.parse("author.id"),
                                List.of(KeyPattern.parse("U#{id}"))),
                        null,
                        AttributePath.parse("author.name")));
    }

    static DenormalizationRule workspaceName() {
        return new DenormalizationRule(
                "workspaceName",
                "",
                new DenormalizationRule.Source(
                        KeyPattern.parse("WS#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        CopyLookup.COLLECTION,
                        null,
                        new DenormalizationRule.Reference(
                                AttributePath.of("EntityRef"),
                                List.of(
                                        KeyPattern.parse("WS#{id}"),
                                        KeyPattern.parse("WS#{id}#{01..10}"))),
                        "PROJ#",
                        AttributePath.of("workspaceName")));
    }
}
