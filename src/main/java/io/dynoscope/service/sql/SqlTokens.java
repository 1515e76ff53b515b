package io.dynoscope.service.sql;

import io.dynoscope.service.sql.SqlToken.Kind;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.impl.SimpleCharStream;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.parser.impl.SqlParserImplConstants;
import org.apache.calcite.sql.parser.impl.SqlParserImplTokenManager;
import org.apache.calcite.sql.parser.impl.Token;
import org.apache.calcite.sql.parser.impl.TokenMgrError;

/**
 * A statement's tokens, read by the SQL engine's own lexer (Calcite's), with double-quoted
 * identifiers as the console's SQL takes them. Reserved words are keywords; Calcite's non-reserved
 * keywords ({@code name}, {@code plan}, {@code status}…) are identifiers, as they usually are here.
 */
public final class SqlTokens {

    private static final SqlAbstractParserImpl.Metadata METADATA =
            SqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();

    private SqlTokens() {}

    /** The tokens and comments of {@code text}, in order; what the lexer cannot read is ERROR. */
    public static List<SqlToken> of(String text) {
        Offsets offsets = new Offsets(text);
        List<SqlToken> tokens = new ArrayList<>();
        SqlParserImplTokenManager lexer =
                new SqlParserImplTokenManager(new CharStream(text), SqlParserImplConstants.DQID);
        try {
            while (true) {
                Token token = lexer.getNextToken();
                for (Token special = first(token.specialToken);
                        special != null;
                        special = special.next) {
                    tokens.add(offsets.token(Kind.COMMENT, special));
                }
                if (token.kind == SqlParserImplConstants.EOF) {
                    return tokens;
                }
                tokens.add(offsets.token(kind(token), token));
            }
        } catch (TokenMgrError unreadable) {
            int from = tokens.isEmpty() ? 0 : tokens.get(tokens.size() - 1).end();
            int start = from;
            while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            if (start < text.length()) {
                tokens.add(new SqlToken(Kind.ERROR, text.substring(start), start, text.length()));
            }
            return tokens;
        }
    }

    /** Whether {@code word} is one of the SQL engine's reserved words. */
    public static boolean isReserved(String word) {
        return METADATA.isReservedWord(word.toUpperCase(Locale.ROOT));
    }

    /** The reserved words, upper case, for completion. */
    public static List<String> reservedWords() {
        return METADATA.getTokens().stream().filter(METADATA::isReservedWord).toList();
    }

    private static Token first(Token special) {
        Token first = special;
        while (first != null && first.specialToken != null) {
            first = first.specialToken;
        }
        return first;
    }

    private static Kind kind(Token token) {
        return switch (token.kind) {
            case SqlParserImplConstants.IDENTIFIER, SqlParserImplConstants.HYPHENATED_IDENTIFIER ->
                    Kind.IDENTIFIER;
            case SqlParserImplConstants.QUOTED_IDENTIFIER,
                    SqlParserImplConstants.BACK_QUOTED_IDENTIFIER,
                    SqlParserImplConstants.BRACKET_QUOTED_IDENTIFIER,
                    SqlParserImplConstants.UNICODE_QUOTED_IDENTIFIER ->
                    Kind.QUOTED_IDENTIFIER;
            case SqlParserImplConstants.QUOTED_STRING,
                    SqlParserImplConstants.PREFIXED_STRING_LITERAL,
                    SqlParserImplConstants.UNICODE_STRING_LITERAL,
                    SqlParserImplConstants.C_STYLE_ESCAPED_STRING_LITERAL,
                    SqlParserImplConstants.BINARY_STRING_LITERAL ->
                    Kind.STRING;
            case SqlParserImplConstants.UNSIGNED_INTEGER_LITERAL,
                    SqlParserImplConstants.APPROX_NUMERIC_LITERAL,
                    SqlParserImplConstants.DECIMAL_NUMERIC_LITERAL ->
                    Kind.NUMBER;
            default -> word(token.image) ? wordKind(token.image) : Kind.OPERATOR;
        };
    }

    private static boolean word(String image) {
        return !image.isEmpty() && Character.isLetter(image.charAt(0));
    }

    private static Kind wordKind(String image) {
        return isReserved(image) ? Kind.KEYWORD : Kind.IDENTIFIER;
    }

    /** Calcite's character stream with tabs one column wide, as its parser counts them. */
    private static final class CharStream extends SimpleCharStream {
        CharStream(String text) {
            super(new StringReader(text));
            setTabSize(1);
        }
    }

    /** Line and column (1-based, as the lexer counts) to offsets in the text. */
    static final class Offsets {
        private final String text;
        private final List<Integer> lineStarts = new ArrayList<>();

        Offsets(String text) {
            this.text = text;
            lineStarts.add(0);
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    lineStarts.add(i + 1);
                }
            }
        }

        /** The offset of a 1-based line and column, kept inside the text. */
        int offset(int line, int column) {
            if (line < 1) {
                return 0;
            }
            if (line > lineStarts.size()) {
                return text.length();
            }
            return Math.max(0, Math.min(text.length(), lineStarts.get(line - 1) + column - 1));
        }

        SqlToken token(Kind kind, Token token) {
            int start = offset(token.beginLine, token.beginColumn);
            int end = Math.max(start, offset(token.endLine, token.endColumn) + 1);
            end = Math.min(end, text.length());
            return new SqlToken(kind, text.substring(start, end), start, end);
        }
    }
}
