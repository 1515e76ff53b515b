package io.dynoscope.service.sql;

/**
 * One token of a statement as the SQL engine's lexer reads it, for highlighting, completion and
 * error messages.
 *
 * @param start the offset of its first character in the statement
 * @param end the offset just after its last character
 */
public record SqlToken(Kind kind, String text, int start, int end) {

    /** What a token is, as an editor colours it. */
    public enum Kind {
        KEYWORD,
        IDENTIFIER,
        QUOTED_IDENTIFIER,
        STRING,
        NUMBER,
        COMMENT,
        OPERATOR,
        /** Text the lexer cannot read (an unclosed string or quote, a stray character). */
        ERROR
    }

    /** Whether {@code offset} is inside the token or just after it (where a caret completes it). */
    public boolean touches(int offset) {
        return offset >= start && offset <= end;
    }
}
