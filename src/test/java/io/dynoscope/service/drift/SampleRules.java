package io.dynoscope.service.drift;

import io.dynoscope.core.drift.CopyLookup;
import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.key.KeyTemplate;
import java.util.List;

/** The denormalization rules of the sample data sets, as a user would write them. */
public final class SampleRules {

    private SampleRules() {}

    /** The blog's duplicated {@code authorName}, found through the {@code byAuthor} index. */
    public static DenormalizationRule blogAuthorName() {
        return new DenormalizationRule(
                "post authorName",
                "",
                new DenormalizationRule.Source(
                        KeyTemplate.parse("USER#{id}"), "META", AttributePath.of("name")),
                new DenormalizationRule.Copies(
                        CopyLookup.INDEX,
                        "byAuthor",
                        new DenormalizationRule.Reference(
                                AttributePath.of("authorId"), List.of(KeyTemplate.parse("U#{id}"))),
                        null,
                        AttributePath.of("authorName")));
    }

    /**
     * The blog's embedded {@code author.name}, referenced by {@code author.id}, found by a Scan.
     */
    public static DenormalizationRule blogEmbeddedAuthor() {
        return new DenormalizationRule(
                "post author.name",
                "",
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

    /**
     * The saas projects' {@code workspaceName}, in the workspace's item collection or its shards.
     */
    public static DenormalizationRule saasWorkspaceName() {
        return new DenormalizationRule(
                "project workspaceName",
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
