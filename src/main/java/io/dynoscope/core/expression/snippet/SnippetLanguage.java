package io.dynoscope.core.expression.snippet;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The languages Dynoscope writes snippets in, under the ids the CLI and the panel use. */
public enum SnippetLanguage {
    JAVA("java", "Java (AWS SDK v2)"),
    PYTHON("python", "Python (boto3)"),
    JAVASCRIPT("js", "JavaScript (AWS SDK v3)"),
    AWS_CLI("cli", "AWS CLI");

    private final String id;
    private final String title;

    SnippetLanguage(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** The short id, e.g. {@code js}. */
    public String id() {
        return id;
    }

    /** The name shown on the snippet's tab. */
    public String title() {
        return title;
    }

    public static SnippetLanguage fromId(String id) {
        for (SnippetLanguage language : values()) {
            if (language.id.equals(id)) {
                return language;
            }
        }
        throw new IllegalArgumentException(
                "'"
                        + id
                        + "' is not one of "
                        + Arrays.stream(values())
                                .map(SnippetLanguage::id)
                                .collect(Collectors.joining(", ")));
    }
}
