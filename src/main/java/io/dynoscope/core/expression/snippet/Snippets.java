package io.dynoscope.core.expression.snippet;

/**
 * Ready-to-run code for one DynamoDB request, in the languages of {@link SnippetLanguage}. Every
 * snippet prints what it read or wrote as DynamoDB JSON: Query and Scan every item of every page,
 * GetItem the item if found, UpdateItem the item after the update (ALL_NEW), DeleteItem the item it
 * deleted (ALL_OLD). The Java, Python and JavaScript snippets print one item a line; the AWS CLI
 * prints a JSON array (one item for the single-item calls).
 */
public final class Snippets {

    private Snippets() {}

    public static String write(
            SnippetLanguage language, SnippetRequest request, SnippetOptions options) {
        return switch (language) {
            case JAVA -> JavaSnippet.write(request, options);
            case PYTHON -> PythonSnippet.write(request, options);
            case JAVASCRIPT -> JavaScriptSnippet.write(request, options);
            case AWS_CLI -> AwsCliSnippet.write(request, options);
        };
    }
}
