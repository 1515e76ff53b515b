package io.dynoscope.service.sql;

import io.dynoscope.service.sql.SqlToken.Kind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The relations a statement's FROM and JOIN clauses name, with their aliases, read from its tokens:
 * enough to complete {@code p.} with the columns of {@code project p} and to match an ORDER BY's
 * qualifier, before (or without) the statement being valid.
 */
final class StatementRelations {

    private StatementRelations() {}

    /** Tokens without comments. */
    static List<SqlToken> code(String sql) {
        return SqlTokens.of(sql).stream().filter(t -> t.kind() != Kind.COMMENT).toList();
    }

    /**
     * Each alias and relation name, lower case, to the relation's name as written: {@code FROM
     * project p} gives {@code p → project} and {@code project → project}.
     */
    static Map<String, String> aliases(List<SqlToken> tokens) {
        Map<String, String> aliases = new LinkedHashMap<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String keyword = tokens.get(i).text().toUpperCase(Locale.ROOT);
            if (!(keyword.equals("FROM") || keyword.equals("JOIN")) || !isName(tokens.get(i + 1))) {
                continue;
            }
            String relation = name(tokens.get(i + 1));
            int alias = i + 2 < tokens.size() && is(tokens, i + 2, "AS") ? i + 3 : i + 2;
            if (alias < tokens.size() && tokens.get(alias).kind() == Kind.IDENTIFIER) {
                aliases.put(name(tokens.get(alias)).toLowerCase(Locale.ROOT), relation);
            }
            aliases.put(relation.toLowerCase(Locale.ROOT), relation);
        }
        return aliases;
    }

    static boolean is(List<SqlToken> tokens, int i, String word) {
        return i >= 0 && i < tokens.size() && tokens.get(i).text().equalsIgnoreCase(word);
    }

    static boolean isName(SqlToken token) {
        return token.kind() == Kind.IDENTIFIER || token.kind() == Kind.QUOTED_IDENTIFIER;
    }

    /** A name token's name: a quoted identifier without its quotes. */
    static String name(SqlToken token) {
        String text = token.text();
        return token.kind() == Kind.QUOTED_IDENTIFIER && text.length() >= 2
                ? text.substring(1, text.length() - 1).replace("\"\"", "\"")
                : text;
    }
}
