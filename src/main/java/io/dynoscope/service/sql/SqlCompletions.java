package io.dynoscope.service.sql;

import static io.dynoscope.service.sql.StatementRelations.isName;
import static io.dynoscope.service.sql.StatementRelations.name;

import io.dynoscope.core.sql.SqlColumn;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.service.sql.SqlToken.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What can be typed at the caret: after {@code FROM} or {@code JOIN} the tables and entity views,
 * after {@code p.} the columns of the relation {@code p} stands for, elsewhere the columns of the
 * statement's relations, the relations and the keywords, each starting with the word being typed.
 * Names that SQL needs quoted ({@code "saas-prod"}, {@code "user"}) come quoted.
 */
public final class SqlCompletions {

    /** One name that can be typed. */
    public record Completion(String text, Kind kind, String detail) {

        /** What a completion is. */
        public enum Kind {
            TABLE,
            VIEW,
            COLUMN,
            KEYWORD
        }
    }

    /**
     * The completions at a caret, and the text they replace: {@code [from, to)}, the word being
     * typed (empty when the caret is not in one).
     */
    public record Result(int from, int to, List<Completion> completions) {
        public Result {
            completions = List.copyOf(completions);
        }
    }

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MOST = 200;

    private final SqlCatalog catalog;

    SqlCompletions(SqlCatalog catalog) {
        this.catalog = catalog;
    }

    /** The completions at {@code caret} in {@code text}; may describe the relations it names. */
    public Result at(String text, int caret) {
        List<SqlToken> tokens = StatementRelations.code(text);
        int word = -1;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.touches(caret)
                    && token.start() < caret
                    && (isName(token) || token.kind() == Kind.KEYWORD)) {
                word = i;
            }
        }
        int from = word < 0 ? caret : tokens.get(word).start();
        int to = word < 0 ? caret : tokens.get(word).end();
        String prefix = word < 0 ? "" : text.substring(from, caret).replace("\"", "");
        int before = word < 0 ? lastBefore(tokens, caret) : word - 1;
        Map<String, String> aliases = StatementRelations.aliases(tokens);
        List<Completion> found = new ArrayList<>();
        if (before >= 1
                && tokens.get(before).text().equals(".")
                && isName(tokens.get(before - 1))) {
            String qualifier = name(tokens.get(before - 1));
            String relation = aliases.getOrDefault(qualifier.toLowerCase(Locale.ROOT), qualifier);
            columns(relation, found);
        } else if (before >= 0 && isRelationPlace(tokens.get(before))) {
            relations(found);
        } else {
            for (String relation : new LinkedHashSet<>(aliases.values())) {
                columns(relation, found);
            }
            relations(found);
            keywords(prefix, found);
        }
        return new Result(from, to, matching(found, prefix));
    }

    private static int lastBefore(List<SqlToken> tokens, int caret) {
        int last = -1;
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).end() <= caret) {
                last = i;
            }
        }
        return last;
    }

    private static boolean isRelationPlace(SqlToken token) {
        String word = token.text().toUpperCase(Locale.ROOT);
        return word.equals("FROM") || word.equals("JOIN");
    }

    private void columns(String relation, List<Completion> found) {
        // empty for a name that is no table or view, before anything is described
        SqlRelation known = catalog.relation(relation).orElse(null);
        if (known == null) {
            return;
        }
        for (SqlColumn column : known.columns()) {
            found.add(
                    new Completion(
                            quoted(column.name()),
                            Completion.Kind.COLUMN,
                            known.name() + " · " + column.type().name().toLowerCase(Locale.ROOT)));
        }
    }

    private void relations(List<Completion> found) {
        Set<String> tables = Set.copyOf(catalog.tables());
        for (String name : catalog.names()) {
            boolean table = tables.contains(name);
            found.add(
                    new Completion(
                            quoted(name),
                            table ? Completion.Kind.TABLE : Completion.Kind.VIEW,
                            table
                                    ? "table"
                                    : "entity view of " + catalog.tableOf(name).orElse("a table")));
        }
    }

    private static void keywords(String prefix, List<Completion> found) {
        List<String> words =
                prefix.isEmpty()
                        ? List.copyOf(StatementErrors.CLAUSE_WORDS)
                        : SqlTokens.reservedWords();
        words.forEach(word -> found.add(new Completion(word, Completion.Kind.KEYWORD, "keyword")));
    }

    private static List<Completion> matching(List<Completion> found, String prefix) {
        String lower = prefix.toLowerCase(Locale.ROOT);
        Map<String, Completion> distinct = new LinkedHashMap<>();
        for (Completion completion : found) {
            String bare = completion.text().replace("\"", "").toLowerCase(Locale.ROOT);
            if (bare.startsWith(lower) && !bare.equals(lower)) {
                distinct.putIfAbsent(completion.text(), completion);
            }
        }
        return distinct.values().stream().limit(MOST).toList();
    }

    /** The name as SQL takes it: double-quoted when it is not a plain word or is reserved. */
    public static String quoted(String name) {
        return PLAIN_NAME.matcher(name).matches() && !SqlTokens.isReserved(name)
                ? name
                : "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
