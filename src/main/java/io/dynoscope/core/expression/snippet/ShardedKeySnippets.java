package io.dynoscope.core.expression.snippet;

/**
 * Ready-to-run code for a write-sharded key ({@link ShardedKeyCode}): the write snippet puts the
 * example item under its shard and prints it as DynamoDB JSON; the read snippet queries every shard
 * (four at a time where the language makes that easy) and prints every item. Java, Python and
 * JavaScript print one item a line, merged in sort-key order (DynamoDB's order: strings by UTF-8
 * bytes, numbers by value) with ties in shard order; the AWS CLI, which cannot merge, prints one
 * JSON array per shard, each in sort-key order.
 */
public final class ShardedKeySnippets {

    private ShardedKeySnippets() {}

    /** Code that writes the example item under its shard. */
    public static String write(
            SnippetLanguage language, ShardedKeyCode code, SnippetOptions options) {
        return switch (language) {
            case JAVA -> ShardedJava.write(code, options);
            case PYTHON -> ShardedPython.write(code, options);
            case JAVASCRIPT -> ShardedJavaScript.write(code, options);
            case AWS_CLI -> ShardedAwsCli.write(code, options);
        };
    }

    /** Code that reads every shard back as one stream (a fan-out). */
    public static String read(
            SnippetLanguage language, ShardedKeyCode code, SnippetOptions options) {
        return switch (language) {
            case JAVA -> ShardedJava.read(code, options);
            case PYTHON -> ShardedPython.read(code, options);
            case JAVASCRIPT -> ShardedJavaScript.read(code, options);
            case AWS_CLI -> ShardedAwsCli.read(code, options);
        };
    }
}
