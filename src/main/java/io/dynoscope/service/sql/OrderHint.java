package io.dynoscope.service.sql;

import static io.dynoscope.service.sql.StatementRelations.is;
import static io.dynoscope.service.sql.StatementRelations.isName;
import static io.dynoscope.service.sql.StatementRelations.name;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The statement's outer ORDER BY, when its first key is a plain column, read from its tokens before
 * it is planned: a relation whose sort key that column is can then say its rows come in that order
 * (a Query reads a partition in sort-key order, either way), and Calcite drops the sort.
 *
 * @param qualifier the alias or relation name before the column, or null
 */
record OrderHint(String qualifier, String column, boolean descending, Map<String, String> aliases) {

    /** The hint of {@code sql}, if its outer ORDER BY starts with a column. */
    static Optional<OrderHint> of(String sql) {
        List<SqlToken> tokens = StatementRelations.code(sql);
        int depth = 0;
        int orderBy = -1;
        for (int i = 0; i < tokens.size(); i++) {
            String text = tokens.get(i).text();
            if (text.equals("(")) {
                depth++;
            } else if (text.equals(")")) {
                depth--;
            } else if (depth == 0 && is(tokens, i, "ORDER") && is(tokens, i + 1, "BY")) {
                orderBy = i + 2;
            }
        }
        if (orderBy < 0 || orderBy >= tokens.size() || !isName(tokens.get(orderBy))) {
            return Optional.empty();
        }
        String qualifier = null;
        int column = orderBy;
        if (column + 2 < tokens.size()
                && tokens.get(column + 1).text().equals(".")
                && isName(tokens.get(column + 2))) {
            qualifier = name(tokens.get(column));
            column += 2;
        }
        int after = column + 1;
        boolean ends =
                after >= tokens.size()
                        || Set.of("DESC", "ASC", "LIMIT", "OFFSET", "FETCH", ",")
                                .contains(tokens.get(after).text().toUpperCase(Locale.ROOT));
        if (!ends || is(tokens, after + 1, "NULLS")) {
            return Optional.empty();
        }
        return Optional.of(
                new OrderHint(
                        qualifier,
                        name(tokens.get(column)),
                        is(tokens, after, "DESC"),
                        Map.copyOf(StatementRelations.aliases(tokens))));
    }

    /** Whether the hint names a column of {@code relation} (by alias, by name, or unqualified). */
    boolean appliesTo(String relation) {
        if (qualifier == null) {
            return true;
        }
        String named = aliases.get(qualifier.toLowerCase(Locale.ROOT));
        return relation.equalsIgnoreCase(named == null ? qualifier : named);
    }
}
