package io.dynoscope.core.drift;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
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
                        KeyTemplate.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        lookup,
                        lookup == CopyLookup.INDEX ? "byAuthor" : null,
                        new DenormalizationRule.Reference(
                                AttributePath.of("authorId"), List.of(KeyTemplate.parse("U#{id}"))),
                        null,
                        AttributePath.of("authorName")));
    }

    static DenormalizationRule embeddedAuthor() {
        return new DenormalizationRule(
                "author.name",
                "a nested copy",
                new DenormalizationRule.Source(
                        KeyTemplate.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        CopyLookup.SCAN,
                        null,
                        new DenormalizationRule.Reference(
                                AttributePath.parse("author.id"),
                                List.of(KeyTemplate.parse("U#{id}"))),
                        null,
                        AttributePath.parse("author.name")));
    }

    static DenormalizationRule workspaceName() {
        return new DenormalizationRule(
                "workspaceName",
                "",
                new DenormalizationRule.Source(
                        KeyTemplate.parse("WS#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        CopyLookup.COLLECTION,
                        null,
                        new DenormalizationRule.Reference(
                                AttributePath.of("EntityRef"),
                                List.of(
                                        KeyTemplate.parse("WS#{id}"),
                                        KeyTemplate.parse("WS#{id}#{01..10}"))),
                        "PROJ#",
                        AttributePath.of("workspaceName")));
    }
}
