package io.dynoscope.service.sql;

import io.dynoscope.core.sql.Suggestions;
import io.dynoscope.service.sql.SqlStatementException.Position;
import io.dynoscope.service.sql.SqlToken.Kind;
import io.dynoscope.service.store.RepositoryException;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * A failed statement's error in words a person can act on, at the place it is: the SQL engine's
 * messages without their grammar dumps, a typo of a keyword named as such ({@code FORM}: did you
 * mean FROM?), and the nearest known name for an unknown table or column.
 */
final class StatementErrors {

    /** The words a statement's clauses start with, which a typo most often hits. */
    static final Set<String> CLAUSE_WORDS =
            Set.of(
                    "SELECT",
                    "FROM",
                    "WHERE",
                    "GROUP",
                    "ORDER",
                    "BY",
                    "HAVING",
                    "LIMIT",
                    "OFFSET",
                    "JOIN",
                    "INNER",
                    "LEFT",
                    "RIGHT",
                    "OUTER",
                    "FULL",
                    "CROSS",
                    "ON",
                    "AND",
                    "OR",
                    "NOT",
                    "AS",
                    "UNION",
                    "DISTINCT",
                    "BETWEEN",
                    "LIKE",
                    "NULL",
                    "DESC",
                    "ASC",
                    "EXPLAIN",
                    "WITH",
                    "CASE",
                    "WHEN",
                    "THEN",
                    "ELSE",
                    "END",
                    "EXISTS",
                    "VALUES",
                    "FETCH",
                    "EXCEPT",
                    "INTERSECT",
                    "USING");

    private static final Pattern COLUMN_NOT_FOUND =
            Pattern.compile("Column '(.+)' not found in (?:any table|table '(.+)')");
    private static final Pattern OBJECT_NOT_FOUND = Pattern.compile("Object '(.+)' not found.*");

    /** Deepest parentheses (as an expression's 32 levels) and most AND/OR a statement may have. */
    static final int MAX_NESTING = 32;

    static final int MAX_CONDITIONS = 1_000;

    /**
     * Most tokens: 200,000 IN values (400,000 tokens) ran the 256 MB command line out of memory.
     */
    static final int MAX_TOKENS = 50_000;

    /** Longest message: the engine's own may quote the whole statement back. */
    static final int MAX_MESSAGE = 300;

    private static final BigDecimal MAX_ROWS = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final Pattern CONTEXT_PREFIX =
            Pattern.compile("^From line \\d+, column \\d+ to line \\d+, column \\d+: ");

    /** The names an unknown name is compared with (none unless given). */
    interface Names {
        default Collection<String> relations() {
            return List.of();
        }

        default Collection<String> columns() {
            return List.of();
        }
    }

    /** No names to suggest from (an error while rows are read is not about names). */
    static final Names NO_NAMES = new Names() {};

    private StatementErrors() {}

    /** The failure to report for {@code e}, raised while preparing or running {@code sql}. */
    static RuntimeException of(Exception e, String sql, Names names) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RepositoryException repositoryException) {
                return repositoryException;
            }
            if (t instanceof SqlStatementException statementException) {
                return statementException;
            }
            if (t instanceof SqlParseException parse) {
                return parseError(parse, sql);
            }
            if (t instanceof CalciteContextException context) {
                return validationError(context, names);
            }
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        if (message.toLowerCase(Locale.ROOT).startsWith("error while")
                && e.getCause() != null
                && e.getCause().getMessage() != null) {
            message = e.getCause().getMessage();
        }
        return new SqlStatementException(firstLine(message), e);
    }

    /**
     * Refuses a LIMIT, OFFSET or FETCH beyond what the SQL engine counts (a 32-bit number of rows),
     * which it would otherwise fail to plan with its whole plan as the message.
     */
    static void checkLimits(String sql) {
        List<SqlToken> tokens = StatementRelations.code(sql);
        checkShape(sql, tokens);
        for (int i = 1; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            String before = tokens.get(i - 1).text().toUpperCase(Locale.ROOT);
            if (token.kind() == Kind.NUMBER
                    && Set.of("LIMIT", "OFFSET", "FIRST", "NEXT").contains(before)
                    && new BigDecimal(token.text()).compareTo(MAX_ROWS) > 0) {
                Position position = position(sql, token);
                throw new SqlStatementException(
                        position.describe()
                                + ": "
                                + tokens.get(i - 1).text()
                                + " "
                                + token.text()
                                + " is more rows than a statement can count; the most is "
                                + MAX_ROWS.toPlainString(),
                        position,
                        null);
            }
        }
    }

    /**
     * Refuses a statement nested deeper, or joining more conditions, than the SQL engine can walk:
     * its parser and planner recurse once a level, so such a statement would run for minutes and
     * end in a stack overflow with no message at all.
     */
    private static void checkShape(String sql, List<SqlToken> tokens) {
        if (tokens.size() > MAX_TOKENS) {
            throw refused(
                    sql,
                    tokens.get(MAX_TOKENS),
                    "the statement has more than "
                            + String.format(Locale.ROOT, "%,d", MAX_TOKENS)
                            + " words and symbols, more than the SQL engine plans in memory (an IN"
                            + " list takes two a value)");
        }
        int depth = 0;
        int conditions = 0;
        for (SqlToken token : tokens) {
            String text = token.text();
            if (text.equals("(") && ++depth > MAX_NESTING) {
                throw refused(
                        sql,
                        token,
                        "parentheses nested more than " + MAX_NESTING + " deep; write it flatter");
            }
            if (text.equals(")")) {
                depth = Math.max(0, depth - 1);
            }
            if ((text.equalsIgnoreCase("AND") || text.equalsIgnoreCase("OR"))
                    && ++conditions > MAX_CONDITIONS) {
                throw refused(
                        sql,
                        token,
                        "more than "
                                + MAX_CONDITIONS
                                + " conditions joined by AND or OR; use IN (...) for a list of"
                                + " values");
            }
        }
    }

    private static SqlStatementException refused(String sql, SqlToken token, String why) {
        Position position = position(sql, token);
        return new SqlStatementException(position.describe() + ": " + why, position, null);
    }

    static Optional<String> unknownColumn(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CalciteContextException context) {
                Matcher m = COLUMN_NOT_FOUND.matcher(cause(context));
                return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static SqlStatementException validationError(
            CalciteContextException context, Names names) {
        Position position =
                new Position(
                        context.getPosLine(),
                        context.getPosColumn(),
                        context.getEndPosLine(),
                        context.getEndPosColumn());
        String cause = cause(context);
        Matcher column = COLUMN_NOT_FOUND.matcher(cause);
        Matcher object = OBJECT_NOT_FOUND.matcher(cause);
        String message;
        if (column.matches()) {
            message =
                    unknown("no column `" + column.group(1) + "`", column.group(1), names::columns);
        } else if (object.matches()) {
            message =
                    unknown(
                            "no table or view `" + object.group(1) + "`",
                            object.group(1),
                            names::relations);
        } else {
            message = cause;
        }
        return new SqlStatementException(position.describe() + ": " + message, position, context);
    }

    private static String unknown(String what, String name, Supplier<Collection<String>> known) {
        return Suggestions.closest(name, known.get())
                .map(s -> what + "; did you mean `" + s + "`?")
                .orElse(what);
    }

    private static String cause(CalciteContextException context) {
        Throwable cause = context.getCause();
        String message =
                cause != null && cause.getMessage() != null
                        ? cause.getMessage()
                        : String.valueOf(context.getMessage());
        return CONTEXT_PREFIX.matcher(message).replaceFirst("");
    }

    /**
     * A syntax error: a mistyped keyword among the words up to the error is named as such, at its
     * own place; otherwise the unexpected word, without the grammar's list of what it expected.
     */
    static SqlStatementException parseError(SqlParseException parse, String sql) {
        SqlParserPos pos = parse.getPos();
        List<SqlToken> tokens = StatementRelations.code(sql);
        SqlTokens.Offsets offsets = new SqlTokens.Offsets(sql);
        int at = pos == null ? sql.length() : offsets.offset(pos.getLineNum(), pos.getColumnNum());
        int index = 0;
        while (index < tokens.size() && tokens.get(index).end() <= at) {
            index++;
        }
        for (int i = Math.min(index, tokens.size() - 1); i >= 0 && i >= index - 2; i--) {
            SqlToken token = tokens.get(i);
            if (token.kind() != Kind.IDENTIFIER || token.text().length() < 3) {
                continue;
            }
            Optional<String> keyword = Suggestions.closest(token.text(), CLAUSE_WORDS);
            if (keyword.isPresent()) {
                Position position = position(sql, token);
                return new SqlStatementException(
                        position.describe()
                                + ": `"
                                + token.text()
                                + "` is not a SQL keyword; did you mean "
                                + keyword.get()
                                + "?",
                        position,
                        parse);
            }
        }
        if (index < tokens.size()) {
            SqlToken token = tokens.get(index);
            Position position = position(sql, token);
            return new SqlStatementException(
                    position.describe() + ": unexpected `" + token.text() + "` here",
                    position,
                    parse);
        }
        String message = firstLine(parse.getMessage());
        if (pos != null && pos.getLineNum() > 0) {
            Position position =
                    new Position(
                            pos.getLineNum(),
                            pos.getColumnNum(),
                            pos.getEndLineNum(),
                            pos.getEndColumnNum());
            boolean atEnd = at >= sql.stripTrailing().length();
            return new SqlStatementException(
                    position.describe() + ": " + (atEnd ? "the statement ends too early" : message),
                    position,
                    parse);
        }
        return new SqlStatementException(message, parse);
    }

    private static Position position(String sql, SqlToken token) {
        int[] start = lineAndColumn(sql, token.start());
        int[] end = lineAndColumn(sql, Math.max(token.start(), token.end() - 1));
        return new Position(start[0], start[1], end[0], end[1]);
    }

    /** The 1-based line and column of an offset. */
    static int[] lineAndColumn(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message.strip();
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline).strip();
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE) + "...";
    }
}
