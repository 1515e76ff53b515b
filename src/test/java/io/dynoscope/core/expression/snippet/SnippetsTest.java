package io.dynoscope.core.expression.snippet;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.Key;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The text of snippets; {@link SnippetExecutionTest} runs them. */
class SnippetsTest {

    private static final SnippetOptions LOCAL =
            SnippetOptions.local(URI.create("http://localhost:8000"), "eu-west-1", "me");

    private static SnippetRequest seedQuery() {
        return SnippetRequest.query(
                        "saas",
                        ExpressionCompiler.compile(
                                ExpressionKind.KEY_CONDITION,
                                List.of(
                                        Row.of("EntityRef", Row.Operator.EQ, s("WS#acme")),
                                        Row.of("Detail", Row.Operator.BEGINS_WITH, s("PROJ#"))
                                                .named("p"))))
                .descending();
    }

    @Test
    void theCliSnippetQuotesForAPosixShell() {
        SnippetRequest request =
                SnippetRequest.getItem(
                                "saas", Key.of("EntityRef", s("WS#o'brien"), "Detail", s("META")))
                        .withProjection("#n, plan")
                        .withNames(Map.of("#n", "it's"));

        String snippet = Snippets.write(SnippetLanguage.AWS_CLI, request, SnippetOptions.aws());

        assertEquals(
                "aws dynamodb get-item \\\n"
                        + "    --table-name saas \\\n"
                        + "    --key '{\"EntityRef\":{\"S\":\"WS#o'\\''brien\"},\"Detail\":{\"S\":\"META\"}}' \\\n"
                        + "    --projection-expression '#n, plan' \\\n"
                        + "    --expression-attribute-names '{\"#n\":\"it'\\''s\"}' \\\n"
                        + "    --output json --query Item\n",
                snippet);
    }

    @Test
    void theSeedQueryAsACliCommand() {
        String snippet = Snippets.write(SnippetLanguage.AWS_CLI, seedQuery(), LOCAL);

        assertEquals(
                "AWS_ACCESS_KEY_ID=me AWS_SECRET_ACCESS_KEY=local aws dynamodb query \\\n"
                        + "    --table-name saas \\\n"
                        + "    --key-condition-expression '#er = :er AND begins_with(#d, :p)' \\\n"
                        + "    --expression-attribute-names '{\"#er\":\"EntityRef\",\"#d\":\"Detail\"}' \\\n"
                        + "    --expression-attribute-values '{\":er\":{\"S\":\"WS#acme\"},\":p\":{\"S\":\"PROJ#\"}}' \\\n"
                        + "    --no-scan-index-forward \\\n"
                        + "    --endpoint-url http://localhost:8000 \\\n"
                        + "    --region eu-west-1 \\\n"
                        + "    --output json --query Items\n",
                snippet);
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void aSnippetForAwsNamesNoEndpointRegionOrKeys(SnippetLanguage language) {
        String snippet = Snippets.write(language, seedQuery(), SnippetOptions.aws());

        assertFalse(snippet.contains("localhost"), snippet);
        assertFalse(snippet.contains("region"), snippet);
        assertFalse(snippet.contains(SnippetOptions.LOCAL_SECRET), snippet);
        assertTrue(snippet.contains("#er = :er AND begins_with(#d, :p)"), snippet);
    }

    @ParameterizedTest
    @EnumSource(SnippetLanguage.class)
    void aSnippetForALocalEngineNamesItsEndpointAndRegion(SnippetLanguage language) {
        String snippet = Snippets.write(language, seedQuery(), LOCAL);

        assertTrue(snippet.contains("http://localhost:8000"), snippet);
        assertTrue(snippet.contains("eu-west-1"), snippet);
    }

    @Test
    void stringLiteralsEscapeWhatEachLanguageNeeds() {
        String awkward = "a\"b\\c\nd\u00e9\uD83D\uDE00";

        assertEquals("\"a\\\"b\\\\c\\nd\\u00e9\\ud83d\\ude00\"", JavaSnippet.string(awkward));
        assertEquals("\"a\\\"b\\\\c\\nd\\u00e9\\U0001f600\"", PythonSnippet.string(awkward));
        assertEquals("\"a\\\"b\\\\c\\nd\\u00e9\\ud83d\\ude00\"", JavaScriptSnippet.string(awkward));
        assertEquals("'it'\\''s'", AwsCliSnippet.quote("it's"));
        assertEquals("plain-word_1.2", AwsCliSnippet.quote("plain-word_1.2"));
    }

    @Test
    void aRequestRefusesExpressionsItsCallDoesNotTake() {
        Key key = Key.of("pk", s("a"));

        assertThrows(
                IllegalArgumentException.class,
                () -> SnippetRequest.getItem("t", key).withFilter("a = :a"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SnippetRequest.scan("t").withCondition("a = :a"));
        assertThrows(IllegalArgumentException.class, () -> SnippetRequest.scan("t").descending());
        assertThrows(
                IllegalArgumentException.class,
                () -> SnippetRequest.deleteItem("t", key).onIndex("i"));
    }
}
