package io.dynoscope.service.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first words of a statement, enough to route it: EXPLAIN, a query, or one of DynamoDB's
 * PartiQL writes. Parsing is the SQL engine's and the PartiQL parser's job.
 */
final class Statements {

    private static final Pattern LEADING =
            Pattern.compile("\\A(?:\\s+|--[^\\n]*\\n?|/\\*.*?\\*/)*", Pattern.DOTALL);
    private static final Pattern EXPLAIN =
            Pattern.compile("(?i)\\AEXPLAIN(?:\\s+PLAN\\s+FOR)?\\s+");
    private static final Pattern FIRST_WORD = Pattern.compile("\\A([A-Za-z]+)");

    private Statements() {}

    /** The statement without leading blanks and comments. */
    static String body(String statement) {
        Matcher m = LEADING.matcher(statement);
        return m.lookingAt() ? statement.substring(m.end()) : statement;
    }

    static boolean isExplain(String statement) {
        return EXPLAIN.matcher(body(statement)).lookingAt();
    }

    /** The statement with a leading {@code EXPLAIN [PLAN FOR]} removed. */
    static String withoutExplain(String statement) {
        String body = body(statement);
        Matcher m = EXPLAIN.matcher(body);
        return m.lookingAt() ? body.substring(m.end()) : body;
    }

    /** The first keyword, upper case ({@code SELECT}, {@code INSERT}...), or empty. */
    static String firstWord(String statement) {
        Matcher m = FIRST_WORD.matcher(withoutExplain(statement));
        return m.lookingAt() ? m.group(1).toUpperCase(Locale.ROOT) : "";
    }
}
